package org.electbench.transport;

/** The checks a scenario's own settings must pass before it is built, whatever runtime runs it. */
final class ScenarioBounds
{
    private ScenarioBounds()
    {
    }

    /**
     * @throws IllegalArgumentException naming what makes no sense.
     * @throws ScenarioLimitException   when the cluster is larger than per-link arrays can index.
     */
    static void check(final int nodes, final ScenarioKind kind, final long faultDurationNs, final long settleWindowNs,
        final long budgetNs, final long eventBudget)
    {
        if (nodes < 2)
        {
            throw new IllegalArgumentException("nodes must be at least 2, got " + nodes);
        }
        if (nodes < kind.type().minNodes())
        {
            throw new IllegalArgumentException("the " + kind.cliName() + " scenario needs at least " + kind.type().minNodes() +
                " nodes, got " + nodes);
        }
        if (nodes > MemoryLimits.HARD_MAX_NODES)
        {
            throw new ScenarioLimitException(ScenarioLimitException.NODES, "nodes must be at most " +
                MemoryLimits.HARD_MAX_NODES + " (per-link arrays are indexed by int), got " + nodes);
        }
        if (faultDurationNs < 0 || settleWindowNs < 0 || budgetNs < 0)
        {
            throw new IllegalArgumentException("fault duration, settle window and budget must be >= 0");
        }
        if (eventBudget < 0)
        {
            throw new IllegalArgumentException("event budget must be at least 1, or 0 for the runtime's own, got " + eventBudget);
        }
    }
}
