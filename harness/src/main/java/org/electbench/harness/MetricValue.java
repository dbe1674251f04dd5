package org.electbench.harness;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Locale;
import java.util.zip.DataFormatException;

import org.HdrHistogram.Histogram;
import org.electbench.transport.metrics.Aggregate;
import org.electbench.transport.metrics.Metric;
import org.electbench.transport.metrics.MetricKind;

/**
 * One metric of a {@link RunReport}, as its declaration names it and its runs aggregated it.
 * Values are in the metric's unit (nanoseconds for times). Percentiles are exact nearest-rank
 * percentiles over the runs that had a value; they and the histogram are null for every kind but
 * {@code distribution}.
 *
 * @param name        the declaration's name, e.g. {@code convergence}, {@code messages.ELECTION}.
 * @param unit        the unit's symbol: ns, msgs, B, events, nodes, runs.
 * @param kind        distribution, count, mean or violation.
 * @param description what it measures, one line.
 * @param runs        runs recorded.
 * @param samples     runs that had a value.
 * @param sum         the values' sum (a violation's: the runs that broke it).
 * @param mean        sum / samples.
 * @param min         least value.
 * @param max         greatest value.
 * @param p50         median.
 * @param p90         90th percentile.
 * @param p99         99th percentile.
 * @param p999        99.9th percentile.
 * @param histogram   every value as an HdrHistogram, compressed and Base64-encoded as in a histogram log.
 */
public record MetricValue(
    String name,
    String unit,
    String kind,
    String description,
    int runs,
    int samples,
    long sum,
    double mean,
    long min,
    long max,
    Long p50,
    Long p90,
    Long p99,
    Long p999,
    String histogram)
{
    /** @return the value of an aggregate. */
    public static MetricValue of(final Aggregate aggregate)
    {
        final Metric metric = aggregate.metric();
        final boolean distribution = metric.kind() == MetricKind.DISTRIBUTION;
        final boolean values = distribution && !aggregate.isEmpty();
        return new MetricValue(
            metric.name(),
            metric.unit().symbol(),
            metric.kind().name().toLowerCase(Locale.ROOT),
            metric.description(),
            aggregate.runs(),
            aggregate.samples(),
            aggregate.sum(),
            aggregate.mean(),
            aggregate.min(),
            aggregate.max(),
            values ? aggregate.percentile(50) : null,
            values ? aggregate.percentile(90) : null,
            values ? aggregate.percentile(99) : null,
            values ? aggregate.percentile(99.9) : null,
            distribution ? encode(aggregate.histogram()) : null);
    }

    /** @return whether this is a distribution with at least one value. */
    public boolean hasValues()
    {
        return null != p50;
    }

    /** @return the histogram decoded, or null for a metric without one. */
    public Histogram decodeHistogram()
    {
        if (null == histogram)
        {
            return null;
        }
        try
        {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(histogram)), 0);
        }
        catch (final DataFormatException ex)
        {
            throw new IllegalArgumentException("metric " + name + ": histogram is not a compressed HdrHistogram", ex);
        }
    }

    static String encode(final Histogram histogram)
    {
        final ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        final int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        final byte[] bytes = new byte[length];
        buffer.rewind();
        buffer.get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }
}
