package org.electbench.tune;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A real system's election timing in its own configuration keys and limits, as its documentation
 * and source have it, so {@code tune --system} answers in keys an operator can paste:
 * <ul>
 *   <li>etcd: {@code --heartbeat-interval} and {@code --election-timeout}, integer milliseconds,
 *       the election timeout at least 5 heartbeats and at most 50000 ms (etcd refuses either:
 *       {@code Validate} in https://github.com/etcd-io/etcd/blob/main/server/embed/config.go;
 *       https://etcd.io/docs/v3.5/tuning/), counted in whole heartbeat ticks. A follower campaigns after a
 *       randomised timeout in [E, 2E) (raft's {@code randomizedElectionTimeout}). PreVote is on
 *       by default since v3.5.0 ({@code --pre-vote}: added in v3.4 off by default, "Turned on
 *       --pre-vote by default" in https://github.com/etcd-io/etcd/blob/main/CHANGELOG/CHANGELOG-3.5.md,
 *       https://github.com/etcd-io/etcd/pull/12770), and the server always runs CheckQuorum: its
 *       raft config sets {@code CheckQuorum: true} with {@code PreVote: cfg.PreVote}
 *       ({@code raftConfig} in https://github.com/etcd-io/etcd/blob/main/server/etcdserver/bootstrap.go;
 *       {@code startNode} in server/etcdserver/raft.go up to v3.5), so a leader that heard no
 *       quorum for E steps down.</li>
 *   <li>HashiCorp raft: {@code HeartbeatTimeout}, {@code ElectionTimeout}, {@code LeaderLeaseTimeout}
 *       (https://github.com/hashicorp/raft/blob/main/config.go, defaults 1 s, 1 s, 500 ms). The
 *       leader heartbeats each follower at random in [T/10, T/5) ({@code randomTimeout(HeartbeatTimeout/10)}
 *       in replication.go); a follower campaigns once silent past T at a check every [T, 2T); a
 *       leader that has not heard a quorum within the lease steps down; PreVote since v1.7.0
 *       (https://github.com/hashicorp/raft/pull/530).</li>
 *   <li>Consul: HashiCorp raft's defaults times {@code raft_multiplier}, 1 to 10, 5 by default and
 *       1 recommended for production (https://developer.hashicorp.com/consul/docs/reference/architecture/server#raft_multiplier).</li>
 *   <li>Kubernetes (client-go leader election): {@code LeaseDuration}, {@code RenewDeadline},
 *       {@code RetryPeriod}, defaults 15 s, 10 s, 2 s, with LeaseDuration &gt; RenewDeadline &gt;
 *       1.2 × RetryPeriod (https://github.com/kubernetes/client-go/blob/master/tools/leaderelection/leaderelection.go).
 *       No random election timeout: candidates poll every RetryPeriod stretched by
 *       {@code JitterFactor} 1.2 ([RP, 2.2 RP)), take the lease LeaseDuration after they last saw
 *       it change, and the leader gives up when it could not renew within RenewDeadline.</li>
 *   <li>Aeron Cluster: {@code aeron.cluster.leader.heartbeat.interval}, {@code aeron.cluster.leader.heartbeat.timeout},
 *       {@code aeron.cluster.election.timeout}, defaults 200 ms, 10 s, 1 s (ConsensusModule.Configuration,
 *       https://github.com/real-logic/aeron/blob/master/aeron-cluster/src/main/java/io/aeron/cluster/ConsensusModule.java).
 *       A follower acts exactly when the heartbeat timeout passes (no jitter), canvasses for the
 *       election timeout, then nominates itself after a random delay in [0, election timeout / 2)
 *       (Election.java's canvass and nominate).</li>
 * </ul>
 */
public enum SystemProfile
{
    ETCD("etcd", "raft")
    {
        @Override
        List<Key> keys()
        {
            return List.of(new Key("heartbeat-interval", Unit.MILLIS, 100 * MS), new Key("election-timeout", Unit.MILLIS, 1000 * MS));
        }

        @Override
        String check(final Map<String, Long> config)
        {
            final long heartbeatNs = config.get("heartbeat-interval");
            final long electionNs = config.get("election-timeout");
            if (electionNs < 5 * heartbeatNs)
            {
                return "--election-timeout must be at least 5 times --heartbeat-interval (etcd refuses to start)";
            }
            // embed/config.go Validate: ElectionMs > maxElectionMs (50000) is refused; 50000 itself is taken.
            if (electionNs > 50_000 * MS)
            {
                return "--election-timeout must be at most 50000 ms (etcd refuses to start)";
            }
            return null;
        }

        @Override
        List<Map<String, Long>> candidates(final NetworkFit network)
        {
            final List<Map<String, Long>> all = new ArrayList<>();
            for (final long heartbeatMs : new long[] {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000})
            {
                if (heartbeatMs * MS < network.rttP99Ns())
                {
                    continue;
                }
                for (final long ticks : new long[] {5, 10, 15, 20, 30, 50})
                {
                    all.add(config("heartbeat-interval", heartbeatMs * MS, "election-timeout", ticks * heartbeatMs * MS));
                }
            }
            return all;
        }

        @Override
        SilenceModel.Timing timing(final Map<String, Long> config)
        {
            final long electionNs = electionTicksNs(config);
            return new SilenceModel.Timing(config.get("heartbeat-interval"), config.get("heartbeat-interval"), electionNs, electionNs, true,
                electionNs);
        }

        @Override
        Setting simulated(final Map<String, Long> config)
        {
            final long electionNs = electionTicksNs(config);
            return new Setting(config.get("heartbeat-interval"), electionNs, -1, -1, electionNs, Map.of("pre-vote", "on", "check-quorum", "on"));
        }

        /** etcd counts the election timeout in whole heartbeat ticks, ElectionTicks = ElectionMs / TickMs (integer division). */
        private long electionTicksNs(final Map<String, Long> config)
        {
            final long heartbeatNs = config.get("heartbeat-interval");
            return config.get("election-timeout") / heartbeatNs * heartbeatNs;
        }

        @Override
        List<String> modelled()
        {
            return List.of("heartbeat every --heartbeat-interval; E counted in whole heartbeats (ElectionTicks = election / heartbeat, " +
                "rounded down); a follower campaigns after a random timeout in [E, 2E) (raft's randomizedElectionTimeout)", "PreVote on (--pre-vote, etcd's default since v3.5.0: https://github.com/etcd-io/etcd/pull/12770, " +
                    "https://etcd.io/docs/v3.5/op-guide/configuration/)",
                "CheckQuorum on (the etcd server sets CheckQuorum: true in its raft config, no flag: " +
                    "https://github.com/etcd-io/etcd/blob/main/server/etcdserver/bootstrap.go): a leader that heard no quorum for E " +
                    "steps down, so a leader stall longer than E costs an election");
        }
    },
    HASHICORP_RAFT("hashicorp-raft", "raft")
    {
        @Override
        List<Key> keys()
        {
            return List.of(new Key("HeartbeatTimeout", Unit.DURATION, 1000 * MS), new Key("ElectionTimeout", Unit.DURATION, 1000 * MS),
                new Key("LeaderLeaseTimeout", Unit.DURATION, 500 * MS));
        }

        @Override
        String check(final Map<String, Long> config)
        {
            // config.go's ValidateConfig: the lease may not exceed the heartbeat timeout, the election timeout not undercut it;
            // each at least 5 ms.
            if (config.get("LeaderLeaseTimeout") > config.get("HeartbeatTimeout"))
            {
                return "LeaderLeaseTimeout must not exceed HeartbeatTimeout (hashicorp/raft refuses the config)";
            }
            if (config.get("ElectionTimeout") < config.get("HeartbeatTimeout"))
            {
                return "ElectionTimeout must be at least HeartbeatTimeout (hashicorp/raft refuses the config)";
            }
            for (final Map.Entry<String, Long> entry : config.entrySet())
            {
                if (entry.getValue() < 5 * MS)
                {
                    return entry.getKey() + " must be at least 5ms (hashicorp/raft refuses the config)";
                }
            }
            return null;
        }

        @Override
        List<Map<String, Long>> candidates(final NetworkFit network)
        {
            final List<Map<String, Long>> all = new ArrayList<>();
            for (final long timeoutMs : new long[] {10, 20, 50, 100, 200, 500, 1000, 2000, 5000})
            {
                if (timeoutMs * MS / 10 < network.rttP99Ns())
                {
                    continue;
                }
                for (final long leaseHalves : new long[] {1, 2})
                {
                    all.add(config("HeartbeatTimeout", timeoutMs * MS, "ElectionTimeout", timeoutMs * MS,
                        "LeaderLeaseTimeout", timeoutMs * MS * leaseHalves / 2));
                }
            }
            return all;
        }

        @Override
        SilenceModel.Timing timing(final Map<String, Long> config)
        {
            return hashicorpTiming(config.get("HeartbeatTimeout"), config.get("LeaderLeaseTimeout"));
        }

        @Override
        Setting simulated(final Map<String, Long> config)
        {
            return hashicorpSetting(config.get("HeartbeatTimeout"));
        }

        @Override
        List<String> modelled()
        {
            return hashicorpModelled();
        }
    },
    CONSUL("consul", "raft")
    {
        @Override
        List<Key> keys()
        {
            return List.of(new Key("raft_multiplier", Unit.COUNT, 5));
        }

        @Override
        String check(final Map<String, Long> config)
        {
            final long multiplier = config.get("raft_multiplier");
            return multiplier < 1 || multiplier > 10 ? "raft_multiplier must be an integer from 1 to 10 (Consul refuses others)" : null;
        }

        @Override
        List<Map<String, Long>> candidates(final NetworkFit network)
        {
            final List<Map<String, Long>> all = new ArrayList<>();
            for (long multiplier = 1; multiplier <= 10; multiplier++)
            {
                all.add(config("raft_multiplier", multiplier));
            }
            return all;
        }

        @Override
        SilenceModel.Timing timing(final Map<String, Long> config)
        {
            final long multiplier = config.get("raft_multiplier");
            return hashicorpTiming(multiplier * 1000 * MS, multiplier * 500 * MS);
        }

        @Override
        Setting simulated(final Map<String, Long> config)
        {
            return hashicorpSetting(config.get("raft_multiplier") * 1000 * MS);
        }

        @Override
        List<String> modelled()
        {
            final List<String> notes = new ArrayList<>(List.of("HashiCorp raft's timeouts times raft_multiplier: HeartbeatTimeout and " +
                "ElectionTimeout 1 s × m, LeaderLeaseTimeout 500 ms × m " +
                "(https://developer.hashicorp.com/consul/docs/reference/architecture/server#raft_multiplier)"));
            notes.addAll(hashicorpModelled());
            return notes;
        }
    },
    KUBERNETES("kubernetes", null)
    {
        @Override
        List<Key> keys()
        {
            return List.of(new Key("LeaseDuration", Unit.DURATION, 15_000 * MS), new Key("RenewDeadline", Unit.DURATION, 10_000 * MS),
                new Key("RetryPeriod", Unit.DURATION, 2_000 * MS));
        }

        @Override
        String check(final Map<String, Long> config)
        {
            if (config.get("LeaseDuration") <= config.get("RenewDeadline"))
            {
                return "LeaseDuration must be greater than RenewDeadline (client-go refuses the config)";
            }
            if (config.get("RenewDeadline") <= JITTER_FACTOR * config.get("RetryPeriod"))
            {
                return "RenewDeadline must be greater than 1.2 × RetryPeriod (client-go's JitterFactor; it refuses the config)";
            }
            return null;
        }

        @Override
        List<Map<String, Long>> candidates(final NetworkFit network)
        {
            final List<Map<String, Long>> all = new ArrayList<>();
            for (final long retryMs : new long[] {100, 200, 500, 1000, 2000})
            {
                if (retryMs * MS < 2 * network.rttP99Ns())
                {
                    continue;
                }
                for (final long renewRetries : new long[] {2, 3, 5, 10})
                {
                    final long renewMs = renewRetries * retryMs;
                    for (final long leaseExtra : new long[] {1, 2, 5})
                    {
                        all.add(config("LeaseDuration", (renewMs + leaseExtra * retryMs) * MS, "RenewDeadline", renewMs * MS,
                            "RetryPeriod", retryMs * MS));
                    }
                }
            }
            return all;
        }

        @Override
        SilenceModel.Timing timing(final Map<String, Long> config)
        {
            // Candidates see a renewal only when they poll; the leader's own deadline is the lease.
            final long retryNs = config.get("RetryPeriod");
            return new SilenceModel.Timing(retryNs, retryNs, config.get("LeaseDuration"), 0, false, config.get("RenewDeadline"));
        }

        @Override
        long failoverSampleNs(final Map<String, Long> config, final NetworkFit network, final int nodes, final SplittableRandom random)
        {
            final double retryNs = config.get("RetryPeriod");
            final double leaseNs = config.get("LeaseDuration");
            // The leader renewed u before it crashed; the renewal was stored half a round trip after it left.
            final double renewedNs = -random.nextDouble() * retryNs + network.oneWayQuantileNs(random.nextDouble());
            double firstNs = Double.MAX_VALUE;
            for (int candidate = 1; candidate < nodes; candidate++)
            {
                // A candidate's polls: a renewal process of period [RP, 2.2 RP), at a random phase.
                double pollNs = renewedNs - random.nextDouble() * jittered(retryNs, random);
                while (pollNs < renewedNs)
                {
                    pollNs += jittered(retryNs, random);
                }
                final double observedNs = pollNs;
                while (pollNs < observedNs + leaseNs)
                {
                    pollNs += jittered(retryNs, random);
                }
                firstNs = Math.min(firstNs, pollNs);
            }
            // The winner's update reaches the API server and returns.
            return (long)(firstNs + network.oneWayQuantileNs(random.nextDouble()) + network.oneWayQuantileNs(random.nextDouble()));
        }

        @Override
        List<String> modelled()
        {
            return List.of("no random election timeout: a candidate polls every RetryPeriod × [1, 2.2) (client-go's JitterFactor 1.2) " +
                    "and takes the lease LeaseDuration after it last saw the record change",
                "the leader renews every RetryPeriod and gives up when it could not renew within RenewDeadline, so a leader stall " +
                    "longer than RenewDeadline costs a failover",
                "https://github.com/kubernetes/client-go/blob/master/tools/leaderelection/leaderelection.go");
        }
    },
    AERON_CLUSTER("aeron-cluster", null)
    {
        @Override
        List<Key> keys()
        {
            return List.of(new Key("aeron.cluster.leader.heartbeat.interval", Unit.DURATION, 200 * MS),
                new Key("aeron.cluster.leader.heartbeat.timeout", Unit.DURATION, 10_000 * MS),
                new Key("aeron.cluster.election.timeout", Unit.DURATION, 1_000 * MS));
        }

        @Override
        String check(final Map<String, Long> config)
        {
            return config.get("aeron.cluster.leader.heartbeat.timeout") <= config.get("aeron.cluster.leader.heartbeat.interval") ?
                "aeron.cluster.leader.heartbeat.timeout must be longer than the interval" : null;
        }

        @Override
        List<Map<String, Long>> candidates(final NetworkFit network)
        {
            final List<Map<String, Long>> all = new ArrayList<>();
            for (final long intervalMs : new long[] {10, 20, 50, 100, 200, 500})
            {
                if (intervalMs * MS < network.rttP99Ns())
                {
                    continue;
                }
                for (final long beats : new long[] {5, 10, 20, 50})
                {
                    for (final long electionMs : new long[] {100, 200, 500, 1000})
                    {
                        if (electionMs * MS > 2 * network.rttP99Ns())
                        {
                            all.add(config("aeron.cluster.leader.heartbeat.interval", intervalMs * MS,
                                "aeron.cluster.leader.heartbeat.timeout", beats * intervalMs * MS, "aeron.cluster.election.timeout", electionMs * MS));
                        }
                    }
                }
            }
            return all;
        }

        @Override
        SilenceModel.Timing timing(final Map<String, Long> config)
        {
            final long intervalNs = config.get("aeron.cluster.leader.heartbeat.interval");
            final long timeoutNs = config.get("aeron.cluster.leader.heartbeat.timeout");
            // No jitter; the leader too steps down when it has heard no quorum for the timeout.
            return new SilenceModel.Timing(intervalNs, intervalNs, timeoutNs, 0, false, timeoutNs);
        }

        @Override
        long failoverSampleNs(final Map<String, Long> config, final NetworkFit network, final int nodes, final SplittableRandom random)
        {
            final double intervalNs = config.get("aeron.cluster.leader.heartbeat.interval");
            final double timeoutNs = config.get("aeron.cluster.leader.heartbeat.timeout");
            final double electionNs = config.get("aeron.cluster.election.timeout");
            final double lastSentNs = -random.nextDouble() * intervalNs;
            double firstNs = Double.MAX_VALUE;
            for (int follower = 1; follower < nodes; follower++)
            {
                final double detectedNs = lastSentNs + network.oneWayQuantileNs(random.nextDouble()) + timeoutNs;
                // Canvass for the election timeout, then nominate after a random delay in [0, timeout / 2).
                firstNs = Math.min(firstNs, detectedNs + electionNs + random.nextDouble() * electionNs / 2);
            }
            // The ballot's round trip, then the new term reaches the followers.
            return (long)(firstNs + network.oneWayQuantileNs(random.nextDouble()) * 3);
        }

        @Override
        List<String> modelled()
        {
            return List.of("a follower acts exactly when aeron.cluster.leader.heartbeat.timeout passes (no jitter), canvasses for " +
                    "aeron.cluster.election.timeout, then nominates itself after a random delay in [0, election timeout / 2) " +
                    "(Election.java, https://github.com/real-logic/aeron/blob/master/aeron-cluster/src/main/java/io/aeron/cluster/Election.java)",
                "a leader that heard no quorum for the heartbeat timeout steps down");
        }
    };

    static final long MS = 1_000_000L;
    private static final double JITTER_FACTOR = 1.2;

    /** How a key's value is written. */
    enum Unit
    {
        /** An integer count of milliseconds, as etcd's flags take it. */
        MILLIS,
        /** A duration with its unit, as Go's time.Duration and Aeron's properties print it. */
        DURATION,
        /** A plain integer. */
        COUNT
    }

    /**
     * One configuration key.
     *
     * @param name     as the system spells it.
     * @param unit     how its value is written.
     * @param defaultValue the system's default, in nanoseconds for a time.
     */
    record Key(String name, Unit unit, long defaultValue)
    {
        String format(final long value)
        {
            switch (unit)
            {
                case MILLIS:
                    return Long.toString(value / MS);
                case COUNT:
                    return Long.toString(value);
                default:
                    return TuneFormat.flagDuration(value);
            }
        }
    }

    private final String cliName;
    private final String algorithm;

    SystemProfile(final String cliName, final String algorithm)
    {
        this.cliName = cliName;
        this.algorithm = algorithm;
    }

    public String cliName()
    {
        return cliName;
    }

    /** @return the registered algorithm whose simulation gives the failover, or null when this profile samples its own. */
    String algorithm()
    {
        return algorithm;
    }

    abstract List<Key> keys();

    /** @return why the system refuses the config, or null when it takes it. */
    abstract String check(Map<String, Long> config);

    /** @return the configurations to try, within the system's limits and above the network's round trip. */
    abstract List<Map<String, Long>> candidates(NetworkFit network);

    /** @return how the config times heartbeats, timeouts and the leader's lease. */
    abstract SilenceModel.Timing timing(Map<String, Long> config);

    /** @return the raft setting that simulates the config's failover, for a profile with an algorithm. */
    Setting simulated(final Map<String, Long> config)
    {
        throw new UnsupportedOperationException(cliName + " samples its own failover");
    }

    /** @return one failover sample, crash to the new leader's election, for a profile with no algorithm. */
    long failoverSampleNs(final Map<String, Long> config, final NetworkFit network, final int nodes, final SplittableRandom random)
    {
        throw new UnsupportedOperationException(cliName + " is simulated");
    }

    /** @return what of the system's timing is modelled, each with where it comes from. */
    abstract List<String> modelled();

    /** @return the system's defaults. */
    Map<String, Long> defaults()
    {
        final Map<String, Long> config = new LinkedHashMap<>();
        keys().forEach(key -> config.put(key.name(), key.defaultValue()));
        return config;
    }

    /** @return the config in the system's own syntax. */
    String format(final Map<String, Long> config)
    {
        final List<String> parts = new ArrayList<>();
        for (final Key key : keys())
        {
            final String value = key.format(config.get(key.name()));
            parts.add(this == ETCD ? "--" + key.name() + "=" + value : key.name() + "=" + value);
        }
        return String.join(this == ETCD ? " " : ", ", parts);
    }

    /**
     * @param text KEY=VALUE,… in the system's own keys; keys not given keep their defaults.
     * @return the config.
     * @throws IllegalArgumentException naming {@code --current}, the key and the accepted keys.
     */
    public Map<String, Long> parse(final String text)
    {
        final Map<String, Long> config = defaults();
        for (final String pair : text.split(","))
        {
            final String trimmed = pair.trim();
            final int equals = trimmed.indexOf('=');
            final String name = (equals < 0 ? trimmed : trimmed.substring(0, equals)).trim().replaceFirst("^--", "");
            final Key key = keys().stream().filter(each -> each.name().equalsIgnoreCase(name)).findFirst().orElseThrow(() ->
                new IllegalArgumentException("--current: " + cliName + " has no key '" + name + "'; its keys: " + keyNames()));
            if (equals < 0)
            {
                throw new IllegalArgumentException("--current: " + name + " has no value; give KEY=VALUE, e.g. " + key.name() + "=" +
                    key.format(key.defaultValue()));
            }
            final String value = trimmed.substring(equals + 1).trim();
            try
            {
                switch (key.unit())
                {
                    case MILLIS:
                        config.put(key.name(), Math.multiplyExact(Long.parseLong(value), MS));
                        break;
                    case COUNT:
                        config.put(key.name(), Long.parseLong(value));
                        break;
                    default:
                        config.put(key.name(), org.electbench.spi.Durations.parseNs(value));
                        break;
                }
            }
            catch (final RuntimeException ex)
            {
                throw new IllegalArgumentException("--current: " + key.name() + "=" + value + " is not " +
                    (Unit.MILLIS == key.unit() ? "an integer of milliseconds" : Unit.COUNT == key.unit() ? "an integer" :
                        "a duration (" + org.electbench.spi.Durations.ACCEPTED + ")"), ex);
            }
            if (config.get(key.name()) <= 0)
            {
                throw new IllegalArgumentException("--current: " + key.name() + " must be greater than zero, was " + value);
            }
        }
        final String refused = check(config);
        if (null != refused)
        {
            throw new IllegalArgumentException("--current: " + refused);
        }
        return config;
    }

    String keyNames()
    {
        return String.join(", ", keys().stream().map(Key::name).toList());
    }

    /**
     * @param name a system's name, as on the command line.
     * @return the profile.
     * @throws IllegalArgumentException naming {@code --system} and the known names.
     */
    public static SystemProfile fromCliName(final String name)
    {
        for (final SystemProfile profile : values())
        {
            if (profile.cliName.equals(name))
            {
                return profile;
            }
        }
        throw new IllegalArgumentException("--system: unknown system '" + name + "'; known: " + names());
    }

    public static String names()
    {
        return String.join(", ", java.util.Arrays.stream(values()).map(SystemProfile::cliName).toList());
    }

    private static Map<String, Long> config(final Object... pairs)
    {
        final Map<String, Long> config = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2)
        {
            config.put((String)pairs[i], (Long)pairs[i + 1]);
        }
        return config;
    }

    private static double jittered(final double periodNs, final SplittableRandom random)
    {
        return periodNs * (1 + JITTER_FACTOR * random.nextDouble());
    }

    /** HashiCorp raft: heartbeats at random in [T/10, T/5), a campaign past T checked every [T, 2T), PreVote, the lease. */
    private static SilenceModel.Timing hashicorpTiming(final long heartbeatTimeoutNs, final long leaseNs)
    {
        return new SilenceModel.Timing(heartbeatTimeoutNs / 10, heartbeatTimeoutNs / 5, heartbeatTimeoutNs, heartbeatTimeoutNs, true, leaseNs);
    }

    /** The suite's raft with HashiCorp's timing: the mean heartbeat, [T, 2T), PreVote and CheckQuorum on. */
    private static Setting hashicorpSetting(final long heartbeatTimeoutNs)
    {
        return new Setting(heartbeatTimeoutNs * 3 / 20, heartbeatTimeoutNs, -1, -1, heartbeatTimeoutNs,
            Map.of("pre-vote", "on", "check-quorum", "on"));
    }

    private static List<String> hashicorpModelled()
    {
        return List.of("the leader heartbeats each follower at random in [T/10, T/5) (replication.go's randomTimeout(HeartbeatTimeout/10); " +
                "failover simulated at the mean, 0.15 T)",
            "a follower campaigns once silent past HeartbeatTimeout, checked every [T, 2T) (raft.go runFollower); a candidate's " +
                "retry after a split vote waits [ElectionTimeout, 2 ElectionTimeout), simulated with HeartbeatTimeout's range (the two " +
                "are equal in every configuration tried)",
            "PreVote (hashicorp/raft v1.7.0, https://github.com/hashicorp/raft/pull/530) and the leader lease: a leader that heard no " +
                "quorum within LeaderLeaseTimeout steps down, so a leader stall longer than the lease costs an election " +
                "(https://github.com/hashicorp/raft/blob/main/config.go)");
    }

    @Override
    public String toString()
    {
        return cliName.toLowerCase(Locale.ROOT);
    }
}
