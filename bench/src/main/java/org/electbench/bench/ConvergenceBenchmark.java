package org.electbench.bench;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.electbench.harness.RuntimeRegistry;
import org.electbench.harness.SeededRuns;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.RuntimeProvider;
import org.electbench.transport.Scenario;
import org.electbench.transport.YoungGeneration;
import org.electbench.transport.metrics.Sample;
import org.electbench.transport.parameters.RunParameters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Elections from a fresh cluster each: the scenario's fault (or cold start) to the agreement that
 * holds, one per invocation, {@code -bs N} of them an iteration.
 * <p>
 * The primary score, {@code electionRunTime}, is what running an iteration's elections costs: on
 * sim the simulator's own time (CPU, not the election's virtual time), on a real transport
 * (inmemory, aeron-udp, aeron-ipc) the runs' wall time, the runtime's per-run set-up (Aeron
 * connects its publications and measures its latency first) and the settle window included. It is
 * not how fast an algorithm elects: that is {@code convergence.mean}.
 * <p>
 * The election figures come from the {@link PerElectionProfiler} profiler, per election in their units,
 * averaged over iterations: {@code convergence.mean}, {@code detection.mean}, {@code election.mean}
 * and {@code unavailability.mean} (ms), {@code messages/election} and the other counts (msgs, B),
 * {@code maxLeaders/election} (the most leaders at once, nodes). The raw counters beside them are
 * JMH EVENTS counters, summed over the iterations with the unit {@code #}: {@code elections}
 * measured, the violations' broken elections ({@code wrongLeader}, {@code sameTerm} ...), and the
 * sums the figures are made from. Every measured election's metrics also go into a histogram log
 * and a run report in the run folder {@code ./electbench run} passes as {@code -Delectbench.run.dir}.
 * <p>
 * Run: {@code java -jar bench/target/benchmarks.jar ConvergenceBenchmark -p algorithm=bully
 * -p transport=sim -p nodes=8 -p detect=lowest -f 1 -wi 0 -i 5 -rf json}. The algorithm
 * parameter defaults to every registered algorithm, and the Readings profiler is added (see {@link BenchMain}).
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5)
@Measurement(iterations = 20)
@Fork(value = 1, jvmArgsAppend = {BenchMain.AGRONA_EXPORTS, "-XX:+UseParallelGC"})
@State(Scope.Benchmark)
public class ConvergenceBenchmark
{
    /** A registered algorithm; empty here so no list of algorithms is kept by hand: {@link BenchMain} fills it. */
    @Param({})
    public String algorithm;

    /** A registered runtime: sim, inmemory, aeron-udp, aeron-ipc. */
    @Param({"sim"})
    public String transport;

    /*
     * The run parameters ({@link RunParameters}), one field per declaration named by its key, so
     * JMH can set and sweep each; "auto" is "not given": the declared default, raised by the
     * algorithm where it would distort, as simulate runs it. BenchParametersTest keeps this list
     * and the declarations one.
     */

    @Param({RunParameters.NOT_GIVEN})
    public String nodes;

    @Param({RunParameters.NOT_GIVEN})
    public String scenario;

    @Param({RunParameters.NOT_GIVEN})
    public String detect;

    @Param({RunParameters.NOT_GIVEN})
    public String delay;

    @Param({RunParameters.NOT_GIVEN})
    public String loss;

    @Param({RunParameters.NOT_GIVEN})
    public String fifo;

    @Param({RunParameters.NOT_GIVEN})
    public String heartbeat;

    @Param({RunParameters.NOT_GIVEN})
    public String detectionTimeout;

    @Param({RunParameters.NOT_GIVEN})
    public String electionTimeout;

    @Param({RunParameters.NOT_GIVEN})
    public String coordinatorTimeout;

    @Param({RunParameters.NOT_GIVEN})
    public String faultDuration;

    /** The algorithms' own options, NAME:VALUE joined by '+' (pre-vote:on+check-quorum:off); those the algorithm does not declare are ignored. */
    @Param({RunParameters.NOT_GIVEN})
    public String options;

    @Param({"1"})
    public long seed;

    private ClusterRuntime runtime;
    private boolean realClock;
    private Scenario base;
    private Scenario thisRun;
    private ElectionResult result;
    private ElectionRecorder recorder;
    private ElectionCounters counters;
    private boolean measuring;
    /** Run i of a cell is seed i in every front end: measured elections count from 0, warm-up ones apart. */
    private int measuredRun;
    /** Warm-up elections draw from their own seeds ({@link Scenario#forRun} below -1 - the trial's warm-up runs). */
    private int warmupRun;
    private int warmupRunsAtSetUp;

    @Setup(Level.Trial)
    public void startTrial(final BenchmarkParams params)
    {
        RunWatch.start();
        final RuntimeProvider provider = RuntimeRegistry.instance().get(transport);
        realClock = provider.realClock();
        final Scenario given = BenchParameters.scenario(this, algorithm, seed, Map.of());
        base = realClock ? given.onRealClock() : given;
        runtime = provider.newRuntime();
        // As simulate does: an election runs its code once, too rarely for the JIT in a few iterations, so the
        // simulator compiles the algorithm's election path and the runtime's warm-up runs its own, before any iteration.
        warmupRunsAtSetUp = runtime.defaultWarmupRuns();
        new SeededRuns().warmUp(runtime, base, warmupRunsAtSetUp);
        recorder = new ElectionRecorder(base, transport, params.getMeasurement().getCount() * params.getMeasurement().getBatchSize());
    }

    /**
     * Fresh cluster state per election: the next seed's scenario; the runtime builds new nodes for it. The
     * measured elections are runs 0, 1, ... as in simulate and run, whatever JMH's warm-up iterations ran. Per
     * invocation, so that JMH's batch size ({@code -bs N}) measures N elections an iteration, each its own.
     */
    @Setup(Level.Invocation)
    public void nextElection(final IterationParams params)
    {
        measuring = params.getType() == IterationType.MEASUREMENT;
        thisRun = measuring ? base.forRun(measuredRun++) : base.forRun(-1 - warmupRunsAtSetUp - warmupRun++);
        result = null;
        if (realClock)
        {
            // Here, outside JMH's timing: a collection in a real run would stop every thread of its clock.
            YoungGeneration.makeRoom();
        }
    }

    @Benchmark
    public ElectionResult electionRunTime(final ElectionCounters counters)
    {
        result = runtime.run(thisRun);
        this.counters = counters;
        return result;
    }

    /**
     * Counts the election once it is over: the one measured again in its place when the host
     * made it late ({@link ElectionRecorder#record}).
     */
    @TearDown(Level.Invocation)
    public void recordElection()
    {
        if (null == result)
        {
            return;
        }
        if (measuring)
        {
            recorder.record(thisRun, result, runtime, counters);
        }
        else
        {
            counters.add(Sample.of(result), false);
        }
    }

    @TearDown(Level.Trial)
    public void endTrial()
    {
        recorder.finish();
        runtime.close();
    }

    public static void main(final String[] args) throws RunnerException
    {
        new Runner(new OptionsBuilder()
            .include(ConvergenceBenchmark.class.getSimpleName())
            .param("algorithm", BenchMain.algorithmParam())
            .addProfiler(PerElectionProfiler.class)
            .build()).run();
    }
}
