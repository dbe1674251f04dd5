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

import org.electbench.harness.RuntimeRegistry;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.Durations;

/**
 * The tuning advisor. For each algorithm it measures every setting of the sweep in the simulator
 * (failover over many crashes, false elections per day in steady state), then walks the settings
 * that break no lint from the fastest failover p99 up: a setting whose false elections exceed the
 * target loses; the first that stays under it is given more simulation (until the 95 % upper
 * bound of each part of its false-election rate is under half the target, or the effort's cap)
 * and, if it still stays under, is recommended. Presets are measured with the same full effort.
 * <p>
 * Settings run in parallel, each on a simulator of its own thread; every run's seed depends on
 * the request alone, so the result does not depend on the threads.
 */
public final class Tuner
{
    static final String SIMULATOR = "sim";

    private final TuneRequest request;
    private final Evaluator evaluator;
    private final List<ClusterRuntime> runtimes = Collections.synchronizedList(new ArrayList<>());
    private final ThreadLocal<ClusterRuntime> runtime = ThreadLocal.withInitial(this::newRuntime);

    public Tuner(final TuneRequest request)
    {
        this.request = request;
        evaluator = new Evaluator(request);
    }

    private ClusterRuntime newRuntime()
    {
        final ClusterRuntime created = RuntimeRegistry.instance().get(SIMULATOR).newRuntime();
        runtimes.add(created);
        return created;
    }

