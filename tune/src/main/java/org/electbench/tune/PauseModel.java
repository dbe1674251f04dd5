package org.electbench.tune;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.apache.commons.math3.distribution.LogNormalDistribution;
import org.apache.commons.math3.distribution.ParetoDistribution;
import org.apache.commons.math3.random.Well19937c;

/**
 * Stop-the-world stalls of a node (a GC pause, a slow fsync): each node stalls at random, a
 * Poisson process at the given rate, for a length drawn from a pause law. The law is one of
 * <ul>
 *   <li>exponential through a p99 (mean = p99 / ln 100): the light tail, P(pause &gt; 20 × p99) = 10⁻⁴⁰;</li>
 *   <li>lognormal or Pareto through a p50 and a p99: the heavy tails GC and fsync pauses have;</li>
 *   <li>measured: pause lengths from an HdrHistogram log or a GC log, or a Prometheus histogram's
 *       cumulative buckets; the tail beyond what was measured is bounded by the sample count
 *       (no pause above the largest of n is an upper bound of 3/n at 95 %, the rule of three).</li>
 * </ul>
 * {@link #survival} is the point estimate of P(pause &gt; x) and {@link #survivalUpper} its 95 %
 * upper bound: the same for a law taken as given, wider for a measured one by the sampling
 * error of its count above x.
 */
public final class PauseModel
{
    /** No pause law given: a system's answer is not certified on it. */
    public static final PauseModel NONE = new PauseModel(0, 0, 0, Kind.NONE, null, null, null, 0, "none");
    /** No pauses, as the operator stated ({@code --no-pauses}). */
    public static final PauseModel STATED_NONE = new PauseModel(0, 0, 0, Kind.NONE, null, null, null, 0, "none (--no-pauses)");

    private static final double NANOS_PER_HOUR = 3600e9;
    private static final double LN_100 = Math.log(100);
    /** The standard normal's 99th percentile. */
    private static final double Z99 = 2.3263478740408408;

    /** The shape a pause's length follows. */
    enum Kind
    {
        NONE, EXPONENTIAL, LOGNORMAL, PARETO, MEASURED
    }

    private final double ratePerHour;
    private final long p50Ns;
    private final long p99Ns;
    private final Kind kind;
    private final LogNormalDistribution lognormal;
    private final ParetoDistribution pareto;
    /** Measured: ascending bounds; {@link #above}[i] pauses exceed {@code bounds[i]}. */
    private final long[] bounds;
    private final long[] above;
    private final long samples;
    private final String source;

    private PauseModel(
        final double ratePerHour, final long p50Ns, final long p99Ns, final Kind kind, final double[] shape,
        final long[] bounds, final long[] above, final long samples, final String source)
    {
        this.ratePerHour = ratePerHour;
        this.p50Ns = p50Ns;
        this.p99Ns = p99Ns;
        this.kind = kind;
        lognormal = Kind.LOGNORMAL == kind ? new LogNormalDistribution(new Well19937c(1), shape[0], shape[1], 1e-9) : null;
        pareto = Kind.PARETO == kind ? new ParetoDistribution(new Well19937c(1), shape[0], shape[1], 1e-9) : null;
        this.bounds = bounds;
        this.above = above;
        this.samples = samples;
        this.source = source;
    }

    /**
     * @param ratePerHour pauses per node per hour, at least 0.
     * @param p99Ns       the 99th percentile of a pause's length, greater than 0 when the rate is.
     * @return exponential pauses.
     * @throws IllegalArgumentException naming the flag whose value makes no sense.
     */
    public static PauseModel of(final double ratePerHour, final long p99Ns)
    {
        checkRate(ratePerHour);
        if (ratePerHour > 0 && p99Ns <= 0)
        {
            throw new IllegalArgumentException("--pause-p99 must be greater than zero when --pause-rate is given");
        }
        return 0 == ratePerHour ? NONE :
            new PauseModel(ratePerHour, Math.round(p99Ns * Math.log(2) / LN_100), p99Ns, Kind.EXPONENTIAL, null, null, null, 0,
                "exponential through --pause-p99 " + TuneFormat.duration(p99Ns) + " (a light tail, taken as given)");
    }

