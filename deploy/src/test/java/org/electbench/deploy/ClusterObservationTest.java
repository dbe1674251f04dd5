package org.electbench.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.aeron.FrameMac;
import org.electbench.aeron.FrameVerdict;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.Role;
import org.electbench.testkit.PingAlgorithm;
import org.electbench.transport.ElectionResult;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The observer's bookkeeping, fed reports with chosen receive times (no network, no clock), so
 * every figure is exact: where a crash is placed, what a failover counts, what is not a crash.
 */
class ClusterObservationTest
{
    private static final long MS = 1_000_000L;
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
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
    /** Per node, the number of its last report. */
    private final long[] sequence = new long[4];
    /** Per node, a count per message type of the cluster's algorithm. */
    private final long[][] messages = new long[4][CLUSTER.algorithm().messageTypes().size()];
    private final long[][] bytes = new long[4][CLUSTER.algorithm().messageTypes().size()];
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

            @Override
            public void onResumed(final int nodeId, final long atNs)
            {
                events.add("resumed " + nodeId + " at " + atNs / MS);
            }

            @Override
            public void onRestarted(final int nodeId, final long atNs)
            {
                events.add("restarted " + nodeId + " at " + atNs / MS);
            }

            @Override
            public void onRefused(final FrameVerdict verdict, final int nodeId, final InetAddress source, final long detail)
            {
                events.add("refused " + nodeId + " " + verdict + " from " + source.getHostAddress());
            }
        });
    }

    private void report(final long atMs, final int id, final Role role, final int leaderId, final long term)
    {
        final int length = StatusFrame.encode(buffer, CLUSTER.clusterId(), id, CLUSTER.fingerprint(), incarnation[id], ++sequence[id], role,
            leaderId, term, messages[id], bytes[id], null);
        observer.onReport(buffer, 0, length, LOOPBACK, atMs * MS);
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
        send(2, PingAlgorithm.BEAT, 2);
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
        // Node 2's first two heartbeats, sent as it comes to lead, are its first round: among the messages counted alike.
        assertEquals(2, result.firstHeartbeats());
        assertEquals(0, result.announcements());
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
        sequence[1] = 0;
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
        assertEquals(1, observer.restarts());
        assertEquals(List.of("leader 3 term 1 at 0", "crash 1 at 110", "restarted 1 at 110", "leader 3 term 1 at 115"), events);
        final ElectionResult result = observer.finish();
        assertTrue(result.converged());
        assertEquals(3, result.finalLeader());
        assertEquals(5 * MS, result.convergenceNs());
        assertEquals(2, result.messages(PingAlgorithm.PING));
    }

    @Test
    void reportsOfAnotherClusterAreDroppedAndCounted()
    {
        final int length = StatusFrame.encode(buffer, 8, 1, 1, 1, Role.LEADER, 1, 1, messages[1], bytes[1]);
        observer.onReport(buffer, 0, length, LOOPBACK, 0);
        observer.advance(500 * MS);
        assertEquals(1, observer.count(FrameVerdict.FOREIGN));
        assertEquals(0, observer.heardCount());
        assertFalse(observer.settled(1, 0));
    }

    @Test
    void aNodeHeardAgainFromTheSameProcessHadPausedAndIsNoCrash()
    {
        settledOnThreeUntil(100);
        // Node 1 is silent from 101 ms to 301 ms (past the 80 ms detection timeout) while 2 and 3 report on.
        for (long t = 120; t <= 300; t += 20)
        {
            report(t, 3, Role.LEADER, 3, 1);
            report(t + 2, 2, Role.FOLLOWER, 3, 1);
        }
        for (long t = 301; t <= 600; t += 20)
        {
            report(t, 1, Role.FOLLOWER, 3, 1);
            report(t + 1, 3, Role.LEADER, 3, 1);
            report(t + 2, 2, Role.FOLLOWER, 3, 1);
        }

        assertEquals(0, observer.crashes());
        assertEquals(1, observer.pauses());
        assertEquals(0, observer.restarts());
        assertEquals(List.of("leader 3 term 1 at 0", "crash 1 at 101", "resumed 1 at 301"), events);
        assertTrue(observer.settled(3, 0));
        assertFalse(observer.settled(3, 1), "a pause must not stand in for an expected crash");
    }

    @Test
    void nodesStartingOneByOneAfterTheObserverAreNoCrashes()
    {
        // Node 1 reports alone for 200 ms, then node 2 joins, then node 3: nobody was ever silent.
        for (long t = 0; t <= 200; t += 20)
        {
            report(t, 1, Role.FOLLOWER, 0, 0);
        }
        for (long t = 220; t <= 400; t += 20)
        {
            report(t, 1, Role.FOLLOWER, 0, 0);
            report(t + 1, 2, Role.FOLLOWER, 0, 0);
        }
        for (long t = 420; t <= 700; t += 20)
        {
            report(t, 1, Role.FOLLOWER, 3, 1);
            report(t + 1, 2, Role.FOLLOWER, 3, 1);
            report(t + 2, 3, Role.LEADER, 3, 1);
        }
        assertEquals(0, observer.crashes());
        assertEquals(0, observer.pauses());
        assertEquals(3, observer.heardCount());
        assertTrue(observer.settled(3, 0));
    }

    @Test
    void reportsFromAnUnlistedHostOrOfAnotherClusterFileAreRefusedAndNamed() throws Exception
    {
        int length = StatusFrame.encode(buffer, CLUSTER.clusterId(), 3, CLUSTER.fingerprint(), 5, 1, Role.LEADER, 3, 9,
            messages[3], bytes[3], null);
        observer.onReport(buffer, 0, length, InetAddress.getByName("10.9.9.9"), 0);
        observer.onReport(buffer, 0, length, null, 0);
        length = StatusFrame.encode(buffer, CLUSTER.clusterId(), 2, CLUSTER.fingerprint() + 1, 5, 1, Role.LEADER, 2, 9,
            messages[2], bytes[2], null);
        observer.onReport(buffer, 0, length, LOOPBACK, 0);
        observer.advance(500 * MS);

        assertEquals(2, observer.count(FrameVerdict.UNLISTED_SOURCE));
        assertEquals(1, observer.count(FrameVerdict.MISMATCHED));
        assertEquals(0, observer.heardCount());
        assertEquals(List.of("refused 3 UNLISTED_SOURCE from 10.9.9.9", "refused 2 MISMATCHED from 127.0.0.1"), events);
    }

    @Test
    void reportsWithoutTheClusterKeyAreRefused(@TempDir final Path dir) throws Exception
    {
        Files.write(dir.resolve("cluster.key"), new byte[32]);
        final ClusterFile keyed = ClusterFile.parse(String.join("\n",
            "algorithm ping", "key cluster.key", "observer 127.0.0.1:1", "node 1 127.0.0.1:2", "node 2 127.0.0.1:3"),
            "keyed", new AlgorithmRegistry(ClusterObservationTest.class.getClassLoader()), dir);
        final ClusterObservation watching = new ClusterObservation(keyed, new ClusterObservation.Listener()
        {
        });
        final FrameMac otherKey = new FrameMac(new byte[] {
            1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32});
        final long[] counts = new long[keyed.algorithm().messageTypes().size()];
        int length = StatusFrame.encode(buffer, 1, 1, keyed.fingerprint(), 5, 1, Role.LEADER, 1, 1, counts, counts, null);
        watching.onReport(buffer, 0, length, LOOPBACK, 0);
        length = StatusFrame.encode(buffer, 1, 1, keyed.fingerprint(), 5, 1, Role.LEADER, 1, 1, counts, counts, otherKey);
        watching.onReport(buffer, 0, length, LOOPBACK, 0);
        assertEquals(2, watching.count(FrameVerdict.BAD_MAC));
        length = StatusFrame.encode(buffer, 1, 1, keyed.fingerprint(), 5, 1, Role.LEADER, 1, 1, counts, counts,
            new FrameMac(new byte[32]));
        watching.onReport(buffer, 0, length, LOOPBACK, 0);
        watching.advance(1);
        assertEquals(1, watching.count(FrameVerdict.OK));
        assertEquals(1, watching.heardCount());
    }

    @Test
    void twoProcessesReportingAsOneNodeAreNamedAndTheOlderIsRefused()
    {
        settledOnThreeUntil(100);
        final long first = incarnation[3];
        for (long t = 120; t <= 400; t += 20)
        {
            incarnation[3] = 44;
            report(t, 3, Role.LEADER, 3, 1);
            incarnation[3] = first;
            report(t + 1, 3, Role.LEADER, 3, 1);
            report(t + 2, 1, Role.FOLLOWER, 3, 1);
            report(t + 3, 2, Role.FOLLOWER, 3, 1);
        }
        assertEquals(15, observer.count(FrameVerdict.DUPLICATE_ID));
        assertTrue(events.contains("refused 3 DUPLICATE_ID from 127.0.0.1"), events::toString);
        assertEquals(1, observer.crashes(), "one restart as the second process appeared, not one per report");
    }

    /** @return a copy of the report node {@code id} would send now, as a capture holds it. */
    private UnsafeBuffer captured(final int id, final Role role, final int leaderId, final long term)
    {
        final UnsafeBuffer copy = new UnsafeBuffer(new byte[256]);
        StatusFrame.encode(copy, CLUSTER.clusterId(), id, CLUSTER.fingerprint(), incarnation[id], ++sequence[id], role,
            leaderId, term, messages[id], bytes[id], null);
        return copy;
    }

    private void replay(final UnsafeBuffer copy, final long atMs)
    {
        observer.onReport(copy, 0, StatusFrame.length(messages[1].length), LOOPBACK, atMs * MS);
        observer.advance(atMs * MS);
    }

    @Test
    void aReportOfAnEarlierProcessReplayedIsRefusedAndNoRestart()
    {
        // Node 3's previous process, before the one the observer hears, reported as leader of term 1.
        incarnation[3] = 30;
        final UnsafeBuffer old = captured(3, Role.FOLLOWER, 0, 0);
        incarnation[3] = 33;
        sequence[3] = 0;
        settledOnThreeUntil(100);
        for (long t = 120; t <= 400; t += 20)
        {
            replay(old, t - 1);
            report(t, 3, Role.LEADER, 3, 1);
            report(t + 1, 1, Role.FOLLOWER, 3, 1);
            report(t + 2, 2, Role.FOLLOWER, 3, 1);
        }
        assertEquals(0, observer.crashes());
        assertEquals(0, observer.restarts());
        assertEquals(15, observer.count(FrameVerdict.STALE_INCARNATION));
        assertEquals(0, observer.count(FrameVerdict.DUPLICATE_ID));
        assertEquals(List.of("leader 3 term 1 at 0", "refused 3 STALE_INCARNATION from 127.0.0.1"), events);
        assertTrue(observer.settled(3, 0));
        assertEquals(3, observer.finish().finalLeader());
    }

    /** Nodes 1..3 report every 20 ms from {@code fromMs} to {@code toMs}, agreeing on 3 in term 1. */
    private void agreeOnThree(final long fromMs, final long toMs)
    {
        for (long t = fromMs; t <= toMs; t += 20)
        {
            report(t, 3, Role.LEADER, 3, 1);
            report(t + 1, 1, Role.FOLLOWER, 3, 1);
            report(t + 2, 2, Role.FOLLOWER, 3, 1);
        }
    }

    @Test
    void aReportReplayedAHundredTimesCountsEachSendOnce()
    {
        for (int id = 1; id <= 3; id++)
        {
            report(id, id, Role.FOLLOWER, 0, 0);
        }
        send(2, PingAlgorithm.PING, 5);
        final UnsafeBuffer copy = captured(2, Role.FOLLOWER, 0, 0);
        replay(copy, 5);
        send(2, PingAlgorithm.PING, 1);
        for (int i = 0; i < 100; i++)
        {
            report(10 + 2 * i, 2, Role.FOLLOWER, 0, 0);
            replay(copy, 11 + 2 * i);
            if (i % 10 == 0)
            {
                report(11 + 2 * i, 1, Role.FOLLOWER, 0, 0);
                report(11 + 2 * i, 3, Role.FOLLOWER, 0, 0);
            }
        }
        agreeOnThree(220, 500);
        assertEquals(100, observer.count(FrameVerdict.REPLAYED));
        assertEquals(0, observer.crashes());
        // Node 2's 5 and 1 sends, each once.
        assertEquals(6, observer.finish().messages(PingAlgorithm.PING));
    }

    @Test
    @org.junit.jupiter.api.Timeout(60)
    void countsThatLeapOrGoBackAreRefusedBeforeAnythingLoopsOverThem()
    {
        settledOnThreeUntil(100);
        messages[2][PingAlgorithm.PING] += 1_000_000_000_000L;
        bytes[2][PingAlgorithm.PING] += 16_000_000_000_000L;
        report(110, 2, Role.FOLLOWER, 3, 1);
        messages[2][PingAlgorithm.PING] -= 1_000_000_000_001L;
        bytes[2][PingAlgorithm.PING] -= 16_000_000_000_016L;
        report(111, 2, Role.FOLLOWER, 3, 1);
        messages[2][PingAlgorithm.PING] += 1;
        bytes[2][PingAlgorithm.PING] += 16;
        for (long t = 120; t <= 400; t += 20)
        {
            report(t, 3, Role.LEADER, 3, 1);
            report(t + 1, 1, Role.FOLLOWER, 3, 1);
            report(t + 2, 2, Role.FOLLOWER, 3, 1);
        }
        assertEquals(2, observer.count(FrameVerdict.IMPLAUSIBLE));
        assertEquals(List.of("leader 3 term 1 at 0", "refused 2 IMPLAUSIBLE from 127.0.0.1"), events);
        assertEquals(2, observer.finish().messages(PingAlgorithm.PING));
        assertTrue(observer.settled(3, 0));
    }

    @Test
    void anObserverStartedLateCountsOnlyTheSendsAfterItFirstHearsANode()
    {
        // Every node ran, sent 700 messages and reported 41 times before the observer started.
        for (int id = 1; id <= 3; id++)
        {
            send(id, PingAlgorithm.PING, 700);
            sequence[id] = 41;
            report(id, id, Role.FOLLOWER, 0, 0);
        }
        send(1, PingAlgorithm.PING, 3);
        report(10, 1, Role.CANDIDATE, 0, 0);
        agreeOnThree(20, 300);
        assertEquals(3, observer.finish().messages(PingAlgorithm.PING));
    }
}
