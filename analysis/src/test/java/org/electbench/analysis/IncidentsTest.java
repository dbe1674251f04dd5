package org.electbench.analysis;

import org.electbench.reporting.ChartImage;
import org.electbench.reporting.NamedChart;
import org.electbench.reporting.Cell;
import org.electbench.reporting.Table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.electbench.transport.ElectionResult;
import org.electbench.transport.metrics.Metrics;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.HeatMapChart;

/** The incidents' comparison table and availability strips, from known rows. */
class IncidentsTest
{
    private static final Metric SPLIT_BRAIN = new Metric("splitBrain", "runs", Metric.Kind.VIOLATION);

    /** Availability over time: {@code first} in the first half of the disturbance, {@code second} in the other. */
    private static void availability(final RunData data, final RowKey row, final double first, final double second)
    {
        for (int bin = 0; bin < ElectionResult.Disturbance.BINS; bin++)
        {
            data.put(row, new Column(new Metric(Metrics.AVAILABILITY_OVER_TIME.get(bin).name(), "permille", Metric.Kind.COUNT),
                Column.Statistic.MEAN), Cell.of(bin < ElectionResult.Disturbance.BINS / 2 ? first : second));
        }
        data.put(row, new Column(JmhSource.ELECTIONS_MEASURED, Column.Statistic.MEAN), Cell.of(20));
    }

    private static RunData chained()
    {
        final RunData data = new RunData();
        final RowKey bully = ChartsTest.row("chained", "bully", "sim", 5);
        availability(data, bully, 1000, 0);
        data.put(bully, new Column(SPLIT_BRAIN, Column.Statistic.RUNS), Cell.of(20));
        for (final String preVote : List.of("off", "on"))
        {
            for (final String checkQuorum : List.of("off", "on"))
            {
                final boolean both = preVote.equals("on") && checkQuorum.equals("on");
                availability(data, ChartsTest.row("chained", "raft", "sim", 5, "pre-vote", preVote, "check-quorum", checkQuorum,
                    "timeout-spread", "150ms"), both ? 500 : 100, both ? 1000 : 200);
            }
        }
        return data;
    }

    @Test
    void tableSetsEveryAlgorithmAndRaftVariantSideBySide()
    {
        final Table table = Incidents.table(chained(), "chained");

        assertEquals(5, table.rows().size());
        assertEquals(List.of("bully", "raft", "raft PV", "raft CQ", "raft CQ+PV"),
            table.rows().stream().map(row -> row.get(0).text()).toList());
        // bully: a leader in the first half only; raft with both: half of the first half and all of the second.
        assertEquals(50.0, table.value(0, "availability_pct").exact());
        assertEquals(75.0, table.value(4, "availability_pct").exact());
        assertEquals(15.0, table.value(1, "availability_pct").exact());
        assertEquals("splitBrain 20", table.value(0, "safety_runs").text());
        assertEquals("none", table.value(4, "safety_runs").text());
        assertTrue(table.notes().get(0).contains("http"), "the scenario's source is cited: " + table.notes());
    }

    @Test
    void stripsDrawEachVariantsAvailabilityPartByPart()
    {
        final NamedChart chart = Incidents.strips(chained(), "chained");

        assertNotNull(chart);
        final HeatMapChart strips = (HeatMapChart)chart.chart();
        assertEquals(List.of("bully", "raft", "raft PV", "raft CQ", "raft CQ+PV"), strips.getHeatMapSeries().getYData());
        final List<Number[]> heat = new java.util.ArrayList<>(strips.getHeatMapSeries().getHeatData());
        assertEquals(5 * ElectionResult.Disturbance.BINS, heat.size());
        // bully's (y = 0) first part had a leader all the time, its last none.
        assertEquals(List.of(100.0, 0.0), heat.stream().filter(cell -> cell[1].intValue() == 0 &&
            (cell[0].intValue() == 0 || cell[0].intValue() == ElectionResult.Disturbance.BINS - 1)).map(cell -> cell[2].doubleValue()).toList());
        ChartImage.image(chart, List.of());
        assertEquals(List.of(), ChartLayout.problems(chart.stem(), chart.chart()));
    }

