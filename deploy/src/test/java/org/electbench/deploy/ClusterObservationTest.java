package org.electbench.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.aeron.FrameVerdict;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.Role;
import org.electbench.transport.ElectionResult;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The observer's bookkeeping, fed reports with chosen receive times (no network, no clock), so
 * every figure is exact: where a crash is placed, what a failover counts, what is not a crash.
 */
class ClusterObservationTest
{
    private static final long MS = 1_000_000L;
    private static final ClusterFile CLUSTER = ClusterFile.parse(String.join("\n",
        "cluster-id 7",
        "algorithm ping",
        "heartbeat 20ms",
        "detection-timeout 80ms",
        "observer 127.0.0.1:1",
        "node 1 127.0.0.1:2",
        "node 2 127.0.0.1:3",
        "node 3 127.0.0.1:4"), "test", new AlgorithmRegistry(ClusterObservationTest.class.getClassLoader()));

    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
    private final long[] incarnation = {0, 11, 22, 33};
    private final long[][] messages = new long[4][2];
    private final long[][] bytes = new long[4][2];
    private final List<String> events = new ArrayList<>();
    private ClusterObservation observer;

    @BeforeEach
    void setUp()
    {
        observer = new ClusterObservation(CLUSTER, new ClusterObservation.Listener()
        {
            @Override
            public void onCrash(final int nodeId, final long atNs)
            {
                events.add("crash " + nodeId + " at " + atNs / MS);
            }

            @Override
            public void onAgreement(final int leaderId, final long term, final long atNs)
            {
                events.add("leader " + leaderId + " term " + term + " at " + atNs / MS);
            }
        });
    }

    private void report(final long atMs, final int id, final Role role, final int leaderId, final long term)
    {
        final int length = StatusFrame.encode(buffer, CLUSTER.clusterId(), id, incarnation[id], role, leaderId, term,
            messages[id], bytes[id]);
        observer.onReport(buffer, 0, length, atMs * MS);
        observer.advance(atMs * MS);
    }

    private void send(final int id, final int type, final int count)
    {
        messages[id][type] += count;
        bytes[id][type] += 16L * count;
    }

    /** Nodes 1..3 agree on 3 in term 1 and beacon every 20 ms up to {@code lastMs}. */
    private void settledOnThreeUntil(final long lastMs)
    {
        send(3, PingAlgorithm.PING, 2);
        for (long t = 0; t <= lastMs; t += 20)
        {
            report(t, 3, Role.LEADER, 3, 1);
            report(t + 1, 1, Role.FOLLOWER, 3, 1);
            report(t + 2, 2, Role.FOLLOWER, 3, 1);
        }
    }

    @Test
    void failoverIsMeasuredFromTheCrashPlacedAtTheLastReport()
    {
        settledOnThreeUntil(100);
        // Node 3 is gone after its report at 100 ms. Node 1 calls an election, node 2 takes over.
        for (long t = 120; t <= 180; t += 20)
        {
            report(t, 1, Role.FOLLOWER, 3, 1);
            report(t + 2, 2, Role.FOLLOWER, 3, 1);
        }
        send(1, PingAlgorithm.PING, 2);
        report(185, 1, Role.CANDIDATE, 0, 1);
        send(2, PingAlgorithm.PING, 1);
        send(2, PingAlgorithm.HEARTBEAT, 2);
        report(190, 2, Role.LEADER, 2, 2);
        report(195, 1, Role.FOLLOWER, 2, 2);
        for (long t = 210; t <= 460; t += 20)
        {
            report(t, 1, Role.FOLLOWER, 2, 2);
            report(t + 2, 2, Role.LEADER, 2, 2);
        }

        assertTrue(observer.settled(3, 1));
        assertEquals(List.of("leader 3 term 1 at 0", "crash 3 at 100", "leader 2 term 2 at 195"), events);
        final ElectionResult result = observer.finish();
        assertTrue(result.converged());
        assertEquals(2, result.finalLeader());
        assertEquals(95 * MS, result.convergenceNs());
        assertEquals(85 * MS, result.detectionNs());
        assertEquals(3, result.messages(PingAlgorithm.PING));
        // Node 2's first two heartbeats, sent as it comes to lead, are its announcement: messages to a leader.
        assertEquals(2, result.announcements());
        assertEquals(80, result.bytesTotal());
        assertEquals(0, result.heartbeats());
        assertEquals(1, result.maxConcurrentLeaders());
        assertEquals(0, result.sameTermLeaders());
        assertFalse(result.wrongLeader());
    }

    @Test
    void everyNodeSilentAtOnceIsTheObserverStallingNotACrash()
    {
        settledOnThreeUntil(100);
        observer.advance(900 * MS);
        report(900, 3, Role.LEADER, 3, 1);
        report(900, 1, Role.FOLLOWER, 3, 1);
        report(900, 2, Role.FOLLOWER, 3, 1);
        observer.advance(1200 * MS);

        assertEquals(0, observer.crashes());
        assertEquals(List.of("leader 3 term 1 at 0"), events);
        assertTrue(observer.settled(3, 0));
        assertEquals(3, observer.finish().finalLeader());
    }

    @Test
    void aReportWithANewIncarnationIsARestartAndItsCountsStartFromZero()
    {
        settledOnThreeUntil(100);
        incarnation[1] = 99;
        messages[1][PingAlgorithm.PING] = 0;
        send(1, PingAlgorithm.PING, 2);
        report(110, 1, Role.CANDIDATE, 0, 1);
        report(112, 3, Role.LEADER, 3, 1);
        report(115, 1, Role.FOLLOWER, 3, 1);
        for (long t = 120; t <= 400; t += 20)
        {
            report(t, 3, Role.LEADER, 3, 1);
            report(t + 1, 1, Role.FOLLOWER, 3, 1);
            report(t + 2, 2, Role.FOLLOWER, 3, 1);
        }

        assertEquals(1, observer.crashes());
        assertEquals(List.of("leader 3 term 1 at 0", "crash 1 at 110", "leader 3 term 1 at 115"), events);
        final ElectionResult result = observer.finish();
        assertTrue(result.converged());
        assertEquals(3, result.finalLeader());
        assertEquals(5 * MS, result.convergenceNs());
        assertEquals(2, result.messages(PingAlgorithm.PING));
    }

    @Test
    void reportsOfAnotherClusterAreDroppedAndCounted()
    {
        final int length = StatusFrame.encode(buffer, 8, 1, 1, Role.LEADER, 1, 1, messages[1], bytes[1]);
        observer.onReport(buffer, 0, length, 0);
        observer.advance(500 * MS);
        assertEquals(1, observer.count(FrameVerdict.FOREIGN));
        assertEquals(0, observer.heardCount());
        assertFalse(observer.settled(1, 0));
    }
}
