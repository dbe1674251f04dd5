package org.electbench.transport.kind;

/** The settled leader N crashes. Measured from the crash. */
public final class LeaderCrash implements KindDefinition
{
    @Override
    public String description()
    {
        return "settled with N leading; N crashes at 2 HBT plus a seeded phase in [0, HBT); measured from the crash";
    }

    @Override
    public void plan(final PlanDraft draft)
    {
        draft.faults().crash(draft.nodes(), draft.faultAtNs());
    }
}
