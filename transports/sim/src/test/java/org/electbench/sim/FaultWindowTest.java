package org.electbench.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.testkit.BeaconAlgorithm;
import org.electbench.transport.Detectors;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.Fault;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.RunPlan;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.Summary;
import org.electbench.transport.metrics.Metrics;
import org.junit.jupiter.api.Test;

/**
 * The partition and pause rows against closed forms at a constant one-way delay d, with the
 * beacon algorithm (the leader beacons every HBT; a detecting follower silent for D leads the
 * next term, beacons and broadcasts one CLAIM; whoever hears a newer term follows its sender).
 * With the fault at t_f = 2 HBT + phase (phase in (d, HBT)), the last beacon a detector hears
 * left at 2 HBT and arrived at 2 HBT + d, so it leads at 2 HBT + d + D and its side names it one
 * delay later:
 * <pre>
 *   unavailability = 2 HBT + 2 d + D - t_f
 *   election messages from the fault = N - 1 (one CLAIM to every other node, reachable or not)
 * </pre>
 */
class FaultWindowTest
{
    private static final long MS = 1_000_000L;
    private static final long HBT_NS = 10 * MS;
    private static final long D_NS = 35 * MS;
    private static final long DELAY_NS = MS;
    private static final int N = 5;
    private static final int CLAIM_BYTES = MessageHeader.LENGTH + 8;

    private static Scenario scenario(final ScenarioKind kind, final Detectors detect)
    {
        return Scenario.builder()
            .algorithm(new BeaconAlgorithm())
            .nodes(N)
            .settings(ElectionSettings.builder().heartbeatIntervalNs(HBT_NS).detectionTimeoutNs(D_NS).build())
            .network(NetworkModel.constant(DELAY_NS))
            .kind(kind)
            .detect(detect)
            .seed(3)
            .build();
    }

    private static long faultNs(final RunPlan plan)
    {
        final Fault first = plan.faults().faults().get(0);
        final long phaseNs = first.atNs() - 2 * HBT_NS;
        assertTrue(phaseNs > DELAY_NS && phaseNs < HBT_NS, "the closed form needs the phase in (d, HBT): " + phaseNs);
        return first.atNs();
    }

    @Test
    void partitionReportsTheMajoritysWindowAndItsElectionTrafficFromTheCutNotFromTheHeal()
    {
        // Node 1 (majority side 1..3) detects; the old leader 5 keeps leading 4 until the heal.
        final Scenario scenario = scenario(ScenarioKind.PARTITION, Detectors.LOWEST);
        final RunPlan plan = scenario.plan();
        final long faultNs = faultNs(plan);
        assertEquals(faultNs, plan.faultNs());
        final ElectionResult result = new SimRuntime().run(scenario);

        assertTrue(result.converged(), result.toString());
        assertEquals(1, result.finalLeader());
        assertEquals(2 * HBT_NS + 2 * DELAY_NS + D_NS - faultNs, result.unavailabilityNs());
        assertEquals(N - 1, result.messagesFromFault(BeaconAlgorithm.CLAIM));
        assertEquals(N - 1, result.messagesFromFaultTotal());
        assertEquals((N - 1) * CLAIM_BYTES, result.bytesFromFaultTotal());
        // Counted from the heal, as before, the election happened outside the window.
        assertEquals(0, result.messagesTotal());
        assertEquals(0, result.acknowledgementsFromFault(), "the beacon algorithm has no acknowledgements");
    }

    @Test
    void pauseReportsTheWindowUntilTheOthersNameANewLeaderNotTheFreeze()
    {
        // The leader 5 freezes for 3 D; node 4 detects and the others name it one delay later.
        final Scenario scenario = scenario(ScenarioKind.PAUSE, Detectors.HIGHEST);
        final RunPlan plan = scenario.plan();
        final long faultNs = faultNs(plan);
        final ElectionResult result = new SimRuntime().run(scenario);

        assertTrue(result.converged(), result.toString());
        assertEquals(4, result.finalLeader());
        final long unavailableNs = 2 * HBT_NS + 2 * DELAY_NS + D_NS - faultNs;
        assertEquals(unavailableNs, result.unavailabilityNs());
        assertTrue(result.convergenceNs() >= 3 * D_NS, "convergence waits for the zombie to resume: " + result);
        // For pause the reference is the fault, so both counts agree.
        assertEquals(N - 1, result.messagesFromFaultTotal());
        assertEquals(N - 1, result.messagesTotal());

        final Summary summary = new Summary(result.typeNames(), BeaconAlgorithm.BEACON);
        summary.add(result);
        assertEquals(unavailableNs, summary.get(Metrics.UNAVAILABILITY).percentile(50));
        assertEquals(N - 1, summary.get(Metrics.MESSAGES_FROM_FAULT).mean());
        assertEquals((N - 1) * CLAIM_BYTES, summary.get(Metrics.BYTES_FROM_FAULT).mean());
    }
}
