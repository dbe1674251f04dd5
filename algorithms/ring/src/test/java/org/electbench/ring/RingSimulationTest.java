package org.electbench.ring;

import static org.electbench.ring.RingMessages.ACK;
import static org.electbench.ring.RingMessages.ELECTED;
import static org.electbench.ring.RingMessages.ELECTION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.electbench.sim.SimRuntime;
import org.electbench.sim.chaos.ChaosExplorer;
import org.electbench.sim.chaos.ChaosReport;
import org.electbench.sim.chaos.Violation;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.RingArrangement;
import org.electbench.testkit.StateTrace;
import org.electbench.transport.Detectors;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.FaultPlan;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.chaos.ChaosFault;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The ring in the deterministic simulator: the average count over random rings with every node
 * initiating at once (acknowledgements off), and surviving dead nodes (acknowledgements on). The
 * counts on increasing and decreasing rings are the conformance kit's, in {@link RingConformanceTest}.
 */
class RingSimulationTest
{
    private static final long MS = 1_000_000L;
    private static final int[] SIZES = {3, 5, 8, 16, 64};
    private static final int RANDOM_RINGS = 5_000;

    /** Textbook: no acknowledgements; heartbeats slow enough that only ELECTED tells the news. */
    private static ElectionSettings textbook(final RingArrangement arrangement, final long arrangementSeed)
    {
        return ElectionSettings.builder()
            .heartbeatIntervalNs(1_000 * MS)
            .detectionTimeoutNs(3_000 * MS)
            .option(RingAlgorithm.ACK, false)
            .option(RingAlgorithm.ARRANGEMENT, arrangement)
            .arrangementSeed(arrangementSeed)
            .build();
    }

    /**
     * Acknowledged hops: T_elec above the round trip, T_coord above two laps plus the skips, and
     * HBT above one lap of 64 nodes, so the new leader's first heartbeat does not overtake its
     * ELECTED (a follower may learn the leader from either; the counts below assume ELECTED).
     */
    private static ElectionSettings acknowledged(final RingArrangement arrangement, final long arrangementSeed)
    {
        return ElectionSettings.builder()
            .heartbeatIntervalNs(100 * MS)
            .detectionTimeoutNs(300 * MS)
            .electionTimeoutNs(5 * MS)
            .coordinatorTimeoutNs(300 * MS)
            .option(RingAlgorithm.ACK, true)
            .option(RingAlgorithm.ARRANGEMENT, arrangement)
            .arrangementSeed(arrangementSeed)
            .build();
    }

    private static Scenario.Builder coldStart(final int n, final ElectionSettings settings)
    {
        return Scenario.builder()
            .algorithm("ring")
            .nodes(n)
            .settings(settings)
            .network(NetworkModel.constant(MS))
            .kind(ScenarioKind.COLD_START)
            .detect(Detectors.ALL);
    }

    private static Scenario.Builder leaderCrash(final int n, final ElectionSettings settings, final Detectors detect)
    {
        return Scenario.builder()
            .algorithm("ring")
            .nodes(n)
            .settings(settings)
            .network(NetworkModel.constant(MS))
            .kind(ScenarioKind.LEADER_CRASH)
            .detect(detect);
    }

    private static void assertElectedCleanly(final ElectionResult result, final int expectedLeader, final String label)
    {
        assertTrue(result.converged(), label + ": converged " + result);
        assertEquals(expectedLeader, result.finalLeader(), label + ": leader");
        assertFalse(result.wrongLeader(), label + ": wrong leader");
        assertEquals(0, result.sameTermLeaders(), label + ": same-term leaders");
    }

