package org.electbench.tune;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.electbench.harness.RuntimeRegistry;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.transport.ClusterRuntime;

/**
 * The tuning advisor. For each algorithm it measures every setting of the sweep: failover over
 * many crashes in the simulator, false elections per day and its 95 % upper bound from
 * {@link SilenceModel}. A setting that breaks a lint is not simulated (it is not a candidate and
 * the frontier leaves it out). Of the rest, the fastest failover p99 whose upper bound meets the
 * target is recommended: the guarantee is the bound, not the point estimate.
 * <p>
 * Settings run in parallel, each on a simulator of its own thread; every run's seed depends on
 * the request alone, so the result does not depend on the threads.
 */
public final class Tuner
{
    static final String SIMULATOR = "sim";

    /** Hears how far a run has got, to tell the user on stderr. */
    public interface Progress
    {
        Progress NONE = (done, total, elapsedNs) ->
        {
        };

        /**
         * @param done      settings measured so far.
         * @param total     settings to measure.
         * @param elapsedNs wall time since the start.
         */
        void onSetting(int done, int total, long elapsedNs);
    }

    private final TuneRequest request;
    private final Evaluator evaluator;
    private final Progress progress;
    private final List<ClusterRuntime> runtimes = Collections.synchronizedList(new ArrayList<>());
    private final ThreadLocal<ClusterRuntime> runtime = ThreadLocal.withInitial(this::newRuntime);
    private final AtomicInteger done = new AtomicInteger();
    private long startNs;
    private int total;

    public Tuner(final TuneRequest request)
    {
        this(request, Progress.NONE);
    }

    public Tuner(final TuneRequest request, final Progress progress)
    {
        this.request = request;
        this.progress = progress;
        evaluator = new Evaluator(request);
    }

    private ClusterRuntime newRuntime()
    {
        final ClusterRuntime created = RuntimeRegistry.instance().get(SIMULATOR).newRuntime();
        runtimes.add(created);
        return created;
    }

    /** @return how many settings a run of this request measures, for an estimate before it starts. */
    public static int settingsToMeasure(final TuneRequest request)
    {
        int count = request.presets().size() * request.algorithms().size();
        for (final String name : request.algorithms())
        {
            count += request.grid().settings(knobs(name), request.nodes(), request.network()).size();
        }
        return count;
    }

    /**
     * Times one leader crash of the first algorithm at its first sweep setting, so a large run can
     * say how long it will take before it starts.
     *
     * @return the estimated wall time of {@link #run()}.
     */
    public long estimateNs()
    {
        final String name = request.algorithms().get(0);
        final ElectionAlgorithm algorithm = AlgorithmRegistry.instance().get(name);
        final List<Setting> settings = request.grid().settings(Knobs.of(algorithm), request.nodes(), request.network());
        final Setting setting = settings.get(settings.size() / 2);
        final TuneRequest pilot = request.withEffort(request.grid(), 1);
        final long beganNs = System.nanoTime();
        try (ClusterRuntime sim = newRuntime())
        {
            new Evaluator(pilot).failover(sim, algorithm, setting);
        }
        finally
        {
            runtimes.clear();
        }
        final double perCrashNs = System.nanoTime() - beganNs;
        return (long)(perCrashNs * request.failoverRuns() * settingsToMeasure(request) / request.threads());
    }

