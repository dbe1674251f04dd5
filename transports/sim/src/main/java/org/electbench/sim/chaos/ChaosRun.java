package org.electbench.sim.chaos;

import java.util.EnumSet;
import java.util.Set;

import org.electbench.transport.ElectionResult;
import org.electbench.transport.FaultPlan;
import org.electbench.transport.Scenario;

/**
 * One chaos schedule run: the scenario it made (its seed replays it), its faults, and what the
 * monitor measured.
 *
 * @param scenario the scenario, with the schedule's seed.
 * @param faults   the schedule's faults, ordered by time.
 * @param result   what the monitor measured.
 */
public record ChaosRun(Scenario scenario, FaultPlan faults, ElectionResult result)
{
    /** @return the violations the run shows, in declaration order. */
    public Set<Violation> violations()
    {
        final EnumSet<Violation> found = EnumSet.noneOf(Violation.class);
        for (final Violation violation : Violation.values())
        {
            if (violation.in(result))
            {
                found.add(violation);
            }
        }
        return found;
    }
}
