package org.electbench.bully;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.DelayDistribution;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.junit.jupiter.api.Test;

/** Bully keeps T_elec above twice the p99 one-way delay and T_coord above T_elec plus that round trip. */
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
    void defaultsRiseAboveTheRoundTripOfAnExponentialNetwork()
    {
        // p99 of exponential(110 ms) is 110 ms ln 100 = 506.569 ms; twice that is 1013.137 ms.
        assertEquals(506_568_721L, DelayDistribution.exponential(110 * MS).p99Ns());
        final Scenario scenario = exponential(ElectionSettings.defaults());
        assertEquals(1_013_200_000L, scenario.settings().electionTimeoutNs());
        assertEquals(2_026_400_000L, scenario.settings().coordinatorTimeoutNs());
        assertFalse(scenario.distorted());
        assertEquals("HBT 50ms, D 150ms, T_elec 1013.2ms (derived), T_coord 2026.4ms (derived), recovery bully",
            scenario.settingsDescription());
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
        assertEquals(List.of("--election-timeout 10ms is not above twice the p99 one-way delay (1013.137442ms): " +
            "a candidate stops waiting for OK before a live higher node's answer arrives"), scenario.distortions());
        // T_coord was left to the algorithm: above the explicit T_elec plus the round trip.
        assertEquals(1_023_200_000L, scenario.settings().coordinatorTimeoutNs());
    }
}
