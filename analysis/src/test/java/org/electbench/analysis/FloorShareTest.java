package org.electbench.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.electbench.reporting.Cell;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulator's row of the performance table carries its share of the floor: its elections per
 * second over those of SimulatorFloorBenchmark at the same parameters, read from the stages' two
 * JMH files; a row whose floor was not measured has none. The share carries the two scores'
 * intervals, their relative half-widths added in quadrature.
 */
final class FloorShareTest
{
    @TempDir
    Path folder;

    @Test
    void simulatorRowGetsItsScoreOverTheFloorsAtTheSameParameters() throws IOException
    {
        Files.writeString(folder.resolve("jmh-simulator.json"),
            "[" + result("SimulatorBenchmark.simulateElection", "5", 250_000) + "," +
                result("SimulatorBenchmark.simulateElection", "65", 1_000) + "]", StandardCharsets.UTF_8);
        Files.writeString(folder.resolve("jmh-simulator-floor.json"),
            "[" + result("SimulatorFloorBenchmark.floorElection", "5", 400_000) + "]", StandardCharsets.UTF_8);

        final RunData data = RunFolders.read(List.of(folder), name -> null);

        final String share = new Column(JmhSource.FLOOR_SHARE, Column.Statistic.MEAN).id();
        final RowKey five = row(data, "5");
        final RowKey sixtyFive = row(data, "65");
        assertEquals(0.625, data.cell(five, share).value(), 1e-12);
        assertFalse(data.cell(five, share).hasError(), "neither score had an interval");
        assertNull(data.cell(sixtyFive, share));
    }

    @Test
    void shareCarriesBothScoresIntervals() throws IOException
    {
        // 250,000 ± 10 % over 400,000 ± 7.5 %: 0.625 ± 0.625 * sqrt(0.1² + 0.075²) = 0.625 ± 0.078125.
        Files.writeString(folder.resolve("jmh-simulator.json"),
            "[" + result("SimulatorBenchmark.simulateElection", "5", 250_000, "25000") + "]", StandardCharsets.UTF_8);
        Files.writeString(folder.resolve("jmh-simulator-floor.json"),
            "[" + result("SimulatorFloorBenchmark.floorElection", "5", 400_000, "30000") + "]", StandardCharsets.UTF_8);

        final RunData data = RunFolders.read(List.of(folder), name -> null);
        final Cell cell = data.cell(row(data, "5"), new Column(JmhSource.FLOOR_SHARE, Column.Statistic.MEAN).id());

        assertEquals(0.625, cell.value(), 1e-12);
        assertEquals(0.078125, cell.error(), 1e-12);
    }

    private static RowKey row(final RunData data, final String nodes)
    {
        return data.rows().stream()
            .filter(row -> row.scenario().equals(JmhSource.SIMULATOR) && String.valueOf(row.nodes()).equals(nodes))
            .findFirst().orElseThrow(() -> new AssertionError("no simulator row at n = " + nodes + ": " + data.rows()));
    }

    private static String result(final String benchmark, final String nodes, final double score)
    {
        return result(benchmark, nodes, score, "\"NaN\"");
    }

    private static String result(final String benchmark, final String nodes, final double score, final String error)
    {
        return "{\"jmhVersion\":\"1.37\",\"benchmark\":\"org.electbench.bench." + benchmark + "\",\"mode\":\"thrpt\"," +
            "\"threads\":1,\"forks\":1,\"params\":{\"algorithm\":\"bully\",\"delay\":\"constant:1ms\",\"detect\":\"all\"," +
            "\"nodes\":\"" + nodes + "\",\"scenario\":\"leader-crash\"}," +
            "\"primaryMetric\":{\"score\":" + score + ",\"scoreError\":" + error + ",\"scoreUnit\":\"ops/s\",\"rawData\":[[" + score + "]]}," +
            "\"secondaryMetrics\":{}}";
    }
}
