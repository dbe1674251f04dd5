package org.electbench.quorum;

import static org.electbench.quorum.QuorumMessages.ELECT;
import static org.electbench.quorum.QuorumMessages.LEAD;
import static org.electbench.quorum.QuorumMessages.VOTE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.electbench.sim.SimRuntime;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.Role;
import org.electbench.testkit.StateTrace;
import org.electbench.transport.Detectors;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.FaultPlan;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.TraceRecorder;
import org.electbench.transport.metrics.Metrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The quorum election in the deterministic simulator, with a constant one-way delay d and a
 * voting window RTT above 2d, so every ELECT of a round reaches every live server before any
 * voting window closes.
 */
class QuorumSimulationTest
{
    private static final long MS = 1_000_000L;
    private static final long HBT_NS = 10 * MS;
    private static final long RTT_NS = 5 * MS;
    private static final long DELAY_NS = 2 * MS;
    private static final ElectionSettings SETTINGS = ElectionSettings.builder()
        .heartbeatIntervalNs(HBT_NS)
        .detectionTimeoutNs(3 * HBT_NS)
        .electionTimeoutNs(RTT_NS)
        .coordinatorTimeoutNs(RTT_NS)
        .build();

    record Send(long atNs, int fromId, int toId, int type)
    {
    }

    record Belief(long atNs, int nodeId, Role role, int leaderId, long term)
    {
    }

    private final List<Send> sends = new ArrayList<>();
    private final List<Belief> beliefs = new ArrayList<>();
    private final SimRuntime runtime = new SimRuntime().trace(new Recorder());

    /** Logs every send and every belief a node announces, with its time, so a test can say who sent and believed what when. */
    private final class Recorder implements TraceRecorder
    {
        @Override
        public void onSend(final long nowNs, final long messageId, final int fromId, final int toId, final int type, final int length)
        {
            sends.add(new Send(nowNs, fromId, toId, type));
        }

        @Override
        public void onBelief(final long nowNs, final int nodeId, final Role role, final int leaderId, final long term)
        {
            beliefs.add(new Belief(nowNs, nodeId, role, leaderId, term));
        }
    }

    static Stream<Arguments> detectorsAndSizes()
    {
        return Stream.of(Detectors.values())
            .flatMap(detect -> Stream.of(3, 4, 5, 8, 17).map(nodes -> Arguments.of(detect, nodes)));
    }

    private Scenario.Builder scenario(final int nodes)
    {
        return Scenario.builder()
            .algorithm(new QuorumAlgorithm())
            .nodes(nodes)
            .settings(SETTINGS)
            .network(NetworkModel.constant(DELAY_NS))
            .seed(17);
    }

    @ParameterizedTest(name = "detect={0} n={1}")
    @MethodSource("detectorsAndSizes")
    void leaderCrashElectsTheSmallestLiveIdWithOneElectBroadcastPerLiveServerAndOneVoteEach(
        final Detectors detect, final int nodes)
    {
        final ElectionResult result = runtime.run(scenario(nodes).kind(ScenarioKind.LEADER_CRASH).detect(detect).build());

        assertTrue(result.converged(), result.toString());
        assertEquals(1, result.finalLeader());
        // Counts by type are the conformance kit's (QuorumConformanceTest). The winner's first LEAD round, one to
        // each peer, announces it; quorum has no announcement type and no acknowledgement. Messages counted
        // alike: (N-1)^2 + N-2 + N-1, 287 at N = 17, as bully's.
        assertEquals(nodes - 1, result.firstHeartbeats(), result.toString());
        assertEquals(0, result.announcements() + result.acknowledgements(), result.toString());
        assertEquals((long)(nodes - 1) * (nodes - 1) + nodes - 2 + nodes - 1, result.messagesTotal(), result.toString());
        assertEquals(0, result.sameTermLeaders());
        assertEquals(1, result.maxConcurrentLeaders());
        assertEquals(List.of(new Belief(leaderSince(1), 1, Role.LEADER, 1, 2)),
            beliefsOf(1).stream().filter(belief -> belief.role() == Role.LEADER).toList());
        assertAtMostOneElectBroadcastAndOneVotePerRtt(nodes);
    }

