package org.electbench.harness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.transport.Detectors;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.parameters.RunParameters;

/**
 * The stages {@code ./electbench run} drives the benchmark jar through, for each size of run.
 * Algorithms and runtimes come from the registries, never from a list here.
 * <p>
 * The simulator's convergence stages run in the jar's own JVM ({@code -f 0}) in the quick and
 * default runs: its results are deterministic and independent of JIT state, only its cost score
 * would differ, and a fork per parameter combination (seconds each on 2 cores) would not fit the
 * time budget. The real-clock runtimes, the simulator's throughput and the message path always
 * fork. {@code --full} forks everything.
 */
public final class RunGrid
{
    public enum Size
    {
        QUICK, DEFAULT, FULL
    }

    /**
     * The measured wall time of a whole {@code run --quick} on a quiet 2-core machine: the one place it is stated
     * ({@code run --help} reads it; the README quotes it). A loaded machine stretches the default and full runs far
     * more (their real-transport rows are most of them): their progress line estimates them as they go.
     */
    public static final String QUICK_MEASURED = "2 min 9 s";

    /** The measured wall time of a whole default {@code run} on a quiet 2-core machine (296 benchmarks, 2026-12-07). */
    public static final String DEFAULT_MEASURED = "21 min 55 s";

    private static final String SIM = "sim";
    private static final String INMEMORY = "inmemory";
    private static final String AERON_UDP = "aeron-udp";
    private static final long MS = 1_000_000L;

    private RunGrid()
    {
    }

