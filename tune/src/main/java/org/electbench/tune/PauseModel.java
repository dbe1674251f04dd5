package org.electbench.tune;

import java.util.SplittableRandom;

import org.electbench.transport.Durations;

/**
 * Stop-the-world stalls of a node (a GC pause, a slow disk): each node stalls at random, a
 * Poisson process at the given rate, for a duration drawn from an exponential distribution
 * scaled so that its 99th percentile is the given one (mean = p99 / ln 100). The exponential
 * is memoryless, so a pause known to exceed some length is that length plus a fresh draw,
 * which is how the tuner simulates only the pauses that can matter.
 */
public final class PauseModel
{
    public static final PauseModel NONE = new PauseModel(0, 0);

    private static final double NANOS_PER_HOUR = 3600e9;

    private final double ratePerHour;
    private final long p99Ns;
    private final double meanNs;

    private PauseModel(final double ratePerHour, final long p99Ns)
    {
        this.ratePerHour = ratePerHour;
        this.p99Ns = p99Ns;
        meanNs = p99Ns / Math.log(100);
    }

    /**
     * @param ratePerHour pauses per node per hour, at least 0.
     * @param p99Ns       the 99th percentile of a pause's length, greater than 0 when the rate is.
     * @return the model.
     * @throws IllegalArgumentException naming the flag whose value makes no sense.
     */
    public static PauseModel of(final double ratePerHour, final long p99Ns)
    {
        if (!(ratePerHour >= 0) || !Double.isFinite(ratePerHour))
        {
            throw new IllegalArgumentException("--pause-rate must be a number of pauses per hour >= 0, was " + ratePerHour);
        }
        if (ratePerHour > 0 && p99Ns <= 0)
        {
            throw new IllegalArgumentException("--pause-p99 must be greater than zero when --pause-rate is given");
        }
        return 0 == ratePerHour ? NONE : new PauseModel(ratePerHour, p99Ns);
    }

    public boolean isNone()
    {
        return 0 == ratePerHour;
    }

    public double ratePerHour()
    {
        return ratePerHour;
    }

    public long p99Ns()
    {
        return p99Ns;
    }

    public double meanNs()
    {
        return meanNs;
    }

    /** @return pauses per nanosecond of one node. */
    public double ratePerNs()
    {
        return ratePerHour / NANOS_PER_HOUR;
    }

    /** @return the probability a pause lasts longer than {@code ns}. */
    public double probabilityAbove(final long ns)
    {
        return isNone() ? 0 : Math.exp(-ns / meanNs);
    }

    /** @return one pause length. */
    public long sampleNs(final SplittableRandom random)
    {
        return sampleAboveNs(0, random);
    }

    /** @return one pause length, given that it exceeds {@code thresholdNs}. */
    public long sampleAboveNs(final long thresholdNs, final SplittableRandom random)
    {
        return thresholdNs + (long)(-meanNs * Math.log(1.0 - random.nextDouble()));
    }

    @Override
    public String toString()
    {
        return isNone() ? "none" : "exponential, p99 " + Durations.format(p99Ns) + ", " + ratePerHour + "/h per node";
    }
}
