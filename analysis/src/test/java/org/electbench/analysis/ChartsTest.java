package org.electbench.analysis;

import org.electbench.reporting.Cell;
import org.electbench.reporting.ChartStyle;
import org.electbench.reporting.LogAxis;
import org.electbench.reporting.ChartImage;
import org.electbench.reporting.NamedChart;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;

/** The charts from known rows: what each legend, panel and note says, and that XChart's layout leaves nothing cut off or run together. */
class ChartsTest
{
    static final Metric CONVERGENCE = new Metric("convergence", "ns", Metric.Kind.DISTRIBUTION);
    static final Metric MESSAGES = new Metric("messages", "msgs", Metric.Kind.COUNT);

    static RowKey row(final String scenario, final String algorithm, final String transport, final int nodes, final String... settings)
    {
        final TreeMap<String, String> map = new TreeMap<>();
        for (int i = 0; i < settings.length; i += 2)
        {
            map.put(settings[i], settings[i + 1]);
        }
        return new RowKey(scenario, algorithm, nodes, transport, map);
    }

    /** A row of {@code elections} convergence times spread evenly from {@code fromMs} to twice that, and a message count. */
    static void measure(final RunData data, final RowKey row, final int elections, final double fromMs, final double messages)
    {
        final Histogram histogram = new Histogram(3);
        for (int i = 0; i < elections; i++)
        {
            histogram.recordValue((long)(fromMs * 1e6 * (1 + (double)i / elections)));
        }
        data.putHistogram(row, CONVERGENCE, histogram);
        data.put(row, new Column(MESSAGES, Column.Statistic.MEAN), Cell.of(messages));
        data.put(row, new Column(JmhSource.ELECTIONS_MEASURED, Column.Statistic.MEAN), Cell.of(elections));
    }

    /** @return the first figure the chart draws from the data, or null when it draws none. */
    static NamedChart draw(final ChartKind kind, final RunData data, final String scenario)
    {
        final List<NamedChart> charts = kind.create().draw(data, Charts.style(data), scenario);
        return charts.isEmpty() ? null : charts.get(0);
    }

    private static List<String> legend(final Chart<?, ?> chart)
    {
        final List<String> names = new ArrayList<>();
        for (final Object series : chart.getSeriesMap().values())
        {
            final XYSeries xy = (XYSeries)series;
            if (xy.isShowInLegend() && !xy.getName().startsWith("guide"))
            {
                names.add(xy.getName());
            }
        }
        return names;
    }

    private static List<String> titles(final NamedChart figure)
    {
        return figure.panels().stream().map(Chart::getTitle).toList();
    }

    @Test
    void legendNamesOnlyWhatDiffersAndEachSettingGetsItsPanel()
    {
        final RunData data = new RunData();
        for (final String algorithm : List.of("bully", "quorum"))
        {
            for (final int n : List.of(3, 5, 9))
            {
                for (final String detect : List.of("all", "lowest"))
                {
                    measure(data, row("leader-crash", algorithm, "sim", n, "detect", detect, "heartbeat", "50ms"), 200,
                        algorithm.equals("bully") ? 10 : 20, n * 3.0 + (algorithm.equals("bully") ? 0 : 1));
                }
            }
        }
        data.summariseHistograms();
        final NamedChart chart = draw(ChartKind.CONVERGENCE_VS_N, data, "leader-crash");

        assertEquals(List.of("sim, detect=all", "sim, detect=lowest"), titles(chart));
        for (final Chart<?, ?> panel : chart.panels())
        {
            assertEquals(List.of("bully", "quorum"), legend(panel), "the legend names the algorithm alone: the panel says the rest");
        }
        assertTrue(chart.notes().get(0).contains("Held fixed: heartbeat=50ms."), chart.notes().toString());
        assertFalse(chart.notes().get(0).contains("detect="), "detect varies: not held fixed");
    }