    /**
     * @param size       quick, default or full.
     * @param algorithms every registered algorithm.
     * @param runtimes   every registered runtime, the simulator first.
     * @param overrides  benchmark parameters the user set; they replace the grid's on every stage.
     * @param restricted whether the user named a cell: then only the convergence stages run.
     * @param seed       the first election's seed.
     * @return the stages, duplicates (after overrides) removed.
     */
    public static List<BenchmarkStage> stages(
        final Size size,
        final List<String> algorithms,
        final List<String> runtimes,
        final Map<String, List<String>> overrides,
        final boolean restricted,
        final long seed)
    {
        final List<ScenarioKind> scenarios = namedScenarios();
        final List<String> real = new ArrayList<>();
        for (final String runtime : runtimes)
        {
            if (!SIM.equals(runtime) && (size == Size.FULL || INMEMORY.equals(runtime) || AERON_UDP.equals(runtime)))
            {
                real.add(runtime);
            }
        }
        final List<BenchmarkStage> stages = new ArrayList<>();
        final int simForks = size == Size.FULL ? 1 : 0;
        switch (size)
        {
            case QUICK:
                // 200 elections a simulator row (10 iterations of 20), 10 a real one.
                stages.add(convergence("convergence-sim", algorithms, List.of(SIM), List.of(3, 5, 9),
                    List.of(ScenarioKind.LEADER_CRASH, ScenarioKind.COLD_START, ScenarioKind.PARTITION, ScenarioKind.PAUSE), simForks, 1, 10, 20));
                stages.add(convergence("convergence-" + INMEMORY, algorithms, List.of(INMEMORY), List.of(3, 5),
                    List.of(ScenarioKind.LEADER_CRASH), 1, 0, 10, 1));
                break;
            case DEFAULT:
                // 1,000 elections every simulator row (20 iterations of 50), 30 a real one. n = 65 shows how messages
                // grow with n; n = 257 and 1024 are --full's (a thousand bully elections at n = 1024 are a billion
                // messages: hours, where a default run is half an hour).
                stages.add(convergence("convergence-sim", algorithms, List.of(SIM), List.of(3, 5, 9, 17),
                    scenarios, simForks, 1, 20, 50));
                stages.add(convergence("convergence-sim-large", algorithms, List.of(SIM), List.of(65),
                    List.of(ScenarioKind.LEADER_CRASH), simForks, 0, 20, 50));
                // 1,000 elections a row (50 iterations of 20), each a 40 D disturbance of about 2 ms of simulator CPU:
                // the two stages' 84 rows take about 3 min on an idle core (measured: 35 s CPU for 200 a row).
                incidents(stages, algorithms, List.of(5, 9), simForks, 50);
                stages.add(timers("convergence-timers", algorithms, List.of(20 * MS, 50 * MS, 100 * MS), List.of(5 * MS, 10 * MS, 30 * MS),
                    simForks, 1, 20, 50));
                // The simulator's stages come first (about a minute in all), so their tables print while the real rows,
                // most of the run, are measured.
                // Aeron's runs connect publications and measure latency before each election (seconds each, more at
                // n = 17, where a loaded 2-core machine also times its frames out): n up to 9 here, n = 17 in --full.
                for (final String runtime : real)
                {
                    final boolean inMemory = INMEMORY.equals(runtime);
                    stages.add(convergence("convergence-" + runtime, algorithms, List.of(runtime),
                        inMemory ? List.of(3, 5, 9, 17) : List.of(3, 5, 9), List.of(ScenarioKind.LEADER_CRASH), 1,
                        inMemory ? 1 : 0, 30, 1));
                }
                // The timed stages run two forks: each fork settles at a level of its own (bully at n = 1024: 13 to 17
                // elections/s a fork, its iterations within a few percent), so an interval over one fork's iterations
                // leaves out most of the spread. The simulator is warmed 6 s a fork: a standalone
                // fork of bully n = 5 reads 90,000 elections/s in its first 2 s, 250,000 to 290,000 in the next and
                // settles at about 300,000 after that; the floor, a bare heap, is within a few percent of its rate in its first second.
                stages.add(timed("simulator", BenchmarkStage.SIMULATOR, algorithms, 2, 3, 3, "2s", "1s", List.of())
                    .sweep(RunParameters.NODES, List.of(5, 65, 257)));
                stages.add(timed("simulator-floor", BenchmarkStage.SIMULATOR_FLOOR, algorithms, 2, 1, 3, "1s", "1s", List.of())
                    .sweep(RunParameters.NODES, List.of(5, 65, 257)));
                stages.add(timed("message-path", BenchmarkStage.MESSAGE_PATH, algorithms, 2, 1, 3, "2s", "1s", List.of("gc"))
                    .with("transport", List.of(SIM, INMEMORY)));
                break;
            default:
                stages.add(convergence("convergence-sim", algorithms, List.of(SIM),
                    List.of(3, 5, 9, 17, 33, 65, 129, 257, 513, 1024), scenarios, 1, 1, 20, 50)
                    .sweep(RunParameters.DETECT, List.of(Detectors.ALL, Detectors.LOWEST)));
                stages.add(convergence("convergence-real", algorithms, real, List.of(3, 5, 9, 17), scenarios, 1, 2, 30, 1));
                incidents(stages, algorithms, List.of(5, 9, 17), 1, 50);
                stages.add(timers("convergence-timers", algorithms, List.of(10 * MS, 20 * MS, 50 * MS, 100 * MS),
                    List.of(2 * MS, 5 * MS, 10 * MS, 30 * MS), 1, 1, 20, 50));
                stages.add(timed("simulator", BenchmarkStage.SIMULATOR, algorithms, 2, 3, 3, "2s", "2s", List.of())
                    .sweep(RunParameters.NODES, List.of(5, 17, 65, 257, 1024)));
                stages.add(timed("simulator-floor", BenchmarkStage.SIMULATOR_FLOOR, algorithms, 2, 2, 3, "2s", "2s", List.of())
                    .sweep(RunParameters.NODES, List.of(5, 17, 65, 257, 1024)));
                stages.add(timed("simulator-worst-case", BenchmarkStage.SIMULATOR, algorithms, 2, 3, 3, "2s", "2s", List.of())
                    .sweep(RunParameters.NODES, List.of(1024)).sweep(RunParameters.DETECT, List.of(Detectors.LOWEST)));
                final List<String> all = new ArrayList<>(List.of(SIM));
                all.addAll(real);
                stages.add(timed("message-path", BenchmarkStage.MESSAGE_PATH, algorithms, 2, 2, 3, "2s", "2s", List.of("gc"))
                    .with("transport", all));
                break;
        }
        if (restricted)
        {
            // A named cell: the simulator's convergence stage of this size, on the simulator unless a transport is named.
            final BenchmarkStage simulator = stages.get(0);
            final List<String> transports = overrides.getOrDefault("transport", List.of(SIM));
            stages.clear();
            stages.add(new BenchmarkStage(List.of(SIM).equals(transports) ? simulator.name() : "convergence",
                simulator.benchmark(), simulator.params(), transports.equals(List.of(SIM)) ? simulator.forks() : 1,
                simulator.warmups(), simulator.iterations(), simulator.batch(), null, null, List.of()));
        }
        final List<BenchmarkStage> chosen = new ArrayList<>();
        final LinkedHashSet<Map<String, List<String>>> seen = new LinkedHashSet<>();
        for (final BenchmarkStage stage : stages)
        {
            BenchmarkStage overridden = BenchmarkStage.CONVERGENCE.equals(stage.benchmark()) ?
                stage.with("seed", List.of(String.valueOf(seed))) : stage;
            for (final Map.Entry<String, List<String>> override : overrides.entrySet())
            {
                overridden = overridden.with(override.getKey(), override.getValue());
            }
            final Map<String, List<String>> key = new LinkedHashMap<>(overridden.params());
            key.put("(benchmark)", List.of(overridden.benchmark()));
            if (seen.add(key))
            {
                chosen.add(overridden);
            }
        }
        return chosen;
    }

