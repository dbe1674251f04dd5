package org.electbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.electbench.harness.RuntimeRegistry;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.Detectors;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.metrics.Metric;
import org.electbench.transport.metrics.Metrics;
import org.electbench.transport.metrics.Sample;
import org.junit.jupiter.api.Test;

/**
 * Every figure the simulator publishes, for a few seeded runs of each algorithm at n = 5 and 17 on
 * leader-crash, cascade, partition and lossy (and a random-delay cell, which draws from the
 * network's random streams): summed per cell and compared with the figures the simulator gave
 * before it was made faster ({@code simulator-figures.txt}). A change to how the simulator gets
 * there (fewer events, cheaper set-up, another queue) must leave every one of them as it was;
 * only the event count, the simulator's own work, may change and is not compared.
 * <p>
 * The file is made by running this test with {@code -Delectbench.figures.write=FILE} on the code
 * whose figures are the reference: it then writes FILE instead of comparing.
 */
class SimulatorFiguresTest
{
    private static final String FIGURES = "simulator-figures.txt";
    private static final int RUNS = 12;
    private static final List<String> ALGORITHMS = List.of("bully", "ring", "quorum", "raft");
    private static final List<String> KINDS = List.of("leader-crash", "cascade", "partition", "lossy");

    private record Cell(String algorithm, int nodes, String kind, String detect, String delay)
    {
        String key()
        {
            return algorithm + " n=" + nodes + " " + kind + " detect=" + detect + " delay=" + delay;
        }

        Scenario scenario()
        {
            Detectors who = null;
            for (final Detectors detect : Detectors.values())
            {
                if (detect.cliName().equals(this.detect))
                {
                    who = detect;
                }
            }
            return Scenario.builder()
                .algorithm(algorithm)
                .nodes(nodes)
                .kind(ScenarioKind.fromCliName(kind))
                .detect(who)
                .network(NetworkModel.parse(delay))
                .seed(1)
                .build();
        }
    }

    private static List<Cell> cells()
    {
        final List<Cell> cells = new ArrayList<>();
        for (final String algorithm : ALGORITHMS)
        {
            for (final int nodes : new int[]{5, 17})
            {
                for (final String kind : KINDS)
                {
                    cells.add(new Cell(algorithm, nodes, kind, "all", "constant:1ms"));
                }
            }
            cells.add(new Cell(algorithm, 5, "leader-crash", "random", "exponential:2ms"));
            cells.add(new Cell(algorithm, 17, "lossy", "lowest", "uniform:1ms,3ms"));
        }
        return cells;
    }

    /** @return per cell, each figure's sum over the runs (present values only) and how many runs had one. */
    private static Map<String, String> measure()
    {
        final Map<String, String> figures = new LinkedHashMap<>();
        try (ClusterRuntime runtime = RuntimeRegistry.instance().get("sim").newRuntime())
        {
            for (final Cell cell : cells())
            {
                final Scenario base = cell.scenario();
                final List<Metric> metrics = Metrics.forTypes(base.algorithm().messageTypes(), base.algorithm().heartbeatType());
                final long[] sums = new long[metrics.size()];
                final int[] present = new int[metrics.size()];
                long endNs = 0;
                for (int run = 0; run < RUNS; run++)
                {
                    final ElectionResult result = runtime.run(base.forRun(run));
                    final Sample sample = Sample.of(result);
                    endNs += result.endNs();
                    for (int i = 0; i < metrics.size(); i++)
                    {
                        final long value = metrics.get(i).read(sample);
                        if (metrics.get(i).present(value))
                        {
                            sums[i] += value;
                            present[i]++;
                        }
                    }
                }
                figures.put(cell.key() + " | endNs", Long.toString(endNs));
                for (int i = 0; i < metrics.size(); i++)
                {
                    if (!Metrics.EVENTS.name().equals(metrics.get(i).name()))
                    {
                        figures.put(cell.key() + " | " + metrics.get(i).name(), sums[i] + " in " + present[i]);
                    }
                }
            }
        }
        return figures;
    }

    @Test
    void everyFigureIsTheSameAsBeforeTheSimulatorWasMadeFaster() throws IOException
    {
        final Map<String, String> measured = measure();
        final String write = System.getProperty("electbench.figures.write");
        if (null != write)
        {
            final StringBuilder text = new StringBuilder("# cell | figure = sum over " + RUNS + " runs (seeds of forRun 0..)" +
                " in runs that have it; made by SimulatorFiguresTest\n");
            measured.forEach((key, value) -> text.append(key).append(" = ").append(value).append('\n'));
            Files.writeString(Path.of(write), text.toString());
            return;
        }
        final Map<String, String> expected = new LinkedHashMap<>();
        try (InputStream in = SimulatorFiguresTest.class.getResourceAsStream(FIGURES))
        {
            assertNotNull(in, FIGURES);
            final BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); null != line; line = reader.readLine())
            {
                if (!line.startsWith("#") && !line.isBlank())
                {
                    final int equals = line.lastIndexOf(" = ");
                    expected.put(line.substring(0, equals), line.substring(equals + 3));
                }
            }
        }
        assertFalse(expected.isEmpty());
        final List<String> changed = new ArrayList<>();
        // Figures declared after the file was made are not in it; every figure in it must still be given, unchanged.
        expected.forEach((key, value) ->
        {
            if (!value.equals(measured.get(key)))
            {
                changed.add(key + ": was " + value + ", now " + measured.get(key));
            }
        });
        assertEquals(List.of(), changed);
    }
}