    @Test
    void everyNodeInitiatingOnRandomRingsAveragesNTimesTheHarmonicNumberOfElections()
    {
        final SimRuntime runtime = new SimRuntime();
        for (final int n : SIZES)
        {
            double harmonic = 0;
            for (int k = 1; k <= n; k++)
            {
                harmonic += 1.0 / k;
            }
            long elections = 0;
            long minElections = Long.MAX_VALUE;
            long maxElections = 0;
            for (int seed = 1; seed <= RANDOM_RINGS; seed++)
            {
                // A one-hop settle window ends each run as soon as ELECTED is home.
                final ElectionResult result = runtime.run(coldStart(n, textbook(RingArrangement.RANDOM, seed))
                    .settleWindowNs(MS).build());
                final String label = "n=" + n + " arrangement seed " + seed;
                assertElectedCleanly(result, n, label);
                assertEquals(n - 1, result.messages(ELECTED), label);
                elections += result.messages(ELECTION);
                minElections = Math.min(minElections, result.messages(ELECTION));
                maxElections = Math.max(maxElections, result.messages(ELECTION));
            }
            final double mean = elections / (double)RANDOM_RINGS;
            final double expected = n * harmonic;
            assertEquals(expected, mean, 0.02 * expected, "n=" + n + ": mean ELECTION count over " + RANDOM_RINGS + " random rings");
            // Every ring lies between the best (increasing) and the worst (decreasing) arrangement.
            assertTrue(minElections >= 2L * n - 1, "n=" + n + " min " + minElections);
            assertTrue(maxElections <= (long)n * (n + 1) / 2, "n=" + n + " max " + maxElections);
        }
    }

