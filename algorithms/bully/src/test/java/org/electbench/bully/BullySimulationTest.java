package org.electbench.bully;

import static org.electbench.bully.BullyMessages.COORDINATOR;
import static org.electbench.bully.BullyMessages.ELECTION;
import static org.electbench.bully.BullyMessages.OK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.electbench.sim.SimRuntime;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.RecoveryPolicy;
import org.electbench.transport.Detect;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bully in the deterministic simulator, against the closed forms of its message counts and
 * convergence times. The network has a constant one-way delay d and T_elec &gt; 2d, the
 * paper's assumption, so every OK from a live higher node beats the election timeout.
 */
class BullySimulationTest
{
    private static final long MS = 1_000_000L;
    private static final long D_NS = MS;
    private static final long HBT_NS = 10 * MS;
    private static final long DETECTION_NS = 35 * MS;
    private static final long T_ELEC_NS = 5 * MS;
    private static final long T_COORD_NS = 12 * MS;
    private static final ElectionSettings SETTINGS = ElectionSettings.builder()
        .heartbeatIntervalNs(HBT_NS)
        .detectionTimeoutNs(DETECTION_NS)
        .electionTimeoutNs(T_ELEC_NS)
        .coordinatorTimeoutNs(T_COORD_NS)
        .build();

    private static Scenario.Builder bully(final int n, final ScenarioKind kind, final Detect detect)
    {
        return Scenario.builder()
            .algorithm(BullyAlgorithm.NAME)
            .nodes(n)
            .settings(SETTINGS)
            .network(NetworkModel.constant(D_NS))
            .kind(kind)
            .detect(detect)
            .seed(42L + n);
    }

    /**
     * The settled leader heartbeats at 0, HBT, 2 HBT...; a follower's detector fires the detection
     * timeout after the last heartbeat sent before the crash arrives.
     */
    private static long expectedDetectionNs(final Scenario scenario)
    {
        final long crashNs = scenario.plan().referenceNs();
        final long lastHeartbeatSentNs = (crashNs / HBT_NS) * HBT_NS;
        return lastHeartbeatSentNs + D_NS + DETECTION_NS - crashNs;
    }