    private static void mean(final RunData data, final RowKey row, final String metric, final double value)
    {
        data.put(row, new Column(new Metric(metric, "ns", Metric.Kind.COUNT), Column.Statistic.MEAN), Cell.of(value));
    }

    /** Switch failure: bully keeps a second leader 5.89 s of the 6 s with a majority leader all the time; raft with PreVote one leader. */
    private static RunData switchFailure()
    {
        final RunData data = new RunData();
        final RowKey bully = ChartsTest.row("switch-failure", "bully", "sim", 5);
        availability(data, bully, 1000, 1000);
        // The cell of a level holds its best run; the table reads the mean a run had.
        data.put(bully, new Column(new Metric(Incidents.AVAILABILITY, "permille", Metric.Kind.MEAN), Column.Statistic.MAX),
            Cell.of(1000));
        data.putMean(bully, Incidents.AVAILABILITY, 983.5);
        mean(data, bully, Incidents.SPLIT_BRAIN_TIME, 5.89e9);
        mean(data, bully, Incidents.NO_MAJORITY_LEADER_TIME, 0);
        mean(data, bully, Incidents.DEPOSED_LEADER_TIME, 2.5e6);
        for (int bin = 0; bin < ElectionResult.Disturbance.BINS; bin++)
        {
            data.put(bully, new Column(new Metric(Incidents.splitBinName(bin), "permille", Metric.Kind.COUNT), Column.Statistic.MEAN),
                Cell.of(bin == 0 ? 200 : 1000));
        }
        final RowKey raft = ChartsTest.row("switch-failure", "raft", "sim", 5, "pre-vote", "on");
        availability(data, raft, 1000, 1000);
        mean(data, raft, Incidents.SPLIT_BRAIN_TIME, 0);
        final org.HdrHistogram.Histogram stable = new org.HdrHistogram.Histogram(3);
        for (int run = 0; run < 20; run++)
        {
            stable.recordValue(0);
        }
        data.putHistogram(raft, new Metric(Incidents.STABLE_LEADER, "ns", Metric.Kind.DISTRIBUTION), stable);
        availability(data, ChartsTest.row("switch-failure", "raft", "sim", 5, "pre-vote", "off"), 800, 700);
        return data;
    }

    @Test
    void aSecondLeaderShowsBesideFullAvailabilityAndTheRunNeverSettles()
    {
        final Table table = Incidents.table(switchFailure(), "switch-failure");

        assertEquals(List.of("bully", "raft", "raft PV"), table.rows().stream().map(row -> row.get(0).text()).toList());
        // The per-run metric, not the mean of the twenty rounded parts.
        assertEquals(98.35, (double)table.value(0, "availability_pct").exact(), 1e-9);
        assertEquals(5890.0, table.value(0, "splitBrainTime_mean_ms").exact());
        assertEquals(2.5, table.value(0, "deposedLeaderTime_mean_ms").exact());
        assertEquals("0 of 20", table.value(0, "stableLeader_runs").text());
        assertEquals(0.0, table.value(2, "splitBrainTime_mean_ms").exact());
        assertEquals("20 of 20", table.value(2, "stableLeader_runs").text());
        assertEquals("0 of 20", table.value(1, "stableLeader_runs").text());
        assertTrue(String.join(" ", table.notes()).contains("no other leader anywhere"), table.notes().toString());
    }

