package org.electbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ElectionSettings;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.Seeds;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every run's draws depend only on its own seed: run i alone, on a fresh simulator, equals run i
 * of a batch on one simulator, and equals it again when two threads share the batch, each on a
 * simulator of its own with another history. Raft draws its election timeouts from each node's
 * random source, which is seeded by the node's incarnation, so a runtime that carried incarnations
 * from run to run gave every run after the first other timeouts.
 */
class ReproducibleRunsTest
{
    private static final int RUNS = 6;
    private static final long SEED = 3;

    static List<String> algorithms()
    {
        final List<String> names = new ArrayList<>();
        AlgorithmRegistry.instance().names().forEach(names::add);
        return names;
    }

    private static List<Scenario> batch(final String algorithm)
    {
        final List<Scenario> runs = new ArrayList<>();
        final Scenario chaos = Scenario.builder().algorithm(algorithm).nodes(5).kind(ScenarioKind.CHAOS).seed(11).build();
        final Scenario crash = Scenario.builder().algorithm(algorithm).nodes(5).kind(ScenarioKind.LEADER_CRASH)
            .network(NetworkModel.parse("uniform:1ms,5ms")).seed(3).build();
        for (int run = 0; run < RUNS; run++)
        {
            runs.add(chaos.forRun(run));
            runs.add(crash.forRun(run));
        }
        return runs;
    }

    private static ClusterRuntime simulator()
    {
        return RuntimeRegistry.instance().get("sim").newRuntime();
    }

    @ParameterizedTest
    @MethodSource("algorithms")
    void runIAloneEqualsRunIOfABatchAtOneOrTwoThreads(final String algorithm) throws Exception
    {
        final List<Scenario> runs = batch(algorithm);
        final List<String> alone = new ArrayList<>();
        for (final Scenario run : runs)
        {
            try (ClusterRuntime fresh = simulator())
            {
                alone.add(fresh.run(run).toString());
            }
        }

        final List<String> oneThread = new ArrayList<>();
        try (ClusterRuntime shared = simulator())
        {
            for (final Scenario run : runs)
            {
                oneThread.add(shared.run(run).toString());
            }
        }
        assertEquals(alone, oneThread, algorithm + ": a batch on one simulator");

        final String[] twoThreads = new String[runs.size()];
        final ExecutorService pool = Executors.newFixedThreadPool(2);
        try
        {
            final List<Future<?>> halves = new ArrayList<>();
            for (int half = 0; half < 2; half++)
            {
                final int first = half;
                halves.add(pool.submit(() ->
                {
                    // Each thread runs its half backwards, so each run follows another history than in the batch.
                    try (ClusterRuntime own = simulator())
                    {
                        for (int index = runs.size() - 1 - first; index >= 0; index -= 2)
                        {
                            twoThreads[index] = own.run(runs.get(index)).toString();
                        }
                    }
                    return null;
                }));
            }
            for (final Future<?> half : halves)
            {
                half.get();
            }
        }
        finally
        {
            pool.shutdownNow();
        }
        assertEquals(alone, List.of(twoThreads), algorithm + ": the batch shared by two threads");
    }

    /** As a user replays run i: its derived seed given as the seed of a one-run command (which seeds the ring's arrangement too). */
    @ParameterizedTest
    @MethodSource("algorithms")
    void runIEqualsARunMadeWithItsDerivedSeed(final String algorithm)
    {
        try (ClusterRuntime shared = simulator())
        {
            for (int run = 0; run < RUNS; run++)
            {
                final long derived = Seeds.derive(SEED, run);
                final String inBatch = shared.run(crash(algorithm, SEED).forRun(run)).toString();
                try (ClusterRuntime fresh = simulator())
                {
                    assertEquals(inBatch, fresh.run(crash(algorithm, derived)).toString(), algorithm + " run " + run);
                }
            }
        }
    }

    private static Scenario crash(final String algorithm, final long seed)
    {
        return Scenario.builder().algorithm(algorithm).nodes(5).kind(ScenarioKind.LEADER_CRASH)
            .settings(ElectionSettings.builder().arrangementSeed(seed).build())
            .network(NetworkModel.parse("uniform:1ms,5ms")).seed(seed).build();
    }
}
