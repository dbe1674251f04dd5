package org.electbench.harness;

import java.util.List;
import java.util.function.Supplier;

import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.RunTiming;
import org.electbench.transport.Scenario;
import org.electbench.transport.Summary;
import org.electbench.transport.YoungGeneration;
import org.electbench.transport.metrics.Metric;
import org.electbench.transport.metrics.Metrics;
import org.electbench.transport.metrics.Sample;

/**
 * Runs one scenario R times on one runtime, each run with its own derived seed, and aggregates
 * every declared metric; a simulator's runs may be split among threads ({@link #splitAmong}).
 * <p>
 * On a real-clock runtime each run also gets a floor: the simulator runs the identical scenario
 * (same seed, faults and network model) with the runtime's measured one-way latency added to
 * every modelled delay, so the floor is the protocol's own timers plus its message hops at what
 * the transport really costs; the run's overhead is its convergence time less that floor, the
 * price of the host (scheduling, idle parking, timer lateness). With a random delay model or loss,
 * the simulator draws its own delays and losses from the seed, so floor and overhead are per-run
 * samples that are meaningful in aggregate; with constant delay and no loss they pair exactly.
 */
public final class SeededRuns
{
    /** How long a warm-up run's agreement is held before it ends: it is not measured. */
    static final long WARMUP_SETTLE_WINDOW_NS = 1_000_000;
    /** Simulator runs before a real-clock runtime's warm-up, see {@link #compileAlgorithm}. */
    public static final int COMPILE_WARMUP_RUNS = 2_000;
    public static final long COMPILE_WARMUP_BUDGET_NS = 1_000_000_000L;
    /** How many times faster than the scenario a real-clock runtime's compile warm-up plays it at most, see {@link #compileRuntime}. */
    static final long COMPILE_SPEEDUP = 200;
    /** What the compile warm-up reckons a message costs its worker, to keep an election's burst within the compressed timeouts. */
    static final long COMPILE_MESSAGE_COST_NS = 1_000;
    /** Real-clock runs of the compile warm-up at most, and its wall time at most. */
    static final int RUNTIME_COMPILE_RUNS = 2_000;
    static final long RUNTIME_COMPILE_BUDGET_NS = 3_000_000_000L;

    /** Fewer runs than this for a thread are not worth the thread and a simulator of its own, see {@link #splitAmong}. */
    public static final int MIN_RUNS_PER_THREAD = 2_000;

    /** Told after every run; implementations decide how often to show anything. */
    @FunctionalInterface
    public interface Progress
    {
        Progress NONE = (done, total) ->
        {
        };

        void onRun(int done, int total);
    }

    private final RuntimeRegistry registry;
    private final int threads;

    public SeededRuns()
    {
        this(RuntimeRegistry.instance());
    }

    /** @param registry where the floor's simulator and named runtimes come from. */
    public SeededRuns(final RuntimeRegistry registry)
    {
        this(registry, 1);
    }

    private SeededRuns(final RuntimeRegistry registry, final int threads)
    {
        this.registry = registry;
        this.threads = threads;
    }

    /**
     * @param threads how many threads a simulator's runs may be split among, each thread on a
     *                simulator of its own made from the registry by the runtime's name, with the
     *                figures of the runs played one after another ({@link SplitRuns}). A thread gets
     *                {@value #MIN_RUNS_PER_THREAD} runs at least, and no more simulators are
     *                made than the heap holds clusters of the scenario's size. A real-clock
     *                runtime's runs are always made one at a time.
     * @return runs made as these are, split among up to {@code threads} threads.
     */
    public SeededRuns splitAmong(final int threads)
    {
        if (threads < 1)
        {
            throw new IllegalArgumentException("threads must be at least 1, was " + threads);
        }
        return new SeededRuns(registry, threads);
    }

    /**
     * @param runtime  what to run on (left open: the caller owns it).
     * @param scenario run 0's scenario; run i uses {@link Scenario#forRun}(i).
     * @param runs     R, at least 1.
     * @param progress told after each run.
     * @return the aggregated runs.
     */
    public Outcome run(final ClusterRuntime runtime, final Scenario scenario, final int runs, final Progress progress)
    {
        return run(runtime, scenario, runs, runtime.defaultWarmupRuns(), progress);
    }

    /**
     * @param warmupRuns runs made first and not counted (their seeds are none of the measured runs'),
     *                   so the measured runs carry no JIT compilation or first connections; on a
     *                   real-clock runtime, when more than 0, the simulator first runs the scenario
     *                   to compile the algorithm's code ({@link #compileAlgorithm}).
     * @see #run(ClusterRuntime, Scenario, int, Progress)
     */
    public Outcome run(final ClusterRuntime runtime, final Scenario scenario, final int runs, final int warmupRuns, final Progress progress)
    {
        warmUp(runtime, scenario, warmupRuns);
        return run(runtime, scenario, runs, progress,
            Metrics.forTypes(scenario.algorithm().messageTypes(), scenario.algorithm().heartbeatType()));
    }