    /** @return the recommendations, frontier and presets. */
    public TuneReport run()
    {
        final long startNs = System.nanoTime();
        final ExecutorService pool = Executors.newFixedThreadPool(request.threads());
        try
        {
            final List<List<Future<Measured>>> sweeps = new ArrayList<>();
            for (final String name : request.algorithms())
            {
                final ElectionAlgorithm algorithm = AlgorithmRegistry.instance().get(name);
                final Knobs knobs = Knobs.of(name);
                final List<Future<Measured>> sweep = new ArrayList<>();
                for (final Setting setting : request.grid().settings(knobs, request.nodes(), request.network()))
                {
                    sweep.add(pool.submit(() -> measure(algorithm, knobs, setting)));
                }
                sweeps.add(sweep);
            }
            final List<Future<TuneReport.AlgorithmResult>> results = new ArrayList<>();
            for (int index = 0; index < sweeps.size(); index++)
            {
                final List<Measured> measured = new ArrayList<>();
                for (final Future<Measured> future : sweeps.get(index))
                {
                    measured.add(join(future));
                }
                results.add(pool.submit(() -> recommend(measured)));
            }
            final List<Future<TuneReport.PresetResult>> presets = new ArrayList<>();
            for (final Preset preset : request.presets())
            {
                for (final String name : request.algorithms())
                {
                    presets.add(pool.submit(() -> preset(preset, name)));
                }
            }
            final List<TuneReport.AlgorithmResult> algorithms = new ArrayList<>();
            for (final Future<TuneReport.AlgorithmResult> future : results)
            {
                algorithms.add(join(future));
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

    private TuneReport.PresetResult preset(final Preset preset, final String name)
    {
        return new TuneReport.PresetResult(preset, evaluateHere(name, preset.setting(request.nodes(), request.network())));
    }

    private Evaluation evaluateHere(final String name, final Setting setting)
    {
        final Measured measured = measure(AlgorithmRegistry.instance().get(name), Knobs.of(name), setting);
        refine(measured);
        return measured.evaluation();
    }

    /**
     * One setting with the full effort a candidate gets, on the calling thread.
     *
     * @param name    a registered algorithm.
     * @param setting the knobs.
     * @return what it gives under the request's model.
     */
    public Evaluation evaluate(final String name, final Setting setting)
    {
        try
        {
            return evaluateHere(name, setting);
        }
        finally
        {
            runtime.remove();
            closeRuntimes();
        }
    }

    private Measured measure(final ElectionAlgorithm algorithm, final Knobs knobs, final Setting setting)
    {
        final ClusterRuntime sim = runtime.get();
        final Measured measured = new Measured(algorithm, knobs, setting);
        measured.lints = Lints.check(setting, knobs, request.nodes(), request.network());
        measured.failover = evaluator.failover(sim, algorithm, setting);
        measured.addNetwork(sim, Math.min(request.baseHeartbeats() * setting.heartbeatNs(), maxNetworkNs(setting)));
        measured.pausesPerDay = evaluator.pausesPerDay(setting, knobs);
        if (measured.pausesPerDay > 0)
        {
            measured.addPauses(sim, request.pauseEpisodes());
        }
        return measured;
    }

    private long maxNetworkNs(final Setting setting)
    {
        final double capNs = Math.min((double)request.maxHeartbeats() * setting.heartbeatNs(), request.maxDays() * Evaluator.NANOS_PER_DAY);
        return (long)capNs;
    }

    /** More simulation for a candidate, until each part's upper bound is under half the target, or the cap, or it fails. */
    private void refine(final Measured measured)
    {
        final ClusterRuntime sim = runtime.get();
        final double half = request.targetPerDay() / 2;
        final long maxNs = maxNetworkNs(measured.setting);
        while (measured.evaluation().falseElections().estimatePerDay() <= request.targetPerDay())
        {
            final boolean networkDone = measured.networkUpperPerDay() <= half || measured.networkNs >= maxNs;
            final boolean pausesDone = 0 == measured.pausesPerDay || measured.pauseUpperPerDay() <= half ||
                measured.pauseEpisodes >= request.maxPauseEpisodes();
            if (networkDone && pausesDone)
            {
                return;
            }
            if (!networkDone)
            {
                measured.addNetwork(sim, Math.min(measured.networkNs, maxNs - measured.networkNs));
            }
            if (!pausesDone)
            {
                measured.addPauses(sim, Math.min(measured.pauseEpisodes, request.maxPauseEpisodes() - measured.pauseEpisodes));
            }
        }
    }

    private TuneReport.AlgorithmResult recommend(final List<Measured> sweep)
    {
        final String[] verdicts = new String[sweep.size()];
        final List<Integer> order = new ArrayList<>();
        for (int index = 0; index < sweep.size(); index++)
        {
            final Measured measured = sweep.get(index);
            if (!measured.lints.isEmpty())
            {
                verdicts[index] = "lint: " + measured.lints.get(0);
            }
            else if (measured.failover.unconverged() > 0)
            {
                verdicts[index] = "unsettled: " + measured.failover.unconverged() + " of " + measured.failover.crashes() +
                    " crashes never settled";
            }
            else
            {
                order.add(index);
            }
        }
        // Fastest p99 first; on a tie the faster median, then the longer heartbeat (less traffic).
        order.sort(Comparator.<Integer>comparingLong(index -> sweep.get(index).failover.p99Ns())
            .thenComparingLong(index -> sweep.get(index).failover.p50Ns())
            .thenComparing(Comparator.<Integer>comparingLong(index -> sweep.get(index).setting.heartbeatNs()).reversed()));
        Measured recommended = null;
        for (final int index : order)
        {
            final Measured measured = sweep.get(index);
            if (null != recommended)
            {
                verdicts[index] = "slower: failover p99 " + Durations.format(measured.failover.p99Ns()) + " against " +
                    Durations.format(recommended.failover.p99Ns());
                continue;
            }
            if (measured.evaluation().falseElections().estimatePerDay() <= request.targetPerDay())
            {
                refine(measured);
            }
            final double rate = measured.evaluation().falseElections().estimatePerDay();
            if (rate <= request.targetPerDay())
            {
                recommended = measured;
                verdicts[index] = TuneReport.AlgorithmResult.RECOMMENDED;
            }
            else
            {
                verdicts[index] = String.format(Locale.ROOT, "too many false elections: %.3g/day over the target %s", rate,
                    TuneFormat.number(request.targetPerDay()));
            }
        }
        final List<Evaluation> evaluations = new ArrayList<>();
        Evaluation recommendedEvaluation = null;
        for (final Measured measured : sweep)
        {
            final Evaluation evaluation = measured.evaluation();
            evaluations.add(evaluation);
            if (measured == recommended)
            {
                recommendedEvaluation = evaluation;
            }
        }
        return new TuneReport.AlgorithmResult(sweep.get(0).algorithm.name(), sweep.get(0).knobs, List.copyOf(evaluations),
            List.of(verdicts), recommendedEvaluation);
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

    /** One setting's measurements so far; only the thread that owns it at a time touches it. */
    private final class Measured
    {
        final ElectionAlgorithm algorithm;
        final Knobs knobs;
        final Setting setting;
        List<String> lints;
        Evaluation.Failover failover;
        long networkElections;
        long networkNs;
        int nextChunk;
        long pauseElections;
        int pauseEpisodes;
        double pausesPerDay;

        Measured(final ElectionAlgorithm algorithm, final Knobs knobs, final Setting setting)
        {
            this.algorithm = algorithm;
            this.knobs = knobs;
            this.setting = setting;
        }

        void addNetwork(final ClusterRuntime sim, final long moreNs)
        {
            if (moreNs <= 0)
            {
                return;
            }
            networkElections += evaluator.networkElections(sim, algorithm, setting, nextChunk, moreNs);
            nextChunk += (int)((moreNs + Evaluator.CHUNK_NS - 1) / Evaluator.CHUNK_NS);
            networkNs += moreNs;
        }

        void addPauses(final ClusterRuntime sim, final int episodes)
        {
            if (episodes <= 0)
            {
                return;
            }
            pauseElections += evaluator.pauseElections(sim, algorithm, setting, knobs, pauseEpisodes, episodes);
            pauseEpisodes += episodes;
        }

        double networkDays()
        {
            return (double)networkNs / Evaluator.NANOS_PER_DAY;
        }

        double networkUpperPerDay()
        {
            return PoissonBound.upper(networkElections) / networkDays();
        }

        double pauseUpperPerDay()
        {
            return 0 == pauseEpisodes ? 0 : PoissonBound.upper(pauseElections) * pausesPerDay / pauseEpisodes;
        }

        Evaluation evaluation()
        {
            return new Evaluation(algorithm.name(), setting, failover,
                Evaluation.FalseElections.of(networkElections, networkDays(), pauseElections, pauseEpisodes, pausesPerDay), lints);
        }
    }
}
