package org.electbench.analysis;

import org.electbench.transport.metrics.MetricKind;
import org.electbench.transport.metrics.MetricUnit;
import org.electbench.transport.metrics.Metrics;

/**
 * The analyser's view of the metric declarations ({@link Metrics}): a JMH counter or a
 * histogram tag is a metric when a declaration names it, with that declaration's unit and kind.
 */
public final class Declarations
{
    private Declarations()
    {
    }

    /** @return the declared metric of that name, or null when none is declared by it. */
    public static Metric lookup(final String name)
    {
        for (final org.electbench.transport.metrics.Metric declared : Metrics.STANDARD)
        {
            if (declared.name().equals(name))
            {
                return new Metric(declared.name(), declared.unit().symbol(), kind(declared.kind()));
            }
        }
        if (name.startsWith(Metrics.MESSAGES_BY_TYPE_PREFIX) && name.length() > Metrics.MESSAGES_BY_TYPE_PREFIX.length())
        {
            return new Metric(name, MetricUnit.MESSAGES.symbol(), Metric.Kind.COUNT);
        }
        return null;
    }

    /** @return where a metric goes among the columns: its place in the declarations, per-type counts after them, the rest last. */
    static int rank(final String name)
    {
        for (int index = 0; index < Metrics.STANDARD.size(); index++)
        {
            if (Metrics.STANDARD.get(index).name().equals(name))
            {
                return index;
            }
        }
        return name.startsWith(Metrics.MESSAGES_BY_TYPE_PREFIX) ? Metrics.STANDARD.size() : Metrics.STANDARD.size() + 1;
    }

    static Metric.Kind kind(final MetricKind kind)
    {
        return Metric.Kind.valueOf(kind.name());
    }
}
