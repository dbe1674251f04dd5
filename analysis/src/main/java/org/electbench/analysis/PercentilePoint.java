package org.electbench.analysis;

import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * One point of a distribution's percentile plot (HdrHistogram's percentile distribution): the
 * share of elections at or below a value. Plotted against {@code 1/(1-p)} on a log axis, the tail
 * (90%, 99%, 99.9%) gets as much room as the body.
 *
 * @param percentile in [0, 100].
 * @param value the value at that percentile, in the histogram's unit.
 */
public record PercentilePoint(double percentile, long value)
{
    /** Points per halving of the distance to 100%, as HdrHistogram's own percentile output uses. */
    static final int TICKS_PER_HALF_DISTANCE = 5;

    /**
     * @param histogram every value.
     * @return its percentile points, ascending, the last one the maximum at 100%.
     */
    public static List<PercentilePoint> of(final Histogram histogram)
    {
        final List<PercentilePoint> points = new ArrayList<>();
        if (histogram.getTotalCount() == 0)
        {
            return points;
        }
        for (final HistogramIterationValue value : histogram.percentiles(TICKS_PER_HALF_DISTANCE))
        {
            final long at = histogram.highestEquivalentValue(value.getValueIteratedTo());
            final double percentile = value.getPercentileLevelIteratedTo();
            if (!points.isEmpty() && points.get(points.size() - 1).percentile() == percentile)
            {
                continue;
            }
            points.add(new PercentilePoint(percentile, at));
        }
        return points;
    }

    /**
     * @param totalCount values in the histogram.
     * @return where the point sits on the tail axis, {@code 1/(1-p)}; the maximum, at 100%, sits
     *     where the last of that many values would, {@code totalCount}.
     */
    public double tailPosition(final long totalCount)
    {
        final double remaining = 1 - percentile / 100.0;
        return remaining <= 0 ? Math.max(2, totalCount) : Math.min(1 / remaining, Math.max(2, totalCount));
    }
}