    /**
     * Brings a runtime to the state its measured runs should find: on a real-clock runtime, when
     * {@code warmupRuns} is more than 0, the simulator first runs the scenario to compile the
     * algorithm's election path ({@link #compileAlgorithm}), the runtime then plays it faster to
     * compile its own ({@link #compileRuntime}), and last makes the warm-up runs, unmeasured, with
     * seeds none of the measured runs has ({@link Scenario#forRun} of -1, -2, ...), each followed
     * by its floor as a measured run is. {@code simulate}, {@code run}'s benchmarks and the tuner's
     * probes warm up alike.
     *
     * @param warmupRuns runs made and discarded, by default {@link ClusterRuntime#defaultWarmupRuns()}.
     */
    public void warmUp(final ClusterRuntime runtime, final Scenario given, final int warmupRuns)
    {
        if (warmupRuns > 0 && registry.get(runtime.name()).realClock())
        {
            final Scenario scenario = given.onRealClock();
            compileAlgorithm(scenario);
            try (ClusterRuntime floorRuntime = registry.get(floorRuntimeName()).newRuntime())
            {
                compileRuntime(runtime, floorRuntime, scenario);
                for (int run = 0; run < warmupRuns; run++)
                {
                    runPaired(runtime, floorRuntime, warmupRun(scenario, run));
                }
            }
            return;
        }
        for (int run = 0; run < warmupRuns; run++)
        {
            runtime.run(warmupRun(given, run));
        }
    }

    /** Not measured, so not held for the settle window once agreed: a third of the time each. */
    private static Scenario warmupRun(final Scenario scenario, final int run)
    {
        return scenario.forRun(-1 - run).toBuilder().settleWindowNs(WARMUP_SETTLE_WINDOW_NS).build();
    }

    /**
     * Plays the scenario up to {@value #COMPILE_SPEEDUP} times faster ({@link Scenario#compressed}, {@link #compileSpeedup},
     * reached by {@link #rampedSpeedup}) on the
     * real-clock runtime, up to {@value #RUNTIME_COMPILE_RUNS} runs or {@value #RUNTIME_COMPILE_BUDGET_NS}
     * ns. A real election runs its path (the timers that start it, its sends, the monitor's records)
     * once a run, a few times a second: in the warm-up runs alone the JIT never gets to compile it,
     * and the measured elections ran it interpreted (bully, inmemory, n = 5, busy-spin: a timer's
     * callback took 15–50 us where compiled it takes 3–10). Each run is followed by its floor, as a
     * measured run is, so the algorithm's code is compiled for both hosts it meets; compiled for the
     * runtime's host alone, the first measured floor would throw it away mid-measurement.
     */
    private void compileRuntime(final ClusterRuntime runtime, final ClusterRuntime floorRuntime, final Scenario scenario)
    {
        final long speedup = compileSpeedup(scenario);
        if (speedup < 2)
        {
            return;
        }
        final long startNs = System.nanoTime();
        for (int run = 0; run < RUNTIME_COMPILE_RUNS && System.nanoTime() - startNs < RUNTIME_COMPILE_BUDGET_NS; run++)
        {
            runPaired(runtime, floorRuntime, scenario.compressed(rampedSpeedup(speedup, run)).forRun(-1 - run));
        }
    }

    /**
     * @return how much faster than the scenario the compile warm-up plays its run {@code run}: twice
     * as fast each run, from the scenario's own pace up to {@code speedup}. Its first runs meet the
     * runtime's path cold, as the interpreter runs it: played at full speed, they overran their
     * compressed timeouts into a storm of elections (aeron-udp, n = 128: 127 leaders at once, a
     * 3-second run, the whole warm-up's budget, and a lane whose receive window filled).
     */
    static long rampedSpeedup(final long speedup, final int run)
    {
        return Math.min(speedup, 1L << Math.min(run, Long.SIZE - 2));
    }

    /**
     * @return how much faster the compile warm-up may play the scenario: at most
     * {@value #COMPILE_SPEEDUP} times, and no faster than lets an election's burst of messages
     * (some N² at most, {@value #COMPILE_MESSAGE_COST_NS} ns each) fit the shortest race; played
     * faster, elections would overrun their timeouts into storms of messages. Below 2, a
     * cluster large enough to need it runs its election path often enough in its own warm-up runs.
     */
    static long compileSpeedup(final Scenario scenario)
    {
        final long burstNs = (long)scenario.nodes() * scenario.nodes() * COMPILE_MESSAGE_COST_NS;
        return Math.min(COMPILE_SPEEDUP, RunTiming.shortestRaceNs(scenario.settings()) / burstNs);
    }

    private static Sample runPaired(final ClusterRuntime runtime, final ClusterRuntime floorRuntime, final Scenario scenario)
    {
        // A collection in the run would stop every thread of its clock: it comes now, if one is near.
        YoungGeneration.makeRoom();
        return pair(floorRuntime, scenario, runtime.run(scenario), runtime.oneWayLatencyNs(), runtime.lastRunTiming());
    }

