package org.electbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.electbench.transport.DelayDistribution;
import org.electbench.transport.Detectors;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.Summary;
import org.electbench.transport.metrics.Aggregate;
import org.electbench.transport.metrics.Metric;
import org.electbench.transport.metrics.Metrics;
import org.junit.jupiter.api.Test;

class SplitRunsTest
{
    /** Runs that differ from each other: random delays, one random detector, so every figure has a spread. */
    private static Scenario spread(final String algorithm)
    {
        return Scenario.builder().algorithm(algorithm).nodes(5).kind(ScenarioKind.PARTITION).detect(Detectors.RANDOM)
            .network(NetworkModel.of(DelayDistribution.exponential(3_000_000))).seed(11).build();
    }

    @Test
    void runsSplitAmongThreadsGiveEveryFigureOfTheRunsPlayedInTurn()
    {
        final int runs = 3 * SeededRuns.MIN_RUNS_PER_THREAD + 7;
        for (final String algorithm : List.of("bully", "raft"))
        {
            final Scenario scenario = spread(algorithm);
            final SeededRuns.Outcome inTurn = new SeededRuns().run("sim", scenario, runs, SeededRuns.Progress.NONE);
            final AtomicInteger lastDone = new AtomicInteger();
            final SeededRuns.Outcome split = new SeededRuns().splitAmong(3).run("sim", scenario, runs, (done, total) -> lastDone.set(done));
            assertEquals(runs, lastDone.get(), "progress counts every thread's runs");

            final Summary expected = inTurn.summary();
            final Summary actual = split.summary();
            assertEquals(runs, actual.runs());
            assertEquals(expected.lastLeader(), actual.lastLeader());
            for (final Aggregate want : expected.aggregates())
            {
                final Aggregate got = actual.get(want.metric());
                final String name = algorithm + " " + want.metric().name();
                assertEquals(want.runs(), got.runs(), name);
                assertEquals(want.samples(), got.samples(), name);
                assertEquals(want.sum(), got.sum(), name);
                assertEquals(want.min(), got.min(), name);
                assertEquals(want.max(), got.max(), name);
                for (final double percentile : new double[] {1, 50, 90, 99, 99.9, 100})
                {
                    assertEquals(want.percentile(percentile), got.percentile(percentile), name + " p" + percentile);
                }
                assertEquals(want.histogram(), got.histogram(), name);
                if (null != want.histogram())
                {
                    // As a report writes it: a histogram grown otherwise encodes otherwise, counts the same or not.
                    assertEquals(MetricValue.encode(want.histogram()), MetricValue.encode(got.histogram()), name);
                }
            }
            // The runs differ, so a split that lost or repeated a range would show.
            final Aggregate convergence = actual.get(Metrics.CONVERGENCE);
            assertTrue(convergence.min() < convergence.max(), algorithm + ": runs that differ");
        }
    }

    @Test
    void aThreadGetsItsShareOfRunsOnlyWhenTheShareIsWorthIt()
    {
        final int least = SeededRuns.MIN_RUNS_PER_THREAD;
        assertEquals(1, SplitRuns.threadsFor(2, 2 * least - 1, 5, 1_000_000));
        assertEquals(2, SplitRuns.threadsFor(2, 2 * least, 5, 1_000_000));
        assertEquals(2, SplitRuns.threadsFor(2, 100 * least, 5, 1_000_000));
        assertEquals(3, SplitRuns.threadsFor(8, 3 * least, 5, 1_000_000));
        // The heap holds one 1024-node simulator, not two.
        assertEquals(1, SplitRuns.threadsFor(2, 100 * least, 1024, 1500));
        assertEquals(1, SplitRuns.threadsFor(1, 100 * least, 5, 1_000_000));
    }

    @Test
    void theRangesCoverEveryRunOnceInOrder()
    {
        final int runs = 10_007;
        assertEquals(0, SplitRuns.firstRun(0, runs, 3));
        assertEquals(3335, SplitRuns.firstRun(1, runs, 3));
        assertEquals(6671, SplitRuns.firstRun(2, runs, 3));
        assertEquals(runs, SplitRuns.firstRun(3, runs, 3));
    }

    @Test
    void anAggregateAddedToAnotherHoldsBothInOrder()
    {
        final Metric metric = Metric.distribution("m", "a value", sample -> 0);
        final Aggregate first = new Aggregate(metric);
        first.record(30);
        first.record(10);
        final Aggregate later = new Aggregate(metric);
        later.record(20);
        later.record(50);
        later.record(40);
        first.addAll(later);
        assertEquals(5, first.runs());
        assertEquals(150, first.sum());
        assertEquals(10, first.min());
        assertEquals(50, first.max());
        assertEquals(30, first.percentile(50));
        assertEquals(40, first.percentile(80));
        assertEquals(5, first.histogram().getTotalCount());
        final Aggregate other = new Aggregate(Metric.distribution("other", "another", sample -> 0));
        assertThrows(IllegalArgumentException.class, () -> first.addAll(other));
    }

    @Test
    void splittingAmongNoThreadIsRefused()
    {
        final IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> new SeededRuns().splitAmong(0));
        assertEquals("threads must be at least 1, was 0", refused.getMessage());
    }
}