    /** @return the recommendations, frontier and presets. */
    public TuneReport run()
    {
        startNs = System.nanoTime();
        total = settingsToMeasure(request);
        final ExecutorService pool = Executors.newFixedThreadPool(request.threads());
        try
        {
            final List<List<Future<Evaluation>>> sweeps = new ArrayList<>();
            for (final String name : request.algorithms())
            {
                final ElectionAlgorithm algorithm = AlgorithmRegistry.instance().get(name);
                final Knobs knobs = Knobs.of(algorithm);
                final List<Future<Evaluation>> sweep = new ArrayList<>();
                for (final Setting setting : request.grid().settings(knobs, request.nodes(), request.network()))
                {
                    sweep.add(pool.submit(() -> counted(measure(algorithm, knobs, setting, false))));
                }
                sweeps.add(sweep);
            }
            final List<Future<TuneReport.PresetResult>> presets = new ArrayList<>();
            for (final Preset preset : request.presets())
            {
                for (final String name : request.algorithms())
                {
                    final ElectionAlgorithm algorithm = AlgorithmRegistry.instance().get(name);
                    final Knobs knobs = Knobs.of(algorithm);
                    presets.add(pool.submit(() -> new TuneReport.PresetResult(preset, counted(measure(algorithm, knobs,
                        preset.setting(knobs, request.nodes(), request.network()), true)))));
                }
            }
            final List<TuneReport.AlgorithmResult> algorithms = new ArrayList<>();
            for (int index = 0; index < sweeps.size(); index++)
            {
                final List<Evaluation> measured = new ArrayList<>();
                for (final Future<Evaluation> future : sweeps.get(index))
                {
                    measured.add(join(future));
                }
                algorithms.add(recommend(request.algorithms().get(index), measured));
            }
            final List<TuneReport.PresetResult> presetResults = new ArrayList<>();
            for (final Future<TuneReport.PresetResult> future : presets)
            {
                presetResults.add(join(future));
            }
            return new TuneReport(request, algorithms, presetResults, System.nanoTime() - startNs);
        }
        finally
        {
            pool.shutdownNow();
            closeRuntimes();
        }
    }

    /**
     * Failover of each setting of one algorithm, in parallel as a sweep is.
     *
     * @param name     a registered algorithm.
     * @param settings the settings, lints not checked.
     * @return failover per setting, in order.
     */
    public List<Evaluation.Failover> failovers(final String name, final List<Setting> settings)
    {
        startNs = System.nanoTime();
        total = settings.size();
        final ElectionAlgorithm algorithm = AlgorithmRegistry.instance().get(name);
        final ExecutorService pool = Executors.newFixedThreadPool(request.threads());
        try
        {
            final List<Future<Evaluation.Failover>> futures = new ArrayList<>();
            for (final Setting setting : settings)
            {
                futures.add(pool.submit(() ->
                {
                    final Evaluation.Failover failover = evaluator.failover(runtime.get(), algorithm, setting);
                    progress.onSetting(done.incrementAndGet(), total, System.nanoTime() - startNs);
                    return failover;
                }));
            }
            final List<Evaluation.Failover> failovers = new ArrayList<>();
            for (final Future<Evaluation.Failover> future : futures)
            {
                failovers.add(join(future));
            }
            return failovers;
        }
        finally
        {
            pool.shutdownNow();
            closeRuntimes();
        }
    }

    private Evaluation counted(final Evaluation evaluation)
    {
        progress.onSetting(done.incrementAndGet(), total, System.nanoTime() - startNs);
        return evaluation;
    }

    private void closeRuntimes()
    {
        synchronized (runtimes)
        {
            for (final ClusterRuntime each : runtimes)
            {
                each.close();
            }
            runtimes.clear();
        }
    }

    /**
     * One setting, failover simulated even when it breaks a lint, on the calling thread.
     *
     * @param name    a registered algorithm.
     * @param setting the knobs.
     * @return what it gives under the request's model.
     */
    public Evaluation evaluate(final String name, final Setting setting)
    {
        try
        {
            final ElectionAlgorithm algorithm = AlgorithmRegistry.instance().get(name);
            return measure(algorithm, Knobs.of(algorithm), setting, true);
        }
        finally
        {
            runtime.remove();
            closeRuntimes();
        }
    }

