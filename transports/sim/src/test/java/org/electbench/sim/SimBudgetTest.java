package org.electbench.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.electbench.spi.ElectionSettings;
import org.electbench.testkit.BeaconAlgorithm;
import org.electbench.transport.BudgetExceededException;
import org.electbench.transport.Detectors;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.ScenarioLimitException;
import org.junit.jupiter.api.Test;

/** The simulator's budgets: refused up front naming the setting as a scenario is built, and enforced as it runs. */
class SimBudgetTest
{
    private static final long MS = 1_000_000L;

    private static Scenario.Builder beacon()
    {
        return Scenario.builder()
            .algorithm(new BeaconAlgorithm())
            .nodes(4)
            .settings(ElectionSettings.builder().heartbeatIntervalNs(10 * MS).detectionTimeoutNs(35 * MS).build())
            .network(NetworkModel.constant(MS))
            .kind(ScenarioKind.LEADER_CRASH)
            .detect(Detectors.LOWEST);
    }

    @Test
    void aRunPastItsEventBudgetStopsSayingSoRatherThanReportingACutShortRun()
    {
        final SimRuntime runtime = new SimRuntime();
        final ElectionResult full = runtime.run(beacon().build());
        assertTrue(full.converged());
        // One event short of what the run takes: within the up-front estimate, but not enough for the run itself.
        final long budget = full.events() - 1;
        final BudgetExceededException ex = assertThrows(BudgetExceededException.class,
            () -> runtime.run(beacon().eventBudget(budget).build()));
        assertTrue(ex.getMessage().contains("event budget of " + budget + " events"), ex.getMessage());
        // The runtime is fine for the next run.
        assertTrue(runtime.run(beacon().build()).converged());
    }

    @Test
    void aDetectionTimeoutWhoseBudgetPassesTheVirtualTimeLimitIsRefusedNamingIt()
    {
        final ScenarioLimitException ex = assertThrows(ScenarioLimitException.class, () -> Scenario.builder()
            .algorithm(new BeaconAlgorithm())
            .settings(ElectionSettings.builder().heartbeatIntervalNs(1_000_000_000L).detectionTimeoutNs(1_000_000_000L * 1_000_000_000L)
                .build())
            .build());
        assertEquals(ScenarioLimitException.DETECTION_TIMEOUT, ex.getMessage().substring(0, ex.setting().length()));
        assertTrue(ex.getMessage().contains("virtual time budget of 365 days"), ex.getMessage());
    }

    @Test
    void aLongPauseIsRefusedNamingTheFaultDuration()
    {
        final ScenarioLimitException ex = assertThrows(ScenarioLimitException.class, () -> Scenario.builder()
            .algorithm(new BeaconAlgorithm()).kind(ScenarioKind.PAUSE).faultDurationNs(1_000_000_000L * 1_000_000_000L).build());
        assertEquals(ScenarioLimitException.FAULT_DURATION, ex.setting());
    }

    @Test
    void aHeartbeatOfNanosecondsIsRefusedForItsQueuedTimersAndALongPauseForItsEvents()
    {
        // 2 ns heartbeats under a 150 ms detection timeout: 7.5e7 timers queued per follower.
        final ScenarioLimitException queued = assertThrows(ScenarioLimitException.class, () -> Scenario.builder()
            .algorithm(new BeaconAlgorithm()).settings(ElectionSettings.builder().heartbeatIntervalNs(2).build()).build());
        assertEquals(ScenarioLimitException.HEARTBEAT_INTERVAL, queued.setting());
        assertTrue(queued.getMessage().contains("events queued at once"), queued.getMessage());
        // A day-long pause with 1 ms heartbeats to 16 followers: 86,400 s / 1 ms x 16 = 1.4e9 events.
        final Scenario.Builder pause = Scenario.builder().algorithm(new BeaconAlgorithm()).nodes(17)
            .settings(ElectionSettings.builder().heartbeatIntervalNs(1_000_000L).build())
            .kind(ScenarioKind.PAUSE).faultDurationNs(86_400L * 1_000_000_000L);
        final ScenarioLimitException events = assertThrows(ScenarioLimitException.class, pause::build);
        assertEquals(ScenarioLimitException.HEARTBEAT_INTERVAL, events.setting());
        assertTrue(events.getMessage().contains("take about 1.4e+09 events"), events.getMessage());
        assertTrue(events.getMessage().contains("event budget of 1.0e+09"), events.getMessage());
        // Raised knowingly, the same scenario builds; and the defaults pass every check.
        assertEquals(17, pause.eventBudget(2_000_000_000L).build().nodes());
        assertEquals(5, Scenario.builder().algorithm(new BeaconAlgorithm()).build().nodes());
    }
}