    /**
     * One scenario run many times, as {@code simulate --arrangement random --runs 5000} does: each
     * run draws its own ring from its own seed (Scenario.forRun), so the mean is over rings, not one
     * ring's count repeated. Acknowledgements on, with T_coord above two laps and HBT above one
     * ({@link RingAlgorithm#lapNs}), so no lap restarts and ACKs stay apart from ELECTION.
     */
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {16, 100})
    void randomArrangementDrawsEachRunsRingFromItsOwnSeedAndAveragesNTimesTheHarmonicNumber(final int n)
    {
        final long lapNs = RingAlgorithm.lapNs(n, MS, 5 * MS);
        final ElectionSettings settings = acknowledged(RingArrangement.RANDOM, 9).toBuilder()
            .heartbeatIntervalNs(2 * lapNs)
            .detectionTimeoutNs(6 * lapNs)
            .coordinatorTimeoutNs(3 * lapNs)
            .build();
        final Scenario scenario = coldStart(n, settings).seed(9).settleWindowNs(MS).build();
        final SimRuntime runtime = new SimRuntime();
        long elections = 0;
        long minElections = Long.MAX_VALUE;
        long maxElections = 0;
        for (int run = 0; run < RANDOM_RINGS; run++)
        {
            final ElectionResult result = runtime.run(scenario.forRun(run));
            assertElectedCleanly(result, n, "run " + run);
            assertEquals(n - 1, result.messages(ELECTED), "run " + run);
            elections += result.messages(ELECTION);
            minElections = Math.min(minElections, result.messages(ELECTION));
            maxElections = Math.max(maxElections, result.messages(ELECTION));
        }
        double harmonic = 0;
        for (int k = 1; k <= n; k++)
        {
            harmonic += 1.0 / k;
        }
        final double expected = n * harmonic;
        assertEquals(expected, elections / (double)RANDOM_RINGS, 0.01 * expected, "mean ELECTION over " + RANDOM_RINGS + " runs");
        assertTrue(minElections < maxElections, "one ring for every run: min " + minElections + " max " + maxElections);
    }

    /** Settings that cover a lap give exactly the counts of a lap timeout far above it. */
    @ParameterizedTest(name = "arrangement={0}")
    @EnumSource(RingArrangement.class)
    void leaderCrashAtSeventeenCostsTheSameWithLapTimeoutsFromTheLapFormulaAsWithOneSecond(final RingArrangement arrangement)
    {
        final int n = 17;
        final long lapNs = RingAlgorithm.lapNs(n, MS, 5 * MS);
        final ElectionSettings fromLap = acknowledged(arrangement, 4).toBuilder()
            .heartbeatIntervalNs(lapNs + MS)
            .detectionTimeoutNs(3 * (lapNs + MS))
            .coordinatorTimeoutNs(2 * lapNs + MS)
            .build();
        final ElectionSettings oneSecond = fromLap.toBuilder().coordinatorTimeoutNs(1_000 * MS).build();
        final ElectionResult withLap = new SimRuntime().run(leaderCrash(n, fromLap, Detectors.ALL).seed(5).build());
        final ElectionResult withSecond = new SimRuntime().run(leaderCrash(n, oneSecond, Detectors.ALL).seed(5).build());

        assertElectedCleanly(withLap, n - 1, "lap formula");
        assertEquals(withSecond.messages(ELECTION), withLap.messages(ELECTION));
        assertEquals(withSecond.messages(ELECTED), withLap.messages(ELECTED));
        assertEquals(withSecond.messages(ACK), withLap.messages(ACK));
        assertEquals(withSecond.convergenceNs(), withLap.convergenceNs());
    }

    @Test
    void lapOfARingIsOneP99HopPerNodePlusOneHopTimeout()
    {
        assertEquals(17 * MS + 5 * MS, RingAlgorithm.lapNs(17, MS, 5 * MS));
        assertEquals(Long.MAX_VALUE, RingAlgorithm.lapNs(3, Long.MAX_VALUE / 2, 1));
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 5, 8, 16, 64})
    void deadLeaderIsSkippedOnAnIncreasingRing(final int n)
    {
        // Every follower initiates; n-1's ELECTION finds n silent and goes on to 1 after T_elec:
        // n-1 first sends, the resend, then n-2 hops home. ELECTED: n-1 -> n (lost), n-1 -> 1, 1 .. n-3 -> n-2
        // before agreement; n-2 names n-1 and only then passes ELECTED home and acknowledges its hop, after
        // agreement (counted on no runtime), as is the leader's ACK for that last hop.
        final ElectionResult result = new SimRuntime().run(
            leaderCrash(n, acknowledged(RingArrangement.INCREASING, 0), Detectors.ALL).seed(n).build());
        assertElectedCleanly(result, n - 1, "n=" + n);
        assertEquals(2L * n - 2, result.messages(ELECTION));
        assertEquals(n - 1, result.messages(ELECTED));
        assertEquals(3L * n - 6, result.messages(ACK));
        // Counted alike: every message the ring needs, its ACKs included (93 at n = 17); its first heartbeat follows agreement.
        assertEquals(3L * n - 6, result.acknowledgements());
        assertEquals(0, result.firstHeartbeats());
        assertEquals(6L * n - 9, result.messagesTotal());
        assertEquals(1, result.maxConcurrentLeaders());
    }

    @ParameterizedTest
    @ValueSource(ints = {3, 5, 8, 16, 64})
    void deadLeaderIsSkippedOnADecreasingRing(final int n)
    {
        // k's ELECTION runs down to 1, is lost at n, and 1 resends it to n-1, which swallows all but
        // its own: k+1 sends for k = 1..n-1. ELECTED runs n-1 .. 1 (n-2 sends); agreement comes
        // when 1 learns, before its ACK of that hop, its send to n (lost) and its resend to n-1.
        final ElectionResult result = new SimRuntime().run(
            leaderCrash(n, acknowledged(RingArrangement.DECREASING, 0), Detectors.ALL).seed(n).build());
        assertElectedCleanly(result, n - 1, "n=" + n);
        assertEquals((long)(n - 1) * (n + 2) / 2, result.messages(ELECTION));
        assertEquals(n - 2, result.messages(ELECTED));
        assertEquals((long)n * (n - 1) / 2 + n - 3, result.messages(ACK));
        // Counted alike, ACKs included: (n-1)(n+2)/2 + n-2 + n(n-1)/2 + n-3 = n² + 2n - 6.
        assertEquals((long)n * n + 2L * n - 6, result.messagesTotal());
    }

    @ParameterizedTest
    @EnumSource(RingArrangement.class)
    void deadLeaderIsSkippedWhoeverDetectsItAndNothingStaysLeaderless(final RingArrangement arrangement)
    {
        final SimRuntime runtime = new SimRuntime();
        for (final Detectors detect : Detectors.values())
        {
            for (final int n : new int[] {3, 5, 8, 16})
            {
                for (int seed = 1; seed <= 10; seed++)
                {
                    final ElectionResult result = runtime.run(leaderCrash(n, acknowledged(arrangement, seed), detect)
                        .network(NetworkModel.parse("uniform:1ms,2ms")).seed(seed).build());
                    assertElectedCleanly(result, n - 1, arrangement + " detect=" + detect + " n=" + n + " seed=" + seed);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {5, 8, 16})
    void deadNodeInTheMiddleOfTheRingIsSkipped(final int n)
    {
        // m dies first, unnoticed; then the leader n. Only node 1 detects. Its ELECTION loses a hop
        // at m twice and at n once: 2n-5 delivered plus 3 lost. ELECTED is lost at n and at m; its
        // last hop home and that hop's ACK follow agreement.
        final int m = n / 2;
        final ElectionResult result = new SimRuntime().run(
            leaderCrash(n, acknowledged(RingArrangement.INCREASING, 0), Detectors.LOWEST)
                .faults(FaultPlan.builder().crash(m, MS).build())
                .seed(n)
                .build());
        assertElectedCleanly(result, n - 1, "n=" + n + " dead " + m);
        assertEquals(2L * n - 2, result.messages(ELECTION));
        assertEquals(n - 1, result.messages(ELECTED));
        assertEquals(3L * n - 9, result.messages(ACK));
        assertEquals(6L * n - 12, result.messagesTotal(), "counted alike, ACKs included");
    }

    @ParameterizedTest
    @EnumSource(RingArrangement.class)
    void deadNodesAnywhereOnTheRingAreSkipped(final RingArrangement arrangement)
    {
        final SimRuntime runtime = new SimRuntime();
        for (int seed = 1; seed <= 20; seed++)
        {
            final int n = 9;
            // Three followers die at once (not the highest two), then the leader.
            final int first = 1 + seed % 3;
            final FaultPlan deaths = FaultPlan.builder().crash(first, MS).crash(first + 2, MS).crash(first + 4, MS).build();
            final ElectionResult result = runtime.run(leaderCrash(n, acknowledged(arrangement, seed), Detectors.ALL)
                .faults(deaths).seed(seed).build());
            assertElectedCleanly(result, n - 1, arrangement + " seed=" + seed);
        }
    }

    @ParameterizedTest
    @EnumSource(value = Detectors.class, names = {"ALL", "LOWEST"})
    void nextLeaderDyingMidElectionIsSkippedToo(final Detectors detect)
    {
        final SimRuntime runtime = new SimRuntime();
        for (final RingArrangement arrangement : RingArrangement.values())
        {
            for (int seed = 1; seed <= 10; seed++)
            {
                final ElectionResult result = runtime.run(leaderCrash(8, acknowledged(arrangement, seed), detect)
                    .kind(ScenarioKind.CASCADE).seed(seed).build());
                assertElectedCleanly(result, 6, arrangement + " seed=" + seed);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(RingArrangement.class)
    void recoveringHighestIdTakesOverThroughTheNextElection(final RingArrangement arrangement)
    {
        final SimRuntime runtime = new SimRuntime();
        for (final Detectors detect : new Detectors[] {Detectors.ALL, Detectors.LOWEST})
        {
            for (int seed = 1; seed <= 5; seed++)
            {
                final ElectionResult result = runtime.run(leaderCrash(8, acknowledged(arrangement, seed), detect)
                    .kind(ScenarioKind.FLAPPING).seed(seed).build());
                assertElectedCleanly(result, 8, arrangement + " detect=" + detect + " seed=" + seed);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(RingArrangement.class)
    void pausedLeaderThatWakesUpRetakesTheLeadWithANewerTerm(final RingArrangement arrangement)
    {
        final SimRuntime runtime = new SimRuntime();
        for (int seed = 1; seed <= 5; seed++)
        {
            final ElectionResult result = runtime.run(leaderCrash(8, acknowledged(arrangement, seed), Detectors.ALL)
                .kind(ScenarioKind.PAUSE).seed(seed).build());
            assertElectedCleanly(result, 8, arrangement + " seed=" + seed);
        }
    }

    @ParameterizedTest
    @EnumSource(RingArrangement.class)
    void partitionedRingElectsOneLeaderPerSideThenTheHighestIdAfterTheHeal(final RingArrangement arrangement)
    {
        final SimRuntime runtime = new SimRuntime();
        for (int seed = 1; seed <= 5; seed++)
        {
            final ElectionResult result = runtime.run(leaderCrash(8, acknowledged(arrangement, seed), Detectors.ALL)
                .kind(ScenarioKind.PARTITION).seed(seed).build());
            final String label = arrangement + " seed=" + seed;
            assertTrue(result.converged(), label + " " + result);
            assertEquals(8, result.finalLeader(), label);
            // The ring's known flaw: the majority side elects its own leader while 8 still leads its side.
            assertEquals(2, result.maxConcurrentLeaders(), label);
        }
    }

    @ParameterizedTest
    @EnumSource(RingArrangement.class)
    void lossyLinksStillEndWithTheHighestLiveId(final RingArrangement arrangement)
    {
        final SimRuntime runtime = new SimRuntime();
        for (int seed = 1; seed <= 10; seed++)
        {
            final ElectionResult result = runtime.run(leaderCrash(8, acknowledged(arrangement, seed), Detectors.ALL)
                .kind(ScenarioKind.LOSSY).seed(seed).build());
            final String label = arrangement + " seed=" + seed;
            assertTrue(result.converged(), label + " " + result);
            assertEquals(7, result.finalLeader(), label);
        }
    }

    @Test
    void lapTimeoutShorterThanALapCostsRestartsNotConvergence()
    {
        // 64 hops each way take about 128 ms; T_coord of 30 ms restarts, backing off until a lap fits.
        final ElectionSettings shortLaps = acknowledged(RingArrangement.INCREASING, 0).toBuilder()
            .coordinatorTimeoutNs(30 * MS).build();
        final ElectionResult result = new SimRuntime().run(coldStart(64, shortLaps).seed(3).build());
        assertElectedCleanly(result, 64, "n=64");
        assertTrue(result.messages(ELECTION) > 2 * 64 - 1, "restarts cost extra laps: " + result.messages(ELECTION));
    }

    @Test
    void theTraceShowsEveryTransitionAndEveryChangeOfRoleIsOne()
    {
        final StateTrace trace = new StateTrace();
        final ElectionResult result = new SimRuntime().trace(trace)
            .run(leaderCrash(5, acknowledged(RingArrangement.INCREASING, 0), Detectors.HIGHEST).build());

        assertElectedCleanly(result, 4, "n=5");
        // 4 stands; 1 to 3 pass its lap on (RELAYING, a transition that changes no belief) and follow its ELECTED.
        assertEquals(List.of("FOLLOWER", "CANDIDATE", "ANNOUNCING", "LEADER"), trace.statesOf(4));
        for (int id = 1; id <= 3; id++)
        {
            assertEquals(List.of("FOLLOWER", "RELAYING", "FOLLOWER"), trace.statesOf(id), "node " + id);
        }
        assertEquals(List.of("LEADER"), trace.statesOf(5));
        assertEquals(List.of(), trace.roleChangesWithoutTransition());
    }

    /**
     * Chaos schedules start settled, N leading term 1, so a partition or a one-way cut soon hands
     * the leader an ELECTION: it joins as CONTESTED and its lap clock must run T_coord. It once
     * ran zero, doubled zero on every restart, and the simulator spun in one instant forever; the
     * timeout turns such a regression into a failure instead of a hung build: every schedule must
     * run to its end.
     */
    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void settledLeaderHandedAnElectionBehindPartitionsRestartsItsLapAfterTCoord()
    {
        final ChaosReport report = new ChaosExplorer(AlgorithmRegistry.instance().get("ring"), 5,
            acknowledged(RingArrangement.INCREASING, 0), NetworkModel.parse("uniform:500us,5ms"),
            EnumSet.of(ChaosFault.PARTITION, ChaosFault.ONEWAY)).explore(1, 200);
        assertEquals(200, report.schedules());
        assertTrue(report.events() > 0);
        // T_elec 5 ms is not above the 10 ms round trip: copies circle, and a few schedules agree late
        // (3 of these 200), so no leader is promised and none is counted stuck.
        assertTrue(report.promise().promisesNone(), report.promise().toString());
        assertEquals(200, report.unpromised());
        assertEquals(0, report.count(Violation.STUCK));
    }

    /** The same schedules with T_elec above the round trip, where the ring promises its leader: none is late. */
    @ParameterizedTest(name = "n={0}")
    @ValueSource(ints = {3, 5, 7})
    void ringUnderPartitionsAndOneWayCutsAgreesWithinItsBoundWhenTElecExceedsTheRoundTrip(final int nodes)
    {
        final ElectionSettings settings = acknowledged(RingArrangement.INCREASING, 0).toBuilder().electionTimeoutNs(11 * MS).build();
        final ChaosReport report = new ChaosExplorer(AlgorithmRegistry.instance().get("ring"), nodes, settings,
            NetworkModel.parse("uniform:500us,5ms"), EnumSet.of(ChaosFault.PARTITION, ChaosFault.ONEWAY)).explore(1, 200);
        assertFalse(report.promise().promisesNone(), report.promise().toString());
        assertEquals(0, report.unpromised());
        assertEquals(0, report.count(Violation.STUCK), () -> "first seed " + report.firstSeed(Violation.STUCK));
        assertTrue(report.slowestAgreementNs() <= report.promise().boundNs());
    }
}
