package org.electbench.raft;

import org.electbench.spi.ElectionSettings;

/**
 * What one raft node reads from the cluster's {@link ElectionSettings}, once, when it is made:
 * the shared timings and raft's declared options ({@link RaftAlgorithm#options()}).
 * <p>
 * The election timeout is drawn uniformly from [T, T + spread) on every reset, where T is the
 * shared detection timeout: the leader silence after which the earliest follower acts is the same
 * for raft as for bully, ring and quorum, so a table compares them at one failure-detection
 * silence. The spread is what raft adds on top to break ties; unless given it equals T, the Raft
 * paper's 150-300 ms range and the [T, 2T) of etcd and HashiCorp raft. The leader heartbeats
 * every HBT, the shared heartbeat interval.
 *
 * @param minElectionTimeoutNs T, the shortest election timeout: the detection timeout.
 * @param spreadNs             width of the random range above T; 0 makes every timeout exactly T.
 * @param heartbeatIntervalNs  HBT.
 * @param preVote              ask a majority whether they would vote before raising the term (thesis §9.6).
 * @param checkQuorum          a leader that has not heard from a majority within T steps down (thesis §6.2).
 */
public record RaftConfig(
    long minElectionTimeoutNs,
    long spreadNs,
    long heartbeatIntervalNs,
    boolean preVote,
    boolean checkQuorum)
{
    /** @return what a node of a cluster with these settings runs with. */
    public static RaftConfig of(final ElectionSettings settings)
    {
        final long minElectionTimeoutNs = settings.detectionTimeoutNs();
        return new RaftConfig(
            minElectionTimeoutNs,
            settings.isExplicit(RaftAlgorithm.TIMEOUT_SPREAD) ? settings.get(RaftAlgorithm.TIMEOUT_SPREAD) : minElectionTimeoutNs,
            settings.heartbeatIntervalNs(),
            settings.get(RaftAlgorithm.PRE_VOTE),
            settings.get(RaftAlgorithm.CHECK_QUORUM));
    }
}
