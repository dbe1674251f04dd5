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
import org.electbench.testkit.StateTrace;
import org.electbench.transport.Detectors;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bully in the deterministic simulator, against the closed forms of its convergence times and
 * message totals (its textbook counts by type are the conformance kit's, in
 * {@link BullyConformanceTest}). The network has a constant one-way delay d and T_elec &gt; 2d, the
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

    private static Scenario.Builder bully(final int n, final ScenarioKind kind, final Detectors detect)
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
        final Scenario scenario = bully(n, ScenarioKind.LEADER_CRASH, Detectors.HIGHEST).build();
        final ElectionResult result = new SimRuntime().run(scenario);

        assertOneRightLeader(result, n - 1);
        // Counted alike: the new leader's first round of heartbeats, to every other node (the dead one's included), as
        // quorum's first LEAD and raft's first HEARTBEAT are counted.
        assertEquals(n - 1, result.firstHeartbeats());
        assertEquals(0, result.heartbeats());
        assertEquals(2 * n - 2, result.messagesTotal());
        assertEquals(expectedDetectionNs(scenario), result.detectionNs());
        assertEquals(result.detectionNs() + T_ELEC_NS + D_NS, result.convergenceNs());
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3, 5, 8, 16, 64})
    void lowestDetectorCascadesElectionsThroughEveryHigherNodeAtQuadraticCost(final int n)
    {
        final Scenario scenario = bully(n, ScenarioKind.LEADER_CRASH, Detectors.LOWEST).build();
        final ElectionResult result = new SimRuntime().run(scenario);

        assertOneRightLeader(result, n - 1);
        assertEquals(n - 1, result.firstHeartbeats());
        assertEquals(n * n - 2, result.messagesTotal(), "n² - n - 1 election, OK and COORDINATOR, n - 1 first heartbeats");
        assertEquals(expectedDetectionNs(scenario), result.detectionNs());
        // Node 1's ELECTION takes d to wake n-1, which waits T_elec; its COORDINATOR takes d more.
        assertEquals(result.detectionNs() + T_ELEC_NS + 2 * D_NS, result.convergenceNs());
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3, 5, 8, 16, 64})
    void everyFollowerDetectingAtOnceCostsTheSameMessagesAsTheLowestAlone(final int n)
    {
        final Scenario scenario = bully(n, ScenarioKind.LEADER_CRASH, Detectors.ALL).build();
        final ElectionResult result = new SimRuntime().run(scenario);

        assertOneRightLeader(result, n - 1);
        assertEquals(n - 1, result.firstHeartbeats());
        // 287 at n = 17: quorum's (n-1)² + n-2 + n-1 = n² - 2 for the same crash, counted alike.
        assertEquals(n * n - 2, result.messagesTotal(), "n² - n - 1 election, OK and COORDINATOR, n - 1 first heartbeats");
        assertEquals(expectedDetectionNs(scenario), result.detectionNs());
        // Node n-1 detects together with everyone else, so the d that wakes it is saved.
        assertEquals(result.detectionNs() + T_ELEC_NS + D_NS, result.convergenceNs());
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3, 5, 8, 16, 64})
    void coldStartWithOnlyNodeOneDetectingCostsNSquaredMinusOneMessages(final int n)
    {
        final Scenario scenario = bully(n, ScenarioKind.COLD_START, Detectors.LOWEST).build();
        final ElectionResult result = new SimRuntime().run(scenario);

        assertOneRightLeader(result, n);
        assertEquals(n - 1, result.firstHeartbeats());
        assertEquals(n * n + n - 2, result.messagesTotal(), "n² - 1 election, OK and COORDINATOR, n - 1 first heartbeats");
        assertEquals(0, result.detectionNs());
        // Node n hears node 1 after d, has nobody to ask and waits T_elec as the pseudocode does;
        // its COORDINATOR takes d more.
        assertEquals(2 * D_NS + T_ELEC_NS, result.convergenceNs());
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {4, 5, 8, 16, 64})
    void cascadeElectsTheThirdHighestWhenTheNextLeaderDiesAfterItsFirstOk(final int n)
    {
        final Scenario scenario = bully(n, ScenarioKind.CASCADE, Detectors.LOWEST).build();
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
        final Scenario scenario = bully(n, ScenarioKind.CASCADE, Detectors.LOWEST).build();
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
        final Scenario scenario = bully(n, ScenarioKind.PARTITION, Detectors.ALL).build();
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
        final Scenario scenario = bully(n, ScenarioKind.PAUSE, Detectors.ALL).build();
        final ElectionResult result = new SimRuntime().run(scenario);

        assertTrue(result.converged(), result::toString);
        assertEquals(n, result.finalLeader(), result::toString);
        assertFalse(result.wrongLeader(), result::toString);
        // While N is frozen everyone else elects n-1 exactly as after a crash; on resuming, N answers
        // the n-1 queued ELECTIONs with OK and holds one election of its own, which the interim
        // leader's heartbeats do not repeat, ending in one COORDINATOR round of a fresh term.
        assertEquals(n * (n - 1) / 2, result.messages(ELECTION), result::toString);
        assertEquals(n * (n - 1) / 2, result.messages(OK), result::toString);
        assertEquals((n - 2) + (n - 1), result.messages(COORDINATOR), result::toString);
        // The pause lasts 3 D; N then holds its own election, T_elec with nobody to ask, still leading,
        // and its COORDINATOR of a newer term reaches everyone d later.
        assertEquals(3 * DETECTION_NS + T_ELEC_NS + D_NS, result.convergenceNs(), result::toString);
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
            final Scenario scenario = bully(n, ScenarioKind.LOSSY, Detectors.ALL).seed(seed).build();
            final ElectionResult result = new SimRuntime().run(scenario);

            assertTrue(result.converged(), () -> "n=" + n + " " + result);
            assertEquals(n - 1, result.finalLeader(), () -> "n=" + n + " " + result);
        }
    }

    /**
     * Flapping: N is down for 2 D + T_coord, up for 2 D, three times. Recovering, N checks for a
     * coordinator (source 001) and hears the interim leader n-1's next heartbeat, which tells it the
     * current term; it then holds its election (T_elec, nobody to ask) and takes over with a newer
     * term in one round of COORDINATOR. Whatever the phase of that heartbeat (T_coord 12 ms makes one
     * arrive at the very instant N recovers), no recovered node leads a term another node led.
     */
    @ParameterizedTest(name = "n={0} T_coord={1}ms")
    @CsvSource({"3,12", "5,12", "8,12", "16,12", "3,13", "5,13", "8,13", "16,13"})
    void recoveredHighestIdChecksForTheCoordinatorThenTakesOverWithANewerTerm(final int n, final long coordinatorMs)
    {
        final Scenario scenario = bully(n, ScenarioKind.FLAPPING, Detectors.ALL)
            .settings(SETTINGS.toBuilder().coordinatorTimeoutNs(coordinatorMs * MS).option(RecoveryPolicy.OPTION, RecoveryPolicy.BULLY).build())
            .build();
        final ElectionResult result = new SimRuntime().run(scenario);

        assertTrue(result.converged(), result::toString);
        assertEquals(n, result.finalLeader(), result::toString);
        assertFalse(result.wrongLeader(), result::toString);
        assertEquals(0, result.messages(ELECTION), result::toString);
        assertEquals(0, result.messages(OK), result::toString);
        assertEquals(n - 1, result.messages(COORDINATOR), result::toString);
        // Measured from the last recovery: the COORDINATOR (the first election message) leaves T_elec
        // after the heartbeat that woke N, within one HBT of recovering, and reaches everyone d later.
        assertEquals(result.detectionNs() + D_NS, result.convergenceNs(), result::toString);
        assertTrue(result.detectionNs() >= T_ELEC_NS && result.detectionNs() <= T_ELEC_NS + HBT_NS, result::toString);
        // Over the whole run: no term is led twice (terms survive the restarts and N learns the
        // current one before leading), and the only overlap of two leaders is each takeover's d,
        // while the interim leader's COORDINATOR-superseded term is still in flight.
        assertEquals(0, result.sameTermLeaders(), result::toString);
        assertEquals(2, result.maxConcurrentLeaders(), result::toString);
        assertEquals(3 * D_NS, result.splitBrainNs(), result::toString);
        assertEquals(3 * D_NS, result.olderTermLeaderNs(), result::toString);
    }

    /** Random delays within the bully's assumption (a round trip below T_elec), reordered on each link. */
    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void flappingUnderRandomDelaysNeverLetsARecoveredNodeLeadATermAlreadyLed(final long seed)
    {
        for (final int n : new int[]{3, 5, 8})
        {
            final Scenario scenario = bully(n, ScenarioKind.FLAPPING, Detectors.ALL)
                .network(NetworkModel.parse("uniform:0.2ms,2.4ms").withFifo(false))
                .seed(seed)
                .build();
            final ElectionResult result = new SimRuntime().run(scenario);

            assertTrue(result.converged(), () -> "n=" + n + " " + result);
            assertEquals(n, result.finalLeader(), () -> "n=" + n + " " + result);
            assertEquals(0, result.sameTermLeaders(), () -> "n=" + n + " " + result);
        }
    }

    /**
     * Issue 8's case: one detector, exponential delays with mean 110 ms on links that do not keep
     * order, so the new leader's first heartbeat often overtakes its COORDINATOR. A follower that
     * hears a higher, newer leader follows it, so every one of 2,000 elections costs exactly what it
     * costs on FIFO links: node 4 asks the crashed node 5, waits T_elec and tells nodes 1 to 3.
     */
    @Test
    void highestDetectorUnderExponentialDelaysOnNonFifoLinksCostsOneElectionNoOkAndThreeCoordinatorsEveryRun()
    {
        final Scenario scenario = Scenario.builder()
            .algorithm(BullyAlgorithm.NAME)
            .nodes(5)
            .settings(ElectionSettings.builder()
                .heartbeatIntervalNs(500 * MS)
                .detectionTimeoutNs(5_000 * MS)
                .electionTimeoutNs(1_013_200_000L)
                .coordinatorTimeoutNs(3_000 * MS)
                .build())
            .network(NetworkModel.parse("exponential:110ms").withFifo(false))
            .kind(ScenarioKind.LEADER_CRASH)
            .detect(Detectors.HIGHEST)
            .seed(1)
            .build();
        final SimRuntime runtime = new SimRuntime();
        for (int run = 0; run < 2_000; run++)
        {
            final ElectionResult result = runtime.run(scenario.forRun(run));

            assertOneRightLeader(result, 4);
            assertEquals(1, result.messages(ELECTION), result::toString);
            assertEquals(0, result.messages(OK), result::toString);
            assertEquals(3, result.messages(COORDINATOR), result::toString);
        }
    }

    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3, 5, 8, 16})
    void recoveredHighestIdFollowsTheInterimLeaderUnderTheDeferPolicy(final int n)
    {
        final Scenario scenario = bully(n, ScenarioKind.FLAPPING, Detectors.ALL)
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
        final Scenario scenario = bully(8, ScenarioKind.valueOf(kind), Detectors.ALL)
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

    @Test
    void theTraceShowsEveryTransitionAndEveryChangeOfRoleIsOne()
    {
        final StateTrace trace = new StateTrace();
        final ElectionResult result = new SimRuntime().trace(trace).run(bully(5, ScenarioKind.LEADER_CRASH, Detectors.ALL).build());

        assertOneRightLeader(result, 4);
        // 1 to 3 stand, hear 4's OK and wait for its COORDINATOR: ELECTING, announced as CANDIDATE
        // like the state before it, shows as a transition only.
        for (int id = 1; id <= 3; id++)
        {
            assertEquals(List.of("FOLLOWER", "CANDIDATE", "ELECTING", "FOLLOWER"), trace.statesOf(id), "node " + id);
        }
        assertEquals(List.of("FOLLOWER", "CANDIDATE", "LEADER"), trace.statesOf(4));
        assertEquals(List.of("LEADER"), trace.statesOf(5));
        assertEquals(List.of(), trace.roleChangesWithoutTransition());
    }
}
