package org.electbench.sim;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.BudgetExceededException;
import org.electbench.transport.Detect;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Test;

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
            .detect(Detect.LOWEST);
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
}
