package org.electbench.sim.chaos;

import org.electbench.spi.LivenessPromise;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.Fault;
import org.electbench.transport.RunPlan;
import org.electbench.transport.Scenario;

/**
 * A chaos run held to its algorithm's {@link LivenessPromise}: after the last heal every live
 * node is connected again, so when enough of them are live a leader must be agreed within the
 * bound, and one that is not is stuck.
 *
 * @param liveNodes         nodes up at the end of the schedule: every node but those crashed for good.
 * @param promise           what the algorithm promises with the run's settings and network.
 * @param agreedAfterHealNs from the last heal to the start of the agreement that held to the end
 *                          (0 when it held through the heal), or -1 when the run never settled.
 */
public record Liveness(int liveNodes, LivenessPromise promise, long agreedAfterHealNs)
{
    /** @return the liveness of a run of the scenario that gave this result. */
    public static Liveness of(final Scenario scenario, final ElectionResult result)
    {
        final RunPlan plan = scenario.plan();
        final boolean[] down = new boolean[scenario.nodes() + 1];
        for (final Fault fault : plan.faults().faults())
        {
            if (Fault.Kind.CRASH == fault.kind() || Fault.Kind.RECOVER == fault.kind())
            {
                down[fault.nodeId()] = Fault.Kind.CRASH == fault.kind();
            }
        }
        int liveNodes = 0;
        for (int id = 1; id <= scenario.nodes(); id++)
        {
            liveNodes += down[id] ? 0 : 1;
        }
        final long agreedAfterHealNs = result.converged() ?
            Math.max(0, plan.referenceNs() + result.convergenceNs() - plan.lastFaultNs()) : -1;
        return new Liveness(liveNodes, promise(scenario), agreedAfterHealNs);
    }

    /** @return what the scenario's algorithm promises with its settings and network. */
    public static LivenessPromise promise(final Scenario scenario)
    {
        return scenario.algorithm().liveness(scenario.settings(), scenario.profile());
    }

    /** @return whether the algorithm promises a leader at the end of this run: enough nodes are live. */
    public boolean promised()
    {
        return liveNodes >= promise.nodesForLeader();
    }

    /** @return whether a leader was promised and none was agreed within the bound. */
    public boolean stuck()
    {
        return promised() && (agreedAfterHealNs < 0 || agreedAfterHealNs > promise.boundNs());
    }
}
