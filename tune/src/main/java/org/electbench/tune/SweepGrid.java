package org.electbench.tune;

import java.util.ArrayList;
import java.util.List;

/**
 * The settings a sweep tries for one algorithm. Values come from one fixed 1-2-5 ladder
 * (100 µs, 200 µs, 500 µs, 1 ms, … 100 s), so a larger RTT tail only ever removes the smallest
 * candidates and never shifts the others:
 * <ul>
 *   <li>heartbeat: the first {@code heartbeats} ladder values at or above the RTT p99 (a
 *       heartbeat more often than a round trip only adds traffic);</li>
 *   <li>detection timeout: 3, 5 and 10 heartbeats (3 is there to show why etcd refuses it), or
 *       the algorithm's own fixed multiple when it has one;</li>
 *   <li>T_elec: the first {@code elections} ladder values above the RTT p99, twice the p99
 *       one-way delay, the shortest window a live peer's answer fits in 99 times in 100;</li>
 *   <li>T_coord: derived, {@link #coordinatorNs}.</li>
 * </ul>
 */
public final class SweepGrid
{
    static final long[] MULTIPLIERS = {3, 5, 10};
    private static final long LADDER_START_NS = 100_000L;
    private static final long LADDER_END_NS = 100_000_000_000L;

    private final int heartbeats;
    private final int elections;

    /**
     * @param heartbeats how many heartbeat intervals to try.
     * @param elections  how many T_elec values to try.
     */
    public SweepGrid(final int heartbeats, final int elections)
    {
        if (heartbeats < 1 || elections < 1)
        {
            throw new IllegalArgumentException("a sweep needs at least one heartbeat and one T_elec");
        }
        this.heartbeats = heartbeats;
        this.elections = elections;
    }

    /** @return the default sweep: five heartbeats, two T_elec. */
    public static SweepGrid defaults()
    {
        return new SweepGrid(5, 2);
    }

    /** @return every setting to try for an algorithm that reads these knobs. */
    public List<Setting> settings(final Knobs knobs, final int nodes, final NetworkFit network)
    {
        final List<Setting> settings = new ArrayList<>();
        for (final long heartbeatNs : ladderFrom(network.rttP99Ns(), heartbeats))
        {
            for (final long electionNs : ladderFrom(network.rttP99Ns() + 1, elections))
            {
                final long coordinatorNs = coordinatorNs(electionNs, nodes, network);
                if (knobs.detection())
                {
                    for (final long multiplier : MULTIPLIERS)
                    {
                        settings.add(new Setting(heartbeatNs, multiplier * heartbeatNs, electionNs, coordinatorNs));
                    }
                }
                else
                {
                    settings.add(new Setting(heartbeatNs, knobs.detectionHeartbeats() * heartbeatNs, electionNs, coordinatorNs));
                }
            }
        }
        return settings;
    }

    /**
     * T_coord: long enough for bully's nested election (the higher node's own T_elec, then its
     * COORDINATOR) and for two of the ring's ELECTED laps at the p99 one-way delay per hop.
     */
    static long coordinatorNs(final long electionNs, final int nodes, final NetworkFit network)
    {
        return 2 * electionNs + 2L * nodes * network.oneWayP99Ns();
    }

    /** @return the first {@code count} ladder values at or above {@code floorNs}. */
    static List<Long> ladderFrom(final long floorNs, final int count)
    {
        final List<Long> values = new ArrayList<>(count);
        for (long decade = LADDER_START_NS; decade <= LADDER_END_NS && values.size() < count; decade *= 10)
        {
            for (final long step : new long[] {1, 2, 5})
            {
                final long value = decade * step;
                if (value >= floorNs && values.size() < count)
                {
                    values.add(value);
                }
            }
        }
        return values;
    }
}
