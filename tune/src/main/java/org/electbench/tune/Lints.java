package org.electbench.tune;

import java.util.ArrayList;
import java.util.List;


/**
 * The timing rules real systems enforce and users trip on, checked against a setting under the
 * fitted network:
 * <ul>
 *   <li>the detection timeout at least 5 heartbeats (etcd refuses an election timeout under five
 *       heartbeat intervals: one late heartbeat must not look like a dead leader);</li>
 *   <li>the detection timeout above the RTT tail on top of a heartbeat (a heartbeat delayed by the
 *       measured tail must still arrive in time; the tail is the histogram's maximum when known,
 *       else the p99);</li>
 *   <li>T_elec above the RTT p99: an answer from a live peer has to fit in the election window;</li>
 *   <li>raft's timeout spread above the RTT p99, else candidates time out within one round trip
 *       of each other and split the vote again and again;</li>
 *   <li>T_coord above a ring lap: N hops at the p99 one-way delay, plus one T_elec to skip a dead
 *       successor.</li>
 * </ul>
 */
public final class Lints
{
    static final int MIN_DETECTION_HEARTBEATS = 5;

    private Lints()
    {
    }

    /** @return one line per rule the setting breaks, empty when it breaks none. */
    public static List<String> check(final Setting setting, final Knobs knobs, final int nodes, final NetworkFit network)
    {
        final List<String> lints = new ArrayList<>();
        final long detectionNs = setting.detectionNs();
        if (detectionNs < MIN_DETECTION_HEARTBEATS * setting.heartbeatNs())
        {
            lints.add("detection timeout " + TuneFormat.duration(detectionNs) + " is under " + MIN_DETECTION_HEARTBEATS +
                " heartbeats (" + TuneFormat.duration(MIN_DETECTION_HEARTBEATS * setting.heartbeatNs()) + "); etcd refuses that");
        }
        final long tailNs = network.rttMaxNs() > 0 ? network.rttMaxNs() : network.rttP99Ns();
        if (detectionNs <= setting.heartbeatNs() + tailNs)
        {
            lints.add("detection timeout " + TuneFormat.duration(detectionNs) + " is not above a heartbeat plus the RTT tail (" +
                TuneFormat.duration(setting.heartbeatNs() + tailNs) + ")");
        }
        if (knobs.election() && setting.electionNs() <= network.rttP99Ns())
        {
            lints.add("T_elec " + TuneFormat.duration(setting.electionNs()) + " is not above the RTT p99 (" +
                TuneFormat.duration(network.rttP99Ns()) + ")");
        }
        if (knobs.spreads() && knobs.spreadNs(setting) <= network.rttP99Ns())
        {
            lints.add("timeout spread " + TuneFormat.duration(knobs.spreadNs(setting)) + " is not above the RTT p99 (" +
                TuneFormat.duration(network.rttP99Ns()) + "): candidates time out within a round trip of each other and split votes");
        }
        final long lapNs = nodes * network.oneWayP99Ns() + Math.max(0, setting.electionNs());
        if (knobs.coordinator() && setting.coordinatorNs() <= lapNs)
        {
            lints.add("T_coord " + TuneFormat.duration(setting.coordinatorNs()) + " is not above a ring lap (" +
                TuneFormat.duration(lapNs) + ": " + nodes + " hops at the p99 one-way delay and one skipped node)");
        }
        return lints;
    }
}