    @Test
    void identicalLinesAreDrawnOnceAndNamedTogether()
    {
        final RunData data = new RunData();
        for (final int n : List.of(3, 5, 9))
        {
            measure(data, row("leader-crash", "bully", "sim", n), 200, 10, n * n);
            measure(data, row("leader-crash", "quorum", "sim", n), 200, 20, n * n);
            measure(data, row("leader-crash", "ring", "sim", n), 200, 30, 2 * n);
        }
        data.summariseHistograms();
        final NamedChart chart = draw(ChartKind.MESSAGES_VS_N, data, "leader-crash");

        assertEquals(List.of("bully =\nquorum", "ring"), legend(chart.chart()));
        assertTrue(chart.notes().stream().anyMatch(note -> note.contains("Identical values, drawn as one line: bully = quorum.")),
            chart.notes().toString());
    }

    @Test
    void aP99IsDrawnOnlyFromAHundredElections()
    {
        final RunData data = new RunData();
        for (final int n : List.of(3, 5))
        {
            measure(data, row("leader-crash", "bully", "inmemory", n), 10, 10, 4);
            measure(data, row("leader-crash", "bully", "sim", n), 100, 10, 4);
        }
        data.summariseHistograms();
        final NamedChart chart = draw(ChartKind.CONVERGENCE_VS_N, data, "leader-crash");

        assertEquals(List.of("inmemory", "sim"), titles(chart));
        assertEquals(1, chart.panels().get(0).getSeriesMap().size(), "10 elections: the p50 line alone");
        assertEquals(2, chart.panels().get(1).getSeriesMap().size(), "100 elections: p50 and p99");
    }

    @Test
    void percentileLegendsCountTheRowsElections()
    {
        final RunData data = new RunData();
        measure(data, row("leader-crash", "raft", "sim", 5), 200, 10, 4);
        final RowKey unconverged = row("leader-crash", "raft", "sim", 9);
        measure(data, unconverged, 190, 10, 4);
        data.put(unconverged, new Column(JmhSource.ELECTIONS_MEASURED, Column.Statistic.MEAN), Cell.of(200));
        data.summariseHistograms();
        final NamedChart chart = draw(ChartKind.CDF, data, "leader-crash");

        assertEquals(List.of("n=5 (200 elections)", "n=9 (200 elections, 190 converged)"), legend(chart.chart()));
    }

    @Test
    void theHeartbeatChartSaysTheDetectionTimeoutWasHeldFixed()
    {
        final RunData data = new RunData();
        for (final String algorithm : List.of("bully", "raft"))
        {
            for (final String heartbeat : List.of("10ms", "20ms", "50ms"))
            {
                measure(data, row("leader-crash", algorithm, "sim", 9, "heartbeat", heartbeat, "detectionTimeout", "150ms",
                    "electionTimeout", "10ms"), 200, algorithm.equals("bully") ? 100 : 120, 4);
            }
        }
        data.summariseHistograms();
        final NamedChart chart = draw(ChartKind.CONVERGENCE_VS_HEARTBEAT, data, "leader-crash");

        assertNotNull(chart);
        assertEquals(List.of("sim, n=9"), titles(chart));
        assertEquals("heartbeat varies along x. Held fixed: detectionTimeout=150ms, electionTimeout=10ms.", chart.notes().get(0));
        assertEquals(List.of("bully", "raft"), legend(chart.chart()));
    }

