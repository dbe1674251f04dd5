package org.electbench.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Kubernetes leader election with client-go's {@code tools/leaderelection} on a Lease
 * (https://github.com/kubernetes/client-go/blob/master/tools/leaderelection/leaderelection.go).
 * {@code NewLeaderElector} refuses LeaseDuration &lt;= RenewDeadline and RenewDeadline &lt;=
 * JitterFactor (1.2) × RetryPeriod. The record stores {@code LeaseDurationSeconds:
 * int(LeaseDuration / time.Second)} and a standby judges the lease by it ({@code isLeaseValid}),
 * so the lease runs in whole seconds and one under a second is no lease at all. Every renewal
 * and every standby's poll is a request to the API server, whose latency and outages the model
 * takes from {@link ApiServerLaw}; RenewDeadline exists to absorb them.
 */
final class KubernetesModel extends SystemModel
{
    static final String SOURCE = "https://github.com/kubernetes/client-go/blob/master/tools/leaderelection/leaderelection.go";
    private static final double JITTER_FACTOR = 1.2;

    @Override
    String cliName()
    {
        return "kubernetes";
    }

    @Override
    List<SystemProfile.Key> keys()
    {
        return List.of(new SystemProfile.Key("LeaseDuration", SystemProfile.Unit.DURATION, 15 * SECOND),
            new SystemProfile.Key("RenewDeadline", SystemProfile.Unit.DURATION, 10 * SECOND),
            new SystemProfile.Key("RetryPeriod", SystemProfile.Unit.DURATION, 2 * SECOND));
    }

    @Override
    String check(final Map<String, Long> config)
    {
        if (config.get("LeaseDuration") <= config.get("RenewDeadline"))
        {
            return "LeaseDuration must be greater than RenewDeadline (client-go NewLeaderElector refuses the config: " + SOURCE + ")";
        }
        if (config.get("RenewDeadline") <= JITTER_FACTOR * config.get("RetryPeriod"))
        {
            return "RenewDeadline must be greater than JitterFactor 1.2 × RetryPeriod (client-go NewLeaderElector refuses the config: " +
                SOURCE + ")";
        }
        return null;
    }

    /** @return the lease as the record stores it and a standby judges it: whole seconds, rounded down. */
    static long storedLeaseNs(final Map<String, Long> config)
    {
        return config.get("LeaseDuration") / SECOND * SECOND;
    }

    @Override
    List<String> rounding(final Map<String, Long> config)
    {
        final long leaseNs = config.get("LeaseDuration");
        return leaseNs % SECOND == 0 ? List.of() : List.of("LeaseDuration " + TuneFormat.duration(leaseNs) + " is stored as " +
            storedLeaseNs(config) / SECOND + " s (LeaseDurationSeconds: int(LeaseDuration / time.Second))");
    }

    @Override
    List<String> guidance(final Map<String, Long> config, final Context context)
    {
        final List<String> broken = new ArrayList<>();
        final long storedNs = storedLeaseNs(config);
        if (storedNs < SECOND)
        {
            broken.add("LeaseDuration " + TuneFormat.duration(config.get("LeaseDuration")) + " is stored as 0 s: the lease is never valid " +
                "and every standby takes it at its next poll while the leader lives (" + SOURCE + " isLeaseValid)");
        }
        for (final SystemProfile.Key key : keys())
        {
            final long valueNs = config.get(key.name());
            if (valueNs < SECOND || valueNs % SECOND != 0)
            {
                broken.add(key.name() + " " + TuneFormat.duration(valueNs) + " is not a whole number of seconds of at least 1 s: the lease " +
                    "record holds whole seconds (" + SOURCE + ")");
            }
        }
        final long marginNs = Math.max(SECOND, context.api().p99Ns());
        if (storedNs - config.get("RenewDeadline") < marginNs)
        {
            broken.add("RenewDeadline " + TuneFormat.duration(config.get("RenewDeadline")) + " is within " + TuneFormat.duration(marginNs) +
                " of the stored lease " + storedNs / SECOND + " s: a leader still renewing may be overtaken (margin: 1 s of record " +
                "resolution or the API p99, the larger)");
        }
        if (config.get("RetryPeriod") < context.api().p99Ns())
        {
            broken.add("RetryPeriod " + TuneFormat.duration(config.get("RetryPeriod")) + " is under the API-server p99 " +
                TuneFormat.duration(context.api().p99Ns()) + ": renewals queue behind slow requests");
        }
        return broken;
    }

    @Override
    List<Map<String, Long>> candidates(final Context context)
    {
        final List<Map<String, Long>> all = new ArrayList<>();
        for (final long retryS : new long[] {1, 2, 3, 5})
        {
            for (final long renewRetries : new long[] {2, 3, 5})
            {
                final long renewS = renewRetries * retryS;
                for (final long extraS : new long[] {1, 2, 3, 5, 10})
                {
                    final Map<String, Long> config = config("LeaseDuration", (renewS + extraS) * SECOND, "RenewDeadline", renewS * SECOND,
                        "RetryPeriod", retryS * SECOND);
                    if (null == check(config) && guidance(config, context).isEmpty())
                    {
                        all.add(config);
                    }
                }
            }
        }
        return all;
    }

    /** @return the API server's latency as the network a renewal crosses, for {@link SilenceModel}. */
    static NetworkFit apiNetwork(final Context context)
    {
        return NetworkFit.fromPercentiles(2 * context.api().p50Ns(), 2 * context.api().p99Ns(), 0);
    }

    @Override
    SilenceModel.Timing timing(final Map<String, Long> config, final Context context)
    {
        // A standby sees a renewal only when it polls and takes over the stored lease after it; the leader's own deadline is RenewDeadline.
        final long retryNs = config.get("RetryPeriod");
        return new SilenceModel.Timing(retryNs, retryNs, Math.max(1, storedLeaseNs(config)), 0, false, config.get("RenewDeadline"));
    }

    /** @return outages per day long enough that the leader cannot renew within RenewDeadline: estimate and bound. */
    double[] outageFalsePerDay(final Map<String, Long> config, final Context context)
    {
        final ApiServerLaw api = context.api();
        final double renewNs = config.get("RenewDeadline");
        final double retryNs = config.get("RetryPeriod");
        return new double[] {api.outagesPerDay() * api.outageSurvival(renewNs - 0.5 * retryNs),
            api.outagesPerDay() * api.outageSurvival(renewNs - retryNs)};
    }

    @Override
    double failoverNs(final Map<String, Long> config, final Context context, final SplittableRandom random)
    {
        // The last renewal was stored u before the crash; the renewal loop runs every RetryPeriod after a GET and an UPDATE.
        final double retryNs = config.get("RetryPeriod");
        final double storedAtNs = -sinceLastNs(random, retryNs, retryNs) + 0.5 * context.api().latencyNs(random);
        return firstTakeover(config, context, random, storedAtNs, false);
    }

    @Override
    Alternative alternative()
    {
        return new Alternative("graceful stop with ReleaseOnCancel (the leader writes an empty holder; a standby takes it at its next poll)");
    }

    @Override
    double alternativeNs(final Map<String, Long> config, final Context context, final SplittableRandom random)
    {
        return firstTakeover(config, context, random, context.api().latencyNs(random), true);
    }

    private double firstTakeover(final Map<String, Long> config, final Context context, final SplittableRandom random,
        final double changedAtNs, final boolean released)
    {
        final double retryNs = config.get("RetryPeriod");
        final double leaseNs = storedLeaseNs(config);
        double firstNs = Double.MAX_VALUE;
        for (int standby = 1; standby < context.nodes(); standby++)
        {
            // JitterUntil(RetryPeriod, 1.2, sliding): the next poll starts [RP, 2.2 RP) after the last one returned.
            double pollNs = changedAtNs - sinceLastNs(random, retryNs, retryNs * (1 + JITTER_FACTOR));
            double observedNs = Double.NaN;
            while (pollNs < firstNs)
            {
                final double getNs = context.api().latencyNs(random);
                if (Double.isNaN(observedNs))
                {
                    if (pollNs + 0.5 * getNs >= changedAtNs)
                    {
                        observedNs = pollNs + getNs;
                        if (released || leaseNs <= 0)
                        {
                            firstNs = Math.min(firstNs, observedNs + context.api().latencyNs(random));
                            break;
                        }
                    }
                }
                else if (pollNs >= observedNs + leaseNs)
                {
                    // tryAcquireOrRenew: now is read before the GET; the lease has expired, the UPDATE takes it.
                    firstNs = Math.min(firstNs, pollNs + getNs + context.api().latencyNs(random));
                    break;
                }
                pollNs += getNs + retryNs * (1 + JITTER_FACTOR * random.nextDouble());
            }
        }
        return firstNs;
    }

    @Override
    List<String> modelled(final Context context)
    {
        return list("client-go " + SOURCE + ": the lease stored in whole seconds (int(LeaseDuration / time.Second)) and judged by it " +
                "(isLeaseValid); a standby polls every RetryPeriod × [1, 2.2) (JitterUntil, JitterFactor 1.2, sliding) and takes the " +
                "lease at its first poll a stored lease after it saw the record change",
            "the leader renews every RetryPeriod and gives up when it could not renew within RenewDeadline (renew, " +
                "PollUntilContextTimeout), so an API-server outage or a leader stall longer than RenewDeadline costs a failover",
            "every GET and UPDATE goes through the API server: " + context.api(),
            "ReleaseOnCancel: on a graceful stop the leader writes an empty holder and a standby takes the lease at its next poll " +
                "(release); shown as the second scenario");
    }

    @Override
    double heartbeatsPerSecond(final Map<String, Long> config, final Context context)
    {
        return 1e9 / config.get("RetryPeriod");
    }

    @Override
    String cost(final Map<String, Long> config, final Context context)
    {
        final double retryS = config.get("RetryPeriod") / 1e9;
        return TuneFormat.number(1 / retryS) + " API-server writes/s (the leader's renewals) and " +
            TuneFormat.number(1 / retryS + (context.nodes() - 1) / (1.6 * retryS)) + " reads/s (renewals and the standbys' polls)";
    }

    @Override
    String defaultVersion()
    {
        return "1.30";
    }
}
