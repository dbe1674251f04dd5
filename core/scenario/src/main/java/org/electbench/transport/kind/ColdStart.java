package org.electbench.transport.kind;

import org.electbench.spi.ElectionSettings;

/**
 * Every node boots at once with no leader; each algorithm then follows its own start-up rule
 * ({@link org.electbench.spi.ElectionAlgorithm#startUpRule}): bully and ring stand at boot,
 * quorum's source waits 5 HBT first, raft a random election timeout. Measured from 0: the boot
 * wait is the detection column, the election proper the election column.
 */
public final class ColdStart implements KindDefinition
{
    @Override
    public String description()
    {
        return "all nodes boot together with no leader and follow their algorithm's start-up rule (stated in the row: " +
            "bully and ring stand at boot, quorum waits 5 HBT by its source, raft a random timeout in [T, 2T)); " +
            "measured from 0, the boot wait (detection) apart from the election";
    }

    @Override
    public void plan(final PlanDraft draft)
    {
        draft.coldStart();
    }

    @Override
    public boolean startsCold()
    {
        return true;
    }

    @Override
    public double lastEffectNs(final ElectionSettings settings, final double faultDurationNs)
    {
        return 0;
    }
}
