package org.electbench.tune;

import java.util.List;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.Durations;

/**
 * One point of a sweep: the four timing knobs every algorithm reads (HBT, detection timeout,
 * T_elec, T_coord), as {@code simulate} flags reproduce them.
 *
 * @param heartbeatNs   heartbeat interval HBT.
 * @param detectionNs   leader silence before a follower acts.
 * @param electionNs    T_elec.
 * @param coordinatorNs T_coord.
 */
public record Setting(long heartbeatNs, long detectionNs, long electionNs, long coordinatorNs)
{
    /**
     * @param seed the scenario seed, which {@code simulate} also gives the settings (the ring's random arrangement).
     * @return validated settings.
     */
    public ElectionSettings settings(final long seed)
    {
        return ElectionSettings.builder()
            .heartbeatIntervalNs(heartbeatNs)
            .detectionTimeoutNs(detectionNs)
            .electionTimeoutNs(electionNs)
            .coordinatorTimeoutNs(coordinatorNs)
            .arrangementSeed(seed)
            .build();
    }

    /** @return the {@code simulate} flags that reproduce this setting. */
    public List<String> flags()
    {
        return List.of(
            "--heartbeat", Durations.format(heartbeatNs),
            "--detection-timeout", Durations.format(detectionNs),
            "--election-timeout", Durations.format(electionNs),
            "--coordinator-timeout", Durations.format(coordinatorNs));
    }

    /** @return the detection timeout as a multiple of the heartbeat. */
    public double detectionRatio()
    {
        return (double)detectionNs / heartbeatNs;
    }

    @Override
    public String toString()
    {
        return "HBT " + Durations.format(heartbeatNs) + ", detect " + Durations.format(detectionNs) +
            ", T_elec " + Durations.format(electionNs) + ", T_coord " + Durations.format(coordinatorNs);
    }
}
