package org.electbench.transport.kind;

/** Settled with N leading, and only the faults given. Measured from the first of them. */
public final class Custom implements KindDefinition
{
    @Override
    public String description()
    {
        return "settled with N leading, and only the faults given; measured from the first of them";
    }

    @Override
    public void plan(final PlanDraft draft)
    {
        final long firstNs = draft.extraFaults().isEmpty() ? 0 : draft.extraFaults().faults().get(0).atNs();
        draft.measureFrom(firstNs);
        draft.faultStartsAt(firstNs);
    }
}
