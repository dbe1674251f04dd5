package org.electbench.inmemory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.electbench.realtime.RealtimeRuntime;
import org.electbench.sim.SimRuntime;
import org.electbench.spi.ElectionSettings;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Test;

/**
 * An incident scenario gives the same verdict on the real clock as in the simulator. Quorum under
 * Howard's chain settles, never two leaders of one term. Bully
 * behind a partially failed switch (node 1 no longer hears the leader, its other links flapping)
 * has two leaders at once, node 1 and the old leader, and one again after the heal. The verdict
 * is an outcome, not a timing: node 1 declares itself whenever no OK reaches it, however late
 * its timers fire on a busy machine, and the old leader keeps leading throughout.
 */
class InMemoryIncidentTest
{
    private static final long MS = 1_000_000L;

    @Test
    void bullyBehindAFailedSwitchHasTwoLeadersOnTheRealClockAsInTheSimulator()
    {
        // Roomy timeouts so a loaded host's stalls do not add elections of their own.
        final Scenario scenario = Scenario.builder()
            .algorithm("bully")
            .nodes(5)
            .settings(ElectionSettings.builder().heartbeatIntervalNs(50 * MS).detectionTimeoutNs(300 * MS).build())
            .kind(ScenarioKind.SWITCH_FAILURE)
            .faultDurationNs(3_000 * MS)
            .seed(5)
            .build();

        final ElectionResult simulated = new SimRuntime().run(scenario);
        assertVerdict("simulator", simulated);

        try (RealtimeRuntime inMemory = InMemoryRuntime.builder().threads(1).build())
        {
            assertVerdict("inmemory", inMemory.run(scenario));
        }
    }

    @Test
    void quorumUnderHowardsChainSettlesOnTheRealClockAsInTheSimulator()
    {
        // Node 1 never hears the leader and calls elections; the others still hear it and refuse their votes, so
        // the leader of before keeps office (the simulator: no change at all). On a loaded host a stall of every
        // timer at once may add an election of its own, so the real clock's verdict is the reading's: it settles
        // (a change or two, not a livelock), never two leaders of one term.
        final Scenario scenario = Scenario.builder()
            .algorithm("quorum")
            .nodes(5)
            .settings(ElectionSettings.builder().heartbeatIntervalNs(50 * MS).detectionTimeoutNs(300 * MS).build())
            .kind(ScenarioKind.CHAINED)
            .faultDurationNs(3_000 * MS)
            .seed(5)
            .build();

        final ElectionResult simulated = new SimRuntime().run(scenario);
        assertSettles("simulator", simulated);
        assertEquals(0, simulated.disturbance().leaderChanges(), simulated.disturbance().toString());
        assertEquals(5, simulated.finalLeader(), simulated.toString());
        try (RealtimeRuntime inMemory = InMemoryRuntime.builder().threads(1).build())
        {
            assertSettles("inmemory", inMemory.run(scenario));
        }
    }

    private static void assertSettles(final String runtime, final ElectionResult result)
    {
        final String label = runtime + ": " + result + " " + result.disturbance();
        assertTrue(result.disturbance().leaderChanges() <= 2, label);
        assertEquals(0, result.sameTermLeaders(), label);
        assertTrue(result.converged(), label);
    }

    private static void assertVerdict(final String runtime, final ElectionResult result)
    {
        final String label = runtime + ": " + result + " " + result.disturbance();
        assertTrue(result.splitBrain(), label);
        assertEquals(2, result.maxConcurrentLeaders(), label);
        assertTrue(result.disturbance().present(), label);
        assertTrue(result.converged(), label);
        assertEquals(5, result.finalLeader(), label);
    }
}