    /**
     * Two runs of a run report, 96.7 % and 100 % of the disturbance with a majority leader: the table shows their mean,
     * 98.35 %, not the best run the cell holds nor the mean of the twenty parts (each 98 % here, rounded).
     */
    @Test
    void availabilityIsTheMeanOfThePerRunMetricReadFromARunReport() throws Exception
    {
        final StringBuilder metrics = new StringBuilder(metric("availability", "permille", "mean", 1967, 983.5, 967, 1000));
        for (int bin = 0; bin < ElectionResult.Disturbance.BINS; bin++)
        {
            metrics.append(',').append(metric(Incidents.binName(bin), "permille", "count", 1960, 980, 960, 1000));
        }
        final String json = "{\"format\":\"" + org.electbench.harness.RunReport.FORMAT + "\",\"parameters\":{\"algorithm\":\"bully\"," +
            "\"runtime\":\"sim\",\"nodes\":\"5\",\"scenario\":\"switch-failure\",\"seed\":\"0\"},\"messageTypes\":[]," +
            "\"heartbeatType\":0,\"runs\":2,\"leader\":5,\"paired\":false,\"metrics\":[" + metrics + "],\"wallNs\":1}";
        final RunData data = new RunData();
        final RowKey row = RunReportSource.add(data, java.nio.file.Path.of("report.json"),
            org.electbench.harness.RunReportCodec.mapper().readTree(json));

        assertEquals(1000.0, data.cell(row, Incidents.AVAILABILITY).value(), "the cell: the best run");
        final Table table = Incidents.table(data, "switch-failure");
        assertEquals("98.35", table.value(0, "availability_pct").text());
        assertEquals(98.35, (double)table.value(0, "availability_pct").exact(), 1e-9);
    }

    private static String metric(final String name, final String unit, final String kind, final long sum, final double mean,
        final long min, final long max)
    {
        return "{\"name\":\"" + name + "\",\"unit\":\"" + unit + "\",\"kind\":\"" + kind + "\",\"description\":\"\",\"runs\":2," +
            "\"samples\":2,\"sum\":" + sum + ",\"mean\":" + mean + ",\"min\":" + min + ",\"max\":" + max + "}";
    }

    /** tables.md is the report's tables: an incident's own table follows its scenario's, with the disturbance's figures. */
    @Test
    void tablesMarkdownHoldsTheIncidentTableWithItsFigures()
    {
        final RunData data = switchFailure();
        data.put(ChartsTest.row("switch-failure", "bully", "sim", 5),
            new Column(new Metric("convergence", "ns", Metric.Kind.DISTRIBUTION), Column.Statistic.P50), Cell.of(0));
        final String markdown = Tables.markdown(data);

        final int plain = markdown.indexOf("### switch-failure");
        final int incident = markdown.indexOf("## Incident: switch-failure, algorithms and variants side by side");
        assertTrue(plain >= 0 && incident > plain, markdown);
        final String bully = markdown.lines().skip(markdown.substring(0, incident).lines().count())
            .filter(line -> line.startsWith("| bully ")).findFirst().orElseThrow();
        assertEquals(List.of("bully", "sim", "5", "20", "98.35", "5890", "0", "2.5", "0 of 20", "", "", "", "", "none"),
            List.of(bully.substring(1, bully.length() - 1).split("\\|", -1)).stream().map(String::trim).toList());
        assertTrue(markdown.contains("An incident: convergence is from the heal"), markdown);
    }

    @Test
    void splitBrainHasAStripOfItsOwnColour()
    {
        final NamedChart chart = Incidents.strips(switchFailure(), "switch-failure");

        assertNotNull(chart);
        assertEquals(2, chart.panels().size(), "availability, then two or more leaders");
        final HeatMapChart split = (HeatMapChart)chart.panels().get(1);
        assertEquals("% of the time with two or more leaders", split.getHeatMapSeries().getName());
        final List<Number[]> heat = new java.util.ArrayList<>(split.getHeatMapSeries().getHeatData());
        assertEquals(List.of(20.0, 100.0), heat.stream()
            .filter(cell -> cell[1].intValue() == 0 && cell[0].intValue() <= 1).map(cell -> cell[2].doubleValue()).toList());
    }

    @Test
    void aTextbookScenarioIsNoIncident()
    {
        final RunData data = chained();
        ChartsTest.measure(data, ChartsTest.row("leader-crash", "bully", "sim", 5), 200, 10, 4);
        assertEquals(List.of("chained"), Incidents.scenarios(data));
    }
}
