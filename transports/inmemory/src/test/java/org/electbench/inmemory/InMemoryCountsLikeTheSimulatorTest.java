package org.electbench.inmemory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.electbench.realtime.RealtimeRuntime;
import org.electbench.sim.SimRuntime;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionSettings;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Test;

/**
 * The same run counts the same on every runtime: agreement is the cut, so the sends a node makes
 * after it named the leader (the ring's last ELECTED hop home and its ACK) count on neither the
 * simulator's virtual clock, where they share agreement's instant, nor the real one.
 */
class InMemoryCountsLikeTheSimulatorTest
{
    private static final long MS = 1_000_000L;
    private static final int NODES = 17;
    private static final int RUNS = 2;
    /**
     * A clean crash counts the same whatever the timing as long as no timeout fires early: hop and
     * lap timeouts far above the stalls of a loaded machine, and a heartbeat twice a lap (one derived
     * just above the zero-delay lap, T_elec, fired before the ELECTED lap's real hops were done and
     * put the new leader's first heartbeats before agreement).
     */
    private static final ElectionSettings ROOMY = ElectionSettings.builder()
        .heartbeatIntervalNs(200 * MS)
        .detectionTimeoutNs(400 * MS)
        .electionTimeoutNs(100 * MS)
        .coordinatorTimeoutNs(1_000 * MS)
        .build();

    @Test
    void ringLeaderCrashAtSeventeenNodesCountsWhatTheSimulatorCounts()
    {
        final Scenario scenario = Scenario.builder()
            .algorithm("ring")
            .nodes(NODES)
            .settings(ROOMY)
            .network(NetworkModel.constant(0))
            .kind(ScenarioKind.LEADER_CRASH)
            .seed(17)
            .build();
        final ElectionAlgorithm ring = scenario.algorithm();
        final int election = ring.typeId("ELECTION");
        final int elected = ring.typeId("ELECTED");
        final int ack = ring.typeId("ACK");

        final ElectionResult simulated = new SimRuntime().run(scenario);
        // Every follower sends one ELECTION, N-1's goes once more past the dead leader and on round
        // to itself; ELECTED goes N-1 hops before the last node names N-1; every delivered hop is acknowledged.
        assertEquals(2L * NODES - 2, simulated.messages(election), simulated.toString());
        assertEquals(NODES - 1, simulated.messages(elected), simulated.toString());
        assertEquals(3L * NODES - 6, simulated.messages(ack), simulated.toString());
        assertEquals(6L * NODES - 9, simulated.messagesTotal(), "messages counted alike, the ACKs included: 48 + 45 = 93 at N = 17");

        try (RealtimeRuntime inMemory = InMemoryRuntime.builder().threads(1).build())
        {
            for (int run = 0; run < RUNS; run++)
            {
                final ElectionResult result = inMemory.run(scenario.forRun(run));
                final String label = "run " + run + ": " + result;
                assertTrue(result.converged(), label);
                assertEquals(NODES - 1, result.finalLeader(), label);
                assertEquals(simulated.messages(election), result.messages(election), label);
                assertEquals(simulated.messages(elected), result.messages(elected), label);
                assertEquals(simulated.messages(ack), result.messages(ack), label);
                assertEquals(simulated.messagesTotal(), result.messagesTotal(), label);
                assertEquals(simulated.announcements(), result.announcements(), label);
                assertEquals(simulated.firstHeartbeats(), result.firstHeartbeats(), label);
            }
        }
    }
}
