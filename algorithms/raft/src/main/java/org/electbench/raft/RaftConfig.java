package org.electbench.raft;

import org.electbench.spi.ElectionSettings;

/**
 * Raft's own knobs, beside the {@link ElectionSettings} every algorithm shares.
 * <p>
 * The election timeout is drawn uniformly from [T, T + spread) on every reset, where T is the
 * shared detection timeout: the leader silence after which the earliest follower acts is the same
 * for raft as for bully, ring and quorum, so a table compares them at one failure-detection
 * silence. The spread is what raft adds on top to break ties; by default it equals T, the Raft
 * paper's 150-300 ms range and the [T, 2T) of etcd and HashiCorp raft. The leader heartbeats
 * every HBT, the shared heartbeat interval.
 *
 * @param spreadNs    width of the random range above T, or {@link #SPREAD_OF_ONE_TIMEOUT} for T itself;
 *                    0 makes every timeout exactly T.
 * @param preVote     ask a majority whether they would vote before raising the term (thesis §9.6).
 * @param checkQuorum a leader that has not heard from a majority within T steps down (thesis §6.2).
 */
public record RaftConfig(long spreadNs, boolean preVote, boolean checkQuorum)
{
    /** The spread that stands for "as wide as T": [T, 2T). */
    public static final long SPREAD_OF_ONE_TIMEOUT = -1;

    /** The Raft paper's election: [T, 2T), neither PreVote nor CheckQuorum. */
    public static final RaftConfig DEFAULTS = new RaftConfig(SPREAD_OF_ONE_TIMEOUT, false, false);

    public RaftConfig
    {
        if (spreadNs < 0 && SPREAD_OF_ONE_TIMEOUT != spreadNs)
        {
            throw new IllegalArgumentException("timeout spread must be at least 0, was " + spreadNs + " ns");
        }
    }

    public RaftConfig withSpreadNs(final long spreadNs)
    {
        return new RaftConfig(spreadNs, preVote, checkQuorum);
    }

    public RaftConfig withPreVote(final boolean preVote)
    {
        return new RaftConfig(spreadNs, preVote, checkQuorum);
    }

    public RaftConfig withCheckQuorum(final boolean checkQuorum)
    {
        return new RaftConfig(spreadNs, preVote, checkQuorum);
    }

    /** @return T, the shortest election timeout: the shared detection timeout. */
    public static long minElectionTimeoutNs(final ElectionSettings settings)
    {
        return settings.detectionTimeoutNs();
    }

    /** @return the width of the random range above T under these settings. */
    public long spreadNs(final ElectionSettings settings)
    {
        return SPREAD_OF_ONE_TIMEOUT == spreadNs ? minElectionTimeoutNs(settings) : spreadNs;
    }
}
