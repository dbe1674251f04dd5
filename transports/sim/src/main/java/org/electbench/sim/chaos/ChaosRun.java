package org.electbench.sim.chaos;

import java.util.EnumSet;
import java.util.Set;

import org.electbench.transport.ElectionResult;
import org.electbench.transport.FaultPlan;
import org.electbench.transport.Scenario;

/**
 * One chaos schedule run: the scenario it made (its seed replays it), its faults, what the
 * monitor measured, and whether the leader its algorithm promises came in time.
 *
 * @param scenario the scenario, with the schedule's seed.
 * @param faults   the schedule's faults, ordered by time.
 * @param result   what the monitor measured.
 * @param liveness the run held to the algorithm's liveness promise.
 */
public record ChaosRun(Scenario scenario, FaultPlan faults, ElectionResult result, Liveness liveness)
{
    /** @return the run of a scenario that gave this result. */
    public static ChaosRun of(final Scenario scenario, final ElectionResult result)
    {
        return new ChaosRun(scenario, scenario.plan().faults(), result, Liveness.of(scenario, result));
    }

    /** @return the violations the run shows, in declaration order. */
    public Set<Violation> violations()
    {
        final EnumSet<Violation> found = EnumSet.noneOf(Violation.class);
        for (final Violation violation : Violation.values())
        {
            if (violation.in(this))
            {
                found.add(violation);
            }
        }
        return found;
    }
}
