package org.electbench.analysis;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

import org.HdrHistogram.Histogram;
import org.electbench.harness.Parameters;
import org.electbench.transport.parameters.RunParameters;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The charts of a run, drawn with XChart from {@link RunData}: which figures each chart shows is
 * chosen by metric name (the declarations' {@code convergence}, {@code messages},
 * {@code splitBrainTime}, every {@code violation}), never from a list kept here of columns.
 * <p>
 * A full run has hundreds of rows, so a chart is small multiples: a panel per transport and per
 * combination of the settings that tell rows apart, titled with them, each holding a few lines
 * named only by what differs between them (the algorithm, or n). An algorithm keeps its colour and
 * marker in every chart; lines with the same values are drawn once and named together; the
 * settings every row of a chart shares are stated above it; a p99 is drawn only from
 * {@value Estimate#TAIL_MINIMUM} elections or more, as the tables give it.
 * <ul>
 *   <li>per scenario and algorithm, convergence's percentile plot: one line per n, the x axis
 *       {@code 1/(1-p)} on a log scale so the tail (99%, 99.9%) is as wide as the body;</li>
 *   <li>per scenario, convergence p50 (solid) and p99 (dashed) against n;</li>
 *   <li>per scenario, election messages against n on log-log axes with n, n·log n and n² guides;</li>
 *   <li>per scenario, convergence against the election timeout and against the heartbeat
 *       interval, where they vary;</li>
 *   <li>allocation on the message path (JMH's gc profiler), per handled event and per election;</li>
 *   <li>safety: split-brain time per algorithm and scenario, and the runs that broke each rule.</li>
 * </ul>
 */
public final class Charts
{
    static final String CONVERGENCE = "convergence";
    static final String MESSAGES = "messages";
    static final String EVENTS = "events";
    static final String SPLIT_BRAIN_TIME = "splitBrainTime";

    /** A figure's width; its panels share it. */
    static final int WIDTH = 1280;
    static final int HEIGHT = 600;
    static final int PANEL_HEIGHT = 440;
    /** Panels side by side: two leaves each plot about 430 px beside its legend. */
    static final int COLUMNS = 2;

    private static final Color[] PALETTE = {
        new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
        new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf),
        new Color(0x7f7f7f), new Color(0xbcbd22)};
    private static final Color GUIDE = new Color(0x999999);
    private static final Marker[] MARKERS = {
        SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN,
        SeriesMarkers.CROSS};
    /** A tick without a label: XChart cannot lay out an empty string. */
    private static final String NO_LABEL = " ";
    static final Font TICK_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    /** Room a log axis keeps beside a tick label, in pixels. */
    private static final int TICK_GAP_PX = 8;
    /** The plot's share of a panel's width and height once axes, titles and the legend have theirs (a lower bound). */
    private static final double PLOT_SHARE = 0.55;

    private Charts()
    {
    }

    /** @return every chart the data has figures for, in a fixed order. */
    public static List<NamedChart> all(final RunData data)
    {
        final Style style = new Style(data);
        final List<NamedChart> charts = new ArrayList<>();
        for (final String scenario : data.scenarios())
        {
            charts.addAll(percentilePlots(data, scenario));
            addIfPresent(charts, versusNodes(data, scenario, style));
            addIfPresent(charts, messagesVersusNodes(data, scenario, style));
            addIfPresent(charts, versusSetting(data, scenario, RowKeys.ELECTION_TIMEOUT, "election timeout T_elec", style));
            addIfPresent(charts, versusSetting(data, scenario, RowKeys.HEARTBEAT, "heartbeat interval HBT", style));
        }
        addIfPresent(charts, allocation(data, style));
        addIfPresent(charts, splitBrainTime(data));
        addIfPresent(charts, violations(data));
        charts.addAll(Incidents.charts(data));
        addIfPresent(charts, Trend.chart(data));
        addIfPresent(charts, ReferenceChart.chart(data));
        return charts;
    }

    private static void addIfPresent(final List<NamedChart> charts, final NamedChart chart)
    {
        if (null != chart)
        {
            charts.add(chart);
        }
    }

    /** Each algorithm's colour and marker, the same in every chart of a report. */
    static final class Style
    {
        private final Map<String, Integer> index = new HashMap<>();

        Style(final RunData data)
        {
            final SortedSet<String> algorithms = new TreeSet<>();
            data.rows().forEach(row -> algorithms.add(row.algorithm()));
            algorithms.forEach(algorithm -> index.put(algorithm, index.size()));
        }

        Color colour(final String algorithm)
        {
            return PALETTE[index.getOrDefault(algorithm, 0) % PALETTE.length];
        }

        Marker marker(final String algorithm)
        {
            return MARKERS[index.getOrDefault(algorithm, 0) % MARKERS.length];
        }
    }

    /**
     * One line of a panel before it is drawn, so lines with the same values can be found and drawn once.
     *
     * @param name the legend's name.
     * @param xs x values.
     * @param ys y values.
     * @param colour its colour.
     * @param marker its marker, or {@link SeriesMarkers#NONE}.
     * @param dashed whether dashed.
     * @param inLegend whether the legend names it (a p99 line shares its p50's entry, the notes say how).
     */
    record Line(String name, List<Double> xs, List<Double> ys, Color colour, Marker marker, boolean dashed, boolean inLegend)
    {
        boolean sameValues(final Line other)
        {
            return dashed == other.dashed && xs.equals(other.xs) && ys.equals(other.ys);
        }
    }

    /**
     * Adds the lines to the panel; lines with the same values as an earlier one (bully's and quorum's counts
     * often are) are drawn once, the legend naming them all, one a line ("bully =", "quorum"), so none hides
     * another unsaid.
     *
     * @return the names of the lines merged so, one entry per drawn line that stands for several.
     */
    static List<String> addLines(final XYChart chart, final List<Line> lines)
    {
        final List<Line> drawn = new ArrayList<>();
        final List<List<String>> names = new ArrayList<>();
        for (final Line line : lines)
        {
            if (line.xs().size() < 2)
            {
                // One point is no line, and an axis of one value has no scale to draw.
                continue;
            }
            int same = -1;
            for (int i = 0; i < drawn.size() && same < 0; i++)
            {
                if (drawn.get(i).sameValues(line))
                {
                    same = i;
                }
            }
            if (same >= 0)
            {
                names.get(same).add(line.name());
            }
            else
            {
                drawn.add(line);
                names.add(new ArrayList<>(List.of(line.name())));
            }
        }
        final List<String> merged = new ArrayList<>();
        for (int i = 0; i < drawn.size(); i++)
        {
            final Line line = drawn.get(i);
            final String name = String.join(" = ", names.get(i));
            if (names.get(i).size() > 1)
            {
                merged.add(name);
            }
            // A name a line in the legend: five sizes in a row on one line made the legend wider than its panel, and
            // XChart then drew the plot off the image's left edge.
            final XYSeries series = chart.addSeries(uniqueName(chart, String.join(" =\n", names.get(i))), line.xs(), line.ys());
            series.setLineColor(line.colour());
            series.setMarkerColor(line.colour());
            series.setMarker(line.marker());
            series.setShowInLegend(line.inLegend());
            if (line.dashed())
            {
                series.setLineStyle(SeriesLines.DASH_DASH);
            }
        }
        return merged;
    }

    private static String uniqueName(final XYChart chart, final String name)
    {
        String unique = name;
        while (chart.getSeriesMap().containsKey(unique))
        {
            // XChart keys series by name; a hidden twin (a p99 line named like its p50) gets a space it does not show.
            unique += " ";
        }
        return unique;
    }

    /** @return one percentile plot of convergence per algorithm of the scenario, a panel per transport and setting. */
    static List<NamedChart> percentilePlots(final RunData data, final String scenario)
    {
        final List<NamedChart> charts = new ArrayList<>();
        final List<String> varying = linesApart(data.rows(scenario));
        for (final Map.Entry<String, List<RowKey>> entry : byAlgorithm(data.rows(scenario)).entrySet())
        {
            final String title = "Convergence percentiles: " + scenario + ", " + entry.getKey();
            final SortedMap<String, List<RowKey>> panels = panels(entry.getValue(), varying);
            final List<Chart<?, ?>> drawn = new ArrayList<>();
            for (final Map.Entry<String, List<RowKey>> panel : panels.entrySet())
            {
                final XYChart chart = panel(panel.getKey(), "percentile of elections (tail stretched: 1/(1-p), log)", "convergence (ms)",
                    panels.size());
                chart.getStyler().setxAxisTickLabelsFormattingFunction(Charts::percentileLabel);
                // From zero, so a distribution of one value (the simulator's, often) is a level line at its height.
                chart.getStyler().setYAxisMin(0.0);
                chart.getStyler().setXAxisMin(0.0);
                long most = 0;
                final List<Line> lines = new ArrayList<>();
                int colour = 0;
                for (final RowKey row : panel.getValue())
                {
                    final Histogram histogram = data.histogram(row, CONVERGENCE);
                    if (null == histogram || histogram.getTotalCount() == 0)
                    {
                        continue;
                    }
                    final List<Double> x = new ArrayList<>();
                    final List<Double> y = new ArrayList<>();
                    for (final PercentilePoint point : PercentilePoint.of(histogram))
                    {
                        x.add(Math.log10(point.tailPosition(histogram.getTotalCount())));
                        y.add(point.value() / 1e6);
                    }
                    most = Math.max(most, histogram.getTotalCount());
                    lines.add(new Line("n=" + row.nodes() + " " + count(data, row, histogram), x, y, PALETTE[colour++ % PALETTE.length],
                        SeriesMarkers.NONE, false, true));
                }
                addLines(chart, lines);
                // At least to 99%, so the tail's scale shows even for a few elections.
                chart.getStyler().setXAxisMax(Math.max(2.0, Math.ceil(Math.log10(Math.max(1, most)))));
                if (!chart.getSeriesMap().isEmpty())
                {
                    drawn.add(chart);
                }
            }
            if (!drawn.isEmpty())
            {
                charts.add(figure("cdf_" + safe(scenario) + "_" + safe(entry.getKey()), title, scenario, drawn,
                    List.of(heldFixed(entry.getValue(), List.of()))));
            }
        }
        return charts;
    }

    /** @return "(N elections)", and how many of them reached a leader when not all did: what the line is drawn from. */
    private static String count(final RunData data, final RowKey row, final Histogram histogram)
    {
        final Cell elections = data.cell(row, JmhSource.ELECTIONS);
        final long measured = null == elections ? histogram.getTotalCount() : Math.round(elections.value());
        return measured == histogram.getTotalCount() ? "(" + measured + " elections)" :
            "(" + measured + " elections, " + histogram.getTotalCount() + " converged)";
    }

    /** @return convergence p50 (solid) and p99 (dashed) against n, a panel per transport and setting, a colour per algorithm. */
    static NamedChart versusNodes(final RunData data, final String scenario, final Style style)
    {
        final String title = "Convergence vs cluster size: " + scenario;
        final List<Chart<?, ?>> drawn = new ArrayList<>();
        final Map<String, SortedMap<String, SortedMap<Integer, RowKey>>> panels = linesByPanel(data, scenario);
        final List<String> merged = new ArrayList<>();
        for (final Map.Entry<String, SortedMap<String, SortedMap<Integer, RowKey>>> panel : panels.entrySet())
        {
            final XYChart chart = nodesChart(panel.getKey(), "convergence (ms)", panels.size(), nodes(panel.getValue()));
            final List<Line> lines = new ArrayList<>();
            for (final Map.Entry<String, SortedMap<Integer, RowKey>> line : panel.getValue().entrySet())
            {
                final String algorithm = line.getValue().values().iterator().next().algorithm();
                lines.add(line(line.getKey(), line.getValue(), row -> percentile(data, row, 50), style.colour(algorithm),
                    style.marker(algorithm), false, true));
                lines.add(line(line.getKey(), line.getValue(), row -> percentile(data, row, 99), style.colour(algorithm),
                    SeriesMarkers.NONE, true, false));
            }
            merged.addAll(addLines(chart, lines));
            if (!chart.getSeriesMap().isEmpty())
            {
                drawn.add(chart);
            }
        }
        if (drawn.isEmpty())
        {
            return null;
        }
        final List<String> notes = new ArrayList<>(List.of("Solid: p50; dashed: p99 (only from " + Estimate.TAIL_MINIMUM +
            " elections or more). " + heldFixed(data.rows(scenario), List.of())));
        overlapNote(merged, notes);
        return figure("convergence-vs-n_" + safe(scenario), title, scenario, drawn, notes);
    }

    /** @return election messages per election against n, log-log, with n, n·log2 n and n² guides, a panel per transport. */
    static NamedChart messagesVersusNodes(final RunData data, final String scenario, final Style style)
    {
        final String title = "Election messages vs cluster size: " + scenario;
        final List<Chart<?, ?>> drawn = new ArrayList<>();
        final Map<String, SortedMap<String, SortedMap<Integer, RowKey>>> panels = linesByPanel(data, scenario);
        final List<String> merged = new ArrayList<>();
        for (final Map.Entry<String, SortedMap<String, SortedMap<Integer, RowKey>>> panel : panels.entrySet())
        {
            final List<Line> lines = new ArrayList<>();
            double anchorNodes = Double.NaN;
            double anchorMessages = Double.NaN;
            double maxNodes = Double.NaN;
            double least = Double.POSITIVE_INFINITY;
            double most = 0;
            for (final Map.Entry<String, SortedMap<Integer, RowKey>> entry : panel.getValue().entrySet())
            {
                final SortedMap<Integer, RowKey> positive = new TreeMap<>();
                for (final Map.Entry<Integer, RowKey> point : entry.getValue().entrySet())
                {
                    final double messages = value(data, point.getValue(), MESSAGES);
                    if (messages > 0)
                    {
                        positive.put(point.getKey(), point.getValue());
                        least = Math.min(least, messages);
                        most = Math.max(most, messages);
                    }
                }
                if (positive.size() < 2)
                {
                    continue;
                }
                final String algorithm = positive.values().iterator().next().algorithm();
                lines.add(line(entry.getKey(), positive, row -> value(data, row, MESSAGES), style.colour(algorithm), style.marker(algorithm),
                    false, true));
                final int first = positive.firstKey();
                final double messages = value(data, positive.get(first), MESSAGES);
                if (Double.isNaN(anchorNodes) || first < anchorNodes || (first == anchorNodes && messages < anchorMessages))
                {
                    anchorNodes = first;
                    anchorMessages = messages;
                }
                maxNodes = Double.isNaN(maxNodes) ? positive.lastKey() : Math.max(maxNodes, positive.lastKey());
            }
            if (lines.isEmpty())
            {
                continue;
            }
            final XYChart chart = nodesChart(panel.getKey(), "election messages per election (log)", panels.size(), nodes(panel.getValue()));
            chart.getStyler().setYAxisLogarithmic(true);
            merged.addAll(addLines(chart, lines));
            guide(chart, "guide: n", anchorNodes, anchorMessages, maxNodes, n -> n, SeriesLines.DOT_DOT);
            guide(chart, "guide: n log n", anchorNodes, anchorMessages, maxNodes, n -> n * Math.log(n) / Math.log(2), SeriesLines.DASH_DOT);
            guide(chart, "guide: n\u00b2", anchorNodes, anchorMessages, maxNodes, n -> n * n, SeriesLines.DASH_DASH);
            final double top = Math.max(most, guideTop(anchorNodes, anchorMessages, maxNodes));
            logAxis(chart, true, least, top, (int)(PANEL_HEIGHT * PLOT_SHARE));
            drawn.add(chart);
        }
        if (drawn.isEmpty())
        {
            return null;
        }
        final List<String> notes = new ArrayList<>(List.of("Guides (grey) through the smallest cluster's count. " +
            heldFixed(data.rows(scenario), List.of())));
        overlapNote(merged, notes);
        return figure("messages-vs-n_" + safe(scenario), title, scenario, drawn, notes);
    }

    private static double guideTop(final double fromNodes, final double atMessages, final double toNodes)
    {
        return Double.isNaN(fromNodes) ? 0 : atMessages / (fromNodes * fromNodes) * toNodes * toNodes;
    }

    /**
     * @return convergence p50 against a duration setting where the scenario's rows vary it: a line per algorithm, a
     *     panel per transport, n and value of the other settings that vary; what stays fixed (the detection timeout
     *     against the heartbeat interval, above all) stated on the chart.
     */
    static NamedChart versusSetting(final RunData data, final String scenario, final String setting, final String label,
        final Style style)
    {
        if (!data.settings(scenario).varying().contains(setting))
        {
            return null;
        }
        // Panels by the other run parameters that vary; an algorithm's own options name its line, not a panel.
        final List<String> others = new ArrayList<>(data.settings(scenario).varying());
        others.remove(setting);
        others.remove(Parameters.COORDINATOR_TIMEOUT);
        others.removeIf(name -> null == RunParameters.find(name));
        final SortedMap<String, SortedMap<String, SortedMap<Double, RowKey>>> panels = new TreeMap<>(RowKey.Settings.NATURAL);
        final List<RowKey> used = new ArrayList<>();
        for (final RowKey row : data.rows(scenario))
        {
            final double x = Durations.toMillis(row.settings().getOrDefault(setting, ""));
            if (!Double.isNaN(x) && !Double.isNaN(value(data, row, CONVERGENCE + ".p50")))
            {
                final String panel = row.transport() + ", n=" + row.nodes() + spaced(row.settingsText(others));
                panels.computeIfAbsent(panel, key -> new TreeMap<>()).computeIfAbsent(row.algorithm(), key -> new TreeMap<>()).put(x, row);
            }
        }
        final List<Chart<?, ?>> drawn = new ArrayList<>();
        final List<String> merged = new ArrayList<>();
        for (final Map.Entry<String, SortedMap<String, SortedMap<Double, RowKey>>> panel : panels.entrySet())
        {
            final XYChart chart = panel(panel.getKey(), label + " (ms)", "convergence p50 (ms)", panels.size());
            final List<Line> lines = new ArrayList<>();
            for (final Map.Entry<String, SortedMap<Double, RowKey>> line : panel.getValue().entrySet())
            {
                if (line.getValue().size() >= 2)
                {
                    lines.add(line(line.getKey(), line.getValue(), row -> value(data, row, CONVERGENCE + ".p50") / 1e6,
                        style.colour(line.getKey()), style.marker(line.getKey()), false, true));
                    used.addAll(line.getValue().values());
                }
            }
            merged.addAll(addLines(chart, lines));
            if (!chart.getSeriesMap().isEmpty())
            {
                drawn.add(chart);
            }
        }
        if (drawn.isEmpty())
        {
            return null;
        }
        final List<String> notes = new ArrayList<>(List.of(setting + " varies along x. " + heldFixed(used, List.of(setting))));
        final List<String> moving = movesWith(used, setting, others);
        if (!moving.isEmpty())
        {
            notes.add("Not held fixed: " + String.join(", ", moving) + " changed with " + setting + " (derived from it).");
        }
        overlapNote(merged, notes);
        return figure("convergence-vs-" + safe(setting) + "_" + safe(scenario), "Convergence vs " + label + ": " + scenario, scenario, drawn,
            notes);
    }

    /**
     * @return the settings other than {@code setting} and the panels' own whose value differs between the rows of one
     *     panel and algorithm.
     */
    private static List<String> movesWith(final List<RowKey> rows, final String setting, final List<String> panelSettings)
    {
        final SortedSet<String> moving = new TreeSet<>();
        final Map<String, Map<String, String>> first = new HashMap<>();
        for (final RowKey row : rows)
        {
            final String group = row.algorithm() + "|" + row.transport() + "|" + row.nodes() + "|" + row.settingsText(panelSettings);
            final Map<String, String> seen = first.computeIfAbsent(group, key -> new TreeMap<>(row.settings()));
            for (final Map.Entry<String, String> entry : row.settings().entrySet())
            {
                if (!entry.getKey().equals(setting) && !panelSettings.contains(entry.getKey()) &&
                    !entry.getValue().equals(seen.get(entry.getKey())))
                {
                    moving.add(entry.getKey());
                }
            }
        }
        return new ArrayList<>(moving);
    }

    /**
     * @return allocation on the message path, from JMH's gc profiler in the message-path benchmark: bytes per handled
     *     event ({@code gc.alloc.rate.norm} × windows / events), and per election: that times the events an election
     *     took in the convergence rows of the same algorithm and transport (leader-crash at the largest n both have).
     */
    static NamedChart allocation(final RunData data, final Style style)
    {
        final SortedMap<String, SortedMap<String, Double>> perEvent = new TreeMap<>();
        final SortedMap<String, SortedMap<String, Double>> perElection = new TreeMap<>();
        final SortedSet<String> basis = new TreeSet<>();
        for (final RowKey row : data.rows())
        {
            final double bytes = value(data, row, JmhSource.ALLOCATION_PER_EVENT.name());
            if (Double.isNaN(bytes))
            {
                continue;
            }
            perEvent.computeIfAbsent(row.algorithm(), key -> new TreeMap<>()).put(row.transport(), bytes);
            final RowKey election = electionRow(data, row);
            if (null != election)
            {
                perElection.computeIfAbsent(row.algorithm(), key -> new TreeMap<>())
                    .put(row.transport(), bytes * value(data, election, EVENTS));
                basis.add(row.algorithm() + " " + election.scenario() + " n=" + election.nodes());
            }
        }
        if (perEvent.isEmpty())
        {
            return null;
        }
        final List<Chart<?, ?>> panels = new ArrayList<>();
        panels.add(bars("per handled event", "transport", "bytes allocated per event", perEvent, style));
        if (!perElection.isEmpty())
        {
            panels.add(bars("per election", "transport", "bytes allocated per election", perElection, style));
        }
        final List<String> notes = new ArrayList<>();
        notes.add("JMH's gc profiler on the message-path benchmark (a settled cluster heartbeating): gc.alloc.rate.norm per window " +
            "× windows / events handled. Per election: that times the events (deliveries and timers) one election took" +
            (basis.isEmpty() ? "." : " (" + String.join("; ", basis) + ")."));
        return figure("allocation", "Allocation on the message path", null, panels, notes);
    }

    /** @return the convergence row of the benchmark row's algorithm and transport: leader-crash at its largest n, or null. */
    private static RowKey electionRow(final RunData data, final RowKey benchmark)
    {
        RowKey best = null;
        for (final RowKey row : data.rows("leader-crash"))
        {
            if (row.algorithm().equals(benchmark.algorithm()) && row.transport().equals(benchmark.transport()) &&
                !Double.isNaN(value(data, row, EVENTS)) && (null == best || row.nodes() > best.nodes()))
            {
                best = row;
            }
        }
        return best;
    }

    private static CategoryChart bars(final String title, final String xTitle, final String yTitle,
        final SortedMap<String, SortedMap<String, Double>> series, final Style style)
    {
        final SortedSet<String> categories = new TreeSet<>();
        series.values().forEach(values -> categories.addAll(values.keySet()));
        final CategoryChart chart = new CategoryChartBuilder().width(WIDTH / COLUMNS).height(PANEL_HEIGHT).title(title)
            .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        style(chart.getStyler());
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        for (final Map.Entry<String, SortedMap<String, Double>> entry : series.entrySet())
        {
            final List<String> x = new ArrayList<>(categories);
            final List<Number> y = new ArrayList<>();
            categories.forEach(category -> y.add(entry.getValue().getOrDefault(category, 0.0)));
            chart.addSeries(entry.getKey(), x, y).setFillColor(style.colour(entry.getKey()));
        }
        return chart;
    }

    /**
     * @return mean split-brain time per election, per algorithm variant (series) and scenario (category): the worst row
     *     of each, never a sum over variants; rows the host made late are left out, as they draw no safety verdict.
     */
    static NamedChart splitBrainTime(final RunData data)
    {
        if (null == data.metric(SPLIT_BRAIN_TIME))
        {
            return null;
        }
        final List<String> variants = onOffVariants(new ArrayList<>(data.rows()));
        final SortedMap<String, SortedMap<String, Double>> byVariant = new TreeMap<>();
        for (final RowKey row : data.rows())
        {
            final double value = value(data, row, SPLIT_BRAIN_TIME);
            if (!Double.isNaN(value) && !hostLate(data, row))
            {
                byVariant.computeIfAbsent(Incidents.label(row, variants), key -> new TreeMap<>())
                    .merge(row.scenario(), value / 1e6, Math::max);
            }
        }
        return categoryChart("safety_split-brain-time", "Safety: time with two or more leaders", "scenario",
            "worst mean split-brain time per election over the rows (ms)", byVariant);
    }

    /**
     * @return runs that broke each rule (every violation the declarations name), per algorithm variant: the most in any
     *     one row (scenario, transport, n), never a sum over scenarios or variants, so a variant that never broke a rule
     *     is not charged with another's runs; rows the host made late are left out.
     */
    static NamedChart violations(final RunData data)
    {
        final List<String> variants = onOffVariants(new ArrayList<>(data.rows()));
        final SortedMap<String, SortedMap<String, Double>> byRule = new TreeMap<>();
        final SortedSet<String> labels = new TreeSet<>();
        for (final Metric metric : data.metrics())
        {
            if (metric.kind() != Metric.Kind.VIOLATION || Findings.HOST_LATE.equals(metric.name()))
            {
                continue;
            }
            for (final RowKey row : data.rows())
            {
                final double value = value(data, row, metric.name());
                if (!Double.isNaN(value) && !hostLate(data, row))
                {
                    final String label = Incidents.label(row, variants);
                    labels.add(label);
                    byRule.computeIfAbsent(metric.name(), key -> new TreeMap<>()).merge(label, value, Math::max);
                }
            }
        }
        if (byRule.isEmpty())
        {
            return null;
        }
        for (final SortedMap<String, Double> values : byRule.values())
        {
            for (final String label : labels)
            {
                values.putIfAbsent(label, 0.0);
            }
        }
        return categoryChart("safety_violations", "Safety: runs that broke each rule, in each variant's worst row",
            "algorithm and variant", "runs", byRule);
    }

    /**
     * @return the on/off options that tell variants of one algorithm apart within one scenario (raft's pre-vote,
     *     check-quorum, ...): a setting that only differs between scenarios (a lossy scenario's FIFO) names no variant.
     */
    static List<String> onOffVariants(final List<RowKey> rows)
    {
        final SortedSet<String> names = new TreeSet<>();
        rows.forEach(row -> names.addAll(row.settings().keySet()));
        final List<String> onOff = new ArrayList<>();
        for (final String name : names)
        {
            final Map<String, Set<String>> valuesByGroup = new HashMap<>();
            boolean onOffOnly = true;
            for (final RowKey row : rows)
            {
                final String value = row.settings().get(name);
                onOffOnly &= null == value || "on".equals(value) || "off".equals(value);
                valuesByGroup.computeIfAbsent(row.scenario() + "|" + row.algorithm() + "|" + row.transport() + "|" + row.nodes(),
                    key -> new HashSet<>()).add(null == value ? "" : value);
            }
            if (onOffOnly && valuesByGroup.values().stream().anyMatch(values -> values.size() > 1))
            {
                onOff.add(name);
            }
        }
        return onOff;
    }

    private static boolean hostLate(final RunData data, final RowKey row)
    {
        final Cell late = data.cell(row, Findings.HOST_LATE);
        return null != late && late.value() > 0;
    }

    private static NamedChart categoryChart(
        final String stem, final String title, final String xTitle, final String yTitle, final SortedMap<String, SortedMap<String, Double>> series)
    {
        if (series.isEmpty())
        {
            return null;
        }
        final SortedSet<String> categories = new TreeSet<>();
        for (final SortedMap<String, Double> values : series.values())
        {
            categories.addAll(values.keySet());
        }
        final CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        style(chart.getStyler());
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        // Many scenarios: their names stand at an angle rather than run into each other.
        chart.getStyler().setXAxisLabelRotation(categories.size() > 6 ? 30 : 0);
        int colour = 0;
        for (final Map.Entry<String, SortedMap<String, Double>> entry : series.entrySet())
        {
            final List<String> x = new ArrayList<>();
            final List<Number> y = new ArrayList<>();
            for (final String category : categories)
            {
                x.add(category);
                y.add(entry.getValue().getOrDefault(category, 0.0));
            }
            chart.addSeries(entry.getKey(), x, y).setFillColor(PALETTE[colour++ % PALETTE.length]);
        }
        return new NamedChart(stem, title, null, chart);
    }

    /** @return the figure: its panels two to a row (one panel alone keeps the whole width). */
    static NamedChart figure(final String stem, final String title, final String scenario, final List<Chart<?, ?>> panels,
        final List<String> notes)
    {
        final List<String> stated = new ArrayList<>();
        notes.stream().filter(note -> !note.isBlank()).forEach(stated::add);
        return new NamedChart(stem, title, scenario, panels, panels.size() == 1 ? 1 : COLUMNS, stated);
    }

    /** @return a panel: the whole figure's width when it is the only one, half of it otherwise; its title what sets it apart. */
    static XYChart panel(final String title, final String xTitle, final String yTitle, final int panels)
    {
        final XYChart chart = new XYChartBuilder().width(panels == 1 ? WIDTH : WIDTH / COLUMNS).height(PANEL_HEIGHT)
            .title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        style(chart.getStyler());
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        return chart;
    }

    static void style(final AxesChartStyler styler)
    {
        styler.setLocale(Locale.ROOT);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotGridLinesColor(new Color(0xdddddd));
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        styler.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        styler.setAxisTickLabelsFont(TICK_FONT);
        styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        styler.setLegendBorderColor(new Color(0xcccccc));
        styler.setYAxisDecimalPattern("#,##0.###");
    }

    /** @return a panel against n: cluster sizes on a log axis, its labels every size it can fit, or the decades where they would collide. */
    private static XYChart nodesChart(final String title, final String yTitle, final int panels, final SortedSet<Integer> nodes)
    {
        final XYChart chart = panel(title, "cluster size n (nodes, log)", yTitle, panels);
        chart.getStyler().setXAxisLogarithmic(true);
        if (!nodes.isEmpty())
        {
            logAxis(chart, false, nodes.first(), nodes.last(), (int)(chart.getWidth() * PLOT_SHARE));
        }
        return chart;
    }

    /**
     * Whether a log axis from {@code min} to {@code max} over {@code lengthPx} must label its decades only: XChart labels
     * every 1…9 × 10^k otherwise, and the closest two (9 and 10 × 10^k, log10(10/9) of a decade apart) must still leave
     * room for the widest label (horizontal axis) or a line of text (vertical one).
     */
    static boolean decadesOnly(final double min, final double max, final int lengthPx, final boolean vertical, final XYChart chart)
    {
        if (!(max > min) || min <= 0)
        {
            return false;
        }
        final double decades = Math.max(Math.log10(max) - Math.log10(min), 1e-9);
        final double closestPx = Math.log10(10.0 / 9.0) * lengthPx / decades;
        final java.awt.FontMetrics metrics = new java.awt.image.BufferedImage(1, 1, java.awt.image.BufferedImage.TYPE_INT_RGB)
            .createGraphics().getFontMetrics(chart.getStyler().getAxisTickLabelsFont());
        // The closest two labels are the top decade's 9 × 10^k and 10^(k+1); each reaches half its width towards the other.
        final double top = Math.pow(10, Math.ceil(Math.log10(max)));
        final double needPx = vertical ? metrics.getAscent() + 2 :
            (metrics.stringWidth(Numbers.format(top * 0.9)) + metrics.stringWidth(Numbers.format(top))) / 2.0 + TICK_GAP_PX;
        return closestPx < needPx;
    }

    /**
     * Sets a log axis to label every 1…9 × 10^k where the labels fit, its decades otherwise; an axis labelled at its
     * decades spans whole decades where fewer than two fall inside its values, so at least two are labelled.
     */
    static void logAxis(final XYChart chart, final boolean vertical, final double min, final double max, final int lengthPx)
    {
        final boolean decades = decadesOnly(min, max, lengthPx, vertical, chart);
        final double low = Math.pow(10, Math.floor(Math.log10(min)));
        final double high = Math.pow(10, Math.ceil(Math.log10(max)));
        final boolean widen = decades && Math.floor(Math.log10(max)) - Math.ceil(Math.log10(min)) < 1;
        if (vertical)
        {
            chart.getStyler().setYAxisLogarithmic(true);
            chart.getStyler().setYAxisLogarithmicDecadeOnly(decades);
            if (widen)
            {
                chart.getStyler().setYAxisMin(low);
                chart.getStyler().setYAxisMax(high);
            }
        }
        else
        {
            chart.getStyler().setXAxisLogarithmic(true);
            chart.getStyler().setXAxisLogarithmicDecadeOnly(decades);
            if (widen)
            {
                chart.getStyler().setXAxisMin(low);
                chart.getStyler().setXAxisMax(high);
            }
        }
    }

    private static SortedSet<Integer> nodes(final SortedMap<String, SortedMap<Integer, RowKey>> lines)
    {
        final SortedSet<Integer> nodes = new TreeSet<>();
        lines.values().forEach(line -> nodes.addAll(line.keySet()));
        return nodes;
    }

    private static <K extends Number> Line line(final String name, final SortedMap<K, RowKey> points, final ToDoubleFunction<RowKey> y,
        final Color colour, final Marker marker, final boolean dashed, final boolean inLegend)
    {
        final List<Double> xs = new ArrayList<>();
        final List<Double> ys = new ArrayList<>();
        for (final Map.Entry<K, RowKey> point : points.entrySet())
        {
            final double value = y.applyAsDouble(point.getValue());
            if (!Double.isNaN(value))
            {
                xs.add(point.getKey().doubleValue());
                ys.add(value);
            }
        }
        return new Line(name, xs, ys, colour, marker, dashed, inLegend);
    }

    private static void guide(
        final XYChart chart, final String name, final double fromNodes, final double atMessages, final double toNodes,
        final java.util.function.DoubleUnaryOperator shape, final BasicStroke line)
    {
        if (shape.applyAsDouble(fromNodes) <= 0 || !(toNodes > fromNodes))
        {
            return;
        }
        final double scale = atMessages / shape.applyAsDouble(fromNodes);
        final List<Double> xs = new ArrayList<>();
        final List<Double> ys = new ArrayList<>();
        for (double n = fromNodes; n < toNodes; n *= 1.25)
        {
            xs.add(n);
            ys.add(scale * shape.applyAsDouble(n));
        }
        xs.add(toNodes);
        ys.add(scale * shape.applyAsDouble(toNodes));
        final XYSeries series = chart.addSeries(name, xs, ys);
        series.setMarker(SeriesMarkers.NONE);
        series.setLineColor(GUIDE);
        series.setLineStyle(line);
    }

    /** @return per panel (transport and the settings that tell rows apart), per algorithm, its rows by n. */
    private static Map<String, SortedMap<String, SortedMap<Integer, RowKey>>> linesByPanel(final RunData data, final String scenario)
    {
        final List<String> varying = linesApart(data.rows(scenario));
        final Map<String, SortedMap<String, SortedMap<Integer, RowKey>>> panels = new TreeMap<>(RowKey.Settings.NATURAL);
        for (final Map.Entry<String, List<RowKey>> panel : panels(data.rows(scenario), varying).entrySet())
        {
            for (final RowKey row : panel.getValue())
            {
                if (row.nodes() > 0)
                {
                    panels.computeIfAbsent(panel.getKey(), key -> new TreeMap<>(RowKey.Settings.NATURAL))
                        .computeIfAbsent(row.algorithm(), key -> new TreeMap<>()).put(row.nodes(), row);
                }
            }
        }
        return panels;
    }

    /**
     * @return the settings that tell rows of one algorithm, transport and n apart, but T_coord: where not given it is
     *     derived from n and T_elec (a ring's laps grow with n) and would split one line into a point per n.
     */
    private static List<String> linesApart(final List<RowKey> rows)
    {
        final List<String> varying = new ArrayList<>(distinguishing(rows));
        varying.remove(Parameters.COORDINATOR_TIMEOUT);
        return varying;
    }

    /** @return the rows by panel: the transport and the values of the settings that tell rows apart, as the panel's title. */
    static SortedMap<String, List<RowKey>> panels(final List<RowKey> rows, final List<String> varying)
    {
        final SortedMap<String, List<RowKey>> panels = new TreeMap<>(RowKey.Settings.NATURAL);
        for (final RowKey row : rows)
        {
            panels.computeIfAbsent(row.transport() + spaced(row.settingsText(varying)), key -> new ArrayList<>()).add(row);
        }
        return panels;
    }

    private static String spaced(final String settings)
    {
        return settings.isEmpty() ? "" : ", " + settings;
    }

    /**
     * @return "Held fixed: a=1, b=2." for the settings every one of the rows has with one value (but those named), or
     *     an empty string.
     */
    static String heldFixed(final List<RowKey> rows, final List<String> except)
    {
        final SortedMap<String, Set<String>> values = new TreeMap<>();
        for (final RowKey row : rows)
        {
            row.settings().forEach((name, value) -> values.computeIfAbsent(name, key -> new HashSet<>()).add(value));
        }
        final List<String> fixed = new ArrayList<>();
        for (final Map.Entry<String, Set<String>> entry : values.entrySet())
        {
            final boolean everywhere = rows.stream().allMatch(row -> row.settings().containsKey(entry.getKey()));
            if (entry.getValue().size() == 1 && everywhere && !except.contains(entry.getKey()))
            {
                fixed.add(entry.getKey() + "=" + entry.getValue().iterator().next());
            }
        }
        return fixed.isEmpty() ? "" : "Held fixed: " + String.join(", ", fixed) + ".";
    }

    private static void overlapNote(final List<String> merged, final List<String> notes)
    {
        if (!merged.isEmpty())
        {
            notes.add("Identical values, drawn as one line: " + String.join("; ", new TreeSet<>(merged)) + ".");
        }
    }

    /**
     * @return the settings that tell apart rows of one algorithm, transport and n. A setting that
     *     differs only between algorithms or only with n (a timeout derived from the cluster size)
     *     names no line of its own: the legend names what a reader can compare.
     */
    static List<String> distinguishing(final List<RowKey> rows)
    {
        final SortedSet<String> names = new TreeSet<>();
        for (final RowKey row : rows)
        {
            names.addAll(row.settings().keySet());
        }
        final List<String> distinguishing = new ArrayList<>();
        for (final String name : names)
        {
            final Map<String, Set<String>> valuesByGroup = new HashMap<>();
            for (final RowKey row : rows)
            {
                valuesByGroup.computeIfAbsent(row.algorithm() + "|" + row.transport() + "|" + row.nodes(), key -> new HashSet<>())
                    .add(row.settings().getOrDefault(name, ""));
            }
            if (valuesByGroup.values().stream().anyMatch(values -> values.size() > 1))
            {
                distinguishing.add(name);
            }
        }
        return distinguishing;
    }

    private static Map<String, List<RowKey>> byAlgorithm(final List<RowKey> rows)
    {
        final Map<String, List<RowKey>> byAlgorithm = new LinkedHashMap<>();
        for (final RowKey row : rows)
        {
            byAlgorithm.computeIfAbsent(row.algorithm(), key -> new ArrayList<>()).add(row);
        }
        return byAlgorithm;
    }

    static double value(final RunData data, final RowKey row, final String columnId)
    {
        final Cell cell = data.cell(row, columnId);
        return null == cell ? Double.NaN : cell.value();
    }

    /** @return a convergence percentile in ms from the row's histogram, NaN where the elections cannot give it (p99 below 100). */
    private static double percentile(final RunData data, final RowKey row, final double percentile)
    {
        final Estimate estimate = Estimate.of(data.histogram(row, CONVERGENCE), percentile);
        if (null != estimate)
        {
            return estimate.value() / 1e6;
        }
        return percentile > 90 ? Double.NaN : value(data, row, CONVERGENCE + ".p50") / 1e6;
    }

    /** @return the tail axis's whole ticks as the percentiles they stand for: log10 1/(1-p) = 0 is 0%, 1 is 90%, 2 is 99%. */
    static String percentileLabel(final Double decades)
    {
        final double rounded = Math.rint(decades);
        if (Math.abs(decades - rounded) > 1e-9 || rounded < 0)
        {
            return blank(decades);
        }
        return Numbers.format(100 * (1 - Math.pow(10, -rounded))) + "%";
    }

    /**
     * @return no label at tick {@code x}: blanks of a length its own, as XChart lays ticks out only when every label
     *     differs (it tries the same spacing forever otherwise), and their width makes it try wider spacings, so the
     *     labels that are text stand apart.
     */
    static String blank(final double x)
    {
        return NO_LABEL.repeat(1 + (int)Math.round(Math.abs(x) * 10));
    }

    /** @return text safe in a file name. */
    static String safe(final String text)
    {
        final StringBuilder safe = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++)
        {
            final char c = text.charAt(i);
            safe.append(Character.isLetterOrDigit(c) && c < 128 || c == '.' || c == '-' ? c : '+');
        }
        return safe.toString();
    }
}
