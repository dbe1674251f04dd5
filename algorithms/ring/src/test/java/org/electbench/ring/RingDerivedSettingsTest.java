package org.electbench.ring;

import static org.electbench.ring.RingMessages.ACK;
import static org.electbench.ring.RingMessages.ELECTED;
import static org.electbench.ring.RingMessages.ELECTION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.electbench.sim.SimRuntime;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.ElectionSettings.Knob;
import org.electbench.transport.Detectors;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Test;

/**
 * The ring derives defaults that do not distort its counts: T_coord above two laps past the dead
 * leader, HBT above a lap; an explicit setting below either is reported, never silently run.
 */
class RingDerivedSettingsTest
{
    private static final long MS = 1_000_000L;

    private static Scenario leaderCrash(final int n, final ElectionSettings settings)
    {
        return Scenario.builder()
            .algorithm(RingAlgorithm.NAME)
            .nodes(n)
            .settings(settings)
            .network(NetworkModel.constant(MS))
            .kind(ScenarioKind.LEADER_CRASH)
            .detect(Detectors.ALL)
            .seed(17)
            .build();
    }

    private static void assertSameCounts(final ElectionResult expected, final ElectionResult actual)
    {
        for (final int type : new int[]{ELECTION, ELECTED, ACK})
        {
            assertEquals(expected.messages(type), actual.messages(type), RingMessages.TYPE_NAMES.get(type) + ": " + actual);
        }
    }

    @Test
    void defaultsAtSeventeenNodesSendExactlyWhatALapTimeoutOfOneSecondSends()
    {
        final Scenario defaults = leaderCrash(17, ElectionSettings.defaults());
        final Scenario patient = leaderCrash(17, ElectionSettings.builder().coordinatorTimeoutNs(1_000 * MS).build());

        // Two laps of 17 hops at 1 ms, each skipping the dead leader at the derived 2.1 ms hop timeout: 2 (17 + 2.1) ms,
        // rounded above.
        assertEquals(2_100_000L, defaults.settings().electionTimeoutNs());
        assertEquals(38_200_000L, 2 * RingAlgorithm.lapNs(17, MS, 2_100_000L));
        assertEquals(38_300_000L, defaults.settings().coordinatorTimeoutNs());
        assertFalse(defaults.settings().isExplicit(Knob.COORDINATOR_TIMEOUT));
        assertFalse(defaults.distorted(), defaults.distortions().toString());

        final ElectionResult withDefaults = new SimRuntime().run(defaults);
        final ElectionResult withOneSecond = new SimRuntime().run(patient);
        assertTrue(withDefaults.converged(), withDefaults.toString());
        assertEquals(16, withDefaults.finalLeader());
        assertSameCounts(withOneSecond, withDefaults);
    }

    /**
     * Cascade's second victim, n-1, dies once its ELECTION was heard: the others pass it on round
     * to n-2, which finds n-1 (and n) dead only then and stands; its ELECTION lap and its ELECTED
     * lap follow. Three laps past the two dead nodes from the instant the others stood, so T_coord
     * is derived above three (two let nodes 1..n-3 restart a lap still on its way: 63 ELECTION /
     * 72 ACK at n = 17 where these closed forms give 49 / 58).
     */
    @Test
    void cascadeDefaultsAtSeventeenNodesWaitThreeLapsAndSendExactlyWhatALapTimeoutOfOneSecondSends()
    {
        final int n = 17;
        final ElectionSettings patientSettings = ElectionSettings.builder().coordinatorTimeoutNs(1_000 * MS).build();
        final Scenario defaults = leaderCrash(n, ElectionSettings.defaults()).toBuilder().kind(ScenarioKind.CASCADE).build();
        final Scenario patient = defaults.toBuilder().settings(patientSettings).build();

        // Three laps of 17 hops at 1 ms, each skipping both dead leaders at the derived 2.1 ms hop timeout: 3 (17 + 2 x 2.1) ms,
        // rounded above.
        assertEquals(2, defaults.profile().deadNodes());
        assertEquals(1, defaults.profile().lostCandidates());
        assertEquals(63_700_000L, defaults.settings().coordinatorTimeoutNs());
        assertFalse(defaults.distorted(), defaults.distortions().toString());

        final ElectionResult withDefaults = new SimRuntime().run(defaults);
        final ElectionResult withOneSecond = new SimRuntime().run(patient);
        assertTrue(withDefaults.converged(), withDefaults.toString());
        assertEquals(n - 2, withDefaults.finalLeader());
        assertEquals(n - 2, withOneSecond.finalLeader());
        assertEquals(withOneSecond.convergenceNs(), withDefaults.convergenceNs());
        assertSameCounts(withOneSecond, withDefaults);
        // ELECTION: every live node stands (n-1), n-1 passes the dead n (1), its ELECTION goes 1 .. n-2 (n-2), n-2
        // tries n-1, n and 1 (3), its own goes 1 .. n-3 home (n-3): 3n - 2. ELECTED: n-2 tries n-1, n and 1 (3), then
        // 1 .. n-4 pass it on before n-3 names n-2 (n-4): n - 1. ACK: every delivered hop before agreement, the
        // ELECTIONs' 3n - 6 and the ELECTEDs' n - 4: 4n - 10. No heartbeat before agreement.
        assertEquals(3L * n - 2, withDefaults.messages(ELECTION), withDefaults.toString());
        assertEquals(n - 1, withDefaults.messages(ELECTED), withDefaults.toString());
        assertEquals(4L * n - 10, withDefaults.messages(ACK), withDefaults.toString());
        assertEquals(0, withDefaults.firstHeartbeats(), withDefaults.toString());
        assertEquals(8L * n - 13, withDefaults.messagesTotal(), "counted alike: 123 at n = 17");
    }

