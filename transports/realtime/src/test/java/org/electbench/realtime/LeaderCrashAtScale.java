package org.electbench.realtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;

/**
 * The outcome check every real transport runs at scale: bully, leader crash, N nodes, a number of
 * runs with their own seeds; every run whose host kept bully's timing must converge on the highest
 * live id with one leader at a time. Outcomes only, no timings.
 */
public final class LeaderCrashAtScale
{
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    /**
     * Roomy for a loaded two-core host: a worker descheduled for tens of milliseconds, with 64
     * nodes' election burst (about N² messages) to carry, must not make a node give up on an OK
     * that is only late (bully's documented split brain when T_elec is below the round trip).
     */
    public static final ElectionSettings SETTINGS = ElectionSettings.builder()
        .heartbeatIntervalNs(50 * MS)
        .detectionTimeoutNs(300 * MS)
        .electionTimeoutNs(250 * MS)
        .coordinatorTimeoutNs(750 * MS)
        .build();

    private LeaderCrashAtScale()
    {
    }

    /** @return bully, leader crash, no modelled delay, N nodes. */
    public static Scenario scenario(final int nodes)
    {
        return Scenario.builder()
            .algorithm("bully")
            .nodes(nodes)
            .settings(SETTINGS)
            .network(NetworkModel.constant(0))
            .kind(ScenarioKind.LEADER_CRASH)
            .build();
    }

    /**
     * @param runs runs after one unchecked warm-up run that must keep their timing ({@link TimedRuns}).
     * @throws AssertionError naming the first run that kept its timing yet was unconverged, elected
     *                        another leader or had two at once, with its seed, latencies and stalls.
     */
    public static void assertEveryRunElectsTheNextHighest(final ClusterRuntime runtime, final int nodes, final int runs)
    {
        final Scenario scenario = scenario(nodes);
        runtime.run(scenario.forRun(-1));
        TimedRuns.judge(runtime, scenario, runs, (run, result, label) ->
        {
        }, (run, result, label) ->
        {
            assertTrue(result.converged(), label + ": unconverged " + result);
            assertEquals(nodes - 1, result.finalLeader(), label + ": " + result);
            assertFalse(result.wrongLeader(), label + ": " + result);
            assertEquals(1, result.maxConcurrentLeaders(), label + ": split brain " + result);
            assertEquals(0, result.sameTermLeaders(), label + ": two leaders in one term " + result);
        });
    }
}
