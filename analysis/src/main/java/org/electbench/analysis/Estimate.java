package org.electbench.analysis;

import org.HdrHistogram.Histogram;

/**
 * A percentile of a histogram with its 95% distribution-free confidence interval: the order
 * statistics at ranks {@code n·q ± 1.96·√(n·q·(1−q))} (the normal approximation to the binomial
 * count of values below the true percentile; Hahn &amp; Meeker, <i>Statistical Intervals</i>,
 * 1991, §5.2). An interval exists only where both ranks fall inside the sample, and a tail
 * percentile is given only from enough values to hold one: no p99 from fewer than 100.
 *
 * @param value the percentile, in the histogram's unit.
 * @param low the interval's lower end; NaN when the sample cannot give one.
 * @param high the interval's upper end; NaN when the sample cannot give one.
 * @param count the values the histogram holds.
 */
public record Estimate(double value, double low, double high, long count)
{
    private static final double Z95 = 1.96;
    /** The fewest values a p99 (or any percentile above p90) is read from. */
    public static final long TAIL_MINIMUM = 100;

    /**
     * @param histogram the values.
     * @param percentile 0 to 100.
     * @return the estimate, or null when the histogram is empty or too small for that percentile.
     */
    public static Estimate of(final Histogram histogram, final double percentile)
    {
        if (null == histogram || histogram.getTotalCount() == 0)
        {
            return null;
        }
        final long n = histogram.getTotalCount();
        if (percentile > 90 && n < TAIL_MINIMUM)
        {
            return null;
        }
        final double q = percentile / 100;
        final double spread = Z95 * Math.sqrt(n * q * (1 - q));
        final double lowRank = Math.floor(n * q - spread);
        final double highRank = Math.ceil(n * q + spread) + 1;
        final double value = histogram.getValueAtPercentile(percentile);
        if (lowRank < 1 || highRank > n)
        {
            return new Estimate(value, Double.NaN, Double.NaN, n);
        }
        return new Estimate(value, rank(histogram, lowRank), rank(histogram, highRank), n);
    }

    private static double rank(final Histogram histogram, final double rank)
    {
        return histogram.getValueAtPercentile(100.0 * rank / histogram.getTotalCount());
    }

    /** @return whether the sample gives an interval. */
    public boolean hasInterval()
    {
        return !Double.isNaN(low);
    }

    /** @return whether the intervals of two estimates are apart (neither interval reaches the other); false without both. */
    public boolean separatedFrom(final Estimate other)
    {
        return hasInterval() && other.hasInterval() && (high < other.low || other.high < low);
    }
}
