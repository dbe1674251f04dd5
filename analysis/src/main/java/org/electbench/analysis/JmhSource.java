package org.electbench.analysis;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Puts JMH results into {@link RunData}: the primary score with JMH's error, the gc profiler's
 * allocation per operation, and every auxiliary counter a metric declaration names.
 * <p>
 * In single-shot mode JMH sums EVENTS counters over the iterations and gives them no error, so
 * a counter's figure per election is its total over the total of the {@code elections} counter
 * (one election per operation when the benchmark counts none).
 */
final class JmhSource
{
    /** The counter of elections measured, which every other counter is divided by. */
    static final String ELECTIONS = "elections";
    /** The gc profiler's bytes allocated per operation, under its newer name. */
    static final String GC_ALLOC_NORM = "gc.alloc.rate.norm";
    static final Metric ALLOCATION = new Metric("allocation", "B/op", Metric.Kind.MEAN);
    static final Metric ELECTIONS_MEASURED = new Metric(ELECTIONS, "", Metric.Kind.COUNT);

    private JmhSource()
    {
    }

    /**
     * @param data where the figures go.
     * @param file the JSON file, for messages.
     * @param results its results.
     * @param declared the declaration of a metric by name, or null for a name nothing declares.
     */
    static void add(final RunData data, final Path file, final List<JmhResult> results, final Function<String, Metric> declared)
    {
        for (final JmhResult result : results)
        {
            final RowKey row;
            try
            {
                row = RowKeys.matching(RowKeys.rowKey(result.params(), result.shortName()), data.rows());
            }
            catch (final IllegalArgumentException ex)
            {
                throw new AnalysisException(file, result.benchmark() + ": " + ex.getMessage());
            }
            final Metric primary = new Metric(result.shortName(), result.primary().unit(), Metric.Kind.MEAN);
            data.put(row, new Column(primary, Column.Statistic.MEAN), new Cell(result.primary().score(), result.primary().error()));

            final JmhResult.Score allocation = result.secondary().get(GC_ALLOC_NORM);
            if (null != allocation)
            {
                data.put(row, new Column(ALLOCATION, Column.Statistic.MEAN), new Cell(allocation.score(), allocation.error()));
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
                if (null == metric || metric.kind() == Metric.Kind.DISTRIBUTION)
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
}
