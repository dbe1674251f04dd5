package org.electbench.transport.kind;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.NetworkModel;

/**
 * One kind of scenario: the problem it poses (its plan), how long its faults last, and its
 * description, in one class. A new kind is one more implementation here, named by a constant of
 * {@link org.electbench.transport.ScenarioKind}. Every kind poses the same problem to every
 * algorithm: a kind that aims a fault at "the next leader" asks the algorithm who that is rather
 * than assuming one algorithm's answer.
 * <p>
 * With HBT the heartbeat interval, D the detection timeout, T_coord the coordinator timeout and N
 * the cluster size (ids 1..N); a settled cluster starts with N leading term 1, and its first fault
 * comes at 2 HBT plus a seeded phase in [0, HBT).
 */
public interface KindDefinition
{
    /** @return what the scenario does and what it is measured from, for help text and documents. */
    String description();

    /** @param draft the run being planned: fill in its faults and move its instants as the kind needs. */
    void plan(PlanDraft draft);

    /**
     * An upper bound of when the kind's last fault's effect ends, from the start of the run, from
     * the settings alone, for the simulator's budgets. In doubles, so settings whose products
     * overflow a long are caught, not wrapped.
     *
     * @param settings        what the nodes run with.
     * @param faultDurationNs the fault duration as given, 0 for the kind's default.
     * @return nanoseconds.
     */
    default double lastEffectNs(final ElectionSettings settings, final double faultDurationNs)
    {
        return 3.0 * settings.heartbeatIntervalNs();
    }

    /** @return how many times the fault duration, as given, adds to {@link #lastEffectNs}: for naming the setting that overruns a budget. */
    default int faultDurations()
    {
        return 0;
    }

    /** @return how long after its last fault a run may take to settle, in patiences (the longest of D, T_coord and 5 HBT). */
    default int budgetPatiences()
    {
        return 50;
    }

    /** @return whether the cluster boots with no leader, so each algorithm's start-up rule applies. */
    default boolean startsCold()
    {
        return false;
    }

    /** @return the fewest nodes the kind makes sense for. */
    default int minNodes()
    {
        return 2;
    }

    /** @param given the network as given. @return the network the kind runs on. */
    default NetworkModel network(final NetworkModel given)
    {
        return given;
    }
}
