package org.electbench.transport.kind;

import org.electbench.transport.NetworkModel;

/**
 * A leader crash with every message lost with the network's loss probability (10% when none is
 * given) for the whole run.
 */
public final class Lossy implements KindDefinition
{
    public static final double DEFAULT_LOSS_PROBABILITY = 0.1;

    @Override
    public String description()
    {
        return "leader-crash with every message lost with the network's loss probability (10% when none is given)";
    }

    @Override
    public void plan(final PlanDraft draft)
    {
        draft.faults().crash(draft.nodes(), draft.faultAtNs());
    }

    @Override
    public NetworkModel network(final NetworkModel given)
    {
        return 0 == given.lossProbability() ? given.withLoss(DEFAULT_LOSS_PROBABILITY) : given;
    }
}
