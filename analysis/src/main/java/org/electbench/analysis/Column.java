package org.electbench.analysis;

import java.util.List;

/**
 * One column of a table: a metric and the statistic of it the column shows. A distribution
 * gives p50, p99 and max; a count or a mean its mean per election; a violation the runs that
 * broke it; a JMH score its score (with JMH's error).
 *
 * @param metric the metric.
 * @param statistic the statistic.
 */
public record Column(Metric metric, Statistic statistic)
{
    public enum Statistic
    {
        P50("p50"), P99("p99"), MAX("max"), MEAN("mean"), RUNS("runs"), SCORE("score");

        private final String label;

        Statistic(final String label)
        {
            this.label = label;
        }

        public String label()
        {
            return label;
        }
    }

    /** @return the columns a metric of its kind gets, in table order. */
    public static List<Column> of(final Metric metric)
    {
        switch (metric.kind())
        {
            case DISTRIBUTION:
                return List.of(new Column(metric, Statistic.P50), new Column(metric, Statistic.P99), new Column(metric, Statistic.MAX));
            case VIOLATION:
                return List.of(new Column(metric, Statistic.RUNS));
            case MEAN:
                return List.of(new Column(metric, Statistic.MAX));
            default:
                return List.of(new Column(metric, Statistic.MEAN));
        }
    }

    /** @return a stable identifier: the metric's name, and the statistic for a distribution ({@code convergence.p99}). */
    public String id()
    {
        return metric.kind() == Metric.Kind.DISTRIBUTION ? metric.name() + "." + statistic.label() : metric.name();
    }

    /** @return the unit values are shown in: ms for nanoseconds. */
    public String displayUnit()
    {
        return metric.isTime() ? "ms" : metric.unit();
    }

    /** @return the header a table prints, e.g. {@code convergence p99 (ms)}. */
    public String header()
    {
        final String name = metric.kind() == Metric.Kind.DISTRIBUTION ? metric.name() + " " + statistic.label() : metric.name();
        return displayUnit().isEmpty() ? name : name + " (" + displayUnit() + ")";
    }

    /** @return a value of this column in its display unit. */
    public double display(final double value)
    {
        return metric.isTime() ? value / 1e6 : value;
    }
}
