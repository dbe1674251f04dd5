package org.electbench.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.electbench.spi.ElectionNode;
import org.electbench.spi.Role;
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
        assertEquals(3, result.messagesTotal(), "two before agreement and one at its instant; none after");
        assertEquals(1, result.heartbeats(), "the heartbeat before the reference is not counted");
        assertEquals(48, result.bytesTotal());
        assertEquals(2, result.finalLeader());
        assertEquals(2, result.expectedLeader());
        assertFalse(result.wrongLeader());
        assertEquals(1, result.maxConcurrentLeaders());
        assertEquals(42, result.events());
    }

    @Test
    void twoLeadersAtOnceAreSplitBrainAndTheLowerTermIsStale()
    {
        monitor.onAnnounce(1, 2_000, Role.LEADER, 1, 2);
        monitor.onAnnounce(2, 2_100, Role.FOLLOWER, 1, 2);
        monitor.onAnnounce(3, 2_400, Role.FOLLOWER, 1, 2);
        final ElectionResult result = monitor.finish(3_000, 0);
        assertEquals(2, result.maxConcurrentLeaders());
        assertEquals(400, result.splitBrainNs());
        assertEquals(400, result.staleLeaderNs());
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
}
