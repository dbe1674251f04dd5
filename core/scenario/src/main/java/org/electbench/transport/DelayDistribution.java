package org.electbench.transport;

import java.util.random.RandomGenerator;

import org.electbench.spi.Durations;

/**
 * One-way message delay. Parsed from {@code constant:1ms}, {@code uniform:1ms,3ms},
 * {@code exponential:110ms} (the mean) or {@code lognormal:MEDIAN,SIGMA} (median and the
 * sigma of the underlying normal).
 */
public final class DelayDistribution
{
    public static final String ACCEPTED =
        "constant:D, uniform:MIN,MAX, exponential:MEAN or lognormal:MEDIAN,SIGMA (durations such as 1ms)";

    /** The standard normal's 99th percentile. */
    private static final double Z_99 = 2.3263478740408408;
    /**
     * The quantile a derived timeout waits for when the delay has no maximum (exponential,
     * lognormal): one message in a thousand is slower, against one in a hundred at p99.
     */
    public static final double UNBOUNDED_QUANTILE = 0.999;
    /** The standard normal's {@link #UNBOUNDED_QUANTILE} quantile. */
    private static final double Z_999 = 3.090232306167813;

    public enum Shape
    {
        CONSTANT, UNIFORM, EXPONENTIAL, LOGNORMAL
    }

    private final Shape shape;
    private final long aNs;
    private final long bNs;
    private final double sigma;
    private final long offsetNs;

    private DelayDistribution(final Shape shape, final long aNs, final long bNs, final double sigma)
    {
        this(shape, aNs, bNs, sigma, 0);
    }

    private DelayDistribution(final Shape shape, final long aNs, final long bNs, final double sigma, final long offsetNs)
    {
        this.shape = shape;
        this.aNs = aNs;
        this.bNs = bNs;
        this.sigma = sigma;
        this.offsetNs = offsetNs;
    }

    /**
     * This delay with a fixed amount added to every sample, such as a real transport's own
     * one-way latency on top of the modelled delay.
     *
     * @param extraNs at least 0.
     * @return the shifted distribution (constant and uniform stay plain constant and uniform).
     */
    public DelayDistribution plusNs(final long extraNs)
    {
        requireNonNegative(extraNs);
        switch (shape)
        {
            case CONSTANT:
                return constant(aNs + offsetNs + extraNs);
            case UNIFORM:
                return uniform(aNs + offsetNs + extraNs, bNs + offsetNs + extraNs);
            default:
                return new DelayDistribution(shape, aNs, bNs, sigma, offsetNs + extraNs);
        }
    }

    /**
     * This delay with every duration divided, shape and sigma kept: the same network played faster.
     *
     * @param divisor at least 1.
     * @return the compressed distribution.
     */
    public DelayDistribution dividedBy(final long divisor)
    {
        if (divisor < 1)
        {
            throw new IllegalArgumentException("divisor must be at least 1, got " + divisor);
        }
        return new DelayDistribution(shape, aNs / divisor, bNs / divisor, sigma, offsetNs / divisor);
    }

    public static DelayDistribution constant(final long delayNs)
    {
        requireNonNegative(delayNs);
        return new DelayDistribution(Shape.CONSTANT, delayNs, delayNs, 0);
    }

    public static DelayDistribution uniform(final long minNs, final long maxNs)
    {
        requireNonNegative(minNs);
        if (maxNs < minNs)
        {
            throw new IllegalArgumentException("uniform delay needs MIN <= MAX, got " + minNs + " ns > " + maxNs + " ns");
        }
        return new DelayDistribution(Shape.UNIFORM, minNs, maxNs, 0);
    }

    public static DelayDistribution exponential(final long meanNs)
    {
        requireNonNegative(meanNs);
        return new DelayDistribution(Shape.EXPONENTIAL, meanNs, meanNs, 0);
    }

    public static DelayDistribution lognormal(final long medianNs, final double sigma)
    {
        requireNonNegative(medianNs);
        if (!(sigma >= 0) || !Double.isFinite(sigma))
        {
            throw new IllegalArgumentException("lognormal SIGMA must be a finite number >= 0, got " + sigma);
        }
        return new DelayDistribution(Shape.LOGNORMAL, medianNs, medianNs, sigma);
    }

    /**
     * @param text e.g. {@code uniform:1ms,3ms}.
     * @return the distribution.
     * @throws IllegalArgumentException naming the accepted forms.
     */
    public static DelayDistribution parse(final String text)
    {
        final int colon = text.indexOf(':');
        if (colon < 0)
        {
            throw new IllegalArgumentException("'" + text + "' is not a delay: expected " + ACCEPTED);
        }
        final String name = text.substring(0, colon).trim();
        final String[] args = text.substring(colon + 1).split(",", -1);
        try
        {
            switch (name)
            {
                case "constant":
                    requireArgs(text, args, 1);
                    return constant(Durations.parseNs(args[0]));
                case "uniform":
                    requireArgs(text, args, 2);
                    return uniform(Durations.parseNs(args[0]), Durations.parseNs(args[1]));
                case "exponential":
                    requireArgs(text, args, 1);
                    return exponential(Durations.parseNs(args[0]));
                case "lognormal":
                    requireArgs(text, args, 2);
                    return lognormal(Durations.parseNs(args[0]), Double.parseDouble(args[1].trim()));
                default:
                    throw new IllegalArgumentException("unknown delay shape '" + name + "'");
            }
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("'" + text + "' is not a delay (" + ex.getMessage() + "): expected " + ACCEPTED, ex);
        }
    }

    /** @return one delay in nanoseconds. */
    public long sampleNs(final RandomGenerator random)
    {
        return offsetNs + baseSampleNs(random);
    }

