package org.electbench.tune;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.electbench.transport.DelayDistribution;
import org.electbench.transport.Durations;
import org.electbench.transport.NetworkModel;

/**
 * The network the tuner simulates, fitted from what the user knows of theirs: two RTT
 * percentiles, or a histogram log of measured round trips (as {@code probe} writes).
 * <p>
 * The model is a lognormal one-way delay, the usual shape of a network's latency (a floor with a
 * long right tail), fitted from two percentiles: a round trip is taken as two equal one-way
 * trips, so the one-way median is half the RTT p50 and the one-way p99 half the RTT p99, and
 * sigma = ln(p99 / p50) / z(0.99). A histogram log is reduced to its p50 and p99 and fitted the
 * same way, so the model is always one {@code simulate --delay} can reproduce. Loss is as given.
 */
public final class NetworkFit
{
    /** The standard normal's 99th percentile. */
    static final double Z99 = 2.3263478740408408;

    private final long rttP50Ns;
    private final long rttP99Ns;
    private final long rttMaxNs;
    private final long samples;
    private final String source;
    private final String delaySpec;
    private final DelayDistribution oneWay;
    private final double loss;

    private NetworkFit(
        final long rttP50Ns, final long rttP99Ns, final long rttMaxNs, final long samples, final String source, final double loss)
    {
        if (rttP50Ns <= 0)
        {
            throw new IllegalArgumentException("--rtt-p50 must be greater than zero, was " + Durations.format(rttP50Ns));
        }
        if (rttP99Ns < rttP50Ns)
        {
            throw new IllegalArgumentException("--rtt-p99 (" + Durations.format(rttP99Ns) + ") must be at least --rtt-p50 (" +
                Durations.format(rttP50Ns) + ")");
        }
        if (!(loss >= 0 && loss < 1))
        {
            throw new IllegalArgumentException("--loss must be a probability in [0, 1), was " + loss);
        }
        this.rttP50Ns = rttP50Ns;
        this.rttP99Ns = rttP99Ns;
        this.rttMaxNs = rttMaxNs;
        this.samples = samples;
        this.source = source;
        this.loss = loss;
        final long medianNs = Math.max(1, Math.round(rttP50Ns / 2.0));
        final double sigma = Math.log((double)rttP99Ns / rttP50Ns) / Z99;
        delaySpec = "lognormal:" + Durations.format(medianNs) + "," + String.format(Locale.ROOT, "%.4f", sigma);
        // Parsed back, so the simulated model is exactly the one the printed flags reproduce.
        oneWay = DelayDistribution.parse(delaySpec);
    }

    /**
     * @param rttP50Ns the round trip's median.
     * @param rttP99Ns its 99th percentile, at least the median.
     * @param loss     the probability a message is lost.
     * @return the fitted network.
     * @throws IllegalArgumentException naming the flag whose value makes no sense.
     */
    public static NetworkFit fromPercentiles(final long rttP50Ns, final long rttP99Ns, final double loss)
    {
        return new NetworkFit(rttP50Ns, rttP99Ns, -1, 0, "--rtt-p50/--rtt-p99", loss);
    }

    /**
     * @param log  an HdrHistogram log of round trips in nanoseconds, every interval of it added up.
     * @param loss the probability a message is lost.
     * @return the network fitted from the log's p50 and p99.
     * @throws IllegalArgumentException naming the file when it cannot be read or holds no round trip.
     */
    public static NetworkFit fromHistogramLog(final Path log, final double loss)
    {
        if (!Files.isReadable(log))
        {
            throw new IllegalArgumentException("--rtt-hist: cannot read " + log);
        }
        final Histogram total = new Histogram(3);
        try (HistogramLogReader reader = new HistogramLogReader(log.toFile()))
        {
            EncodableHistogram interval;
            while (null != (interval = reader.nextIntervalHistogram()))
            {
                if (!(interval instanceof Histogram))
                {
                    throw new IllegalArgumentException("--rtt-hist: " + log + " holds floating-point histograms; " +
                        "expected integer round trips in nanoseconds as `probe` writes");
                }
                total.add((Histogram)interval);
            }
        }
        catch (final IOException | RuntimeException ex)
        {
            if (ex instanceof IllegalArgumentException)
            {
                throw (IllegalArgumentException)ex;
            }
            throw new IllegalArgumentException("--rtt-hist: " + log + " is not an HdrHistogram log (" + ex.getMessage() + ")", ex);
        }
        if (0 == total.getTotalCount())
        {
            throw new IllegalArgumentException("--rtt-hist: " + log + " holds no round trips");
        }
        return new NetworkFit(total.getValueAtPercentile(50), total.getValueAtPercentile(99), total.getMaxValue(),
            total.getTotalCount(), "--rtt-hist " + log.getFileName(), loss);
    }

    public long rttP50Ns()
    {
        return rttP50Ns;
    }

    public long rttP99Ns()
    {
        return rttP99Ns;
    }

    /** @return the largest round trip of a histogram log, or -1 when fitted from percentiles. */
    public long rttMaxNs()
    {
        return rttMaxNs;
    }

    /** @return round trips in the histogram log, 0 when fitted from percentiles. */
    public long samples()
    {
        return samples;
    }

    /** @return where the fit came from, for the report. */
    public String source()
    {
        return source;
    }

    /** @return the one-way delay in {@code simulate --delay} syntax. */
    public String delaySpec()
    {
        return delaySpec;
    }

    public DelayDistribution oneWay()
    {
        return oneWay;
    }

    /** @return the one-way p99 of the model, half the RTT p99. */
    public long oneWayP99Ns()
    {
        return rttP99Ns / 2;
    }

    public double loss()
    {
        return loss;
    }

    /** @return the simulator's network: the fitted delay, the loss, FIFO links as {@code simulate} defaults to. */
    public NetworkModel model()
    {
        return NetworkModel.of(oneWay).withLoss(loss);
    }
}