    /**
     * Runs the scenario on the simulator, up to {@value #COMPILE_WARMUP_RUNS} times or for
     * {@value #COMPILE_WARMUP_BUDGET_NS} ns, so that the JIT has compiled the algorithm's election
     * path (which a real-clock run executes once per election, too rarely to get compiled in a few
     * warm-up runs) before the measured runs; {@link #compileRuntime} then compiles the runtime's own path.
     */
    private void compileAlgorithm(final Scenario scenario)
    {
        final long startNs = System.nanoTime();
        try (ClusterRuntime sim = registry.get(floorRuntimeName()).newRuntime())
        {
            for (int run = 0; run < COMPILE_WARMUP_RUNS && System.nanoTime() - startNs < COMPILE_WARMUP_BUDGET_NS; run++)
            {
                sim.run(scenario.forRun(-1 - run));
            }
        }
    }

    /**
     * @param metrics the metrics to aggregate (by default {@link Metrics#forTypes}).
     * @see #run(ClusterRuntime, Scenario, int, Progress)
     */
    public Outcome run(
        final ClusterRuntime runtime, final Scenario given, final int runs, final Progress progress, final List<Metric> metrics)
    {
        if (runs < 1)
        {
            throw new IllegalArgumentException("runs must be at least 1, was " + runs);
        }
        final boolean realClock = registry.get(runtime.name()).realClock();
        // A real transport's own latency is not in the delay bound: its settings derive as ClusterProfile#partialBound says.
        final Scenario scenario = realClock ? given.onRealClock() : given;
        final Supplier<Summary> newSummary =
            () -> new Summary(scenario.algorithm().messageTypes(), scenario.algorithm().heartbeatType(), metrics);
        final long startNs = System.nanoTime();
        final int splitThreads = realClock ? 1 : SplitRuns.threadsFor(threads, runs, scenario.nodes(), runtime.maxNodes());
        if (splitThreads > 1)
        {
            final Summary summary = SplitRuns.run(registry, runtime, scenario, runs, splitThreads, progress, newSummary);
            return new Outcome(scenario, runtime.name(), summary, System.nanoTime() - startNs);
        }
        final Summary summary = newSummary.get();
        final ClusterRuntime floorRuntime = realClock ? registry.get(floorRuntimeName()).newRuntime() : null;
        final LateRuns lateRuns = new LateRuns(runs);
        try
        {
            for (int run = 0; run < runs; run++)
            {
                final Scenario thisRun = scenario.forRun(run);
                if (null == floorRuntime)
                {
                    summary.add(Sample.of(runtime.run(thisRun)));
                }
                else
                {
                    summary.add(lateRuns.keep(runPaired(runtime, floorRuntime, thisRun), () -> runPaired(runtime, floorRuntime, thisRun)));
                    summary.addTimerLateness(runtime.timerLatenessSamplesNs());
                }
                progress.onRun(run + 1, runs);
            }
        }
        finally
        {
            if (null != floorRuntime)
            {
                floorRuntime.close();
            }
        }
        return new Outcome(scenario, runtime.name(), summary, System.nanoTime() - startNs);
    }

    /**
     * @param runtimeName a registered runtime.
     * @see #run(ClusterRuntime, Scenario, int, Progress)
     */
    public Outcome run(final String runtimeName, final Scenario scenario, final int runs, final Progress progress)
    {
        try (ClusterRuntime runtime = registry.get(runtimeName).newRuntime())
        {
            return run(runtime, scenario, runs, progress);
        }
    }

    /**
     * One run of a real-clock runtime with its floor: the same scenario in the simulator with the
     * measured one-way latency added to every message.
     *
     * @param timing how well the host kept the run's timing, for {@link Metrics#HOST_LATE}.
     */
    public static Sample pair(
        final ClusterRuntime floorRuntime, final Scenario scenario, final ElectionResult result, final long latencyNs, final RunTiming timing)
    {
        final NetworkModel network = scenario.network();
        final NetworkModel withLatency = NetworkModel.of(network.delay().plusNs(latencyNs))
            .withLoss(network.lossProbability())
            .withFifo(network.fifo());
        final ElectionResult floor = floorRuntime.run(scenario.toBuilder().network(withLatency).derivedFor(scenario.profile()).build());
        return new Sample(result, latencyNs, result.converged() && floor.converged() ? floor.convergenceNs() : -1, timing);
    }

    /** @return the name of the simulator, whose floor the real-clock runtimes are paired with. */
    public String floorRuntimeName()
    {
        for (final String name : registry.names())
        {
            if (!registry.get(name).realClock())
            {
                return name;
            }
        }
        throw new IllegalStateException("no simulated runtime is registered to compute floors; known: " + registry.names());
    }

    /**
     * One scenario's aggregated runs, with what produced them.
     *
     * @param scenario run 0's scenario.
     * @param runtime  the runtime's name.
     * @param summary  the aggregated runs.
     * @param wallNs   wall time the runs took.
     */
    public record Outcome(Scenario scenario, String runtime, Summary summary, long wallNs)
    {
        /** @return the run report of these runs in an environment. */
        public RunReport report(final Environment environment)
        {
            return RunReport.of(scenario, runtime, summary, environment, wallNs);
        }
    }
}
