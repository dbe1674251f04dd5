package org.electbench.analysis;

import java.util.SortedMap;

/**
 * One benchmark × parameter combination of a JMH JSON result file.
 *
 * @param benchmark the benchmark method's full name.
 * @param mode JMH's short mode name (ss, avgt, thrpt, sample).
 * @param params the {@code @Param} values, by name.
 * @param primary the primary metric.
 * @param secondary the secondary metrics (profilers, aux counters) by name, the gc profiler's
 *     older {@code ·gc.…} spelling already read as the newer {@code gc.…}.
 */
public record JmhResult(
    String benchmark,
    String mode,
    SortedMap<String, String> params,
    Score primary,
    SortedMap<String, Score> secondary)
{
    /**
     * One metric's figure as JMH reports it.
     *
     * @param score the mean over the measurement iterations.
     * @param error the half-width of JMH's 99.9% confidence interval; NaN when JMH gives none
     *     (one iteration, or EVENTS counters in single-shot mode).
     * @param unit the unit, such as {@code ms/op} or {@code B/op}.
     * @param rawData every iteration's figure, forks one after another.
     */
    public record Score(double score, double error, String unit, double[] rawData)
    {
        /** @return the sum over every iteration: what an EVENTS counter counted in the whole run. */
        public double total()
        {
            double total = 0;
            for (final double value : rawData)
            {
                total += value;
            }
            return total;
        }
    }

    /** @return the benchmark class's simple name with its method, e.g. {@code ConvergenceBenchmark.election}. */
    public String shortName()
    {
        final int method = benchmark.lastIndexOf('.');
        final int type = method > 0 ? benchmark.lastIndexOf('.', method - 1) : -1;
        return benchmark.substring(type + 1);
    }
}
