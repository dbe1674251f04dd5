package org.electbench.tune;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * ZooKeeper 3.9's Fast Leader Election
 * (https://github.com/apache/zookeeper/blob/release-3.9.5/zookeeper-server/src/main/java/org/apache/zookeeper/server/quorum/FastLeaderElection.java).
 * Keys of {@code zoo.cfg}: {@code tickTime} (ms), {@code initLimit} and {@code syncLimit} (ticks),
 * each required and positive ({@code QuorumPeerConfig}); defaults of the shipped
 * {@code conf/zoo_sample.cfg}: 2000, 10, 5. The leader pings every tickTime / 2 ({@code Leader.lead});
 * a follower's socket read times out after syncLimit × tickTime ({@code Learner}), then it looks:
 * it votes for the best (epoch, zxid, id) it has seen ({@code totalOrderPredicate}: on an idle
 * cluster the highest id), sends its vote to all, resends when nothing arrived within a wait
 * that starts at finalizeWait 200 ms and doubles to maxNotificationInterval 60 s, and decides
 * once a quorum shares its vote and no better one came within finalizeWait. A peer that has not
 * started looking answers a vote with its old leader instead of queueing it ({@code WorkerReceiver}),
 * so a vote sent before a slower follower looks is lost to it until the next resend. Followers
 * decide with their leader, connect before it has bound its quorum port, are refused and retry
 * after 100 ms ({@code Learner.connectToLeader}, {@code leaderConnectDelayDuringRetryMs}), then
 * sync; a peer serves once the leader has a quorum of NEWLEADER acks ({@code Leader.lead}).
 */
final class ZooKeeperModel extends SystemModel
{
    static final String FLE = "https://github.com/apache/zookeeper/blob/release-3.9.5/zookeeper-server/src/main/java/org/apache/zookeeper/" +
        "server/quorum/FastLeaderElection.java";
    static final double FINALIZE_WAIT_NS = 200 * MS;
    static final double MAX_NOTIFICATION_INTERVAL_NS = 60_000 * MS;
    private static final double CONNECT_RETRY_NS = 100 * MS;
    /**
     * The peers' own work between the timed steps, figures of the host rather than of a setting (the state trace in
     * docs/design/advisor-models.md): a follower whose leader's connection closed stops its request processors before it looks
     * ({@code Follower.shutdown}, then {@code QuorumPeer.run} sets LOOKING), each at its own pace; a new leader builds its
     * {@code Leader}, which binds the quorum port, before a follower can connect ({@code QuorumPeer.makeLeader}); the sync
     * forces the acceptedEpoch and currentEpoch files and the log to disk ({@code QuorumPeer.writeLongToFile},
     * {@code Learner.syncWithLeader}).
     */
    static final double LEAVE_NS = 12 * MS;
    static final double LEAVE_SPREAD_NS = 10 * MS;
    static final double LEADER_BIND_NS = 12 * MS;
    static final double SYNC_WRITES_NS = 20 * MS;
    private static final int NOTIFY = 0;
    private static final int WAIT = 1;
    private static final int LOOK = 2;
    /** Round trips from a follower's connection to its leader serving: TCP connect, epoch, sync with NEWLEADER, UPTODATE. */
    private static final int SYNC_ROUND_TRIPS = 4;

    private final boolean processKill;

    /** @param processKill the leader's process killed, so its TCP connections close at once; else its host is lost. */
    ZooKeeperModel(final boolean processKill)
    {
        this.processKill = processKill;
    }

    @Override
    String cliName()
    {
        return "zookeeper";
    }

    @Override
    List<SystemProfile.Key> keys()
    {
        return List.of(new SystemProfile.Key("tickTime", SystemProfile.Unit.MILLIS, 2000 * MS),
            new SystemProfile.Key("initLimit", SystemProfile.Unit.COUNT, 10),
            new SystemProfile.Key("syncLimit", SystemProfile.Unit.COUNT, 5));
    }

    @Override
    String check(final Map<String, Long> config)
    {
        for (final String key : List.of("tickTime", "initLimit", "syncLimit"))
        {
            if (config.get(key) <= 0)
            {
                return key + " must be set above 0 (QuorumPeerConfig refuses to start)";
            }
        }
        return null;
    }

    @Override
    List<String> guidance(final Map<String, Long> config, final Context context)
    {
        final long syncNs = config.get("tickTime") * config.get("syncLimit");
        return syncNs < 2 * context.network().rttP99Ns() + config.get("tickTime") / 2 ?
            List.of("syncLimit × tickTime " + TuneFormat.duration(syncNs) + " under a ping interval (tickTime / 2) and two RTT p99: " +
                "a follower drops a live leader (Learner socket timeout)") : List.of();
    }

    @Override
    List<Map<String, Long>> candidates(final Context context)
    {
        final List<Map<String, Long>> all = new java.util.ArrayList<>();
        for (final long tickMs : new long[] {50, 100, 200, 500, 1000, 2000})
        {
            for (final long syncLimit : new long[] {2, 3, 5, 10})
            {
                final Map<String, Long> config = config("tickTime", tickMs * MS, "initLimit", 2 * syncLimit, "syncLimit", syncLimit);
                if (guidance(config, context).isEmpty())
                {
                    all.add(config);
                }
            }
        }
        return all;
    }

    @Override
    SilenceModel.Timing timing(final Map<String, Long> config, final Context context)
    {
        final long pingNs = config.get("tickTime") / 2;
        final long timeoutNs = config.get("tickTime") * config.get("syncLimit");
        return new SilenceModel.Timing(pingNs, pingNs, timeoutNs, 0, false, timeoutNs);
    }

    @Override
    double failoverNs(final Map<String, Long> config, final Context context, final SplittableRandom random)
    {
        return election(config, context, random, processKill);
    }

    @Override
    Alternative alternative()
    {
        return processKill ? null : new Alternative("leader process killed: the kernel closes its TCP connections, so followers look at once");
    }

    @Override
    double alternativeNs(final Map<String, Long> config, final Context context, final SplittableRandom random)
    {
        return election(config, context, random, true);
    }

    private static double election(final Map<String, Long> config, final Context context, final SplittableRandom random,
        final boolean killed)
    {
        final int n = context.nodes();
        final double tickNs = config.get("tickTime");
        final double lastPingNs = -sinceLastNs(random, tickNs / 2, tickNs / 2);
        final EventQueue queue = new EventQueue();
        for (int peer = 1; peer < n; peer++)
        {
            final double leftNs = LEAVE_NS + random.nextDouble() * LEAVE_SPREAD_NS;
            queue.add(leftNs + (killed ? context.delayNs(random) : lastPingNs + context.delayNs(random) + tickNs * config.get("syncLimit")),
                LOOK, peer, peer, 0);
        }
        final boolean[] looking = new boolean[n];
        final int[] proposal = new int[n];
        final int[][] votes = new int[n][n];
        final double[] waitNs = new double[n];
        final boolean[] finalizing = new boolean[n];
        final long[] generation = new long[n];
        final double[] decidedNs = new double[n];
        final int[] leader = new int[n];
        Arrays.fill(decidedNs, Double.NaN);
        int decided = 0;
        while (!queue.isEmpty() && decided < n - 1)
        {
            queue.poll();
            final double nowNs = queue.timeNs();
            final int peer = queue.to();
            switch (queue.kind())
            {
                case LOOK:
                    looking[peer] = true;
                    proposal[peer] = peer;
                    Arrays.fill(votes[peer], -1);
                    votes[peer][peer] = peer;
                    waitNs[peer] = FINALIZE_WAIT_NS;
                    broadcast(queue, context, random, peer, peer, nowNs);
                    wait(queue, generation, peer, nowNs + waitNs[peer]);
                    break;
                case NOTIFY:
                {
                    final int from = queue.from();
                    final int vote = (int)queue.value();
                    if (!looking[peer])
                    {
                        if (!Double.isNaN(decidedNs[peer]) && vote >= 0)
                        {
                            // Out of election: it answers a looking peer with the leader it settled on.
                            queue.add(nowNs + context.delayNs(random), NOTIFY, peer, from, -2 - leader[peer]);
                        }
                        break;
                    }
                    if (vote <= -2)
                    {
                        // A peer that already follows or leads: join the leader it names (checkLeader holds once it leads).
                        looking[peer] = false;
                        leader[peer] = -2 - vote;
                        decidedNs[peer] = nowNs;
                        decided++;
                        break;
                    }
                    votes[peer][from] = vote;
                    if (vote > proposal[peer])
                    {
                        proposal[peer] = vote;
                        votes[peer][peer] = vote;
                        finalizing[peer] = false;
                        broadcast(queue, context, random, peer, vote, nowNs);
                    }
                    int agree = 0;
                    for (final int each : votes[peer])
                    {
                        agree += each == proposal[peer] ? 1 : 0;
                    }
                    finalizing[peer] |= agree >= context.quorum();
                    wait(queue, generation, peer, nowNs + (finalizing[peer] ? FINALIZE_WAIT_NS : waitNs[peer]));
                    break;
                }
                default:
                    if (queue.value() != generation[peer] || !looking[peer])
                    {
                        break;
                    }
                    if (finalizing[peer])
                    {
                        looking[peer] = false;
                        leader[peer] = proposal[peer];
                        decidedNs[peer] = nowNs;
                        decided++;
                    }
                    else
                    {
                        broadcast(queue, context, random, peer, proposal[peer], nowNs);
                        waitNs[peer] = Math.min(2 * waitNs[peer], MAX_NOTIFICATION_INTERVAL_NS);
                        wait(queue, generation, peer, nowNs + waitNs[peer]);
                    }
                    break;
            }
        }
        // The followers connect to their leader, retrying until it listens, then sync; it serves once every live one has.
        int chosen = leader[1];
        double servingNs = decidedNs[chosen];
        for (int peer = 1; peer < n; peer++)
        {
            if (peer == chosen)
            {
                continue;
            }
            double connectNs = decidedNs[peer];
            while (connectNs + context.delayNs(random) < decidedNs[chosen] + LEADER_BIND_NS)
            {
                connectNs += CONNECT_RETRY_NS;
            }
            double syncNs = connectNs + SYNC_WRITES_NS;
            for (int trip = 0; trip < SYNC_ROUND_TRIPS; trip++)
            {
                syncNs += context.delayNs(random) + context.delayNs(random);
            }
            servingNs = Math.max(servingNs, syncNs);
        }
        return servingNs;
    }

    private static void wait(final EventQueue queue, final long[] generation, final int peer, final double atNs)
    {
        queue.add(atNs, WAIT, peer, peer, ++generation[peer]);
    }

    private static void broadcast(final EventQueue queue, final Context context, final SplittableRandom random, final int from,
        final int vote, final double nowNs)
    {
        for (int to = 1; to < context.nodes(); to++)
        {
            if (to != from)
            {
                queue.add(nowNs + context.delayNs(random), NOTIFY, from, to, vote);
            }
        }
    }

    @Override
    List<String> modelled(final Context context)
    {
        return list("the leader pings every tickTime / 2 (Leader.lead); a follower looks when its socket read times out after " +
                "syncLimit × tickTime (Learner); failover is for a lost leader host, the second scenario for a killed process",
            "Fast Leader Election (" + FLE + "): votes ordered by (epoch, zxid, id), on an idle cluster the highest live id wins; " +
                "a vote resent when nothing arrived within a wait from finalizeWait 200 ms doubling to maxNotificationInterval 60 s; " +
                "decided when a quorum shares it and nothing better came within finalizeWait",
            "a follower looks only after stopping its request processors (Follower.shutdown), each at its own pace; a vote that " +
                "reaches a peer not yet looking is answered with its old leader and not counted (WorkerReceiver), so it waits for a resend",
            "then each follower connects to the leader; before the leader has bound its quorum port (QuorumPeer.makeLeader) it is " +
                "refused and retries every 100 ms (Learner.connectToLeader, leaderConnectDelayDuringRetryMs); the sync takes " +
                SYNC_ROUND_TRIPS + " round trips and forces the epoch files and the log to disk; failover = every live peer serving. " +
                "initLimit × tickTime bounds that sync and does not time an idle failover; the peers' own work between the steps is " +
                "constants taken from ZooKeeper's state trace on one machine");
    }

    @Override
    double heartbeatsPerSecond(final Map<String, Long> config, final Context context)
    {
        return (context.nodes() - 1) * 2e9 / config.get("tickTime");
    }

    @Override
    String defaultVersion()
    {
        return "3.9.5";
    }
}
