package org.electbench.tune;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * A real system's default timing knobs, mapped onto the four this suite's algorithms read
 * (the mapping is stated in the README):
 * <ul>
 *   <li>etcd: heartbeat-interval 100 ms is HBT; election-timeout 1000 ms is both the follower's
 *       silence before it campaigns (detection) and a campaign's wait before it retries (T_elec).</li>
 *   <li>HashiCorp raft: HeartbeatTimeout 1000 ms is the detection timeout; the leader heartbeats
 *       at a tenth of it (100 ms); ElectionTimeout 1000 ms is T_elec. Raft draws its timers in
 *       [T, 2T); the suite's raft randomises the same way, the others use T.</li>
 *   <li>Consul: HashiCorp raft's defaults times its raft_multiplier, 5 by default: 500 ms, 5 s, 5 s.</li>
 *   <li>Aeron Cluster: leader heartbeat interval 200 ms is HBT, leader heartbeat timeout 10 s the
 *       detection timeout, election timeout 1 s is T_elec.</li>
 *   <li>Kubernetes leases (client-go leader election): a leader renews every retryPeriod 2 s (HBT),
 *       candidates wait out leaseDuration 15 s (detection) and retry every retryPeriod 2 s
 *       (T_elec); renewDeadline 10 s, the leader's own give-up, has no counterpart here.</li>
 * </ul>
 * T_coord, which none of them has, is derived as for the sweep (twice T_elec plus two ring laps
 * at the p99 one-way delay).
 */
public enum Preset
{
    ETCD("etcd", 100, 1_000, 1_000),
    HASHICORP_RAFT("hashicorp-raft", 100, 1_000, 1_000),
    CONSUL("consul", 500, 5_000, 5_000),
    AERON_CLUSTER("aeron-cluster", 200, 10_000, 1_000),
    KUBERNETES_LEASE("kubernetes-lease", 2_000, 15_000, 2_000);

    private static final long NANOS_PER_MILLI = 1_000_000L;

    private final String cliName;
    private final long heartbeatNs;
    private final long detectionNs;
    private final long electionNs;

    Preset(final String cliName, final long heartbeatMs, final long detectionMs, final long electionMs)
    {
        this.cliName = cliName;
        this.heartbeatNs = heartbeatMs * NANOS_PER_MILLI;
        this.detectionNs = detectionMs * NANOS_PER_MILLI;
        this.electionNs = electionMs * NANOS_PER_MILLI;
    }

    public String cliName()
    {
        return cliName;
    }

    /**
     * @param knobs what the algorithm reads: a knob it does not read is left out (-1), as the sweep leaves it.
     * @return the preset's knobs, with T_coord derived for the cluster and network.
     */
    public Setting setting(final Knobs knobs, final int nodes, final NetworkFit network)
    {
        return new Setting(heartbeatNs, detectionNs, knobs.election() ? electionNs : -1,
            knobs.coordinator() ? SweepGrid.coordinatorNs(electionNs, nodes, network) : -1);
    }

    /**
     * @param name a preset's name, as on the command line.
     * @return the preset.
     * @throws IllegalArgumentException listing the known names.
     */
    public static Preset fromCliName(final String name)
    {
        for (final Preset preset : values())
        {
            if (preset.cliName.equals(name))
            {
                return preset;
            }
        }
        throw new IllegalArgumentException("--preset: unknown preset '" + name + "'; known: " + names());
    }

    /** @return the known names, comma-separated. */
    public static String names()
    {
        return Arrays.stream(values()).map(Preset::cliName).collect(Collectors.joining(", "));
    }
}
