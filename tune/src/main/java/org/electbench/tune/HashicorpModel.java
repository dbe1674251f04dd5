package org.electbench.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * HashiCorp raft (https://github.com/hashicorp/raft), alone or as Consul runs it. Keys and limits
 * from {@code config.go} ({@code ValidateConfig}: each timeout at least 5 ms, the lease at most
 * the heartbeat timeout); Consul scales the defaults 1 s / 1 s / 500 ms by {@code raft_multiplier}
 * 1-10 and asks for m = 1 only where the servers' RTT p99 stays under 100 ms
 * (https://developer.hashicorp.com/consul/docs/reference/architecture/server#raft_multiplier).
 * The failover follows {@link RaftFailover}'s hashicorp rules: leader stickiness and the
 * follower check contact does not reset; PreVote from hashicorp/raft v1.7.0 (https://github.com/hashicorp/raft/pull/530).
 */
final class HashicorpModel extends SystemModel
{
    static final String CONSUL_DOC = "https://developer.hashicorp.com/consul/docs/reference/architecture/server#raft_multiplier";
    private static final String CONFIG_GO = "https://github.com/hashicorp/raft/blob/main/config.go";

    private final boolean consul;

    HashicorpModel(final boolean consul)
    {
        this.consul = consul;
    }

    @Override
    String cliName()
    {
        return consul ? "consul" : "hashicorp-raft";
    }

    @Override
    List<SystemProfile.Key> keys()
    {
        return consul ? List.of(new SystemProfile.Key("raft_multiplier", SystemProfile.Unit.COUNT, 5)) :
            List.of(new SystemProfile.Key("HeartbeatTimeout", SystemProfile.Unit.DURATION, 1000 * MS),
                new SystemProfile.Key("ElectionTimeout", SystemProfile.Unit.DURATION, 1000 * MS),
                new SystemProfile.Key("LeaderLeaseTimeout", SystemProfile.Unit.DURATION, 500 * MS));
    }

    private long heartbeatNs(final Map<String, Long> config)
    {
        return consul ? config.get("raft_multiplier") * 1000 * MS : config.get("HeartbeatTimeout");
    }

    private long electionNs(final Map<String, Long> config)
    {
        return consul ? config.get("raft_multiplier") * 1000 * MS : config.get("ElectionTimeout");
    }

    private long leaseNs(final Map<String, Long> config)
    {
        return consul ? config.get("raft_multiplier") * 500 * MS : config.get("LeaderLeaseTimeout");
    }

    @Override
    String check(final Map<String, Long> config)
    {
        if (consul)
        {
            final long multiplier = config.get("raft_multiplier");
            return multiplier < 1 || multiplier > 10 ? "raft_multiplier must be an integer from 1 to 10 (Consul refuses others: " +
                CONSUL_DOC + ")" : null;
        }
        if (config.get("LeaderLeaseTimeout") > config.get("HeartbeatTimeout"))
        {
            return "LeaderLeaseTimeout must not exceed HeartbeatTimeout (hashicorp/raft ValidateConfig refuses the config: " + CONFIG_GO + ")";
        }
        if (config.get("ElectionTimeout") < config.get("HeartbeatTimeout"))
        {
            return "ElectionTimeout must be at least HeartbeatTimeout (hashicorp/raft ValidateConfig refuses the config: " + CONFIG_GO + ")";
        }
        for (final Map.Entry<String, Long> entry : config.entrySet())
        {
            if (entry.getValue() < 5 * MS)
            {
                return entry.getKey() + " must be at least 5ms (hashicorp/raft ValidateConfig refuses the config: " + CONFIG_GO + ")";
            }
        }
        return null;
    }

    @Override
    List<String> guidance(final Map<String, Long> config, final Context context)
    {
        final List<String> broken = new ArrayList<>();
        final long rttP99Ns = context.network().rttP99Ns();
        if (consul && rttP99Ns >= config.get("raft_multiplier") * 100 * MS)
        {
            broken.add("raft_multiplier " + config.get("raft_multiplier") + " with server RTT p99 " + TuneFormat.duration(rttP99Ns) +
                ": Consul's guidance keeps RTT p99 under 100 ms per unit of the multiplier (m = 1 needs < 100 ms; " + CONSUL_DOC + ")");
        }
        if (heartbeatNs(config) / 5 < rttP99Ns)
        {
            broken.add("heartbeats every [T/10, T/5) = up to " + TuneFormat.duration(heartbeatNs(config) / 5) + " do not outlast the RTT p99 " +
                TuneFormat.duration(rttP99Ns) + " (replication.go)");
        }
        return broken;
    }

    @Override
    List<Map<String, Long>> candidates(final Context context)
    {
        final List<Map<String, Long>> all = new ArrayList<>();
        if (consul)
        {
            for (long multiplier = 1; multiplier <= 10; multiplier++)
            {
                all.add(config("raft_multiplier", multiplier));
            }
            return all;
        }
        for (final long timeoutMs : new long[] {10, 20, 50, 100, 200, 500, 1000, 2000, 5000})
        {
            if (timeoutMs * MS / 10 < context.network().rttP99Ns())
            {
                continue;
            }
            for (final long leaseHalves : new long[] {1, 2})
            {
                all.add(config("HeartbeatTimeout", timeoutMs * MS, "ElectionTimeout", timeoutMs * MS, "LeaderLeaseTimeout",
                    timeoutMs * MS * leaseHalves / 2));
            }
        }
        return all;
    }

    boolean preVote(final Context context)
    {
        return atLeast(context.version(), 1, 7);
    }

    @Override
    SilenceModel.Timing timing(final Map<String, Long> config, final Context context)
    {
        final long heartbeatTimeoutNs = heartbeatNs(config);
        return new SilenceModel.Timing(heartbeatTimeoutNs / 10, heartbeatTimeoutNs / 5, heartbeatTimeoutNs, heartbeatTimeoutNs,
            preVote(context), leaseNs(config));
    }

    @Override
    double failoverNs(final Map<String, Long> config, final Context context, final SplittableRandom random)
    {
        return new RaftFailover(new RaftFailover.Rules(true, heartbeatNs(config), electionNs(config), preVote(context)), context)
            .sampleNs(random);
    }

    @Override
    List<String> modelled(final Context context)
    {
        final List<String> notes = new ArrayList<>();
        if (consul)
        {
            notes.add("HeartbeatTimeout and ElectionTimeout 1 s × raft_multiplier, LeaderLeaseTimeout 500 ms × m (" + CONSUL_DOC +
                "); --version is the hashicorp/raft version your Consul's go.mod names");
        }
        notes.add("the leader heartbeats each follower at random in [T/10, T/5) (replication.go, randomTimeout(HeartbeatTimeout/10))");
        notes.add("a follower checks every randomTimeout(HeartbeatTimeout), a timer contact does not reset, and campaigns when silent " +
            "past HeartbeatTimeout (raft.go runFollower); a candidate retries after randomTimeout(ElectionTimeout) (runCandidate)");
        notes.add("leader stickiness: a voter that still knows a leader rejects (pre)votes 'since we have a leader' until its own check " +
            "fires (raft.go requestVote, requestPreVote), so a new leader waits for a quorum of checks");
        notes.add("PreVote " + (preVote(context) ? "on" : "off") + " at hashicorp/raft " + context.version() +
            " (from v1.7.0: https://github.com/hashicorp/raft/pull/530); the leader lease: a leader that heard no quorum within " +
            "LeaderLeaseTimeout steps down (" + CONFIG_GO + ")");
        return notes;
    }

    @Override
    double heartbeatsPerSecond(final Map<String, Long> config, final Context context)
    {
        return (context.nodes() - 1) * 1e9 / (0.15 * heartbeatNs(config));
    }

    @Override
    String defaultVersion()
    {
        // Current Consul and hashicorp/raft releases link raft v1.7; --version 1.5 models an older Consul without PreVote.
        return "1.7";
    }
}
