package org.electbench.tune;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The rules that bring tune's Aeron Cluster and ZooKeeper models to the measured failovers, one test each: Aeron's refused
 * second candidacy from n = 5 on and its log join, ZooKeeper's connection retry and its votes lost to peers not yet looking.
 */
class ReferenceRulesTest
{
    private static final long MS = 1_000_000L;
    private static final NetworkFit LOOPBACK = NetworkFit.fromPercentiles(100_000, 500_000, 0);
    private static final String AERON = "aeron.cluster.leader.heartbeat.interval=50ms,aeron.cluster.leader.heartbeat.timeout=200ms,"
        + "aeron.cluster.election.timeout=";
    private static final String ZK = "tickTime=50,initLimit=40,syncLimit=4";

    private static SystemAdvisor.Entry evaluate(final SystemProfile system, final int nodes, final String current)
    {
        final TuneRequest request = TuneRequest.of(nodes, LOOPBACK, PauseModel.STATED_NONE, 1, List.of("raft"), List.of(), 1, 1);
        final Map<String, Long> config = system.parse(current);
        return new SystemAdvisor(system, request, null, null).evaluate(config);
    }

    @Test
    void aeronVotersCandidateOnceMoreFromFiveNodesAndLoseAWholeElectionTimeout()
    {
        // n - 2 voters fall back to canvass before the new leader announces; from n = 5 they are a quorum and nominate again,
        // the leader refuses that candidate, and its ballot runs out the election timeout. At n = 3 and 4 they are not a quorum.
        for (final long electionMs : new long[] {100, 1000})
        {
            final long three = evaluate(SystemProfile.AERON_CLUSTER, 3, AERON + electionMs + "ms").failover().p50Ns();
            final long four = evaluate(SystemProfile.AERON_CLUSTER, 4, AERON + electionMs + "ms").failover().p50Ns();
            final long five = evaluate(SystemProfile.AERON_CLUSTER, 5, AERON + electionMs + "ms").failover().p50Ns();
            final long seven = evaluate(SystemProfile.AERON_CLUSTER, 7, AERON + electionMs + "ms").failover().p50Ns();
            final String what = "election " + electionMs + " ms: n=3 " + three / MS + ", n=4 " + four / MS + ", n=5 " + five / MS
                + ", n=7 " + seven / MS + " ms";
            assertTrue(Math.abs(four - three) < 0.2 * electionMs * MS, what);
            assertTrue(five - three > 0.8 * electionMs * MS && five - three < 1.3 * electionMs * MS, what);
            assertTrue(seven - three > 0.8 * electionMs * MS && seven - three < 1.3 * electionMs * MS, what);
        }
    }

    @Test
    void aeronFailoverEndsWhenTheFollowersHaveJoinedTheLog()
    {
        // The election closes after the followers' log join, so a failover is at least detection + ballot + the join.
        final long p50Ns = evaluate(SystemProfile.AERON_CLUSTER, 3, AERON + "100ms").failover().p50Ns();
        final double floorNs = 150 * MS + AeronClusterModel.ENTER_NS + 100 * MS + AeronClusterModel.LEADER_PUBLICATION_NS
            + AeronClusterModel.LOG_JOIN_NS;
        assertTrue(p50Ns > floorNs && p50Ns < floorNs + 100 * MS, p50Ns / MS + " ms against a floor of " + floorNs / MS);
    }

    @Test
    void zookeeperFollowersAreRefusedUntilTheLeaderHasBoundAndRetryAfterOneHundredMilliseconds()
    {
        // A follower decides with its leader, before the leader binds its quorum port: finalizeWait, the retry, the sync.
        final long p50Ns = evaluate(SystemProfile.ZOOKEEPER, 3, ZK).alternative().p50Ns();
        final double floorNs = ZooKeeperModel.LEAVE_NS + ZooKeeperModel.FINALIZE_WAIT_NS + 100 * MS + ZooKeeperModel.SYNC_WRITES_NS;
        assertTrue(p50Ns > floorNs && p50Ns < floorNs + 50 * MS, p50Ns / MS + " ms against a floor of " + floorNs / MS);
    }

    @Test
    void zookeeperVotesLostToPeersNotYetLookingCostANotificationTimeout()
    {
        // The more followers leave their dead leader one after another, the likelier the best vote reached one before it looked:
        // it is resent only when the notification timeout (finalizeWait, doubling) passes.
        final SystemAdvisor.Entry three = evaluate(SystemProfile.ZOOKEEPER, 3, ZK);
        final SystemAdvisor.Entry five = evaluate(SystemProfile.ZOOKEEPER, 5, ZK);
        final String what = "n=3 " + three.alternative() + ", n=5 " + five.alternative();
        assertTrue(five.alternative().p50Ns() - three.alternative().p50Ns() > 100 * MS, what);
        assertTrue(three.alternative().p99Ns() > three.alternative().p50Ns() + ZooKeeperModel.FINALIZE_WAIT_NS, what);
    }
}
