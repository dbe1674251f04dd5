package org.electbench.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * etcd: {@code --heartbeat-interval} and {@code --election-timeout}, integer milliseconds. The
 * server refuses an election timeout under 5 heartbeats or over 50000 ms ({@code Validate} in
 * https://github.com/etcd-io/etcd/blob/main/server/embed/config.go), counts it in whole ticks
 * ({@code ElectionTicks = ElectionMs / TickMs}), runs CheckQuorum always and PreVote by default
 * since v3.5.0 (https://github.com/etcd-io/etcd/pull/12770; off in 3.4). The tuning guide
 * (https://etcd.io/docs/v3.5/tuning/) asks for a heartbeat around 0.5-1.5 × the round trip and
 * an election timeout of at least 10 × the round trip.
 */
final class EtcdModel extends SystemModel
{
    static final String TUNING = "https://etcd.io/docs/v3.5/tuning/";
    private static final String CONFIG_GO = "https://github.com/etcd-io/etcd/blob/main/server/embed/config.go";

    @Override
    String cliName()
    {
        return "etcd";
    }

    @Override
    List<SystemProfile.Key> keys()
    {
        return List.of(new SystemProfile.Key("heartbeat-interval", SystemProfile.Unit.MILLIS, 100 * MS),
            new SystemProfile.Key("election-timeout", SystemProfile.Unit.MILLIS, 1000 * MS));
    }

    @Override
    String check(final Map<String, Long> config)
    {
        final long heartbeatNs = config.get("heartbeat-interval");
        final long electionNs = config.get("election-timeout");
        if (electionNs < 5 * heartbeatNs)
        {
            return "--election-timeout must be at least 5 times --heartbeat-interval (etcd refuses to start: " + CONFIG_GO + ")";
        }
        if (electionNs > 50_000 * MS)
        {
            return "--election-timeout must be at most 50000 ms (etcd refuses to start: " + CONFIG_GO + ")";
        }
        return null;
    }

    @Override
    List<String> guidance(final Map<String, Long> config, final Context context)
    {
        final List<String> broken = new ArrayList<>();
        final long rttNs = context.network().rttP50Ns();
        final long heartbeatNs = config.get("heartbeat-interval");
        if (heartbeatNs < rttNs / 2)
        {
            broken.add("--heartbeat-interval " + heartbeatNs / MS + " ms is under 0.5 × the round trip (" + TuneFormat.duration(rttNs) +
                " p50): etcd's tuning guide asks for 0.5-1.5 × RTT (" + TUNING + ")");
        }
        if (config.get("election-timeout") < 10 * rttNs)
        {
            broken.add("--election-timeout " + config.get("election-timeout") / MS + " ms is under 10 × the round trip (" +
                TuneFormat.duration(10 * rttNs) + "): etcd's tuning guide asks for at least 10 × RTT (" + TUNING + ")");
        }
        if (config.get("election-timeout") < context.network().rttP99Ns())
        {
            broken.add("--election-timeout is under the RTT p99 " + TuneFormat.duration(context.network().rttP99Ns()) +
                ": a vote cannot come back within it");
        }
        return broken;
    }

    @Override
    List<String> rounding(final Map<String, Long> config)
    {
        final long heartbeatNs = config.get("heartbeat-interval");
        final long electionNs = config.get("election-timeout");
        return electionNs % heartbeatNs == 0 ? List.of() : List.of("--election-timeout " + electionNs / MS + " runs as " +
            electionNs / heartbeatNs + " ticks = " + electionNs / heartbeatNs * heartbeatNs / MS + " ms (ElectionTicks = ElectionMs / TickMs)");
    }

    @Override
    List<Map<String, Long>> candidates(final Context context)
    {
        final List<Map<String, Long>> all = new ArrayList<>();
        for (final long heartbeatMs : new long[] {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000})
        {
            if (heartbeatMs * MS < context.network().rttP99Ns())
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

    private static long electionTicksNs(final Map<String, Long> config)
    {
        final long heartbeatNs = config.get("heartbeat-interval");
        return config.get("election-timeout") / heartbeatNs * heartbeatNs;
    }

    boolean preVote(final Context context)
    {
        return atLeast(context.version(), 3, 5);
    }

    @Override
    SilenceModel.Timing timing(final Map<String, Long> config, final Context context)
    {
        final long electionNs = electionTicksNs(config);
        return new SilenceModel.Timing(config.get("heartbeat-interval"), config.get("heartbeat-interval"), electionNs, electionNs,
            preVote(context), electionNs);
    }

    @Override
    double failoverNs(final Map<String, Long> config, final Context context, final SplittableRandom random)
    {
        return new RaftFailover(new RaftFailover.Rules(false, config.get("heartbeat-interval"), electionTicksNs(config), preVote(context)),
            context).sampleNs(random);
    }

    @Override
    List<String> modelled(final Context context)
    {
        return list("etcd " + context.version() + ": ticks of --heartbeat-interval, each node on its own ticker; a follower campaigns " +
                "at the R-th tick since it last heard the leader, R uniform in [ElectionTicks, 2 ElectionTicks) per term " +
                "(go.etcd.io/raft raft.go resetRandomizedElectionTimeout, tickElection)",
            "PreVote " + (preVote(context) ? "on" : "off") + " (etcd's default since v3.5.0, off in 3.4: https://github.com/etcd-io/etcd/pull/12770; " +
                "--version)", "CheckQuorum on (server/etcdserver/bootstrap.go raftConfig): a voter within ElectionTicks of its leader " +
                "ignores (pre)votes (raft.go Step, inLease), and a leader that heard no quorum for E steps down",
            "guidance: heartbeat 0.5-1.5 × RTT, election timeout >= 10 × RTT (" + TUNING + "); limits: >= 5 heartbeats, <= 50000 ms (" +
                CONFIG_GO + ")");
    }

    @Override
    double heartbeatsPerSecond(final Map<String, Long> config, final Context context)
    {
        return (context.nodes() - 1) * 1e9 / config.get("heartbeat-interval");
    }

    @Override
    String defaultVersion()
    {
        return "3.5";
    }
}
