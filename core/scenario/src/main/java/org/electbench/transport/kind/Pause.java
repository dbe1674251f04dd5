package org.electbench.transport.kind;

import org.electbench.spi.ElectionSettings;

/**
 * The leader N freezes for the fault duration (default 3 D, longer than the detection timeout),
 * then resumes still believing it leads: the zombie leader. Measured from the pause.
 */
public final class Pause implements KindDefinition
{
    @Override
    public String description()
    {
        return "settled; the leader N freezes for the fault duration (default 3 D), then resumes still believing it " +
            "leads; measured from the pause";
    }

    @Override
    public void plan(final PlanDraft draft)
    {
        final long durationNs = draft.faultDurationOr(3 * draft.settings().detectionTimeoutNs());
        draft.faults().pause(draft.nodes(), draft.faultAtNs(), durationNs);
        draft.outsideUntil(draft.nodes(), draft.faultAtNs() + durationNs);
    }

    @Override
    public double lastEffectNs(final ElectionSettings settings, final double faultDurationNs)
    {
        return 3.0 * settings.heartbeatIntervalNs() + (0 == faultDurationNs ? 3.0 * settings.detectionTimeoutNs() : faultDurationNs);
    }

    @Override
    public int faultDurations()
    {
        return 1;
    }
}
