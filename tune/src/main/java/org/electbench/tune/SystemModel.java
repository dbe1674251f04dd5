package org.electbench.tune;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * One real system's election, modelled from its source: its keys and the limits it refuses to
 * start beyond ({@link #check}), the guidance its documentation gives ({@link #guidance}), the
 * configurations worth trying, the timing of its failure detector for {@link SilenceModel}, and
 * one leader crash simulated as the system's own code would run it ({@link #failoverNs}).
 * Every rule names the upstream file or page it comes from, in {@link #modelled} and in the
 * messages, so an operator can check it.
 */
abstract class SystemModel
{
    static final long MS = 1_000_000L;
    static final long SECOND = 1_000_000_000L;

    /**
     * What a model needs besides the config: the network, the size, the system's version and,
     * for Kubernetes, the API server the leases go through.
     *
     * @param network the fitted network between nodes.
     * @param nodes   cluster size.
     * @param version the system's version as the operator gave it, or its model's default.
     * @param api     the API server's request latency and outage law (Kubernetes only).
     */
    record Context(NetworkFit network, int nodes, String version, ApiServerLaw api)
    {
        int quorum()
        {
            return nodes / 2 + 1;
        }

        /** @return one message's one-way delay. */
        double delayNs(final SplittableRandom random)
        {
            return network.oneWayQuantileNs(random.nextDouble());
        }

        /** @return whether a message is lost. */
        boolean lost(final SplittableRandom random)
        {
            return network.loss() > 0 && random.nextDouble() < network.loss();
        }
    }

    /**
     * A second failover scenario a system treats differently from a crash (a graceful release, a
     * process kill whose TCP connections the kernel closes).
     *
     * @param name what happens, for the report.
     */
    record Alternative(String name)
    {
    }

    abstract String cliName();

    abstract List<SystemProfile.Key> keys();

    /** @return why the system refuses the config (it will not start or its library returns an error), or null. */
    abstract String check(Map<String, Long> config);

    /** @return the documented guidance the config breaks on this network, each with its source; empty when none. */
    List<String> guidance(final Map<String, Long> config, final Context context)
    {
        return List.of();
    }

    /** @return what the system will really run with: values rounded as it rounds them, a note per change. */
    List<String> rounding(final Map<String, Long> config)
    {
        return List.of();
    }

    abstract List<Map<String, Long>> candidates(Context context);

    abstract SilenceModel.Timing timing(Map<String, Long> config, Context context);

    /** @return crash of the leader to every live node naming one new leader, one sample. */
    abstract double failoverNs(Map<String, Long> config, Context context, SplittableRandom random);

    /** @return the second scenario this system has, or null. */
    Alternative alternative()
    {
        return null;
    }

    /** @return one sample of {@link #alternative()}'s failover. */
    double alternativeNs(final Map<String, Long> config, final Context context, final SplittableRandom random)
    {
        throw new UnsupportedOperationException(cliName() + " has no second scenario");
    }

    abstract List<String> modelled(Context context);

    /** @return messages per second one node sends in steady state to keep the leader known (the leader's, the busiest). */
    abstract double heartbeatsPerSecond(Map<String, Long> config, Context context);

    /** @return what the steady state costs, in the unit the operator pays in. */
    String cost(final Map<String, Long> config, final Context context)
    {
        return TuneFormat.number(heartbeatsPerSecond(config, context)) + " heartbeats/s from the leader";
    }

    /** @return the version assumed when none is given. */
    abstract String defaultVersion();

    /** @return null when the model knows the version, else what it accepts. */
    String checkVersion(final String version)
    {
        return null;
    }

    /** @return the system's defaults. */
    final Map<String, Long> defaults()
    {
        final Map<String, Long> config = new LinkedHashMap<>();
        keys().forEach(key -> config.put(key.name(), key.defaultValue()));
        return config;
    }

    static Map<String, Long> config(final Object... pairs)
    {
        final Map<String, Long> config = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2)
        {
            config.put((String)pairs[i], ((Number)pairs[i + 1]).longValue());
        }
        return config;
    }

    /**
     * @param version a dotted version such as 3.4.27 or v1.7.0.
     * @return its numbers, missing parts 0.
     * @throws IllegalArgumentException naming {@code --version}.
     */
    static int[] versionNumbers(final String version)
    {
        final String[] parts = version.trim().replaceFirst("^[vV]", "").split("\\.");
        final int[] numbers = new int[3];
        try
        {
            for (int i = 0; i < Math.min(3, parts.length); i++)
            {
                numbers[i] = Integer.parseInt(parts[i].replaceAll("[^0-9].*$", ""));
            }
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("--version must be a dotted version such as 3.5.0, was '" + version + "'", ex);
        }
        return numbers;
    }

    /** @return whether {@code version} is at least major.minor. */
    static boolean atLeast(final String version, final int major, final int minor)
    {
        final int[] numbers = versionNumbers(version);
        return numbers[0] > major || (numbers[0] == major && numbers[1] >= minor);
    }

    /** @return a time uniform in [from, from + spread). */
    static double uniform(final SplittableRandom random, final double fromNs, final double spreadNs)
    {
        return fromNs + random.nextDouble() * spreadNs;
    }

    /**
     * @return how long ago, at a random instant, a periodic timer with intervals uniform in [min, max)
     *         last fired: the interval holding the instant is length-biased, the instant uniform in it.
     */
    static double sinceLastNs(final SplittableRandom random, final double minNs, final double maxNs)
    {
        final double intervalNs = minNs == maxNs ? minNs : Math.sqrt(minNs * minNs + random.nextDouble() * (maxNs * maxNs - minNs * minNs));
        return random.nextDouble() * intervalNs;
    }

    static List<String> list(final String... items)
    {
        return new ArrayList<>(List.of(items));
    }
}
