package org.electbench.transport;

import org.electbench.spi.ElectionSettings;

/**
 * The settings of a scenario that decide how large its run is: how many nodes, how long its faults
 * and budgets last, how many events it may take. A runtime's {@link ScenarioLimits} reads these
 * alone, so a limit needs nothing of the scenario that holds them.
 *
 * @param settings        the settings the algorithm runs with (derived, not as given).
 * @param kind            the scenario's kind, which states how long its faults last.
 * @param nodes           the cluster size.
 * @param faultDurationNs the fault duration as given, 0 for the kind's default.
 * @param budgetNs        how long after the last fault a run may take to settle, 0 for the kind's default.
 * @param settleWindowNs  how long agreement must hold with no change of belief.
 * @param eventBudget     the most events a run may take, 0 for the runtime's own budget.
 * @param extraFaults     the faults given explicitly, added to the kind's own.
 */
public record RunExtent(
    ElectionSettings settings,
    ScenarioKind kind,
    int nodes,
    long faultDurationNs,
    long budgetNs,
    long settleWindowNs,
    long eventBudget,
    FaultPlan extraFaults)
{
}
