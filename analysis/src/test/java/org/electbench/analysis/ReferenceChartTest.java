package org.electbench.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;

import org.HdrHistogram.Histogram;
import org.electbench.reporting.NamedChart;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

class ReferenceChartTest
{
    private static final long SILENCE_NS = 150_000_000L;

    @TempDir
    Path folder;

    /** A row of {@code converged} failovers agreeing after 1, 2, ... ms, and one that never converged. */
    private void row(final String system, final int nodes, final int converged) throws IOException
    {
        final StringBuilder failovers = new StringBuilder();
        for (int i = 0; i < converged; i++)
        {
            failovers.append("{\"oldLeader\":1,\"newLeader\":2,\"electedNs\":0,\"agreedNs\":").append((i + 1) * 1_000_000L)
                .append(",\"stepDownNs\":-1,\"twoLeadersClaimedNs\":0,\"staleWrites\":0,\"writes\":1,\"maxLateNs\":0,\"hostLate\":")
                .append(0 == i).append("},");
        }
        failovers.append("{\"oldLeader\":1,\"newLeader\":0,\"electedNs\":-1,\"agreedNs\":-1,\"stepDownNs\":-1,\"twoLeadersClaimedNs\":0," +
            "\"staleWrites\":0,\"writes\":0,\"maxLateNs\":0,\"hostLate\":false}");
        Files.createDirectories(folder.resolve(ReferenceTable.FOLDER));
        Files.writeString(folder.resolve(ReferenceTable.FOLDER).resolve(system + "-leader-crash-n" + nodes + ".json"),
            "{\"format\":\"" + ReferenceTable.FORMAT + "\",\"system\":\"" + system + "\",\"implementation\":\"X 1.0\"," +
                "\"scenario\":\"leader-crash\",\"nodes\":" + nodes + ",\"settings\":{},\"detectionSilenceNs\":" + SILENCE_NS +
                ",\"failovers\":[" + failovers + "],\"matching\":\"D 150ms, HBT 50ms as k\"}", StandardCharsets.UTF_8);
    }

    /** A textbook leader-crash row at n = 3 whose elections converged after 1, 2, 3 and 4 times {@code stepMs}. */
    private static void textbook(final RunData data, final String algorithm, final String transport, final String detection,
        final long stepMs)
    {
        final TreeMap<String, String> settings = new TreeMap<>();
        settings.put("detectionTimeout", detection);
        final Histogram histogram = new Histogram(3);
        for (int i = 1; i <= 4; i++)
        {
            histogram.recordValue(i * stepMs * 1_000_000L);
        }
        data.putHistogram(new RowKey("leader-crash", algorithm, 3, transport, settings),
            new Metric(Charts.CONVERGENCE, "ns", Metric.Kind.DISTRIBUTION), histogram);
    }

    @Test
    void aPanelPerSizeEachFailoverAStepTheUnconvergedKeptInTheCount() throws IOException
    {
        row("zookeeper", 3, 4);
        row("zookeeper", 5, 2);
        final NamedChart chart = ReferenceChart.chart(RunFolders.read(List.of(folder), name -> null));
        assertEquals(List.of("n = 3", "n = 5"), chart.panels().stream().map(panel -> panel.getTitle()).toList());
        final XYSeries line = ((XYChart)chart.panels().get(0)).getSeriesMap().get("zookeeper leader-crash (5 failovers, 1 unconverged, hostLate 1)");
        assertEquals(List.of(1.0, 2.0, 3.0, 4.0), doubles(line.getXData()));
        assertEquals(List.of(0.2, 0.4, 0.6, 0.8), doubles(line.getYData()), "one failover of five never converged: the line stops at 0.8");
    }

    @Test
    void theTextbookRowsBesideItAreTheRealTransportsAtTheSameSilence() throws IOException
    {
        row("aeron-cluster", 3, 4);
        final RunData data = RunFolders.read(List.of(folder), name -> null);
        textbook(data, "bully", "aeron-udp", "auto", 10);
        textbook(data, "raft", "aeron-udp", "150ms", 20);
        textbook(data, "quorum", "aeron-udp", "300ms", 30);
        textbook(data, "ring", "sim", "auto", 40);
        final XYChart panel = (XYChart)ReferenceChart.chart(data).panels().get(0);
        assertEquals(List.of("aeron-cluster leader-crash (5 failovers, 1 unconverged, hostLate 1)",
                "bully (aeron-udp, 4 elections)", "raft (aeron-udp, 4 elections)"),
            List.copyOf(panel.getSeriesMap().keySet()), "quorum is at another silence, ring on the simulator when a real transport has rows");
        final XYSeries bully = panel.getSeriesMap().get("bully (aeron-udp, 4 elections)");
        assertEquals(List.of(0.25, 0.5, 0.75, 1.0), doubles(bully.getYData()));
        assertEquals(10.0, bully.getXData()[0], 0.01);
    }

    @Test
    void itIsDrawnOnlyWhereThereIsAReferenceRowAndRegisteredWithTheOtherCharts() throws IOException
    {
        final RunData empty = new RunData();
        textbook(empty, "bully", "sim", "auto", 10);
        assertNull(ReferenceChart.chart(empty));
        row("zookeeper", 3, 4);
        final RunData data = RunFolders.read(List.of(folder), name -> null);
        assertTrue(Charts.all(data).stream().anyMatch(chart -> ReferenceChart.STEM.equals(chart.stem())));
    }

    private static List<Double> doubles(final double[] values)
    {
        return java.util.Arrays.stream(values).map(value -> Math.round(value * 1e6) / 1e6).boxed().toList();
    }
}
