package org.electbench.analysis;

import org.electbench.reporting.Cell;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Puts JMH results into {@link RunData}: the primary score with JMH's error, the gc profiler's
 * allocation per operation, and every auxiliary counter a metric declaration names.
 * <p>
 * A result whose cell a run report already describes adds only the allocation: the report has
 * every figure per election. In single-shot mode JMH sums EVENTS counters over the iterations and gives them no error, so
 * a counter's figure per election is its total over the total of the {@code elections} counter
 * (one election per operation when the benchmark counts none).
 */
final class JmhSource
{
    /** The counter of elections measured, which every other counter is divided by. */
    static final String ELECTIONS = "elections";
    /** The gc profiler's bytes allocated per operation, under its newer name. */
    static final String GC_ALLOC_NORM = "gc.alloc.rate.norm";
    static final Metric ALLOCATION = new Metric("allocation", "B/op", Metric.Kind.COUNT);
    static final Metric ELECTIONS_MEASURED = new Metric(ELECTIONS, "", Metric.Kind.COUNT);
    /** The message-path benchmark's counters: windows measured and events handled in them (MessagePathBenchmark.Totals). */
    static final String WINDOWS = "windows";
    static final String EVENTS_TOTAL = "eventsTotal";
    /** Bytes allocated per handled event on the message path: {@code gc.alloc.rate.norm} (per window) × windows / events. */
    static final Metric ALLOCATION_PER_EVENT = new Metric("allocationPerEvent", "B", Metric.Kind.COUNT);
    /** The simulator's benchmark and its floor, a bare event heap doing as many events an election (bench module). */
    static final String SIMULATOR = "SimulatorBenchmark.simulateElection";
    static final String SIMULATOR_FLOOR = "SimulatorFloorBenchmark.floorElection";
    /** The simulator's elections per second over its floor's at the same parameters: the share of a bare heap's event rate it reaches. */
    static final Metric FLOOR_SHARE = new Metric("floorShare", "x", Metric.Kind.COUNT);

    private JmhSource()
    {
    }

    /**
     * @param data where the figures go.
     * @param file the JSON file, for messages.
     * @param results its results.
     * @param declared the declaration of a metric by name, or null for a name nothing declares.
     */
    static void add(
        final RunData data,
        final Path file,
        final List<JmhResult> results,
        final Function<String, Metric> declared,
        final Collection<RowKey> reported)
    {
        for (final JmhResult result : results)
        {
            final RowKey row;
            final List<RowKey> matched;
            try
            {
                final RowKey own = RowKeys.rowKey(result.params(), result.shortName());
                matched = RowKeys.matching(own, reported);
                // A benchmark that measures no elections (throughput, the message path) gets a table of its own, its
                // scenario a setting, rather than rows among the elections of that scenario.
                row = !matched.isEmpty() || result.secondary().containsKey(ELECTIONS) ? own :
                    RowKeys.benchmarkRow(result.params(), result.shortName());
            }
            catch (final IllegalArgumentException ex)
            {
                throw new AnalysisException(file, result.benchmark() + ": " + ex.getMessage());
            }
            final JmhResult.Score allocation = result.secondary().get(GC_ALLOC_NORM);
            if (!matched.isEmpty())
            {
                // A run report has this cell's figures per election already; JMH's sums and its score (the simulator's
                // own time) would only say them again, worse. The allocation is JMH's alone, and belongs to a row only
                // when the benchmark's settings name one report (a derived-defaults row beside a sweep of the same cell
                // names several: one of them ran it, JMH does not say which).
                if (null != allocation && matched.size() == 1)
                {
                    data.put(matched.get(0), new Column(ALLOCATION, Column.Statistic.MEAN), new Cell(allocation.score(), allocation.error()));
                }
                continue;
            }
            final Metric primary = new Metric(result.shortName(), result.primary().unit(), Metric.Kind.COUNT);
            data.put(row, new Column(primary, Column.Statistic.MEAN), new Cell(result.primary().score(), result.primary().error()));

            if (null != allocation)
            {
                data.put(row, new Column(ALLOCATION, Column.Statistic.MEAN), new Cell(allocation.score(), allocation.error()));
                final JmhResult.Score windows = result.secondary().get(WINDOWS);
                final JmhResult.Score events = result.secondary().get(EVENTS_TOTAL);
                if (null != windows && null != events && events.total() > 0)
                {
                    final double perOperation = windows.total() / events.total();
                    data.put(row, new Column(ALLOCATION_PER_EVENT, Column.Statistic.MEAN),
                        new Cell(allocation.score() * perOperation, allocation.error() * perOperation));
                }
            }
            final JmhResult.Score elections = result.secondary().get(ELECTIONS);
            final double electionsTotal = null == elections ? Double.NaN : elections.total();
            if (null != elections)
            {
                data.put(row, new Column(ELECTIONS_MEASURED, Column.Statistic.MEAN), Cell.of(electionsTotal));
            }
            for (final Map.Entry<String, JmhResult.Score> counter : result.secondary().entrySet())
            {
                final Metric metric = ELECTIONS.equals(counter.getKey()) ? null : declared.apply(counter.getKey());
                // A distribution's sum means nothing; a level's (most leaders at once) cannot give its largest.
                if (null == metric || metric.kind() == Metric.Kind.DISTRIBUTION || metric.kind() == Metric.Kind.MEAN)
                {
                    continue;
                }
                final double total = counter.getValue().total();
                if (metric.kind() == Metric.Kind.VIOLATION)
                {
                    data.put(row, new Column(metric, Column.Statistic.RUNS), Cell.of(total));
                }
                else if (null != elections && electionsTotal > 0)
                {
                    data.put(row, new Column(metric, Column.Statistic.MEAN), Cell.of(total / electionsTotal));
                }
                else
                {
                    data.put(row, new Column(metric, Column.Statistic.MEAN), new Cell(counter.getValue().score(), counter.getValue().error()));
                }
            }
        }
    }

    /**
     * Puts {@link #FLOOR_SHARE} on each simulator row whose floor was measured with the same
     * parameters, in any of the run's JMH files: the ratio of their scores, so the distance to the
     * floor is read from one run on whatever machine made it. The share carries an interval when
     * both scores do: JMH's two half-widths carried to the ratio to first order, their relative
     * errors added in quadrature (the two benchmarks run in separate forks, so independently).
     * Like JMH's own, it spans the iterations of the forks that ran, not how far another fork
     * may settle.
     */
    static void addFloorShares(final RunData data, final List<JmhResult> results)
    {
        for (final JmhResult simulator : results)
        {
            if (!SIMULATOR.equals(simulator.shortName()))
            {
                continue;
            }
            for (final JmhResult floor : results)
            {
                if (SIMULATOR_FLOOR.equals(floor.shortName()) && floor.params().equals(simulator.params()) &&
                    floor.primary().score() > 0)
                {
                    data.put(RowKeys.benchmarkRow(simulator.params(), simulator.shortName()), new Column(FLOOR_SHARE, Column.Statistic.MEAN),
                        share(simulator.primary(), floor.primary()));
                }
            }
        }
    }

    /** @return the simulator's score over the floor's, with the ratio's half-width when both scores have one. */
    static Cell share(final JmhResult.Score simulator, final JmhResult.Score floor)
    {
        final double share = simulator.score() / floor.score();
        final double relative = Math.hypot(simulator.error() / simulator.score(), floor.error() / floor.score());
        return new Cell(share, share * relative);
    }
}
