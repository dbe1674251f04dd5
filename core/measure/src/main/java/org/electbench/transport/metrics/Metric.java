package org.electbench.transport.metrics;

import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.regex.Pattern;

/**
 * One figure a run produces, declared once: its name (a Java identifier, so it can also name a
 * JMH counter field; a per-type message count adds a dot and the type name), unit, kind, a
 * one-line description, and how it is read from one run. Every writer — table, CSV, JSON, JMH
 * auxiliary counters, the analyser's columns — iterates the declarations in {@link Metrics}.
 * <p>
 * The reader returns, per kind: a distribution's value, or any negative number when the run has
 * none (an unconverged run has no convergence time; {@link Long#MIN_VALUE} only for the one
 * distribution that may be negative, overhead, meaning "none"); a count; a level; a violation's
 * 1 (broken), 0, or -1 where the run cannot be judged on it.
 */
public final class Metric
{
    private static final Pattern NAME = Pattern.compile("[a-z][A-Za-z0-9]*(\\.[A-Za-z0-9_]+)?");

    private final String name;
    private final MetricUnit unit;
    private final MetricKind kind;
    private final String description;
    private final boolean pairedOnly;
    private final boolean signed;
    private final ToLongFunction<Sample> reader;
    /** For one element of an array a run gives: the array's reader and the element's index; null and -1 otherwise. */
    private final Function<Sample, long[]> series;
    private final int seriesIndex;

    private Metric(
        final String name,
        final MetricUnit unit,
        final MetricKind kind,
        final String description,
        final boolean pairedOnly,
        final boolean signed,
        final ToLongFunction<Sample> reader,
        final Function<Sample, long[]> series,
        final int seriesIndex)
    {
        if (!NAME.matcher(name).matches())
        {
            throw new IllegalArgumentException("metric name must be an identifier in lower camel case, got '" + name + "'");
        }
        this.name = name;
        this.unit = Objects.requireNonNull(unit, "unit");
        this.kind = Objects.requireNonNull(kind, "kind");
        this.description = Objects.requireNonNull(description, "description");
        this.pairedOnly = pairedOnly;
        this.signed = signed;
        this.reader = Objects.requireNonNull(reader, "reader");
        this.series = series;
        this.seriesIndex = seriesIndex;
    }

    /** A time per run recorded into a histogram; a negative reading means the run has none. */
    public static Metric distribution(final String name, final String description, final ToLongFunction<Sample> reader)
    {
        return new Metric(name, MetricUnit.NANOSECONDS, MetricKind.DISTRIBUTION, description, false, false, reader, null, -1);
    }

    /** A count per run, reported as its mean per run and total. */
    public static Metric count(final String name, final MetricUnit unit, final String description, final ToLongFunction<Sample> reader)
    {
        return new Metric(name, unit, MetricKind.COUNT, description, false, false, reader, null, -1);
    }

    /**
     * A count per run that is one element of an array the run gives (a figure over time, one per
     * part of it); a run whose array is shorter has none (reads -1). A summary reads the array once
     * for all the metrics of its elements ({@link #series}).
     */
    public static Metric countAt(
        final String name, final MetricUnit unit, final String description, final Function<Sample, long[]> series, final int index)
    {
        Objects.requireNonNull(series, "series");
        return new Metric(name, unit, MetricKind.COUNT, description, false, false, sample -> at(series.apply(sample), index), series,
            index);
    }

    /** A level per run, reported as its mean and the largest. */
    public static Metric mean(final String name, final MetricUnit unit, final String description, final ToLongFunction<Sample> reader)
    {
        return new Metric(name, unit, MetricKind.MEAN, description, false, false, reader, null, -1);
    }

    /** A yes/no failure per run, reported as the runs that broke it. */
    public static Metric violation(final String name, final String description, final java.util.function.Predicate<Sample> broken)
    {
        return violation(name, description, broken, sample -> true);
    }

    /**
     * A yes/no failure per run that only some runs can be judged on, reported as the runs that
     * broke it out of the runs it applies to ("n/a" when it applies to none); a run it does not
     * apply to reads -1.
     */
    public static Metric violation(
        final String name, final String description, final java.util.function.Predicate<Sample> broken,
        final java.util.function.Predicate<Sample> applies)
    {
        return new Metric(name, MetricUnit.RUNS, MetricKind.VIOLATION, description, false, false,
            sample -> !applies.test(sample) ? -1 : broken.test(sample) ? 1 : 0, null, -1);
    }

    /**
     * @return this metric, shown only for runs paired with a simulator floor (the real-clock
     * runtimes); the simulator's reports leave it out.
     */
    public Metric pairedOnly()
    {
        return new Metric(name, unit, kind, description, true, signed, reader, series, seriesIndex);
    }

    /**
     * @return this distribution, allowed negative values ({@link Long#MIN_VALUE} still means none);
     * its histogram records negative values as 0, its exact percentiles keep them.
     */
    public Metric signed()
    {
        return new Metric(name, unit, kind, description, pairedOnly, true, reader, series, seriesIndex);
    }

    public String name()
    {
        return name;
    }

    public MetricUnit unit()
    {
        return unit;
    }

    public MetricKind kind()
    {
        return kind;
    }

    public String description()
    {
        return description;
    }

    /** @return whether only runs paired with a floor have it. */
    public boolean isPairedOnly()
    {
        return pairedOnly;
    }

    /** @return whether a distribution's values may be negative. */
    public boolean isSigned()
    {
        return signed;
    }

    /**
     * @param sample one run.
     * @return the value, per the kind (see the class comment).
     */
    public long read(final Sample sample)
    {
        return reader.applyAsLong(sample);
    }

    /** @return the reader of the array this metric is one element of ({@link #countAt}), or null. */
    public Function<Sample, long[]> series()
    {
        return series;
    }

    /**
     * @param values the array {@link #series} read from a run.
     * @return this metric's element of it, as {@link #read} gives it.
     */
    public long readFrom(final long[] values)
    {
        return at(values, seriesIndex);
    }

    private static long at(final long[] values, final int index)
    {
        return index < values.length ? values[index] : -1;
    }

    /** @return whether a reading means "this run has a value". */
    public boolean present(final long value)
    {
        // A violation that does not apply (n/a), and a count or level of a run that has none to give
        // (a disturbance metric of a crash), read -1.
        return kind == MetricKind.DISTRIBUTION ? (signed ? value != Long.MIN_VALUE : value >= 0) : value >= 0;
    }

    @Override
    public String toString()
    {
        return name + " (" + kind.name().toLowerCase(java.util.Locale.ROOT) + ", " + unit.symbol() + ")";
    }
}
