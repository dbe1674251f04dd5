package org.electbench.transport.kind;

import org.electbench.spi.ElectionSettings;

/**
 * The top floor((N-1)/2) ids, the leader among them, are cut off from the rest for the fault
 * duration (default 4 D + 2 T_coord), then heal. The majority side must elect; measured from the heal.
 */
public final class Partition implements KindDefinition
{
    @Override
    public String description()
    {
        return "settled; the top floor((N-1)/2) ids, the leader among them, are cut off for the fault duration " +
            "(default 4 D + 2 T_coord), then heal; measured from the heal";
    }

    private static double defaultDurationNs(final ElectionSettings settings)
    {
        return 4.0 * settings.detectionTimeoutNs() + 2.0 * settings.coordinatorTimeoutNs();
    }

    @Override
    public void plan(final PlanDraft draft)
    {
        final ElectionSettings settings = draft.settings();
        final long durationNs = draft.faultDurationOr(4 * settings.detectionTimeoutNs() + 2 * settings.coordinatorTimeoutNs());
        final int nodes = draft.nodes();
        final int minority = (nodes - 1) / 2;
        final int[] low = new int[nodes - minority];
        final int[] high = new int[minority];
        for (int id = 1; id <= nodes; id++)
        {
            if (id <= nodes - minority)
            {
                low[id - 1] = id;
            }
            else
            {
                high[id - 1 - (nodes - minority)] = id;
            }
        }
        final long healNs = draft.faultAtNs() + durationNs;
        draft.faults().partition(draft.faultAtNs(), durationNs, low, high);
        draft.measureFrom(healNs);
        // The side cut off from its leader is the one that must elect.
        for (final int id : high)
        {
            draft.outsideUntil(id, healNs);
        }
    }

    @Override
    public double lastEffectNs(final ElectionSettings settings, final double faultDurationNs)
    {
        return 3.0 * settings.heartbeatIntervalNs() + (0 == faultDurationNs ? defaultDurationNs(settings) : faultDurationNs);
    }

    @Override
    public int faultDurations()
    {
        return 1;
    }

    @Override
    public int minNodes()
    {
        return 3;
    }
}
