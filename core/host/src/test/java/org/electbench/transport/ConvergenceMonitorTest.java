package org.electbench.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.transport.metrics.Metrics;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ConvergenceMonitorTest
{
    private static final int ELECTION = 0;
    private static final int HEARTBEAT = 1;
    private static final long REFERENCE_NS = 1_000;
    private static final long SETTLE_NS = 500;

    private ConvergenceMonitor monitor;

    @BeforeEach
    void setUp()
    {
        monitor = new ConvergenceMonitor(new ScenarioTestAlgorithm(), 3);
        monitor.reset(REFERENCE_NS, SETTLE_NS);
        for (int id = 1; id <= 3; id++)
        {
            monitor.onStart(id, 0);
        }
        monitor.onAnnounce(3, 0, Role.LEADER, 3, 1);
        monitor.onAnnounce(1, 0, Role.FOLLOWER, 3, 1);
        monitor.onAnnounce(2, 0, Role.FOLLOWER, 3, 1);
    }

    @Test
    void convergenceStartsWhenTheLastLiveNodeNamesTheNewLeaderAndCountsOnlyFromTheReference()
    {
        monitor.onSend(3, 500, HEARTBEAT, 16);
        monitor.onCrash(3, REFERENCE_NS);
        assertFalse(monitor.agreed());
        monitor.onSend(1, 1_100, ELECTION, 16);
        monitor.onSend(1, 1_100, ELECTION, 16);
        monitor.onAnnounce(2, 1_200, Role.LEADER, 2, 2);
        monitor.onSend(2, 1_200, HEARTBEAT, 16);
        assertFalse(monitor.agreed(), "node 1 still names the dead node");
        monitor.onAnnounce(1, 1_300, Role.FOLLOWER, 2, 2);
        monitor.onSend(2, 1_300, ELECTION, 16);
        monitor.onSend(2, 1_400, ELECTION, 16);
        assertTrue(monitor.agreed());
        assertFalse(monitor.settled(1_700, REFERENCE_NS));
        assertTrue(monitor.settled(1_800, REFERENCE_NS));

        final ElectionResult result = monitor.finish(1_800, 42);
        assertTrue(result.converged());
        assertEquals(300, result.convergenceNs());
        assertEquals(100, result.detectionNs());
        // Agreement is the cut: node 2's ELECTION at the agreement's instant, but told after it, counts on no runtime.
        assertEquals(2, result.messagesTotal(), "two before agreement; none at its instant after it, none after");
        assertEquals(1, result.heartbeats(), "the heartbeat before the reference is not counted");
        assertEquals(32, result.bytesTotal());
        assertEquals(2, result.finalLeader());
        assertEquals(2, result.expectedLeader());
        assertFalse(result.wrongLeader());
        assertEquals(1, result.maxConcurrentLeaders());
        assertEquals(42, result.events());
    }

    @Test
    void aNewLeadersFirstRoundOfHeartbeatsIsCountedAmongTheMessagesAndTheLaterOnesApart()
    {
        monitor.onCrash(3, REFERENCE_NS);
        monitor.onAnnounce(2, 1_100, Role.CANDIDATE, ElectionNode.NO_LEADER, 2);
        monitor.onSend(2, 1_100, ELECTION, 16);
        // It wins and sends its first round (one copy to the dead node) before it says it leads.
        monitor.onSend(2, 1_200, HEARTBEAT, 8);
        monitor.onSend(2, 1_200, HEARTBEAT, 8);
        monitor.onAnnounce(2, 1_200, Role.LEADER, 2, 2);
        monitor.onSend(2, 1_250, HEARTBEAT, 8);
        monitor.onAnnounce(1, 1_300, Role.FOLLOWER, 2, 2);
        final ElectionResult result = monitor.finish(1_800, 0);
        assertTrue(result.converged());
        assertEquals(1, result.electionMessages());
        assertEquals(2, result.firstHeartbeats(), "one heartbeat to each other node, the dead one's included");
        assertEquals(0, result.announcements(), "the algorithm has no announcement type");
        assertEquals(3, result.messagesTotal(), "counted alike: the election message and the first round");
        assertEquals(1, result.heartbeats(), "the second round is a later heartbeat, apart");
        assertEquals(3, result.messages(HEARTBEAT), "the type's count holds both");
        assertEquals(32, result.bytesTotal());
    }

    @Test
    void aNodeLastSeenFollowingBeforeTheFaultAnnouncesNothingWithItsHeartbeats()
    {
        monitor.onCrash(3, REFERENCE_NS);
        monitor.onAnnounce(2, 1_100, Role.LEADER, 2, 2);
        monitor.onSend(2, 1_100, HEARTBEAT, 8);
        monitor.onSend(2, 1_100, HEARTBEAT, 8);
        monitor.onAnnounce(1, 1_300, Role.FOLLOWER, 2, 2);
        final ElectionResult result = monitor.finish(1_800, 0);
        assertEquals(0, result.firstHeartbeats());
        assertEquals(2, result.heartbeats());
    }

    @Test
    void twoLeadersAtOnceAreSplitBrainAndTheLowerTermOverlapsTheHigher()
    {
        monitor.onAnnounce(1, 2_000, Role.LEADER, 1, 2);
        monitor.onAnnounce(2, 2_100, Role.FOLLOWER, 1, 2);
        monitor.onAnnounce(3, 2_400, Role.FOLLOWER, 1, 2);
        final ElectionResult result = monitor.finish(3_000, 0);
        assertEquals(2, result.maxConcurrentLeaders());
        assertEquals(400, result.splitBrainNs());
        assertEquals(400, result.olderTermLeaderNs());
        assertEquals(0, result.sameTermLeaders());
        assertTrue(result.converged());
        assertEquals(1, result.finalLeader());
        assertTrue(result.wrongLeader(), "the highest live id was promised");
    }

    @Test
    void claimingATermAnotherNodeLedIsASameTermLeaderEvenAfterTheFirstStepsDown()
    {
        monitor.onAnnounce(3, 2_000, Role.FOLLOWER, ElectionNode.NO_LEADER, 1);
        monitor.onAnnounce(2, 2_100, Role.LEADER, 2, 1);
        final ElectionResult result = monitor.finish(2_200, 0);
        assertEquals(1, result.sameTermLeaders());
        assertEquals(0, result.splitBrainNs());
        assertFalse(result.converged());
        assertEquals(-1, result.convergenceNs());
    }

    @Test
    void aRunThatNeverAgreesIsUnconvergedAndCountsEverythingItSent()
    {
        monitor.onCrash(3, REFERENCE_NS);
        monitor.onSend(1, 1_500, ELECTION, 16);
        monitor.onSend(2, 9_000, ELECTION, 16);
        final ElectionResult result = monitor.finish(10_000, 0);
        assertFalse(result.converged());
        assertEquals(2, result.messagesTotal());
        assertEquals(ElectionNode.NO_LEADER, result.finalLeader());
    }

    @Test
    void leadersOverlappingForNoTimeAreNoSplitBrainAndAreCountedApart()
    {
        // Node 2 announces at the very instant node 3 steps down: two leaders for zero time.
        monitor.onAnnounce(2, 2_000, Role.LEADER, 2, 2);
        monitor.onAnnounce(3, 2_000, Role.FOLLOWER, 2, 2);
        monitor.onAnnounce(1, 2_000, Role.FOLLOWER, 2, 2);
        final ElectionResult result = monitor.finish(3_000, 0);
        assertEquals(0, result.splitBrainNs());
        assertFalse(result.splitBrain());
        assertEquals(1, result.maxConcurrentLeaders());
        assertEquals(1, result.sameInstantLeaderOverlaps());
        assertEquals(0, result.olderTermLeaderNs());

        final Summary summary = new Summary(result.typeNames(), HEARTBEAT);
        summary.add(result);
        assertEquals(0, summary.get(Metrics.SPLIT_BRAIN).sum());
        assertEquals(1, summary.get(Metrics.SAME_INSTANT_OVERLAP).sum());
    }

    @Test
    void partitionWindowEndsWhenTheCutOffSideNamesALeaderOfItsOwnAndTrafficCountsFromTheCut()
    {
        // Nodes 1 and 2 are cut off from the leader 3 at 1 000 and heal at 5 000 (the reference).
        monitor.reset(plan(1_000, 5_000, new boolean[]{false, true, true, false}));
        settle();
        monitor.onSend(3, 900, ELECTION, 16);
        monitor.onSend(1, 1_500, ELECTION, 16);
        monitor.onSend(1, 1_500, ELECTION, 16);
        monitor.onAnnounce(1, 1_600, Role.LEADER, 1, 2);
        assertEquals(-1, monitor.finish(1_650, 0).unavailabilityNs(), "node 2 still names 3, across the cut");
        monitor.onAnnounce(2, 1_700, Role.FOLLOWER, 1, 2);
        monitor.onSend(1, 5_050, HEARTBEAT, 16);
        monitor.onAnnounce(3, 5_100, Role.FOLLOWER, 1, 2);
        final ElectionResult result = monitor.finish(5_600, 0);
        assertEquals(700, result.unavailabilityNs());
        assertEquals(100, result.convergenceNs());
        assertEquals(2, result.messagesFromFaultTotal(), "the send before the cut is not counted");
        assertEquals(32, result.bytesFromFaultTotal());
        assertEquals(0, result.messagesTotal(), "nothing was elected after the heal");
        assertEquals(1, result.heartbeats());
    }

    @Test
    void sideThatNeverElectsIsAvailableAgainAtTheHealWithNoChangeOfBelief()
    {
        monitor.reset(plan(1_000, 5_000, new boolean[]{false, true, true, false}));
        settle();
        final ElectionResult result = monitor.finish(6_000, 0);
        assertEquals(4_000, result.unavailabilityNs());
    }

    @Test
    void acknowledgementsAreCountedAmongTheMessagesAsAPartOfTheirOwn()
    {
        final ConvergenceMonitor acked = new ConvergenceMonitor(ScenarioTestAlgorithm.acknowledged(), 2);
        acked.reset(0, 100);
        acked.onStart(1, 0);
        acked.onStart(2, 0);
        acked.onSend(1, 10, 0, 20);
        acked.onSend(2, 20, 2, 12);
        acked.onSend(2, 20, 1, 16);
        acked.onAnnounce(2, 30, Role.LEADER, 2, 1);
        acked.onAnnounce(1, 30, Role.FOLLOWER, 2, 1);
        final ElectionResult result = acked.finish(200, 0);
        // Node 2's first heartbeat, sent as it comes to lead, is its first round; the ACK is needed as much.
        assertEquals(3, result.messagesTotal(), "ELECTION, ACK and the first heartbeat, counted alike");
        assertEquals(1, result.electionMessages());
        assertEquals(1, result.firstHeartbeats());
        assertEquals(0, result.announcements());
        assertEquals(48, result.bytesTotal());
        assertEquals(1, result.acknowledgements());
        assertEquals(12, result.acknowledgementBytes());
        assertEquals(0, result.heartbeats());
        assertEquals(1, result.messages(1), "the heartbeat type's own count");
        assertEquals(1, result.acknowledgementsFromFault());
        assertEquals(10, result.detectionNs(), "the first election message, not the ACK");
    }

    private void settle()
    {
        for (int id = 1; id <= 3; id++)
        {
            monitor.onStart(id, 0);
        }
        monitor.onAnnounce(3, 0, Role.LEADER, 3, 1);
        monitor.onAnnounce(1, 0, Role.FOLLOWER, 3, 1);
        monitor.onAnnounce(2, 0, Role.FOLLOWER, 3, 1);
    }

    private static RunPlan plan(final long faultNs, final long healNs, final boolean[] side)
    {
        return new RunPlan(Start.SETTLED, 3, 1, new boolean[4], FaultPlan.NONE, healNs, healNs, SETTLE_NS, 100_000,
            faultNs, side, healNs, false, SETTLE_NS);
    }
}