    @Test
    void theOldThirtyMillisecondLapTimeoutGivenExplicitlyIsReportedAndCountsExtraLaps()
    {
        final Scenario shortLaps = leaderCrash(17, ElectionSettings.builder().coordinatorTimeoutNs(30 * MS).build());
        assertTrue(shortLaps.distorted());
        assertEquals(1, shortLaps.distortions().size(), shortLaps.distortions().toString());
        assertTrue(shortLaps.distortions().get(0).startsWith(
            "--coordinator-timeout 30ms is not above two laps of the ring past 1 dead node at the largest one-way delay (38.2ms)"),
            shortLaps.distortions().get(0));
        final ElectionResult distorted = new SimRuntime().run(shortLaps);
        final ElectionResult faithful = new SimRuntime().run(leaderCrash(17, ElectionSettings.defaults()));
        assertTrue(distorted.messages(ELECTION) > faithful.messages(ELECTION), distorted + " vs " + faithful);
    }

    @Test
    void heartbeatRisesAboveALapWhereItFitsBelowTheDetectionTimeoutAndIsReportedWhereItCannot()
    {
        // n = 100: a lap is 100 ms + the derived 2.1 ms hop timeout.
        final Scenario hundred = leaderCrash(100, ElectionSettings.defaults());
        assertEquals(102_200_000L, hundred.settings().heartbeatIntervalNs());
        assertFalse(hundred.distorted(), hundred.distortions().toString());
        assertEquals("HBT 102.2ms (derived), D 150ms, T_elec 2.1ms (derived), T_coord 204.3ms (derived), recovery bully, " +
            "arrangement increasing, ack on", hundred.settingsDescription());

        // n = 257: a lap (267 ms) does not fit below the 150 ms detection timeout; the default stays and is reported.
        final Scenario large = leaderCrash(257, ElectionSettings.defaults());
        assertEquals(ElectionSettings.DEFAULT_HEARTBEAT_INTERVAL_NS, large.settings().heartbeatIntervalNs());
        assertTrue(large.distorted());
        assertTrue(large.distortions().get(0).startsWith("--heartbeat 50ms cannot rise above a lap"), large.distortions().toString());
    }

    @Test
    void explicitSettingsAreKeptAsGiven()
    {
        final ElectionSettings given = ElectionSettings.builder()
            .heartbeatIntervalNs(20 * MS)
            .electionTimeoutNs(1 * MS)
            .coordinatorTimeoutNs(500 * MS)
            .build();
        final Scenario scenario = leaderCrash(17, given);
        assertEquals(20 * MS, scenario.settings().heartbeatIntervalNs());
        assertEquals(1 * MS, scenario.settings().electionTimeoutNs());
        assertEquals(500 * MS, scenario.settings().coordinatorTimeoutNs());
        // 20 ms is above a lap of 17 hops + 1 ms; T_elec 1 ms is not above the 2 ms round trip.
        assertEquals(1, scenario.distortions().size(), scenario.distortions().toString());
        assertTrue(scenario.distortions().get(0).startsWith("--election-timeout 1ms is not above twice the largest one-way delay (2ms)"));
    }
}
