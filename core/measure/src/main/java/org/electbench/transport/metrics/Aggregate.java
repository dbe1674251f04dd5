package org.electbench.transport.metrics;

import java.util.Arrays;

import org.HdrHistogram.Histogram;

/**
 * One metric over many runs. Every kind keeps how many runs had a value, their sum, least and
 * most; a distribution also keeps every value (for exact nearest-rank percentiles in tables) and
 * an HdrHistogram of them (for logs, tails and CDFs; a signed distribution records its negative
 * values as 0 there).
 */
public final class Aggregate
{
    /** Three significant digits: 0.1% resolution from nanoseconds to hours. */
    public static final int SIGNIFICANT_DIGITS = 3;

    private final Metric metric;
    private final Histogram histogram;
    /** Of {@link #values}, the first this many are in the histogram: it takes the rest when it is asked for. */
    private int inHistogram;
    private long[] values;
    /** The values sorted, as of {@link #sortedSamples} samples; null before a percentile is asked for. */
    private long[] sorted;
    private int sortedSamples = -1;
    private int runs;
    private int samples;
    private long sum;
    private long min = Long.MAX_VALUE;
    private long max = Long.MIN_VALUE;

    public Aggregate(final Metric metric)
    {
        this.metric = metric;
        if (metric.kind() == MetricKind.DISTRIBUTION)
        {
            histogram = new Histogram(SIGNIFICANT_DIGITS);
            values = new long[16];
        }
        else
        {
            histogram = null;
            values = null;
        }
    }

    /** @param sample one run: reads the metric and records its value if the run has one. */
    public void add(final Sample sample)
    {
        record(metric.read(sample));
    }

    /** @param value a reading of the metric, as its reader returns it. */
    public void record(final long value)
    {
        runs++;
        recordSample(value);
    }

    /**
     * @param value one more value of the run just recorded, for a metric with many values a run
     *              (a timer's lateness); it counts as a sample, not as a run.
     */
    public void recordSample(final long value)
    {
        if (!metric.present(value))
        {
            return;
        }
        if (null != values)
        {
            if (samples == values.length)
            {
                values = Arrays.copyOf(values, 2 * values.length);
            }
            values[samples] = value;
        }
        samples++;
        sum += value;
        min = Math.min(min, value);
        max = Math.max(max, value);
    }

    /**
     * Adds another aggregate's runs of the same metric after this one's, as if each had been
     * recorded here in turn: the values keep their order, so every figure is the one a single
     * aggregate of both would give.
     *
     * @param later the same metric's aggregate of the runs that came after this one's.
     */
    public void addAll(final Aggregate later)
    {
        if (!metric.name().equals(later.metric.name()))
        {
            throw new IllegalArgumentException("cannot add " + later.metric.name() + " to " + metric.name());
        }
        runs += later.runs;
        if (null != values)
        {
            if (samples + later.samples > values.length)
            {
                values = Arrays.copyOf(values, Math.max(2 * values.length, samples + later.samples));
            }
            System.arraycopy(later.values, 0, values, samples, later.samples);
        }
        samples += later.samples;
        sum += later.sum;
        min = Math.min(min, later.min);
        max = Math.max(max, later.max);
    }

    public Metric metric()
    {
        return metric;
    }

    /** @return runs recorded, with a value or without. */
    public int runs()
    {
        return runs;
    }

    /** @return runs that had a value (for a violation: every run; see {@link #sum()} for the broken ones). */
    public int samples()
    {
        return samples;
    }

    public boolean isEmpty()
    {
        return 0 == samples;
    }

    /** @return the sum of the values; for a violation, the runs that broke it. */
    public long sum()
    {
        return sum;
    }

    /** @return the mean over runs with a value, 0 when none. */
    public double mean()
    {
        return 0 == samples ? 0 : (double)sum / samples;
    }

    public long min()
    {
        return 0 == samples ? 0 : min;
    }

    public long max()
    {
        return 0 == samples ? 0 : max;
    }

    /**
     * @param percentile in (0, 100].
     * @return a distribution's exact nearest-rank percentile over the runs with a value, 0 when none.
     */
    public long percentile(final double percentile)
    {
        if (null == values || 0 == samples)
        {
            return 0;
        }
        if (sortedSamples != samples)
        {
            // A table asks for several percentiles of the same values: sort them once until the next is recorded.
            // Hundreds of thousands of runs sort on every core (a short array sorts in place, as before).
            sorted = Arrays.copyOf(values, samples);
            Arrays.parallelSort(sorted);
            sortedSamples = samples;
        }
        final int rank = (int)Math.ceil(percentile / 100.0 * samples);
        return sorted[Math.max(0, Math.min(samples - 1, rank - 1))];
    }

    /**
     * @return a distribution's histogram of every value recorded so far (later ones join it at the
     *         next call: copy it to keep it), or null for the other kinds. The values go in one by
     *         one in the order they came, so it grows and encodes as if each had gone in as it came.
     *         Most readers never ask for it, so a run does not pay for it.
     */
    public Histogram histogram()
    {
        if (null != histogram)
        {
            for (; inHistogram < samples; inHistogram++)
            {
                histogram.recordValue(Math.max(0, values[inHistogram]));
            }
        }
        return histogram;
    }
}