    private Evaluation measure(final ElectionAlgorithm algorithm, final Knobs knobs, final Setting setting, final boolean always)
    {
        final List<String> lints = Lints.check(setting, knobs, request.nodes(), request.network());
        final Evaluation.FalseElections falseElections = evaluator.falseElections(setting, knobs);
        final Evaluation.Failover failover = always || lints.isEmpty() ? evaluator.failover(runtime.get(), algorithm, setting) : null;
        return new Evaluation(algorithm.name(), setting, failover, falseElections, lints);
    }

    private TuneReport.AlgorithmResult recommend(final String name, final List<Evaluation> sweep)
    {
        final String[] verdicts = new String[sweep.size()];
        final List<Integer> order = new ArrayList<>();
        for (int index = 0; index < sweep.size(); index++)
        {
            final Evaluation evaluation = sweep.get(index);
            if (!evaluation.lints().isEmpty())
            {
                verdicts[index] = "lint: " + evaluation.lints().get(0);
            }
            else if (evaluation.failover().unconverged() > 0)
            {
                verdicts[index] = "unsettled: " + evaluation.failover().unconverged() + " of " + evaluation.failover().crashes() +
                    " crashes never settled";
            }
            else
            {
                order.add(index);
            }
        }
        // Fastest p99 first; on a tie the faster median, then the longer heartbeat (less traffic).
        order.sort(Comparator.<Integer>comparingLong(index -> sweep.get(index).failover().p99Ns())
            .thenComparingLong(index -> sweep.get(index).failover().p50Ns())
            .thenComparing(Comparator.<Integer>comparingLong(index -> sweep.get(index).setting().heartbeatNs()).reversed()));
        Evaluation recommended = null;
        for (final int index : order)
        {
            final Evaluation evaluation = sweep.get(index);
            final double upper = evaluation.falseElections().upperPerDay();
            if (upper > request.targetPerDay())
            {
                verdicts[index] = String.format(Locale.ROOT, "too many false elections: up to %s/day (95%% bound) over the target %s",
                    TuneFormat.number(upper), TuneFormat.number(request.targetPerDay()));
            }
            else if (null != recommended)
            {
                verdicts[index] = slower(evaluation.failover(), recommended.failover());
            }
            else
            {
                recommended = evaluation;
                verdicts[index] = TuneReport.AlgorithmResult.RECOMMENDED;
            }
        }
        return new TuneReport.AlgorithmResult(name, knobs(name), List.copyOf(sweep), List.of(verdicts), recommended);
    }

    /** @return why a setting lost to a faster one: the p99s, and the medians when the p99s read alike. */
    static String slower(final Evaluation.Failover lost, final Evaluation.Failover won)
    {
        final String lostP99 = TuneFormat.duration(lost.p99Ns());
        final String wonP99 = TuneFormat.duration(won.p99Ns());
        if (lost.p99Ns() == won.p99Ns())
        {
            return lost.p50Ns() == won.p50Ns() ? "as fast as the recommended one (failover p99 " + lostP99 + ", p50 " + TuneFormat.duration(lost.p50Ns()) +
                "), which won the tie" :
                "slower: failover p99 " + lostP99 + " alike, p50 " + TuneFormat.duration(lost.p50Ns()) + " against " +
                    TuneFormat.duration(won.p50Ns());
        }
        return lostP99.equals(wonP99) ?
            "slower: failover p99 " + TuneFormat.duration(lost.p99Ns() - won.p99Ns()) + " longer (" + lostP99 + ")" :
            "slower: failover p99 " + lostP99 + " against " + wonP99;
    }

    /** @return the knobs a registered algorithm declares it reads. */
    static Knobs knobs(final String name)
    {
        return Knobs.of(AlgorithmRegistry.instance().get(name));
    }

    private static <T> T join(final Future<T> future)
    {
        try
        {
            return future.get();
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("tuning interrupted", ex);
        }
        catch (final ExecutionException ex)
        {
            final Throwable cause = ex.getCause();
            if (cause instanceof RuntimeException)
            {
                throw (RuntimeException)cause;
            }
            throw new IllegalStateException(cause);
        }
    }
}
