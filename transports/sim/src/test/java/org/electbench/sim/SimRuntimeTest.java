package org.electbench.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.testkit.BeaconAlgorithm;
import org.electbench.testkit.PayloadAlgorithm;
import org.electbench.transport.Detectors;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.FaultPlan;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Test;

class SimRuntimeTest
{
    private static final long MS = 1_000_000L;
    private static final ElectionSettings SETTINGS = ElectionSettings.builder()
        .heartbeatIntervalNs(10 * MS)
        .detectionTimeoutNs(35 * MS)
        .build();

    private static Scenario.Builder beacon(final int nodes)
    {
        return Scenario.builder()
            .algorithm(new BeaconAlgorithm())
            .nodes(nodes)
            .settings(SETTINGS)
            .network(NetworkModel.constant(MS));
    }

    @Test
    void leaderCrashIsDetectedByTheOnlyDetectorAfterExactlyTheTimeoutSinceTheLastBeacon()
    {
        final Scenario scenario = beacon(4).kind(ScenarioKind.LEADER_CRASH).detect(Detectors.LOWEST).seed(7).build();
        final long crashNs = scenario.plan().referenceNs();
        final ElectionResult result = new SimRuntime().run(scenario);

        // Beacons leave at 0, 10, 20 ms...; the last one sent before the crash arrives 1 ms later.
        final long lastBeaconSentNs = (crashNs / (10 * MS)) * 10 * MS;
        final long detectNs = lastBeaconSentNs + MS + 35 * MS;
        assertTrue(result.converged());
        assertEquals(1, result.finalLeader());
        assertEquals(detectNs - crashNs, result.detectionNs());
        // Node 1 claims at detection; the others hear its CLAIM one delay later.
        assertEquals(detectNs + MS - crashNs, result.convergenceNs());
        assertEquals(3, result.messages(BeaconAlgorithm.CLAIM), "CLAIM to 2, 3 and the crashed 4");
        assertEquals(0, result.sameTermLeaders());
        assertEquals(1, result.maxConcurrentLeaders());
    }

    @Test
    void sameSeedGivesIdenticalResultsAndAnotherSeedAnotherPhase()
    {
        final Scenario.Builder builder = beacon(5).kind(ScenarioKind.LEADER_CRASH).network(NetworkModel.parse("uniform:1ms,4ms"));
        final String first = new SimRuntime().run(builder.seed(11).build()).toString();
        final String again = new SimRuntime().run(builder.seed(11).build()).toString();
        final String other = new SimRuntime().run(builder.seed(12).build()).toString();
        assertEquals(first, again);
        assertFalse(first.equals(other), "a different seed should move the crash phase");
    }

    @Test
    void partitionedMinorityLeaderAndMajorityLeaderAreReportedAsSplitBrain()
    {
        final Scenario scenario = beacon(5).kind(ScenarioKind.PARTITION).detect(Detectors.LOWEST).seed(3).build();
        final ElectionResult result = new SimRuntime().run(scenario);
        assertEquals(2, result.maxConcurrentLeaders());
        assertTrue(result.splitBrainNs() > 0);
        assertTrue(result.olderTermLeaderNs() > 0, "node 5 kept term 1 while node 1 led term 2");
    }

    @Test
    void messagesToAPausedNodeWaitUntilItResumesInOrder()
    {
        final List<long[]> arrivals = new ArrayList<>();
        final long pauseAtNs = 5 * MS;
        final long pauseNs = 50 * MS;
        final Scenario scenario = beacon(2).kind(ScenarioKind.CUSTOM).detect(Detectors.LOWEST)
            .faults(FaultPlan.builder().pause(1, pauseAtNs, pauseNs).build())
            .settleWindowNs(10 * MS).build();
        final SimRuntime runtime = new SimRuntime().traceSends((nowNs, from, to, type, length) -> arrivals.add(new long[]{nowNs, to}));
        final ElectionResult result = runtime.run(scenario);
        // Node 1 is frozen for 50 ms: its detector (35 ms) must not fire in that time, because beacons
        // that arrived while it was paused are processed, in order, at the instant it resumes.
        assertEquals(2, result.finalLeader());
        assertEquals(0, result.messages(BeaconAlgorithm.CLAIM));
        assertTrue(arrivals.size() > 5);
    }