    @Test
    void logAxisLabelsNeverRunTogetherAtFullRunScale()
    {
        final RunData data = new RunData();
        final int[] sizes = {3, 5, 9, 17, 33, 65, 129, 257, 513, 1024};
        for (final int n : sizes)
        {
            measure(data, row("leader-crash", "bully", "sim", n), 200, 10, (double)n * n - n - 1);
            measure(data, row("leader-crash", "ring", "sim", n), 200, 30, 2.0 * n);
            measure(data, row("leader-crash", "bully", "inmemory", n), 30, 10, (double)n * n);
            measure(data, row("leader-crash", "ring", "aeron-udp", n), 30, 10, 2.0 * n);
        }
        data.summariseHistograms();
        for (final NamedChart chart : List.of(draw(ChartKind.MESSAGES_VS_N, data, "leader-crash"),
            draw(ChartKind.CONVERGENCE_VS_N, data, "leader-crash")))
        {
            ChartImage.image(chart, List.of("footer"));
            for (final Chart<?, ?> panel : chart.panels())
            {
                assertEquals(List.of(), ChartLayout.problems(chart.stem() + " " + panel.getTitle(), panel));
                final List<String> xLabels = ChartLayout.labels(ChartLayout.xAxis(panel)).stream().map(ChartLayout.Label::text).toList();
                assertTrue(xLabels.containsAll(List.of("10", "100", "1000")), "n's decades labelled: " + xLabels);
            }
        }
    }

    @Test
    void aSmallRangeOfNLabelsEverySizeAndAMiddleOneAtLeastTwo()
    {
        for (final List<Integer> sizes : List.of(List.of(3, 5, 9), List.of(3, 5, 9, 17), List.of(3, 9, 17, 33, 65)))
        {
            final RunData data = new RunData();
            for (final int n : sizes)
            {
                measure(data, row("leader-crash", "bully", "sim", n), 200, 10, n * 3.0);
                measure(data, row("leader-crash", "ring", "sim", n), 200, 10, n * 2.0);
            }
            data.summariseHistograms();
            final NamedChart chart = draw(ChartKind.MESSAGES_VS_N, data, "leader-crash");
            ChartImage.image(chart, List.of());

            final List<String> labels = ChartLayout.labels(ChartLayout.xAxis(chart.chart())).stream().map(ChartLayout.Label::text).toList();
            assertTrue(labels.size() >= 2, sizes + ": " + labels);
            if (sizes.size() == 3)
            {
                assertTrue(labels.containsAll(List.of("3", "5", "9")), labels.toString());
            }
            assertTrue(ChartLayout.labels(ChartLayout.yAxis(chart.chart())).size() >= 2, sizes + ": y");
            assertEquals(List.of(), ChartLayout.problems(sizes.toString(), chart.chart()));
        }
    }

    @Test
    void everyChartOfAFullSizeRunFitsItsPanel()
    {
        final RunData data = FullRun.data();
        for (final NamedChart chart : Charts.all(data))
        {
            ChartImage.image(chart, ReportWriter.footer(data));
            for (final Chart<?, ?> panel : chart.panels())
            {
                assertEquals(List.of(), ChartLayout.problems(chart.stem() + " [" + panel.getTitle() + "]", panel));
            }
            for (final Chart<?, ?> panel : chart.panels())
            {
                if (panel instanceof XYChart xy)
                {
                    assertTrue(xy.getSeriesMap().values().stream().filter(XYSeries::isShowInLegend).count() <= 12,
                        chart.stem() + " has a panel of more than 12 named lines");
                }
            }
        }
    }

    @Test
    void theLayoutCheckSeesACutTitleALegendOverThePlotAndLabelsRunTogether()
    {
        // What the charts avoid, made on purpose: the check must see it, or it checks nothing.
        final XYChart chart = ChartStyle.panel("a title far too long for its panel ".repeat(4), "n", "y", 2);
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNE);
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setXAxisLogarithmicDecadeOnly(false);
        chart.addSeries("a line", List.of(3.0, 1024.0), List.of(1.0, 2.0));
        ChartImage.image(new NamedChart("bad", "bad", null, List.of(chart), 1, List.of()), List.of());