    /**
     * The share of the grid one shard runs: every stage is cut into parts along its parameter
     * with the most values (one part per value, so each part is a whole JMH trial set with the
     * seeds an unsharded run gives it), the parts are numbered in the grid's order, and the shard
     * takes its own ({@link Shard#select}). A stage with no parameter of several values is one part.
     *
     * @param stages the grid, as {@link #stages} enumerates it.
     * @return the parts the shard runs; the whole grid for {@link Shard#ALL}.
     */
    public static List<BenchmarkStage> shard(final List<BenchmarkStage> stages, final Shard shard)
    {
        if (Shard.ALL.equals(shard))
        {
            return stages;
        }
        final List<BenchmarkStage> parts = new ArrayList<>();
        for (final BenchmarkStage stage : stages)
        {
            String axis = null;
            int most = 1;
            for (final Map.Entry<String, List<String>> param : stage.params().entrySet())
            {
                if (param.getValue().size() > most)
                {
                    axis = param.getKey();
                    most = param.getValue().size();
                }
            }
            if (null == axis)
            {
                parts.add(stage);
                continue;
            }
            for (final String value : stage.params().get(axis))
            {
                parts.add(stage.with(axis, List.of(value)).named(stage.name() + "-" + axis + "-" + value.replaceAll("[^A-Za-z0-9.-]", "_")));
            }
        }
        return shard.select(parts);
    }

    /**
     * The incident scenarios (partial connectivity, flapping links, slow nodes) on the simulator:
     * stage {@code incidents-sim} runs every algorithm with its defaults; stage
     * {@code incidents-sim-variants} runs the algorithms that declare PreVote and CheckQuorum again
     * with PreVote, CheckQuorum and both on (Howard 2020: which of them plain Raft needs to settle
     * under partial connectivity), 20 elections an iteration, no warm-up (the counts do not depend on
     * JIT state).
     */
    private static void incidents(
        final List<BenchmarkStage> stages, final List<String> algorithms, final List<Integer> nodes, final int forks, final int iterations)
    {
        final List<ScenarioKind> scenarios = new ArrayList<>();
        for (final ScenarioKind kind : ScenarioKind.values())
        {
            if (null != kind.incident())
            {
                scenarios.add(kind);
            }
        }
        stages.add(convergence("incidents-sim", algorithms, List.of(SIM), nodes, scenarios, forks, 0, iterations, 20));
        // The algorithms declaring both options, grouped by the options' names (one stage for raft's today).
        final Map<List<String>, List<String>> variants = new LinkedHashMap<>();
        for (final String name : algorithms)
        {
            final ElectionAlgorithm algorithm = AlgorithmRegistry.instance().get(name);
            if (null != algorithm.preVote() && null != algorithm.checkQuorum())
            {
                variants.computeIfAbsent(List.of(algorithm.preVote().name(), algorithm.checkQuorum().name()), key -> new ArrayList<>()).add(name);
            }
        }
        variants.forEach((names, declaring) ->
        {
            final String pv = names.get(0) + ":";
            final String cq = "+" + names.get(1) + ":";
            stages.add(convergence("incidents-sim-variants", declaring, List.of(SIM), nodes, scenarios, forks, 0, iterations, 20)
                .with(BenchmarkStage.OPTIONS, List.of(pv + "on" + cq + "off", pv + "off" + cq + "on", pv + "on" + cq + "on")));
        });
    }

    private static BenchmarkStage convergence(
        final String name,
        final List<String> algorithms,
        final List<String> transports,
        final List<Integer> nodes,
        final List<ScenarioKind> scenarios,
        final int forks,
        final int warmups,
        final int iterations,
        final int batch)
    {
        final Map<String, List<String>> params = new LinkedHashMap<>();
        params.put("algorithm", algorithms);
        params.put("transport", transports);
        return new BenchmarkStage(name, BenchmarkStage.CONVERGENCE, params, forks, warmups, iterations, batch, null, null, List.of())
            .sweep(RunParameters.NODES, nodes).sweep(RunParameters.SCENARIO, scenarios);
    }

    private static BenchmarkStage timers(
        final String name,
        final List<String> algorithms,
        final List<Long> heartbeatsNs,
        final List<Long> electionTimeoutsNs,
        final int forks,
        final int warmups,
        final int iterations,
        final int batch)
    {
        return convergence(name, algorithms, List.of(SIM), List.of(9), List.of(ScenarioKind.LEADER_CRASH), forks, warmups, iterations, batch)
            .sweep(RunParameters.HEARTBEAT, heartbeatsNs)
            .sweep(RunParameters.ELECTION_TIMEOUT, electionTimeoutsNs);
    }

    private static BenchmarkStage timed(
        final String name,
        final String benchmark,
        final List<String> algorithms,
        final int forks,
        final int warmups,
        final int iterations,
        final String warmupTime,
        final String iterationTime,
        final List<String> profilers)
    {
        final Map<String, List<String>> params = new LinkedHashMap<>();
        params.put("algorithm", algorithms);
        return new BenchmarkStage(name, benchmark, params, forks, warmups, iterations, 1, warmupTime, iterationTime, profilers);
    }

    /** @return the named scenarios the convergence stages cover: all but chaos, custom and the incident scenarios. */
    public static List<ScenarioKind> namedScenarios()
    {
        final List<ScenarioKind> names = new ArrayList<>();
        for (final ScenarioKind kind : ScenarioKind.values())
        {
            // The incident scenarios are long disturbances (40 D each run): they have a stage of their own, at fewer
            // sizes and elections (incidents below), with raft's PreVote and CheckQuorum variants.
            if (kind != ScenarioKind.CHAOS && kind != ScenarioKind.CUSTOM && null == kind.incident())
            {
                names.add(kind);
            }
        }
        return names;
    }
}
