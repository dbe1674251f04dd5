package org.electbench.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.electbench.spi.ElectionSettings;
import org.electbench.testkit.BeaconAlgorithm;
import org.electbench.transport.Detectors;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Test;

/**
 * {@link Scenario#compressed}: the same election played faster, which a real-clock runtime runs to
 * get its election path compiled. Against the beacon algorithm's closed form (see
 * {@link FaultWindowTest}): with the fault at t_f = 2 HBT + phase, unavailability = 2 HBT + 2 d + D - t_f,
 * with every duration the compressed scenario's own.
 */
class CompressedScenarioTest
{
    private static final long MS = 1_000_000L;
    private static final long HBT_NS = 10 * MS;
    private static final long D_NS = 35 * MS;
    private static final long DELAY_NS = MS;
    private static final int N = 5;
    private static final long DIVISOR = 10;

    @Test
    void aCompressedPartitionElectsTheSameLeaderWithTheSameMessagesInItsOwnDividedClosedForm()
    {
        final Scenario scenario = Scenario.builder()
            .algorithm(new BeaconAlgorithm())
            .nodes(N)
            .settings(ElectionSettings.builder().heartbeatIntervalNs(HBT_NS).detectionTimeoutNs(D_NS).build())
            .network(NetworkModel.constant(DELAY_NS))
            .kind(ScenarioKind.PARTITION)
            .detect(Detectors.LOWEST)
            .seed(3)
            .build();
        final Scenario fast = scenario.compressed(DIVISOR);

        assertEquals(HBT_NS / DIVISOR, fast.settings().heartbeatIntervalNs());
        assertEquals(D_NS / DIVISOR, fast.settings().detectionTimeoutNs());
        assertEquals(scenario.settings().electionTimeoutNs() / DIVISOR, fast.settings().electionTimeoutNs());
        assertEquals(DELAY_NS / DIVISOR, fast.network().delay().boundNs());
        assertEquals(scenario.settleWindowNs() / DIVISOR, fast.settleWindowNs());

        final ElectionResult original = new SimRuntime().run(scenario);
        final ElectionResult compressed = new SimRuntime().run(fast);
        assertTrue(compressed.converged(), compressed.toString());
        assertEquals(original.finalLeader(), compressed.finalLeader());
        assertEquals(1, compressed.finalLeader());
        assertEquals(original.messagesFromFaultTotal(), compressed.messagesFromFaultTotal());
        assertEquals(original.bytesFromFaultTotal(), compressed.bytesFromFaultTotal());
        final long faultNs = fast.plan().faultNs();
        final long phaseNs = faultNs - 2 * HBT_NS / DIVISOR;
        assertTrue(phaseNs > DELAY_NS / DIVISOR && phaseNs < HBT_NS / DIVISOR, "the closed form needs the phase in (d, HBT): " + phaseNs);
        assertEquals(2 * HBT_NS / DIVISOR + 2 * DELAY_NS / DIVISOR + D_NS / DIVISOR - faultNs, compressed.unavailabilityNs());
    }

    @Test
    void aDivisorBelowOneIsRefused()
    {
        final Scenario scenario = Scenario.builder().algorithm(new BeaconAlgorithm()).nodes(N).build();
        final IllegalArgumentException ex = assertThrows(
            IllegalArgumentException.class, () -> scenario.compressed(0));
        assertTrue(ex.getMessage().contains("at least 1"), ex.getMessage());
    }
}
