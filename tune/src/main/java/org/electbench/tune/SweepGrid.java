package org.electbench.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The settings a sweep tries for one algorithm. Values come from one fixed 1-2-5 ladder
 * (100 µs, 200 µs, 500 µs, 1 ms, … 100 s), so a larger RTT tail only ever removes the smallest
 * candidates and never shifts the others:
 * <ul>
 *   <li>heartbeat: the first {@code heartbeats} ladder values at or above the RTT p99 (a
 *       heartbeat more often than a round trip only adds traffic);</li>
 *   <li>detection timeout: 3, 5 and 10 heartbeats (3 is there to show why etcd refuses it), ;</li>
 *   <li>T_elec, for an algorithm that reads it: the first {@code elections} ladder values above
 *       the RTT p99, the shortest window a live peer's answer fits in 99 times in 100;</li>
 *   <li>T_coord, for an algorithm that reads it: derived, {@link #coordinatorNs};</li>
 *   <li>a declared random spread of the detection timeout (raft's): half the detection timeout
 *       and the whole of it (raft's default, [T, 2T)).</li>
 * </ul>
 * Which of these an algorithm gets is what it declares it reads ({@link Knobs}): raft none of
 * T_elec and T_coord, quorum no T_coord.
 */
public final class SweepGrid
{
    static final long[] MULTIPLIERS = {3, 5, 10};
    /** Raft's spreads, in halves of the detection timeout. */
    private static final long[] SPREAD_HALVES = {1, 2};
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
        // T_coord derives from a T_elec ladder value even for an algorithm that reads T_coord alone.
        final List<Long> electionValues = knobs.election() || knobs.coordinator() ? ladderFrom(network.rttP99Ns() + 1, elections) : List.of(-1L);
        for (final long heartbeatNs : ladderFrom(network.rttP99Ns(), heartbeats))
        {
            for (final long ladderElectionNs : electionValues)
            {
                final long electionNs = knobs.election() ? ladderElectionNs : -1;
                final long coordinatorNs = knobs.coordinator() ? coordinatorNs(ladderElectionNs, nodes, network) : -1;
                for (final long multiplier : MULTIPLIERS)
                {
                    final long detectionNs = multiplier * heartbeatNs;
                    if (knobs.spreads())
                    {
                        for (final long halves : SPREAD_HALVES)
                        {
                            settings.add(new Setting(heartbeatNs, detectionNs, electionNs, coordinatorNs, halves * detectionNs / 2, Map.of()));
                        }
                    }
                    else
                    {
                        settings.add(new Setting(heartbeatNs, detectionNs, electionNs, coordinatorNs));
                    }
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
        return roundUp(2 * electionNs + 2L * nodes * network.oneWayP99Ns());
    }

    /** @return the value rounded up to two significant figures, so a derived knob reads as a person would set it. */
    static long roundUp(final long ns)
    {
        final long unit = (long)Math.pow(10, Math.max(0, (long)Math.floor(Math.log10(Math.max(1, ns))) - 1));
        return (ns + unit - 1) / unit * unit;
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
