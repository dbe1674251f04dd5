package org.electbench.quorum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.DelayDistribution;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.junit.jupiter.api.Test;

/** Quorum keeps its voting window (T_elec) above twice the one-way delay bound. */
class QuorumDerivedSettingsTest
{
    private static final long MS = 1_000_000L;

    private static Scenario uniform(final ElectionSettings settings)
    {
        return Scenario.builder()
            .algorithm(QuorumAlgorithm.NAME)
            .nodes(5)
            .settings(settings)
            .network(NetworkModel.of(DelayDistribution.uniform(1 * MS, 11 * MS)))
            .build();
    }

    @Test
    void votingWindowRisesAboveTheRoundTripAtTheLargestDelay()
    {
        // uniform(1 ms, 11 ms) is bounded: its largest delay is 11 ms; twice that is 22 ms; the window opens just above.
        final Scenario scenario = uniform(ElectionSettings.defaults());
        assertEquals(22_100_000L, scenario.settings().electionTimeoutNs());
        assertEquals(ElectionSettings.DEFAULT_COORDINATOR_TIMEOUT_NS, scenario.settings().coordinatorTimeoutNs());
        assertEquals("HBT 50ms, D 150ms, T_elec 22.1ms (derived), T_coord 30ms", scenario.settingsDescription());
    }

    @Test
    void anExplicitWindowBelowTheRoundTripIsReported()
    {
        final Scenario scenario = uniform(ElectionSettings.builder().electionTimeoutNs(10 * MS).build());
        assertEquals(10 * MS, scenario.settings().electionTimeoutNs());
        assertTrue(scenario.distorted());
        assertTrue(scenario.distortions().get(0).startsWith("--election-timeout 10ms is not above twice the largest one-way delay (22ms)"),
            scenario.distortions().toString());
    }
}