    /**
     * The detection timeout is the knob, as it is for every algorithm: a follower acts that long
     * after the last LEAD it heard, which is the bully's closed form too (last heartbeat sent, plus
     * d, plus D, minus the crash), so both detect a crash after the same silence.
     */
    @ParameterizedTest(name = "D={0}ms")
    @ValueSource(longs = {60, 150})
    void detectionTimeoutMovesDetectionAsItMovesTheBullys(final long detectionMs)
    {
        final Scenario scenario = scenario(5)
            .settings(SETTINGS.toBuilder().detectionTimeoutNs(detectionMs * MS).build())
            .kind(ScenarioKind.LEADER_CRASH).detect(Detectors.ALL).build();
        final long crashNs = scenario.plan().referenceNs();
        final ElectionResult result = runtime.run(scenario);

        final long lastLeadSentNs = (crashNs / HBT_NS) * HBT_NS;
        assertEquals(lastLeadSentNs + DELAY_NS + detectionMs * MS - crashNs, result.detectionNs(), result.toString());
        assertEquals(1, result.finalLeader());
        assertEquals(1, result.expectedLeader());
        assertFalse(result.wrongLeader());
    }

    /** After a clean crash every follower saw the latest LEAD: the smallest live id leads the next term. */
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3, 5, 8})
    void cleanLeaderCrashElectsTheExpectedLeaderForTheOldTermPlusOne(final int nodes)
    {
        final ElectionResult result = runtime.run(scenario(nodes).kind(ScenarioKind.LEADER_CRASH).detect(Detectors.ALL).build());

        assertEquals(1, result.expectedLeader());
        assertFalse(result.wrongLeader(), result.toString());
        // The settled leader N led term 1; the next leader, node 1, leads term 2.
        assertEquals(List.of(1L, 2L), beliefs.stream().filter(belief -> belief.role() == Role.LEADER)
            .map(Belief::term).toList());
    }

    /**
     * Node 1 misses the last LEAD before the crash, so its claim is older and the ranking picks the
     * smallest id among those that saw the latest one, node 2. That is the source's rule at work,
     * not a fault: where messages are lost by design (here a cut) the winner depends on which
     * arrived, so the run promises no leader and its wrong-leader cell is n/a, not a violation.
     */
    @Test
    void serverThatMissedTheLastLeadLosesTheRankingAndTheWrongLeaderCellIsNotApplicable()
    {
        final ElectionResult result = runtime.run(scenario(5)
            .kind(ScenarioKind.CUSTOM)
            .faults(FaultPlan.builder().cut(5, 1, 15 * MS, 1_000 * MS).crash(5, 25 * MS).build())
            .detect(Detectors.ALL)
            .build());

        assertTrue(result.converged(), result.toString());
        assertEquals(2, result.finalLeader());
        assertEquals(0, result.expectedLeader());
        assertFalse(result.leaderPromised());
        assertFalse(result.wrongLeader());
        assertEquals(-1, Metrics.WRONG_LEADER.read(Metrics.sample(result)), "n/a");
    }

    /** The case: under lossy the smallest id need not win; the cell is n/a, where a clean crash promises 1. */
    @Test
    void underLossTheWinnerIsNotPromisedButAfterACleanCrashItIs()
    {
        final ElectionResult lossy = runtime.run(Scenario.builder().algorithm(new QuorumAlgorithm()).nodes(5)
            .kind(ScenarioKind.LOSSY).seed(10).build());
        assertFalse(lossy.leaderPromised(), lossy.toString());
        assertEquals(-1, Metrics.WRONG_LEADER.read(Metrics.sample(lossy)));
        final ElectionResult clean = runtime.run(Scenario.builder().algorithm(new QuorumAlgorithm()).nodes(5)
            .kind(ScenarioKind.LEADER_CRASH).seed(10).build());
        assertEquals(1, clean.expectedLeader());
        assertEquals(0, Metrics.WRONG_LEADER.read(Metrics.sample(clean)));
    }

    @ParameterizedTest(name = "detect={0}")
    @EnumSource(value = Detectors.class, names = {"ALL", "LOWEST"})
    void leaderCrashIsDetectedThreeHeartbeatIntervalsAfterTheLastLeadAndSettlesAfterOneVotingWindow(final Detectors detect)
    {
        final Scenario scenario = scenario(5).kind(ScenarioKind.LEADER_CRASH).detect(detect).build();
        final long crashNs = scenario.plan().referenceNs();
        final ElectionResult result = runtime.run(scenario);

        final long lastLeadSentNs = sends.stream()
            .filter(send -> send.type() == LEAD && send.fromId() == 5)
            .mapToLong(Send::atNs).max().orElseThrow();
        final long detectedNs = lastLeadSentNs + DELAY_NS + 3 * HBT_NS;
        assertEquals(detectedNs - crashNs, result.detectionNs());
        // ALL: everyone votes at detection + RTT; the VOTEs and then the first LEAD take one delay each.
        // LOWEST: the others join one delay after node 1, so their votes come one delay later.
        final long lateJoinNs = detect == Detectors.LOWEST ? DELAY_NS : 0;
        assertEquals(detectedNs + RTT_NS + lateJoinNs + 2 * DELAY_NS - crashNs, result.convergenceNs());
    }

    @ParameterizedTest(name = "detect={0}")
    @EnumSource(value = Detectors.class, names = {"ALL", "LOWEST", "HIGHEST"})
    void coldStartWaitsFiveHeartbeatIntervalsThenEveryServerClaimsOnceAndTheSmallestIdLeads(final Detectors detect)
    {
        final int nodes = 5;
        final ElectionResult result = runtime.run(scenario(nodes).kind(ScenarioKind.COLD_START).detect(detect).build());

        assertTrue(result.converged(), result.toString());
        assertEquals(1, result.finalLeader());
        assertEquals(5 * HBT_NS, result.detectionNs());
        assertEquals(1, beliefsOf(1).stream().filter(b -> b.role() == Role.LEADER).findFirst().orElseThrow().term());
        assertAtMostOneElectBroadcastAndOneVotePerRtt(nodes);
    }

    @ParameterizedTest(name = "detect={0}")
    @EnumSource(value = Detectors.class, names = {"ALL", "LOWEST"})
    void partitionedMinorityNeverElectsWhileTheMajorityElectsInAHigherTermAndTheOldLeaderStaysStaleUntilTheHeal(
        final Detectors detect)
    {
        final long partitionNs = 25 * MS;
        final long durationNs = 200 * MS;
        final long healNs = partitionNs + durationNs;
        final FaultPlan faults = FaultPlan.builder()
            .partition(partitionNs, durationNs, new int[]{1, 2, 3}, new int[]{4, 5})
            .build();
        final ElectionResult result = runtime.run(
            scenario(5).kind(ScenarioKind.CUSTOM).detect(detect).faults(faults).build());

        assertTrue(result.converged(), result.toString());
        assertEquals(1, result.finalLeader());

        // The minority: 4 follows 5 and 5 leads term 1 throughout; neither claims nor votes.
        assertTrue(sends.stream().noneMatch(send -> send.fromId() >= 4 && send.type() != LEAD));
        assertTrue(beliefsOf(4).stream().noneMatch(belief -> belief.role() != Role.FOLLOWER));
        assertEquals(Role.LEADER, beliefsOf(5).get(0).role());
        final Belief stepDown = beliefsOf(5).get(1);
        assertEquals(new Belief(stepDown.atNs(), 5, Role.FOLLOWER, 1, 2), stepDown);
        assertEquals(2, beliefsOf(5).size());
        assertTrue(stepDown.atNs() > healNs && stepDown.atNs() <= healNs + HBT_NS + DELAY_NS,
            "node 5 steps down at the first LEAD of term 2 after the heal, at " + stepDown.atNs());

        // The majority elects node 1 in term 2 during the partition: 3 servers claim to 4 peers each.
        final long electedNs = leaderSince(1);
        assertTrue(electedNs > partitionNs && electedNs < healNs);
        assertEquals(12, result.messages(ELECT));
        assertEquals(2, result.messages(VOTE));

        // Two leaders at once, but of different terms: stale, never the same term.
        assertEquals(0, result.sameTermLeaders());
        assertEquals(2, result.maxConcurrentLeaders());
        assertEquals(stepDown.atNs() - electedNs, result.olderTermLeaderNs());
        assertEquals(stepDown.atNs() - electedNs, result.splitBrainNs());
    }

    @Test
    void twoLiveServersOfFourConfiguredNeverElectThoughTheyAgree()
    {
        final FaultPlan faults = FaultPlan.builder().crash(4, 25 * MS).crash(3, 25 * MS).build();
        final ElectionResult result = runtime.run(scenario(4).kind(ScenarioKind.CUSTOM).faults(faults).build());

        assertFalse(result.converged(), result.toString());
        // They keep trying: 2 votes for 1 each round, but a majority of 4 configured is 3.
        assertTrue(sends.stream().filter(send -> send.fromId() == 2 && send.type() == VOTE && send.toId() == 1).count() > 10);
        assertTrue(beliefs.stream().noneMatch(belief -> belief.nodeId() <= 2 && belief.role() == Role.LEADER));
        assertAtMostOneElectBroadcastAndOneVotePerRtt(4);
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3, 5, 7})
    void zombieLeaderReplaysItsQueuedElectsOnResumingWhichCostsOneFullRoundThatKeepsTheNewLeader(final int nodes)
    {
        final ElectionResult result = runtime.run(scenario(nodes).kind(ScenarioKind.PAUSE).detect(Detectors.ALL).build());

        assertTrue(result.converged(), result.toString());
        assertEquals(1, result.finalLeader());
        // Round 1 without the frozen leader: (N-1)^2 ELECT, N-2 VOTE. On resuming, the old leader
        // handles the ELECTs queued for it while it was frozen, claims, and every server, hearing
        // an ELECT while WATCHING, claims too: N(N-1) ELECT, and N-1 VOTEs for the live leader.
        assertEquals((long)(nodes - 1) * (nodes - 1) + (long)nodes * (nodes - 1), result.messages(ELECT));
        assertEquals((nodes - 2) + (nodes - 1), result.messages(VOTE));
        assertEquals(0, result.sameTermLeaders());
        assertEquals(2, result.maxConcurrentLeaders());
        assertTrue(result.olderTermLeaderNs() > 0);
        assertEquals(1, beliefsOf(1).stream().filter(belief -> belief.role() == Role.LEADER).count());
    }

    @ParameterizedTest(name = "durable={0}")
    @ValueSource(booleans = {true, false})
    void restartedMajorityElectsATermAboveEveryTermItVotedInOnlyWithDurableState(final boolean durable)
    {
        // Node 5 (leading term 1) dies; 1-4 elect node 1 for term 2; then 1-4 crash and only 2-4,
        // a majority of 5, come back: they elect node 2, the smallest live id, in some term.
        final FaultPlan faults = FaultPlan.builder()
            .crash(5, 25 * MS)
            .crash(1, 150 * MS).crash(2, 150 * MS).crash(3, 150 * MS).crash(4, 150 * MS)
            .recover(2, 200 * MS).recover(3, 200 * MS).recover(4, 200 * MS)
            .build();
        if (!durable)
        {
            runtime.withoutDurableState();
        }
        // Durable votes are a safety addition (rule 4): the source's rule alone keeps nothing.
        final ElectionResult result = runtime.run(scenario(5).settings(SETTINGS.toBuilder().option(QuorumAlgorithm.BALLOTS, true).build())
            .kind(ScenarioKind.CUSTOM).faults(faults).build());

        assertTrue(result.converged(), result.toString());
        assertEquals(2, result.finalLeader());
        assertEquals(List.of(2L), termsLed(1));
        if (durable)
        {
            // Each remembers voting in term 2: their votes cover term 3 only.
            assertEquals(List.of(3L), termsLed(2));
            assertEquals(0, result.sameTermLeaders());
        }
        else
        {
            // Blank restarts, as in the note: they vote in term 1 again, which node 5 led.
            assertEquals(List.of(1L), termsLed(2));
            assertEquals(1, result.sameTermLeaders());
        }
    }

    @Test
    void everyChangeOfStateGoesThroughTheOneTransitionAndReachesTheTrace()
    {
        final StateTrace trace = new StateTrace();
        final ElectionResult result = new SimRuntime().trace(trace)
            .run(scenario(5).kind(ScenarioKind.LEADER_CRASH).detect(Detectors.ALL).build());

        assertEquals(1, result.finalLeader());
        assertEquals(List.of(), trace.roleChangesWithoutTransition());
        // The settled leader crashes leading; node 1 watches, votes when the watch runs out, watches
        // again once it voted for itself, and leads when the others' votes arrive.
        assertEquals(List.of("LEADING"), trace.statesOf(5));
        assertEquals(List.of("WATCHING", "VOTING", "WATCHING", "LEADING"), trace.statesOf(1));
        assertEquals(List.of("WATCHING", "VOTING", "WATCHING"), trace.statesOf(2));
    }

    /**
     * The stuck cluster of the liveness issue: the others crash, node 1 votes for itself alone in
     * term 2, crashes, and all come back, durable state kept. Node 1 may lead only above term 2,
     * and the others used to vote up to 2 and no further, round after round, with everyone up.
     * Its ballot now says term 3 (rule 7): one round after the restart elects it, in every seed.
     */
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3, 4})
    void restartedServerThatVotedForItselfAloneIsElectedOnceEveryoneIsBack(final int nodes)
    {
        final long recoverNs = 420 * MS;
        for (long seed = 1; seed <= 50; seed++)
        {
            final FaultPlan.Builder faults = FaultPlan.builder();
            for (int id = 2; id <= nodes; id++)
            {
                faults.crash(id, 100 * MS).recover(id, recoverNs);
            }
            final Scenario scenario = Scenario.builder()
                .algorithm(new QuorumAlgorithm())
                .nodes(nodes)
                .settings(QuorumChaosTest.BALLOTS)
                .network(NetworkModel.parse("uniform:500us,5ms"))
                .kind(ScenarioKind.CUSTOM)
                .detect(Detectors.ALL)
                .faults(faults.crash(1, 400 * MS).recover(1, recoverNs).build())
                .seed(seed)
                .budgetNs(10_000 * MS)
                .build();
            beliefs.clear();
            final ElectionResult result = runtime.run(scenario);

            assertTrue(result.converged(), "seed " + seed + ": " + result);
            assertEquals(1, result.finalLeader(), "seed " + seed);
            assertEquals(List.of(3L), termsLedAfter(1, recoverNs), "seed " + seed);
            assertEquals(0, result.sameTermLeaders());
            final long agreedNs = scenario.plan().referenceNs() + result.convergenceNs();
            // One round: everyone's watch runs out 5/3 D after the restart, then RTT, a VOTE and the first LEAD.
            assertTrue(agreedNs - recoverNs <= new QuorumAlgorithm().liveness(scenario.settings(), scenario.profile()).boundNs());
            assertTrue(agreedNs - recoverNs < 5 * ElectionSettings.DEFAULT_DETECTION_TIMEOUT_NS / 3 +
                ElectionSettings.DEFAULT_ELECTION_TIMEOUT_NS + 3 * 5 * MS, "seed " + seed + ": " + (agreedNs - recoverNs));
        }
    }

    private List<Long> termsLedAfter(final int nodeId, final long afterNs)
    {
        return beliefsOf(nodeId).stream().filter(belief -> belief.role() == Role.LEADER && belief.atNs() >= afterNs)
            .map(Belief::term).toList();
    }

    private List<Long> termsLed(final int nodeId)
    {
        return beliefsOf(nodeId).stream().filter(belief -> belief.role() == Role.LEADER).map(Belief::term).toList();
    }

    @Test
    void votingWindowNotAboveTwoDelaysKeepsElectsEchoingForeverOnceDetectionIsStaggered()
    {
        // d < RTT <= 2d: a server's window closes before the answers to its ELECT arrive, so each
        // late ELECT finds it WATCHING with a clean slate and starts another round.
        final long delayNs = 3 * MS;
        final ElectionResult result = runtime.run(scenario(5)
            .network(NetworkModel.constant(delayNs))
            .kind(ScenarioKind.LEADER_CRASH)
            .detect(Detectors.LOWEST)
            .build());

        assertFalse(result.converged(), result.toString());
        assertEquals(1, result.maxConcurrentLeaders());
        assertEquals(0, result.sameTermLeaders());
        // Node 1 and the others claim in alternation, each every 2d, for the whole run: the note's
        // bound of one ELECT and one VOTE per RTT still holds, but the election never goes quiet.
        for (int id = 1; id <= 4; id++)
        {
            final int fromId = id;
            final List<Long> instants = sends.stream()
                .filter(send -> send.fromId() == fromId && send.type() == ELECT)
                .map(Send::atNs).distinct().toList();
            assertTrue(instants.size() > 100, "node " + id + " claimed " + instants.size() + " times");
            for (int i = 1; i < instants.size(); i++)
            {
                assertEquals(2 * delayNs, instants.get(i) - instants.get(i - 1), "node " + id + " claim " + i);
            }
        }
        assertAtMostOneElectBroadcastAndOneVotePerRtt(5);
    }

    /** @return the beliefs one node announced, in order. */
    private List<Belief> beliefsOf(final int nodeId)
    {
        return beliefs.stream().filter(belief -> belief.nodeId() == nodeId).toList();
    }

    /** @return when the node last announced itself LEADER. */
    private long leaderSince(final int nodeId)
    {
        return beliefsOf(nodeId).stream().filter(belief -> belief.role() == Role.LEADER)
            .mapToLong(Belief::atNs).max().orElseThrow();
    }

    /** The note's traffic bound: per server, at most one ELECT broadcast and one VOTE within any RTT. */
    private void assertAtMostOneElectBroadcastAndOneVotePerRtt(final int nodes)
    {
        for (int id = 1; id <= nodes; id++)
        {
            final int fromId = id;
            final List<Long> electInstants = sends.stream()
                .filter(send -> send.fromId() == fromId && send.type() == ELECT)
                .map(Send::atNs).distinct().toList();
            for (final long atNs : electInstants)
            {
                assertEquals(nodes - 1, sends.stream()
                    .filter(send -> send.fromId() == fromId && send.type() == ELECT && send.atNs() == atNs).count(),
                    "an ELECT goes to every peer at once");
            }
            assertSpacedByRtt(electInstants, "ELECT broadcasts of node " + id);
            assertSpacedByRtt(sends.stream()
                .filter(send -> send.fromId() == fromId && send.type() == VOTE)
                .map(Send::atNs).toList(), "VOTEs of node " + id);
        }
    }

    private static void assertSpacedByRtt(final List<Long> instants, final String what)
    {
        for (int i = 1; i < instants.size(); i++)
        {
            assertTrue(instants.get(i) - instants.get(i - 1) >= RTT_NS, what + " closer than RTT: " + instants);
        }
    }

    /**
     * Cascade poses quorum its own problem: the smallest id, the node its ranking elects after a
     * clean crash, dies right after its first ELECT, so the next smallest leads (from 5 nodes: two
     * dead of four leave no majority).
     */
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {5, 7, 8})
    void cascadeCrashesTheSmallestIdMidElectionAndTheNextSmallestLeads(final int nodes)
    {
        final ElectionResult result = runtime.run(scenario(nodes).kind(ScenarioKind.CASCADE).detect(Detectors.ALL).build());

        assertTrue(result.converged(), result.toString());
        assertEquals(2, result.finalLeader(), result.toString());
        assertEquals(2, result.expectedLeader());
        assertFalse(result.wrongLeader());
        assertEquals(0, result.sameTermLeaders());
    }
}