    private static void assertOneRightLeader(final ElectionResult result, final int expectedLeader)
    {
        assertTrue(result.converged(), result::toString);
        assertEquals(expectedLeader, result.finalLeader(), result::toString);
        assertEquals(expectedLeader, result.expectedLeader(), result::toString);
        assertFalse(result.wrongLeader(), result::toString);
        assertEquals(1, result.maxConcurrentLeaders(), result::toString);
        assertEquals(0, result.splitBrainNs(), result::toString);
        assertEquals(0, result.sameTermLeaders(), result::toString);
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3, 5, 8, 16, 64})
    void bullyElectsHighestLiveIdAfterLeaderCrashWithNMinusOneMessagesWhenTheHighestFollowerDetects(final int n)
    {
        final Scenario scenario = bully(n, ScenarioKind.LEADER_CRASH, Detect.HIGHEST).build();
        final ElectionResult result = new SimRuntime().run(scenario);

        assertOneRightLeader(result, n - 1);
        assertEquals(1, result.messages(ELECTION), "node n-1 asks only the crashed n");
        assertEquals(0, result.messages(OK));
        assertEquals(n - 2, result.messages(COORDINATOR));
        assertEquals(n - 1, result.messagesTotal());
        assertEquals(expectedDetectionNs(scenario), result.detectionNs());
        assertEquals(result.detectionNs() + T_ELEC_NS + D_NS, result.convergenceNs());
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3, 5, 8, 16, 64})
    void lowestDetectorCascadesElectionsThroughEveryHigherNodeAtQuadraticCost(final int n)
    {
        final Scenario scenario = bully(n, ScenarioKind.LEADER_CRASH, Detect.LOWEST).build();
        final ElectionResult result = new SimRuntime().run(scenario);

        assertOneRightLeader(result, n - 1);
        assertEquals(n * (n - 1) / 2, result.messages(ELECTION));
        assertEquals((n - 1) * (n - 2) / 2, result.messages(OK));
        assertEquals(n - 2, result.messages(COORDINATOR));
        assertEquals(n * n - n - 1, result.messagesTotal());
        assertEquals(expectedDetectionNs(scenario), result.detectionNs());
        // Node 1's ELECTION takes d to wake n-1, which waits T_elec; its COORDINATOR takes d more.
        assertEquals(result.detectionNs() + T_ELEC_NS + 2 * D_NS, result.convergenceNs());
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3, 5, 8, 16, 64})
    void everyFollowerDetectingAtOnceCostsTheSameMessagesAsTheLowestAlone(final int n)
    {
        final Scenario scenario = bully(n, ScenarioKind.LEADER_CRASH, Detect.ALL).build();
        final ElectionResult result = new SimRuntime().run(scenario);

        assertOneRightLeader(result, n - 1);
        assertEquals(n * (n - 1) / 2, result.messages(ELECTION));
        assertEquals((n - 1) * (n - 2) / 2, result.messages(OK));
        assertEquals(n - 2, result.messages(COORDINATOR));
        assertEquals(n * n - n - 1, result.messagesTotal());
        assertEquals(expectedDetectionNs(scenario), result.detectionNs());
        // Node n-1 detects together with everyone else, so the d that wakes it is saved.
        assertEquals(result.detectionNs() + T_ELEC_NS + D_NS, result.convergenceNs());
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3, 5, 8, 16, 64})
    void coldStartWithOnlyNodeOneDetectingCostsNSquaredMinusOneMessages(final int n)
    {
        final Scenario scenario = bully(n, ScenarioKind.COLD_START, Detect.LOWEST).build();
        final ElectionResult result = new SimRuntime().run(scenario);

        assertOneRightLeader(result, n);
        assertEquals(n * (n - 1) / 2, result.messages(ELECTION));
        assertEquals(n * (n - 1) / 2, result.messages(OK));
        assertEquals(n - 1, result.messages(COORDINATOR));
        assertEquals(n * n - 1, result.messagesTotal());
        assertEquals(0, result.detectionNs());
        // Node n hears node 1 after d and leads at once; its COORDINATOR takes d more.
        assertEquals(2 * D_NS, result.convergenceNs());
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {4, 5, 8, 16, 64})
    void cascadeElectsTheThirdHighestWhenTheNextLeaderDiesAfterItsFirstOk(final int n)
    {
        final Scenario scenario = bully(n, ScenarioKind.CASCADE, Detect.LOWEST).build();
        final ElectionResult result = new SimRuntime().run(scenario);

        assertOneRightLeader(result, n - 2);
        // As with a lowest detector, but n-1 dies after its OK to node 1: it never asks n.
        assertEquals(n * (n - 1) / 2 - 1, result.messages(ELECTION));
        assertEquals((n - 2) * (n - 3) / 2 + 1, result.messages(OK));
        assertEquals(n - 3, result.messages(COORDINATOR));
        assertEquals(result.detectionNs() + T_ELEC_NS + 2 * D_NS, result.convergenceNs());
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3})
    void coordinatorTimeoutRestartsTheWaitingCandidateWhenEveryHigherNodeDiesMidElection(final int n)
    {
        final Scenario scenario = bully(n, ScenarioKind.CASCADE, Detect.LOWEST).build();
        final ElectionResult result = new SimRuntime().run(scenario);

        assertOneRightLeader(result, 1);
        assertEquals(4, result.messages(ELECTION), "two rounds of ELECTION to nodes 2 and 3");
        assertEquals(1, result.messages(OK), "node 2's only OK before it died");
        assertEquals(0, result.messages(COORDINATOR), "node 1 has nobody lower to tell");
        // OK after 2d, T_coord with no COORDINATOR, a second round that T_elec ends unanswered.
        assertEquals(result.detectionNs() + 2 * D_NS + T_COORD_NS + T_ELEC_NS, result.convergenceNs());
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3, 5, 8, 16, 64})
    void partitionWithTheLeaderInTheMinorityElectsASecondLeaderAndReportsSplitBrain(final int n)
    {
        final Scenario scenario = bully(n, ScenarioKind.PARTITION, Detect.ALL).build();
        final ElectionResult result = new SimRuntime().run(scenario);

        assertEquals(2, result.maxConcurrentLeaders(), result::toString);
        assertTrue(result.splitBrainNs() > 0, result::toString);
        // After the heal the highest id bullies the majority's leader away.
        assertTrue(result.converged(), result::toString);
        assertEquals(n, result.finalLeader(), result::toString);
        assertFalse(result.wrongLeader(), result::toString);
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3, 5, 8, 16, 64})
    void zombieLeaderResumingAfterAPauseBulliesTheInterimLeaderOnce(final int n)
    {
        final Scenario scenario = bully(n, ScenarioKind.PAUSE, Detect.ALL).build();
        final ElectionResult result = new SimRuntime().run(scenario);

        assertTrue(result.converged(), result::toString);
        assertEquals(n, result.finalLeader(), result::toString);
        assertFalse(result.wrongLeader(), result::toString);
        // While N is frozen everyone else elects n-1 exactly as after a crash; on resuming, N answers
        // the n-1 queued ELECTIONs with OK and the interim leader's first heartbeat with one COORDINATOR
        // round of a fresh term; the other queued heartbeats are of the term it just superseded.
        assertEquals(n * (n - 1) / 2, result.messages(ELECTION), result::toString);
        assertEquals(n * (n - 1) / 2, result.messages(OK), result::toString);
        assertEquals((n - 2) + (n - 1), result.messages(COORDINATOR), result::toString);
        // The pause lasts 3 D; N's first heartbeat after it reaches everyone d later.
        assertEquals(3 * DETECTION_NS + D_NS, result.convergenceNs(), result::toString);
        assertEquals(2, result.maxConcurrentLeaders(), result::toString);
        assertTrue(result.splitBrainNs() > 0, result::toString);
        assertTrue(result.olderTermLeaderNs() > 0, "the zombie led term 1 while n-1 led term 2: " + result);
        assertEquals(0, result.sameTermLeaders(), result::toString);
    }

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void lossyLinksStillEndWithTheHighestLiveIdLeading(final long seed)
    {
        for (final int n : new int[]{3, 5, 8, 16})
        {
            final Scenario scenario = bully(n, ScenarioKind.LOSSY, Detect.ALL).seed(seed).build();
            final ElectionResult result = new SimRuntime().run(scenario);

            assertTrue(result.converged(), () -> "n=" + n + " " + result);
            assertEquals(n - 1, result.finalLeader(), () -> "n=" + n + " " + result);
        }
    }

    /**
     * Flapping: N is down for 2 D + T_coord, up for 2 D. With T_coord = 13 ms the interim leader's
     * heartbeats miss the instant N recovers (one arrives 1 ms before, while N is still down, the next
     * 9 ms after, when N already leads), so N's takeover is one clean round of COORDINATOR.
     */
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3, 5, 8, 16})
    void recoveredHighestIdTakesOverFromTheInterimLeaderUnderTheBullyPolicy(final int n)
    {
        final Scenario scenario = bully(n, ScenarioKind.FLAPPING, Detect.ALL)
            .settings(SETTINGS.toBuilder().coordinatorTimeoutNs(13 * MS).option(RecoveryPolicy.OPTION, RecoveryPolicy.BULLY).build())
            .build();
        final ElectionResult result = new SimRuntime().run(scenario);

        assertTrue(result.converged(), result::toString);
        assertEquals(n, result.finalLeader(), result::toString);
        assertFalse(result.wrongLeader(), result::toString);
        // Measured from the last recovery: N leads at once and its COORDINATOR reaches everyone after d.
        assertEquals(D_NS, result.convergenceNs(), result::toString);
        assertEquals(n - 1, result.messages(COORDINATOR), result::toString);
        assertEquals(n - 1, result.messagesTotal(), result::toString);
        // Over the whole run: each of the three takeovers leaves the interim leader leading for d.
        assertEquals(2, result.maxConcurrentLeaders(), result::toString);
        assertEquals(3 * D_NS, result.splitBrainNs(), result::toString);
    }

    /**
     * With T_coord = 12 ms the interim leader's last heartbeat arrives at the very instant N recovers:
     * N, already leading, hears a lower leader and bullies once more with a new term.
     */
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3, 5, 8, 16})
    void recoveredHighestIdReassertsWhenTheInterimLeadersHeartbeatMeetsItsRecovery(final int n)
    {
        final Scenario scenario = bully(n, ScenarioKind.FLAPPING, Detect.ALL)
            .settings(SETTINGS.toBuilder().coordinatorTimeoutNs(12 * MS).option(RecoveryPolicy.OPTION, RecoveryPolicy.BULLY).build())
            .build();
        final ElectionResult result = new SimRuntime().run(scenario);

        assertTrue(result.converged(), result::toString);
        assertEquals(n, result.finalLeader(), result::toString);
        assertEquals(D_NS, result.convergenceNs(), result::toString);
        assertEquals(2 * (n - 1), result.messages(COORDINATOR), result::toString);
        assertEquals(0, result.messages(ELECTION), result::toString);
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3, 5, 8, 16})
    void recoveredHighestIdFollowsTheInterimLeaderUnderTheDeferPolicy(final int n)
    {
        final Scenario scenario = bully(n, ScenarioKind.FLAPPING, Detect.ALL)
            .settings(SETTINGS.toBuilder().option(RecoveryPolicy.OPTION, RecoveryPolicy.DEFER).build())
            .build();
        final ElectionResult result = new SimRuntime().run(scenario);

        assertTrue(result.converged(), result::toString);
        assertEquals(n - 1, result.finalLeader(), result::toString);
        // Defer trades the 1982 promise (the highest live id leads) for a leader that does not flap.
        assertTrue(result.wrongLeader(), result::toString);
        assertEquals(0, result.messagesTotal(), "the recovered node only listens: " + result);
        assertEquals(1, result.maxConcurrentLeaders(), result::toString);
    }

    @ParameterizedTest(name = "kind={0}")
    @ValueSource(strings = {"LEADER_CRASH", "CASCADE", "PARTITION", "FLAPPING", "LOSSY"})
    void sameSeedTwiceGivesIdenticalResultsAndSends(final String kind)
    {
        final Scenario scenario = bully(8, ScenarioKind.valueOf(kind), Detect.ALL)
            .network(NetworkModel.parse("uniform:1ms,2ms"))
            .seed(1234L)
            .build();
        final List<String> firstSends = new ArrayList<>();
        final List<String> againSends = new ArrayList<>();
        final String first = new SimRuntime()
            .traceSends((nowNs, from, to, type, length) -> firstSends.add(nowNs + " " + from + ">" + to + " " + type))
            .run(scenario).toString();
        final String again = new SimRuntime()
            .traceSends((nowNs, from, to, type, length) -> againSends.add(nowNs + " " + from + ">" + to + " " + type))
            .run(scenario).toString();

        assertEquals(first, again);
        assertEquals(firstSends, againSends);
        assertTrue(firstSends.size() > 10);
    }
}
