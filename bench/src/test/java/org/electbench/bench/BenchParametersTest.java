package org.electbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.electbench.raft.RaftAlgorithm;
import org.electbench.sim.SimRuntime;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ElectionSettings.Knob;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.Scenario;
import org.electbench.transport.parameters.RunParameter;
import org.electbench.transport.parameters.RunParameters;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

/** The convergence benchmark's JMH parameters are the run parameter declarations, and a value JMH was not given is not given. */
class BenchParametersTest
{
    @Test
    void everyRunParameterIsAJmhParameterNotGivenByDefault()
    {
        final Set<String> params = new TreeSet<>();
        for (final Field field : ConvergenceBenchmark.class.getFields())
        {
            final Param param = field.getAnnotation(Param.class);
            if (null != param)
            {
                params.add(field.getName());
                if (null != RunParameters.find(field.getName()) || BenchParameters.OPTIONS.equals(field.getName()))
                {
                    assertEquals(String.class, field.getType(), field.getName());
                    assertEquals(1, param.value().length, field.getName());
                    assertEquals(RunParameters.NOT_GIVEN, param.value()[0], field.getName());
                }
            }
        }
        final Set<String> expected = new TreeSet<>(Set.of("algorithm", "transport", "seed", BenchParameters.OPTIONS));
        for (final RunParameter<?> parameter : RunParameters.all())
        {
            expected.add(parameter.key());
        }
        assertEquals(expected, params);
    }

    /**
     * The ring's derived heartbeat applies under the benchmark as under simulate: at n = 65, 128
     * ELECTION and 64 ELECTED (the last, at the agreement instant, not counted) and no heartbeat,
     * where the 50 ms heartbeat passed as given cut the ELECTED lap short (171 with 64 heartbeats).
     */
    @Test
    void aBenchmarkLeftAtItsDefaultsRunsWhatSimulateRuns()
    {
        final ConvergenceBenchmark benchmark = defaults();
        benchmark.algorithm = "ring";
        benchmark.nodes = "65";
        final Scenario fromJmh = BenchParameters.scenario(benchmark, benchmark.algorithm, 1, Map.of());
        final Scenario fromCli = RunParameters.scenario(AlgorithmRegistry.instance().get("ring"), 1, Map.of(RunParameters.NODES.declared(), 65));
        assertFalse(fromJmh.givenSettings().isExplicit(Knob.HEARTBEAT_INTERVAL));
        assertEquals(fromCli.settings().toString(), fromJmh.settings().toString());
        assertEquals(67_200_000L, fromJmh.settings().heartbeatIntervalNs(), "above a lap of 65 hops at 1 ms plus one hop skipped at the derived 2.1 ms T_elec");
        final ElectionResult result = new SimRuntime().run(fromJmh);
        // Counted alike, the ACKs included: 2n-2 ELECTION + n-1 ELECTED + 3n-6 ACK = 6n - 9 at n = 65.
        assertEquals(6 * 65 - 9, result.messagesTotal(), result.toString());
        assertEquals(0, result.heartbeats(), result.toString());
        assertEquals(new SimRuntime().run(fromCli).messagesTotal(), result.messagesTotal());
    }

    @Test
    void theOptionsParameterSetsAnyOptionTheAlgorithmDeclares()
    {
        final ConvergenceBenchmark benchmark = defaults();
        benchmark.options = "pre-vote:on+check-quorum:on";
        final Scenario raft = BenchParameters.scenario(benchmark, RaftAlgorithm.NAME, 1, Map.of());
        assertTrue(raft.settings().get(RaftAlgorithm.PRE_VOTE));
        assertTrue(raft.settings().get(RaftAlgorithm.CHECK_QUORUM));
        // Bully declares neither: it runs as it would without them.
        final Scenario bully = BenchParameters.scenario(benchmark, "bully", 1, Map.of());
        assertEquals(BenchParameters.scenario(defaults(), "bully", 1, Map.of()).settings().toString(), bully.settings().toString());
    }

    /** @return a benchmark whose parameters hold their {@code @Param} defaults, as JMH would set them. */
    private static ConvergenceBenchmark defaults()
    {
        final ConvergenceBenchmark benchmark = new ConvergenceBenchmark();
        try
        {
            for (final Field field : ConvergenceBenchmark.class.getFields())
            {
                final Param param = field.getAnnotation(Param.class);
                if (null != param && 1 == param.value().length && String.class.equals(field.getType()))
                {
                    field.set(benchmark, param.value()[0]);
                }
            }
        }
        catch (final IllegalAccessException ex)
        {
            throw new AssertionError(ex);
        }
        return benchmark;
    }
}
