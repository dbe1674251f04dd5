package org.electbench.tune;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.apache.commons.math3.analysis.UnivariateFunction;
import org.apache.commons.math3.analysis.solvers.BrentSolver;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.numbers.gamma.Erfc;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.electbench.transport.DelayDistribution;
import org.electbench.spi.Durations;
import org.electbench.transport.InputFiles;
import org.electbench.transport.NetworkModel;

/**
 * The network the tuner simulates, fitted from what the user knows of theirs: two RTT
 * percentiles, or a histogram log of measured round trips (as {@code probe} writes).
 * <p>
 * The model is a lognormal one-way delay, the usual shape of a network's latency (a floor with a
 * long right tail), fitted so that a round trip, the sum of two independent one-way trips as the
 * simulator draws them, has the given p50 and p99: the sum of two lognormals is lighter-tailed
 * than either, so halving the RTT percentiles would model a p99 a quarter short (2 ms given,
 * 1.5 ms simulated). A histogram log is reduced to its p50 and p99 and fitted the same way, so
 * the model is always one {@code simulate --delay} can reproduce. Loss is as given.
 */
public final class NetworkFit
{
    /** The standard normal's 99th percentile. */
    static final double Z99 = 2.3263478740408408;
    /** A p99 more than this many times the p50 is not a delay law but loss or partitions. */
    static final double MAX_SPREAD = 100;
    /** The longest RTT p99 the sweep's ladder leaves room above for heartbeats and timeouts. */
    static final long MAX_RTT_P99_NS = 10_000_000_000L;
    private static final double SQRT2 = Math.sqrt(2);
    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);
    /** The widest one-way sigma a fit gives: a round trip's p99 of some 10^4 times its median, far past {@link #MAX_SPREAD}. */
    static final double MAX_SIGMA = 4;
    /** How closely a fit pins sigma, far below the four decimals it is printed with. */
    private static final double SIGMA_ACCURACY = 1e-12;
    /** How closely a quantile of the round trip is pinned, relative to it; its probability to within this. */
    private static final double RELATIVE_ACCURACY = 1e-14;
    private static final double FUNCTION_ACCURACY = 1e-15;
    private static final int MAX_EVALUATIONS = 200;
    /** Quantile midpoints of one trip over which the other is integrated. */
    private static final int POINTS = 256;
    /**
     * The standard normal at those midpoints, {@code Φ⁻¹((i + 0.5) / POINTS)}: the same for every
     * sigma and total, so worked out once rather than at each of the fit's million integrand points.
     */
    private static final double[] MIDPOINT_QUANTILES = midpointQuantiles();

    private final long rttP50Ns;
    private final long rttP99Ns;
    private final long rttMaxNs;
    private final long samples;
    private final String source;
    private final String delaySpec;
    private final DelayDistribution oneWay;
    private final double loss;
    private final double oneWayMu;
    private final double oneWaySigma;

    private NetworkFit(
        final long rttP50Ns, final long rttP99Ns, final long rttMaxNs, final long samples, final String source, final double loss)
    {
        if (rttP50Ns <= 0)
        {
            throw new IllegalArgumentException("--rtt-p50 must be greater than zero, was " + Durations.format(rttP50Ns));
        }
        if (rttP99Ns < rttP50Ns)
        {
            throw new IllegalArgumentException("--rtt-p99 (" + TuneFormat.duration(rttP99Ns) + ") must be at least --rtt-p50 (" +
                TuneFormat.duration(rttP50Ns) + ")");
        }
        if (rttP99Ns > MAX_RTT_P99_NS)
        {
            throw new IllegalArgumentException("--rtt-p99 " + TuneFormat.duration(rttP99Ns) + " is over " +
                TuneFormat.duration(MAX_RTT_P99_NS) + ": a round trip that long is a partition, not a delay to tune timeouts around");
        }
        if ((double)rttP99Ns / rttP50Ns > MAX_SPREAD)
        {
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "--rtt-p50 %s with --rtt-p99 %s: a p99 %.0f times " +
                "the median is no delay law (at most %.0f times); a tail that long is loss or partitions: give it as --loss",
                TuneFormat.duration(rttP50Ns), TuneFormat.duration(rttP99Ns), (double)rttP99Ns / rttP50Ns, MAX_SPREAD));
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
        final double sigma = sigmaForSpread((double)rttP99Ns / rttP50Ns);
        final long medianNs = Math.max(1, threeFigures(rttP50Ns / sumQuantile(sigma, 0.5)));
        delaySpec = "lognormal:" + Durations.format(medianNs) + "," + String.format(Locale.ROOT, "%.4f", sigma);
        // Parsed back, so the simulated model is exactly the one the printed flags reproduce.
        oneWay = DelayDistribution.parse(delaySpec);
        oneWayMu = Math.log(medianNs);
        oneWaySigma = Math.max(1e-9, Double.parseDouble(delaySpec.substring(delaySpec.indexOf(',') + 1)));
    }

    /** @return a positive value rounded to three significant figures, so the printed delay reads as it is. */
    private static long threeFigures(final double value)
    {
        final double unit = Math.pow(10, Math.max(0, Math.floor(Math.log10(value)) - 2));
        return Math.round(Math.round(value / unit) * unit);
    }

    /**
     * @return the one-way sigma whose round trip (two draws added) has this p99 / p50, found by
     *         Brent's method (commons-math): some ten evaluations of the ratio where halving the
     *         interval took forty, and each of its quantiles found the same way, so a tune does not
     *         wait on the fit. The two quantiles of each evaluation are found at once, the p99 on
     *         a second thread while the caller finds the p50: the same values, found side by side.
     *         One thread serves the fit's every p99: on two cores the common pool has a single
     *         thread, and {@code CompletableFuture} would start a thread for each.
     */
    static double sigmaForSpread(final double spread)
    {
        final ExecutorService beside = Executors.newSingleThreadExecutor(task ->
        {
            final Thread thread = new Thread(task, "network-fit");
            thread.setDaemon(true);
            return thread;
        });
        try
        {
            final UnivariateFunction excess = sigma ->
            {
                final CompletableFuture<Double> p99 = CompletableFuture.supplyAsync(() -> sumQuantile(sigma, 0.99), beside);
                final double p50 = sumQuantile(sigma, 0.5);
                try
                {
                    return p99.join() / p50 - spread;
                }
                catch (final CompletionException ex)
                {
                    throw ex.getCause() instanceof RuntimeException ? (RuntimeException)ex.getCause() : ex;
                }
            };
            if (excess.value(0) >= 0)
            {
                return 0;
            }
            if (excess.value(MAX_SIGMA) <= 0)
            {
                return MAX_SIGMA;
            }
            return new BrentSolver(SIGMA_ACCURACY).solve(MAX_EVALUATIONS, excess, 0, MAX_SIGMA);
        }
        finally
        {
            beside.shutdown();
        }
    }

    /** @return the p-quantile of the sum of two independent lognormals of median 1 and this sigma. */
    static double sumQuantile(final double sigma, final double p)
    {
        if (0 == sigma)
        {
            return 2;
        }
        // Every quantile of interest is below it: each trip's share past its own median e^(6 sigma) is under 1e-9.
        final double high = 2 * Math.exp(sigma * 6);
        final BrentSolver solver = new BrentSolver(RELATIVE_ACCURACY, high * RELATIVE_ACCURACY, FUNCTION_ACCURACY);
        return solver.solve(MAX_EVALUATIONS, total -> sumCdf(sigma, total) - p, 0, high);
    }

    /**
     * @return the probability that two lognormal trips of median 1 and this sigma add up to at most
     *         {@code total}: the other trip's CDF averaged over one trip's quantile midpoints. The
     *         normal CDF is Commons Numbers' {@code erfc}, a rational fit good to a few ulps in
     *         constant time, where commons-math's sums a continued fraction: a fit runs it some
     *         100,000 times on a cold JVM, before every tune.
     */
    private static double sumCdf(final double sigma, final double total)
    {
        double sum = 0;
        for (int i = 0; i < POINTS; i++)
        {
            final double first = Math.exp(sigma * MIDPOINT_QUANTILES[i]);
            final double rest = total - first;
            sum += rest <= 0 ? 0 : 0.5 * Erfc.value(-Math.log(rest) / (sigma * SQRT2));
        }
        return sum / POINTS;
    }

    private static double[] midpointQuantiles()
    {
        final double[] quantiles = new double[POINTS];
        for (int i = 0; i < POINTS; i++)
        {
            quantiles[i] = NORMAL.inverseCumulativeProbability((i + 0.5) / POINTS);
        }
        return quantiles;
    }

    /** @return the probability the model's one-way delay exceeds {@code ns}. */
    public double oneWaySurvival(final double ns)
    {
        return ns <= 0 ? 1 : 0.5 * erfc((Math.log(ns) - oneWayMu) / (oneWaySigma * Math.sqrt(2)));
    }

    /**
     * The complementary error function by the Chebyshev fit of Press et al., Numerical Recipes
     * (2nd ed., §6.2), relative error under 1.2e-7 everywhere, tails included: the silence
     * analysis evaluates it millions of times per setting, thirty times faster than the general
     * series of commons-math, and the model's own error is far larger.
     */
    static double erfc(final double x)
    {
        final double z = Math.abs(x);
        final double t = 1 / (1 + 0.5 * z);
        final double value = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 +
            t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
        return x >= 0 ? value : 2 - value;
    }

    /** @return the model's one-way delay at quantile {@code p}. */
    public double oneWayQuantileNs(final double p)
    {
        return Math.exp(oneWayMu + oneWaySigma * NORMAL.inverseCumulativeProbability(p));
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
        final String tooLarge = InputFiles.tooLarge(log);
        if (null != tooLarge)
        {
            throw new IllegalArgumentException("--rtt-hist: " + log + ": " + tooLarge);
        }
        final String malformed = InputFiles.malformedHistogramLogLine(log);
        if (null != malformed)
        {
            throw new IllegalArgumentException("--rtt-hist: " + log + ": " + malformed);
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
                if (null != interval.getTag())
                {
                    // probe's round trips are untagged; a tagged log is another's, such as a run's convergence log.
                    throw new IllegalArgumentException("--rtt-hist: " + log + " holds a histogram tagged '" + interval.getTag() +
                        "' (a run's histogram log?); expected the untagged round trips `probe` writes");
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

    /** @return the one-way p99 of the model. */
    public long oneWayP99Ns()
    {
        return (long)oneWayQuantileNs(0.99);
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