    private long baseSampleNs(final RandomGenerator random)
    {
        switch (shape)
        {
            case CONSTANT:
                return aNs;
            case UNIFORM:
                return aNs == bNs ? aNs : aNs + (long)(random.nextDouble() * (bNs - aNs + 1));
            case EXPONENTIAL:
                return (long)(-aNs * Math.log(1.0 - random.nextDouble()));
            case LOGNORMAL:
                return (long)(aNs * Math.exp(sigma * random.nextGaussian()));
            default:
                throw new IllegalStateException(shape.name());
        }
    }

    /** @return the mean one-way delay, for floors and predictions. */
    public double meanNs()
    {
        return offsetNs + baseMeanNs();
    }

    private double baseMeanNs()
    {
        switch (shape)
        {
            case CONSTANT:
            case EXPONENTIAL:
                return aNs;
            case UNIFORM:
                return (aNs + bNs) / 2.0;
            case LOGNORMAL:
                return aNs * Math.exp(sigma * sigma / 2);
            default:
                throw new IllegalStateException(shape.name());
        }
    }

    /**
     * @return the 99th percentile of one-way delay, as the derivation of non-distorting defaults
     *         uses it: constant D; uniform MIN + 0.99 (MAX - MIN); exponential MEAN ln 100;
     *         lognormal MEDIAN e^(2.3263 SIGMA); plus any fixed offset.
     */
    public long p99Ns()
    {
        final double base;
        switch (shape)
        {
            case CONSTANT:
                base = aNs;
                break;
            case UNIFORM:
                base = aNs + 0.99 * (bNs - aNs);
                break;
            case EXPONENTIAL:
                base = aNs * Math.log(100.0);
                break;
            case LOGNORMAL:
                base = aNs * Math.exp(Z_99 * sigma);
                break;
            default:
                throw new IllegalStateException(shape.name());
        }
        return offsetNs + (long)Math.ceil(base);
    }

    /**
     * An upper bound on the probability that one sample exceeds the smallest possible sample by
     * more than a margin: exact for constant, uniform and exponential delays; for lognormal the
     * normal tail's bound φ(z)/z (Feller, An Introduction to Probability Theory, vol. 1, VII.1).
     *
     * @param marginNs how far above the minimum.
     * @return in [0, 1]: 1 for a negative margin.
     */
    public double exceedance(final long marginNs)
    {
        if (marginNs < 0)
        {
            return 1.0;
        }
        switch (shape)
        {
            case CONSTANT:
                return 0.0;
            case UNIFORM:
                // Samples are aNs + floor(u (bNs - aNs + 1)): bNs - aNs + 1 values, equally likely.
                return Math.max(0.0, (double)(bNs - aNs - marginNs) / (bNs - aNs + 1));
            case EXPONENTIAL:
                return Math.exp(-(double)marginNs / aNs);
            case LOGNORMAL:
            {
                final double z = Math.log((double)marginNs / aNs) / sigma;
                return z <= 1.0 ? 1.0 : Math.min(1.0, Math.exp(-z * z / 2) / (z * Math.sqrt(2 * Math.PI)));
            }
            default:
                throw new IllegalStateException(shape.name());
        }
    }

    /** @return whether no sample exceeds a maximum: constant and uniform delays. */
    public boolean isBounded()
    {
        return shape == Shape.CONSTANT || shape == Shape.UNIFORM;
    }

    /**
     * @return the quantile {@link #boundNs()} is: 1 (the maximum) for a bounded delay, else
     *         {@link #UNBOUNDED_QUANTILE}.
     */
    public double boundQuantile()
    {
        return isBounded() ? 1.0 : UNBOUNDED_QUANTILE;
    }

    /**
     * The one-way delay a derived timeout waits for: the maximum of a bounded delay (constant D;
     * uniform MAX), so no answer ever comes after the wait; for an unbounded one its
     * {@link #UNBOUNDED_QUANTILE} quantile (exponential MEAN ln 1000; lognormal MEDIAN e^(3.0902
     * SIGMA)); plus any fixed offset.
     *
     * @return nanoseconds.
     */
    public long boundNs()
    {
        final double base;
        switch (shape)
        {
            case CONSTANT:
                base = aNs;
                break;
            case UNIFORM:
                base = bNs;
                break;
            case EXPONENTIAL:
                base = aNs * Math.log(1.0 / (1.0 - UNBOUNDED_QUANTILE));
                break;
            case LOGNORMAL:
                base = aNs * Math.exp(Z_999 * sigma);
                break;
            default:
                throw new IllegalStateException(shape.name());
        }
        return offsetNs + (long)Math.ceil(base);
    }

    public Shape shape()
    {
        return shape;
    }

    public boolean isConstant()
    {
        return shape == Shape.CONSTANT;
    }

    @Override
    public String toString()
    {
        return 0 == offsetNs ? baseToString() : baseToString() + "+" + Durations.format(offsetNs);
    }

    private String baseToString()
    {
        switch (shape)
        {
            case CONSTANT:
                return "constant:" + Durations.format(aNs);
            case UNIFORM:
                return "uniform:" + Durations.format(aNs) + "," + Durations.format(bNs);
            case EXPONENTIAL:
                return "exponential:" + Durations.format(aNs);
            default:
                return "lognormal:" + Durations.format(aNs) + "," + sigma;
        }
    }

    private static void requireArgs(final String text, final String[] args, final int count)
    {
        if (args.length != count)
        {
            throw new IllegalArgumentException("'" + text + "' takes " + count + " argument" + (count == 1 ? "" : "s"));
        }
    }

    private static void requireNonNegative(final long ns)
    {
        if (ns < 0)
        {
            throw new IllegalArgumentException("a delay must be >= 0, got " + ns + " ns");
        }
    }
}
