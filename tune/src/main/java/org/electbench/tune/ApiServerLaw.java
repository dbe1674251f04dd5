package org.electbench.tune;

import java.util.SplittableRandom;

/**
 * The Kubernetes API server a lease goes through: each request's latency, lognormal through a
 * p50 and a p99, and outages (the API server or its etcd unavailable) at a rate with lengths
 * exponential through a p99. The default p99 is the upstream SLO for mutating calls on single
 * objects, 1 s (https://github.com/kubernetes/community/blob/master/sig-scalability/slos/api_call_latency.md);
 * the default p50 is an assumption the report states.
 *
 * @param p50Ns         median request latency.
 * @param p99Ns         99th percentile request latency.
 * @param outagesPerDay outages per day, 0 for none.
 * @param outageP99Ns   99th percentile of an outage's length.
 */
public record ApiServerLaw(long p50Ns, long p99Ns, double outagesPerDay, long outageP99Ns)
{
    public static final ApiServerLaw DEFAULT = new ApiServerLaw(20 * SystemModel.MS, 1_000 * SystemModel.MS, 0, 0);
    private static final double Z99 = 2.3263478740408408;

    /** @throws IllegalArgumentException naming the flag whose value makes no sense. */
    public ApiServerLaw
    {
        if (p50Ns <= 0 || p99Ns < p50Ns)
        {
            throw new IllegalArgumentException("--api-p50 must be greater than 0 and --api-p99 at least as large, was " +
                TuneFormat.duration(p50Ns) + " and " + TuneFormat.duration(p99Ns));
        }
        if (!(outagesPerDay >= 0) || !Double.isFinite(outagesPerDay))
        {
            throw new IllegalArgumentException("--api-outage-rate must be a number of outages per day >= 0, was " + outagesPerDay);
        }
        if (outagesPerDay > 0 && outageP99Ns <= 0)
        {
            throw new IllegalArgumentException("--api-outage-p99 must be greater than 0 when --api-outage-rate is given");
        }
    }

    /** @return one request's latency. */
    double latencyNs(final SplittableRandom random)
    {
        final double sigma = p99Ns == p50Ns ? 0 : Math.log((double)p99Ns / p50Ns) / Z99;
        return p50Ns * Math.exp(sigma * gaussian(random));
    }

    /** @return the probability an outage lasts longer than {@code ns}. */
    double outageSurvival(final double ns)
    {
        return ns <= 0 ? 1 : Math.exp(-ns * Math.log(100) / outageP99Ns);
    }

    private static double gaussian(final SplittableRandom random)
    {
        // Box-Muller; one of the pair is enough here.
        final double u = 1 - random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    @Override
    public String toString()
    {
        return "API-server request latency lognormal p50 " + TuneFormat.duration(p50Ns) + ", p99 " + TuneFormat.duration(p99Ns) +
            (p99Ns == DEFAULT.p99Ns ? " (the upstream SLO for mutating calls)" : "") + "; outages " +
            (outagesPerDay > 0 ? TuneFormat.number(outagesPerDay) + "/day, p99 " + TuneFormat.duration(outageP99Ns) :
                "none given (--api-outage-rate, --api-outage-p99)");
    }
}
