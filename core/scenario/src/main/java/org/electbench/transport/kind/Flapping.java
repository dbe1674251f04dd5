package org.electbench.transport.kind;

import org.electbench.spi.ElectionSettings;

/**
 * The highest id N crashes and recovers {@value #CYCLES} times, down for the fault duration
 * (default 2 D + T_coord) and up for 2 D each time. Measured from the last recovery.
 */
public final class Flapping implements KindDefinition
{
    static final int CYCLES = 3;

    @Override
    public String description()
    {
        return "settled; the highest id N crashes and recovers " + CYCLES + " times, down for the fault duration " +
            "(default 2 D + T_coord) and up for 2 D each time; measured from the last recovery";
    }

    @Override
    public void plan(final PlanDraft draft)
    {
        final ElectionSettings settings = draft.settings();
        final long detectNs = settings.detectionTimeoutNs();
        final long downNs = draft.faultDurationOr(2 * detectNs + settings.coordinatorTimeoutNs());
        long atNs = draft.faultAtNs();
        for (int cycle = 0; cycle < CYCLES; cycle++)
        {
            draft.faults().crash(draft.nodes(), atNs);
            draft.faults().recover(draft.nodes(), atNs + downNs);
            draft.measureFrom(atNs + downNs);
            atNs += downNs + 2 * detectNs;
        }
    }

    @Override
    public double lastEffectNs(final ElectionSettings settings, final double faultDurationNs)
    {
        final double detectNs = settings.detectionTimeoutNs();
        final double downNs = 0 == faultDurationNs ? 2 * detectNs + settings.coordinatorTimeoutNs() : faultDurationNs;
        return 3.0 * settings.heartbeatIntervalNs() + CYCLES * downNs + (CYCLES - 1) * 2 * detectNs;
    }

    @Override
    public int faultDurations()
    {
        return CYCLES;
    }
}
