package org.electbench.transport.kind;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.FaultPlan;
import org.electbench.transport.chaos.ChaosSchedule;

/**
 * The chaos explorer's random schedule for the seed, drawn from the chaos fault kinds (crashes
 * and recoveries, pauses longer than D, partitions, one-way cuts, loss bursts, partial partitions,
 * flapping links, slow nodes), every one healed
 * by the end. Measured from the first fault.
 */
public final class Chaos implements KindDefinition
{
    @Override
    public String description()
    {
        return "settled; the chaos explorer's random schedule for the seed (crashes and recoveries, pauses, partitions, " +
            "one-way cuts, loss bursts, partial partitions, flapping links, slow nodes), every fault healed by the end; " +
            "measured from the first fault";
    }

    @Override
    public void plan(final PlanDraft draft)
    {
        final FaultPlan chaos = ChaosSchedule.generate(draft.settings(), draft.nodes(), draft.seed(), draft.chaosFaults());
        chaos.faults().forEach(draft.faults()::add);
        final long firstNs = chaos.faults().get(0).atNs();
        draft.measureFrom(firstNs);
        draft.faultStartsAt(firstNs);
    }

    @Override
    public double lastEffectNs(final ElectionSettings settings, final double faultDurationNs)
    {
        return 2.0 * settings.heartbeatIntervalNs() +
            (ChaosSchedule.WINDOW_DETECTIONS + ChaosSchedule.LONGEST_FAULT_DETECTIONS) * (double)settings.detectionTimeoutNs();
    }

    @Override
    public int budgetPatiences()
    {
        return ChaosSchedule.BUDGET_PATIENCES;
    }
}