        final String problems = String.join("\n", ChartLayout.problems("bad", chart));
        assertTrue(problems.contains("title"), problems);
        assertTrue(problems.contains("lies over the plot"), problems);
        assertTrue(problems.contains("x axis: labels"), problems);
        assertTrue(LogAxis.decadesOnly(3, 1024, (int)(chart.getWidth() * 0.55), false, chart), "the rule the charts follow would label decades");
    }

    static Map<String, String> map(final String... pairs)
    {
        final Map<String, String> map = new TreeMap<>();
        for (int i = 0; i < pairs.length; i += 2)
        {
            map.put(pairs[i], pairs[i + 1]);
        }
        return map;
    }

    @Test
    void safetyChartChargesEachVariantItsOwnWorstRowNeverASumOverVariantsOrScenarios()
    {
        final Metric splitBrain = new Metric("splitBrain", "runs", Metric.Kind.VIOLATION);
        final Metric hostLate = new Metric(Findings.HOST_LATE, "runs", Metric.Kind.COUNT);
        final RunData data = new RunData();
        // raft without PreVote broke the rule in two scenarios; with PreVote never; bully's one row was measured late.
        final RowKey[] rows = {
            row("switch-failure", "raft", "sim", 5, "pre-vote", "off"),
            row("partition", "raft", "sim", 5, "pre-vote", "off"),
            row("switch-failure", "raft", "sim", 5, "pre-vote", "on"),
            row("partition", "raft", "sim", 5, "pre-vote", "on"),
            row("partition", "bully", "inmemory", 5),
        };
        final double[] broke = {700, 40, 0, 0, 9};
        for (int i = 0; i < rows.length; i++)
        {
            data.put(rows[i], new Column(splitBrain, Column.Statistic.MEAN), Cell.of(broke[i]));
            data.put(rows[i], new Column(hostLate, Column.Statistic.MEAN), Cell.of(i == 4 ? 1 : 0));
        }

        final NamedChart chart = draw(ChartKind.VIOLATIONS, data, null);

        assertNotNull(chart);
        final org.knowm.xchart.CategorySeries series =
            ((org.knowm.xchart.CategoryChart)chart.chart()).getSeriesMap().get("splitBrain");
        final List<String> labels = new ArrayList<>();
        series.getXData().forEach(x -> labels.add(String.valueOf(x)));
        final List<Double> runs = new ArrayList<>();
        series.getYData().forEach(y -> runs.add(y.doubleValue()));
        assertEquals(List.of("raft", "raft PV"), labels, "each variant its own bar; the late row draws none");
        assertEquals(List.of(700.0, 0.0), runs, "the worst row (700), not the sum over scenarios (740)");
    }

    private static void markLate(final RunData data, final RowKey row, final double runs)
    {
        data.put(row, new Column(new Metric(Findings.HOST_LATE, "runs", Metric.Kind.VIOLATION), Column.Statistic.RUNS), Cell.of(runs));
    }

    @Test
    void aRowTheHostMadeLateIsDrawnGreyDottedAndNamedSo()
    {
        final RunData data = new RunData();
        measure(data, row("leader-crash", "bully", "inmemory", 5), 30, 110, 5);
        final RowKey late = row("leader-crash", "bully", "inmemory", 17);
        measure(data, late, 30, 3000, 17);
        markLate(data, late, 4);
        data.summariseHistograms();

        final NamedChart cdf = draw(ChartKind.CDF, data, "leader-crash");
        assertEquals(List.of("n=5 (30 elections)", "n=17 (30 elections) (host late)"), legend(cdf.chart()));
        final XYSeries marked = (XYSeries)cdf.chart().getSeriesMap().get("n=17 (30 elections) (host late)");
        assertEquals(ChartStyle.GUIDE, marked.getLineColor(), "grey, as no figure is");
        assertEquals(org.knowm.xchart.style.lines.SeriesLines.DOT_DOT, marked.getLineStyle());
        assertEquals(ChartStyle.colour(0), ((XYSeries)cdf.chart().getSeriesMap().get("n=5 (30 elections)")).getLineColor());
        assertTrue(cdf.notes().stream().anyMatch(note -> note.contains("the host made runs late") &&
            note.contains("bully inmemory n=17")), "the note names the late row: " + cdf.notes());

        final NamedChart versusNodes = draw(ChartKind.CONVERGENCE_VS_N, data, "leader-crash");
        assertEquals(List.of("bully (host late: n=17)"), legend(versusNodes.chart()), "a line with one late point says which");
    }

    @Test
    void withoutALateRowNothingIsMarked()
    {
        final RunData data = new RunData();
        final RowKey row = row("leader-crash", "bully", "inmemory", 17);
        measure(data, row, 30, 130, 17);
        measure(data, row("leader-crash", "bully", "inmemory", 5), 30, 110, 5);
        markLate(data, row, 0);
        data.summariseHistograms();

        final NamedChart cdf = draw(ChartKind.CDF, data, "leader-crash");
        assertEquals(List.of("n=5 (30 elections)", "n=17 (30 elections)"), legend(cdf.chart()));
        assertTrue(cdf.notes().stream().noneMatch(note -> note.contains("late")), cdf.notes().toString());
    }

    @Test
    void panelsAndLinesKeepOneOrderDurationsByTheirLength()
    {
        final RunData data = new RunData();
        // Settings text puts 30.1ms before 30ms and 1s before 900ms; a reader, and every chart, the other way round.
        for (final String timeout : List.of("30.1ms", "1s", "30ms", "900ms"))
        {
            for (final int n : List.of(17, 5, 9))
            {
                measure(data, row("leader-crash", "ring", "sim", n, "electionTimeout", timeout), 200, 10 + n, n);
                measure(data, row("leader-crash", "bully", "sim", n, "electionTimeout", timeout), 200, 20 + n, n);
            }
        }
        data.summariseHistograms();

        final List<String> order = List.of("sim, electionTimeout=30ms", "sim, electionTimeout=30.1ms", "sim, electionTimeout=900ms",
            "sim, electionTimeout=1s");
        assertEquals(order, titles(draw(ChartKind.CONVERGENCE_VS_N, data, "leader-crash")));
        final NamedChart cdf = draw(ChartKind.CDF, data, "leader-crash");
        assertEquals("Convergence percentiles: leader-crash, bully", cdf.title(), "algorithms in name order");
        assertEquals(order, titles(cdf));
        assertEquals(List.of("n=5 (200 elections)", "n=9 (200 elections)", "n=17 (200 elections)"), legend(cdf.chart()),
            "n by value, not as text");
        for (final Chart<?, ?> panel : draw(ChartKind.CONVERGENCE_VS_N, data, "leader-crash").panels())
        {
            assertEquals(List.of("bully", "ring"), legend(panel));
        }
    }

    @Test
    void everyVariantHasItsOwnLineAgainstASetting()
    {
        final RunData data = new RunData();
        for (final String preVote : List.of("on", "off"))
        {
            for (final String heartbeat : List.of("20ms", "50ms", "100ms"))
            {
                measure(data, row("leader-crash-sweep", "raft", "sim", 9, "heartbeat", heartbeat, "pre-vote", preVote,
                    "timeout-spread", "150ms"), 200, "on".equals(preVote) ? 140 : 120, 4);
            }
        }
        for (final String heartbeat : List.of("20ms", "50ms", "100ms"))
        {
            measure(data, row("leader-crash-sweep", "bully", "sim", 9, "heartbeat", heartbeat, "recovery", "bully"), 200, 100, 4);
        }
        data.summariseHistograms();

        final NamedChart chart = draw(ChartKind.CONVERGENCE_VS_HEARTBEAT, data, "leader-crash-sweep");

        assertNotNull(chart);
        assertEquals(List.of("sim, n=9"), titles(chart));
        assertEquals(List.of("bully", "raft", "raft PV"), legend(chart.chart()),
            "raft with and without PreVote each a line, named; an option that never varies within an algorithm names none");
        assertEquals(List.of(20.0, 50.0, 100.0), java.util.Arrays.stream(
            ((XYSeries)chart.chart().getSeriesMap().get("raft PV")).getXData()).boxed().toList());
    }
}
