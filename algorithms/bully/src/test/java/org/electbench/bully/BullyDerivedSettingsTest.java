package org.electbench.bully;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.electbench.sim.SimRuntime;
import org.electbench.spi.ElectionSettings;
import org.electbench.transport.Detect;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.DelayDistribution;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.junit.jupiter.api.Test;

/**
 * Bully keeps T_elec above twice the one-way delay bound (the maximum of a bounded delay, p99.9 of
 * an unbounded one) and T_coord above T_elec plus that round trip.
 */
class BullyDerivedSettingsTest
{
    private static final long MS = 1_000_000L;

    private static Scenario exponential(final ElectionSettings settings)
    {
        return Scenario.builder()
            .algorithm(BullyAlgorithm.NAME)
            .nodes(5)
            .settings(settings)
            .network(NetworkModel.of(DelayDistribution.exponential(110 * MS)))
            .build();
    }

    @Test
    void defaultsRiseAboveTheRoundTripOfAnExponentialNetworkAtItsStatedQuantile()
    {
        // p99.9 of exponential(110 ms) is 110 ms ln 1000 = 759.853 ms; twice that is 1519.706 ms.
        assertEquals(759_853_081L, DelayDistribution.exponential(110 * MS).boundNs());
        final Scenario scenario = exponential(ElectionSettings.defaults());
        assertEquals(1_519_800_000L, scenario.settings().electionTimeoutNs());
        assertEquals(3_039_600_000L, scenario.settings().coordinatorTimeoutNs());
        assertFalse(scenario.distorted());
        assertEquals("HBT 50ms, D 150ms, T_elec 1519.8ms (derived), T_coord 3039.6ms (derived), recovery bully, " +
            "immediate-declare off; derived from the p99.9 one-way delay", scenario.settingsDescription());
    }

    /**
     * A uniform delay is bounded, so T_elec rises above its whole round trip, 2 x 40 ms: at 2 x p99
     * (79.3 ms) this seed's answer from node 7 came after node 1 declared, and both led term 2.
     */
    @Test
    void aUniformDelayDerivesFromItsMaximumAndTheSeedThatElectedTwoLeadersElectsOne()
    {
        final Scenario scenario = Scenario.builder()
            .algorithm(BullyAlgorithm.NAME)
            .nodes(8)
            .network(NetworkModel.of(DelayDistribution.uniform(MS, 40 * MS)))
            .detect(Detect.LOWEST)
            .seed(6536757025799633069L)
            .build();
        assertEquals(80_100_000L, scenario.settings().electionTimeoutNs());
        assertEquals("HBT 50ms, D 150ms, T_elec 80.1ms (derived), T_coord 160.2ms (derived), recovery bully, immediate-declare off",
            scenario.settingsDescription());
        final ElectionResult result = new SimRuntime().run(scenario);
        assertTrue(result.converged(), result.toString());
        assertEquals(1, result.maxConcurrentLeaders(), result.toString());
        assertEquals(0, result.sameTermLeaders(), result.toString());
        assertEquals(7, result.finalLeader());
    }

    @Test
    void defaultsStayWhereTheyAlreadyClearTheBound()
    {
        final Scenario scenario = Scenario.builder().algorithm(BullyAlgorithm.NAME).nodes(5).build();
        assertEquals(ElectionSettings.defaults().electionTimeoutNs(), scenario.settings().electionTimeoutNs());
        assertEquals(ElectionSettings.defaults().coordinatorTimeoutNs(), scenario.settings().coordinatorTimeoutNs());
        assertEquals(List.of(), scenario.distortions());
    }

    @Test
    void anExplicitElectionTimeoutBelowTheRoundTripIsKeptAndReported()
    {
        final Scenario scenario = exponential(ElectionSettings.builder().electionTimeoutNs(10 * MS).build());
        assertEquals(10 * MS, scenario.settings().electionTimeoutNs());
        assertEquals(List.of("--election-timeout 10ms is not above twice the p99.9 one-way delay (1519.706162ms): " +
            "a candidate stops waiting for OK before a live higher node's answer arrives"), scenario.distortions());
        // T_coord was left to the algorithm: above the explicit T_elec plus the round trip.
        assertEquals(1_529_800_000L, scenario.settings().coordinatorTimeoutNs());
    }
}