    /**
     * @param law         lognormal or pareto.
     * @param ratePerHour pauses per node per hour.
     * @param p50Ns       the median pause.
     * @param p99Ns       the 99th percentile, above the median.
     * @return the law through both percentiles.
     * @throws IllegalArgumentException naming the flag whose value makes no sense.
     */
    public static PauseModel heavy(final String law, final double ratePerHour, final long p50Ns, final long p99Ns)
    {
        checkRate(ratePerHour);
        if (0 == ratePerHour)
        {
            return NONE;
        }
        if (p50Ns <= 0 || p99Ns <= p50Ns)
        {
            throw new IllegalArgumentException("--pause-law " + law + " needs --pause-p50 > 0 and --pause-p99 above it, was " +
                TuneFormat.duration(p50Ns) + " and " + TuneFormat.duration(p99Ns));
        }
        final double ratio = (double)p99Ns / p50Ns;
        final String through = " through --pause-p50 " + TuneFormat.duration(p50Ns) + " and --pause-p99 " + TuneFormat.duration(p99Ns);
        switch (law)
        {
            case "lognormal":
                return new PauseModel(ratePerHour, p50Ns, p99Ns, Kind.LOGNORMAL, new double[] {Math.log(p50Ns), Math.log(ratio) / Z99},
                    null, null, 0, "lognormal" + through + " (a heavy tail, taken as given)");
            case "pareto":
            {
                // S(x) = (m / x)^a: the p50 is m 2^(1/a), the p99 m 100^(1/a).
                final double alpha = Math.log(50) / Math.log(ratio);
                final double scale = p50Ns / Math.pow(2, 1 / alpha);
                return new PauseModel(ratePerHour, p50Ns, p99Ns, Kind.PARETO, new double[] {scale, alpha}, null, null, 0,
                    String.format(java.util.Locale.ROOT, "Pareto (shape %.2f)", alpha) + through + " (a power-law tail, taken as given)");
            }
            default:
                throw new IllegalArgumentException("--pause-law must be exponential, lognormal or pareto, was '" + law + "'");
        }
    }

    /**
     * Pauses as measured: every sample's length, or a histogram's cumulative buckets.
     *
     * @param ratePerHour pauses per node per hour.
     * @param bounds      ascending lengths.
     * @param above       how many measured pauses exceed each bound (not increasing).
     * @param samples     how many pauses were measured.
     * @param source      where they came from, for the report.
     * @return the measured law.
     */
    public static PauseModel measured(final double ratePerHour, final long[] bounds, final long[] above, final long samples, final String source)
    {
        checkRate(ratePerHour);
        if (samples <= 0 || bounds.length == 0)
        {
            throw new IllegalArgumentException(source + ": no pause found");
        }
        final PauseModel model = new PauseModel(ratePerHour, 0, 0, Kind.MEASURED, null, bounds.clone(), above.clone(), samples, source);
        return new PauseModel(ratePerHour, model.quantileNs(0.5), model.quantileNs(0.99), Kind.MEASURED, null, bounds.clone(),
            above.clone(), samples, source);
    }

    private static void checkRate(final double ratePerHour)
    {
        if (!(ratePerHour >= 0) || !Double.isFinite(ratePerHour))
        {
            throw new IllegalArgumentException("--pause-rate must be a number of pauses per hour >= 0, was " + ratePerHour);
        }
    }

    public boolean isNone()
    {
        return Kind.NONE == kind;
    }

    /** @return whether the operator said what pauses to expect (a law, a measurement, or none stated). */
    public boolean isStated()
    {
        return this != NONE;
    }

    public double ratePerHour()
    {
        return ratePerHour;
    }

    /** @return the rate with another value, the law kept (a measured law whose rate the user gives). */
    public PauseModel withRate(final double perHour)
    {
        checkRate(perHour);
        return 0 == perHour ? NONE : new PauseModel(perHour, p50Ns, p99Ns, kind, shape(), bounds, above, samples, source);
    }

    private double[] shape()
    {
        if (null != lognormal)
        {
            return new double[] {lognormal.getScale(), lognormal.getShape()};
        }
        return null == pareto ? null : new double[] {pareto.getScale(), pareto.getShape()};
    }

    public long p50Ns()
    {
        return p50Ns;
    }

    public long p99Ns()
    {
        return p99Ns;
    }

