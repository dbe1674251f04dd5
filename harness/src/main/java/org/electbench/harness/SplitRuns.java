package org.electbench.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.Scenario;
import org.electbench.transport.Summary;
import org.electbench.transport.metrics.Sample;

/**
 * A simulator's runs split among threads: each thread plays a contiguous range of run indexes on a
 * simulator of its own, and the ranges' summaries are added back in run order
 * ({@link Summary#addAll}), so every figure is the one the runs give played one after another. That
 * holds because a simulated run depends on its own seed alone ({@link Scenario#forRun}): a
 * simulator carries nothing from one run into the next.
 */
final class SplitRuns
{
    static final int MIN_RUNS_PER_THREAD = SeededRuns.MIN_RUNS_PER_THREAD;
    /** How often the calling thread reports the others' runs once its own range is done. */
    private static final long PROGRESS_INTERVAL_MS = 250;

    private SplitRuns()
    {
    }

    /**
     * @param threads  threads allowed.
     * @param runs     runs to make.
     * @param nodes    the cluster's size.
     * @param maxNodes the most nodes one simulator holds on this heap ({@link ClusterRuntime#maxNodes()}).
     * @return threads to use: at most {@code threads}, each with {@value #MIN_RUNS_PER_THREAD} runs
     *         or more, and no more simulators than the heap holds clusters of this size; at least 1.
     */
    static int threadsFor(final int threads, final int runs, final int nodes, final int maxNodes)
    {
        return Math.max(1, Math.min(threads, Math.min(runs / MIN_RUNS_PER_THREAD, maxNodes / Math.max(1, nodes))));
    }

    /** @return the first run of range {@code part} of {@code parts}: the ranges differ in length by one at most. */
    static int firstRun(final int part, final int runs, final int parts)
    {
        return (int)((long)runs * part / parts);
    }

    /**
     * @param registry   where the other threads' simulators come from, by {@code runtime}'s name.
     * @param runtime    the calling thread's simulator, which plays the first range.
     * @param scenario   run 0's scenario.
     * @param runs       runs to make.
     * @param threads    threads to split them among, at least 2.
     * @param progress   told, on the calling thread only, how many runs are done in all.
     * @param newSummary an empty summary of the metrics to aggregate.
     * @return the summary of every run, in run order.
     */
    static Summary run(
        final RuntimeRegistry registry, final ClusterRuntime runtime, final Scenario scenario, final int runs, final int threads,
        final SeededRuns.Progress progress, final Supplier<Summary> newSummary)
    {
        final AtomicInteger done = new AtomicInteger();
        final ExecutorService pool = Executors.newFixedThreadPool(threads - 1, task ->
        {
            final Thread thread = new Thread(task, "electbench-runs");
            thread.setDaemon(true);
            return thread;
        });
        try
        {
            final List<Future<Summary>> later = new ArrayList<>(threads - 1);
            for (int part = 1; part < threads; part++)
            {
                final int from = firstRun(part, runs, threads);
                final int to = firstRun(part + 1, runs, threads);
                later.add(pool.submit(() ->
                {
                    try (ClusterRuntime own = registry.get(runtime.name()).newRuntime())
                    {
                        return playRange(own, scenario, from, to, newSummary.get(), done, runs, SeededRuns.Progress.NONE);
                    }
                }));
            }
            final Summary summary = playRange(runtime, scenario, 0, firstRun(1, runs, threads), newSummary.get(), done, runs, progress);
            for (final Future<Summary> range : later)
            {
                summary.addAll(await(range, done, runs, progress));
            }
            // The last run made may have been another thread's: the count is told once more, complete.
            progress.onRun(done.get(), runs);
            return summary;
        }
        finally
        {
            // On a failure the other ranges stop at their next run.
            pool.shutdownNow();
        }
    }

    private static Summary playRange(
        final ClusterRuntime runtime, final Scenario scenario, final int from, final int to, final Summary summary,
        final AtomicInteger done, final int runs, final SeededRuns.Progress progress)
    {
        for (int run = from; run < to && !Thread.currentThread().isInterrupted(); run++)
        {
            summary.add(Sample.of(runtime.run(scenario.forRun(run))));
            progress.onRun(done.incrementAndGet(), runs);
        }
        return summary;
    }

    private static Summary await(final Future<Summary> range, final AtomicInteger done, final int runs, final SeededRuns.Progress progress)
    {
        while (true)
        {
            try
            {
                return range.get(PROGRESS_INTERVAL_MS, TimeUnit.MILLISECONDS);
            }
            catch (final TimeoutException ex)
            {
                progress.onRun(done.get(), runs);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while other threads made runs", ex);
            }
            catch (final ExecutionException ex)
            {
                if (ex.getCause() instanceof RuntimeException runtimeException)
                {
                    throw runtimeException;
                }
                if (ex.getCause() instanceof Error error)
                {
                    throw error;
                }
                throw new IllegalStateException(ex.getCause());
            }
        }
    }
}