    @Test
    void messagesAcrossACutLinkAreLostOnlyInThatDirection()
    {
        final Scenario scenario = beacon(3).kind(ScenarioKind.CUSTOM).detect(Detectors.ALL)
            .faults(FaultPlan.builder().cut(3, 1, 0, 100 * MS).build())
            .settleWindowNs(10 * MS).build();
        final SimRuntime runtime = new SimRuntime();
        final ElectionResult result = runtime.run(scenario);
        // Node 1 hears nothing from the leader for 35 ms and claims term 2; 2 and 3 follow it.
        assertEquals(1, result.finalLeader());
        assertTrue(runtime.droppedMessages() > 0);
        // Node 3 leads until node 1's CLAIM reaches it one delay later: exactly 1 ms of split brain.
        assertEquals(2, result.maxConcurrentLeaders());
        assertEquals(MS, result.splitBrainNs());
        assertEquals(0, result.sameTermLeaders());
    }

    @Test
    void crashAfterFirstSendStopsTheRestOfThatBroadcast()
    {
        final Scenario scenario = beacon(4).kind(ScenarioKind.CUSTOM).detect(Detectors.ALL)
            .faults(FaultPlan.builder().crashAfterFirstSend(4, "BEACON").build())
            .settleWindowNs(10 * MS).build();
        final List<Integer> receivers = new ArrayList<>();
        new SimRuntime().traceSends((nowNs, from, to, type, length) ->
        {
            if (from == 4)
            {
                receivers.add(to);
            }
        }).run(scenario);
        assertEquals(List.of(1), receivers, "node 4 crashed right after its first beacon, to node 1");
    }

    @Test
    void messagesOfEveryLengthArriveByteForByteRunAfterRun()
    {
        final PayloadAlgorithm algorithm = new PayloadAlgorithm();
        // Random delays interleave short and long messages in flight; the second run reuses the pools.
        final Scenario scenario = Scenario.builder().algorithm(algorithm).nodes(5).settings(SETTINGS)
            .network(NetworkModel.parse("uniform:1ms,5ms")).kind(ScenarioKind.CUSTOM).detect(Detectors.ALL).seed(5).build();
        final SimRuntime runtime = new SimRuntime();
        runtime.run(scenario);
        runtime.run(scenario.forRun(1));
        final long perRun = 4L * (MessageHeader.MAX_BODY_LENGTH + 1);
        assertEquals(2 * perRun, algorithm.delivered, "every follower gets one message of each body length, twice");
        assertEquals(0, algorithm.corrupted);
    }

    @Test
    void steadyStateMessagesAllocateNothingPerEvent()
    {
        final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final long threadId = Thread.currentThread().getId();
        // 5 nodes, the leader beacons 4 messages every 10 ms: 250 s of virtual time is 100,000 messages.
        final Scenario scenario = beacon(5).kind(ScenarioKind.CUSTOM).detect(Detectors.ALL)
            .settleWindowNs(250_000 * MS).budgetNs(250_000 * MS).build();
        final SimRuntime runtime = new SimRuntime();
        runtime.run(scenario);
        final long beforeBytes = threads.getThreadAllocatedBytes(threadId);
        final ElectionResult result = runtime.run(scenario);
        final long allocatedBytes = threads.getThreadAllocatedBytes(threadId) - beforeBytes;
        assertTrue(result.events() >= 100_000, "events " + result.events());
        assertTrue(allocatedBytes < 64 * 1024, "allocated " + allocatedBytes + " bytes over " + result.events() + " events");
    }
}