    /** @return the law's name: none, exponential, lognormal, pareto or measured. */
    public String law()
    {
        return kind.name().toLowerCase(java.util.Locale.ROOT);
    }

    /** @return pauses measured, 0 for a law taken as given. */
    public long samples()
    {
        return samples;
    }

    /** @return where the tail comes from and what bounds it, for the report. */
    public String tailSource()
    {
        if (Kind.MEASURED == kind)
        {
            return source + ": " + samples + " pauses, the largest above " + TuneFormat.duration(bounds[lastNonZero()]) +
                "; beyond what was measured the tail is bounded by the count (95 %: at most " +
                TuneFormat.number(PoissonBound.upper(0) / samples) + " of pauses longer)";
        }
        return source;
    }

    private int lastNonZero()
    {
        int last = 0;
        for (int i = 0; i < bounds.length; i++)
        {
            if (above[i] > 0)
            {
                last = i;
            }
        }
        return Math.min(bounds.length - 1, last + 1);
    }

    /** @return pauses per nanosecond of one node. */
    public double ratePerNs()
    {
        return ratePerHour / NANOS_PER_HOUR;
    }

    /** @return the probability a pause lasts longer than {@code ns}. */
    public double survival(final double ns)
    {
        switch (kind)
        {
            case NONE:
                return 0;
            case EXPONENTIAL:
                return ns <= 0 ? 1 : Math.exp(-ns * LN_100 / p99Ns);
            case LOGNORMAL:
                return ns <= 0 ? 1 : 1 - lognormal.cumulativeProbability(ns);
            case PARETO:
                return ns <= pareto.getScale() ? 1 : Math.pow(pareto.getScale() / ns, pareto.getShape());
            default:
                return measuredAbove(ns, false);
        }
    }

    /** @return the 95 % upper bound of {@link #survival}: the same for a law taken as given. */
    public double survivalUpper(final double ns)
    {
        return Kind.MEASURED == kind ? measuredAbove(ns, true) : survival(ns);
    }

    /**
     * Between two bounds the estimate interpolates the count above linearly; the upper bound
     * takes the count above the lower bound (every pause in the bucket counted as longer) and
     * its sampling error.
     */
    private double measuredAbove(final double ns, final boolean upper)
    {
        if (ns < bounds[0])
        {
            final double count = upper ? samples : samples - (samples - above[0]) * Math.max(0, ns) / bounds[0];
            return Math.min(1, (upper ? PoissonBound.upper((long)count) : count) / samples);
        }
        int index = Arrays.binarySearch(bounds, (long)Math.floor(ns));
        if (index < 0)
        {
            index = -index - 2;
        }
        if (upper)
        {
            return Math.min(1, PoissonBound.upper(above[index]) / samples);
        }
        if (index + 1 >= bounds.length)
        {
            return (double)above[index] / samples;
        }
        final double within = (ns - bounds[index]) / (bounds[index + 1] - bounds[index]);
        return (above[index] - within * (above[index] - above[index + 1])) / samples;
    }

    /** @return the length a fraction {@code p} of pauses stay under. */
    public long quantileNs(final double p)
    {
        switch (kind)
        {
            case NONE:
                return 0;
            case EXPONENTIAL:
                return (long)(-Math.log(1 - p) * p99Ns / LN_100);
            case LOGNORMAL:
                return (long)lognormal.inverseCumulativeProbability(p);
            case PARETO:
                return (long)(pareto.getScale() / Math.pow(1 - p, 1 / pareto.getShape()));
            default:
            {
                final double wantAbove = (1 - p) * samples;
                for (int i = 0; i < bounds.length; i++)
                {
                    if (above[i] <= wantAbove)
                    {
                        return bounds[i];
                    }
                }
                return bounds[bounds.length - 1];
            }
        }
    }

    /** @return one pause length, for a direct simulation to check the analysis against. */
    public long sampleNs(final SplittableRandom random)
    {
        return Math.max(0, quantileNs(random.nextDouble()));
    }

    @Override
    public String toString()
    {
        return isNone() ? source : law() + " pauses, p50 " + TuneFormat.duration(p50Ns) + ", p99 " + TuneFormat.duration(p99Ns) +
            ", " + TuneFormat.number(ratePerHour) + "/h per node; tail: " + tailSource();
    }
}
