package org.electbench.raft;

import java.util.List;
import java.util.function.IntPredicate;

import org.electbench.spi.AlgorithmOption;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;

/**
 * The Raft-style election as a plug-in, registered as {@code raft}: the reference row the
 * textbook algorithms are read against. Message types, by id: REQUEST_VOTE, VOTE, PRE_VOTE,
 * PRE_VOTE_RESPONSE, HEARTBEAT (the leader's, counted apart as every algorithm's heartbeat is)
 * and HEARTBEAT_RESPONSE. The SPI names one heartbeat type, so a table counts HEARTBEAT_RESPONSE
 * with the election messages: with CheckQuorum on, the replies to heartbeats still in flight at
 * a crash are the first non-heartbeat sends and so set the detection column; with it off a
 * HEARTBEAT_RESPONSE is sent only to depose a stale leader, which is election traffic.
 * <p>
 * Options, declared so every command that runs a scenario has them as flags: {@code
 * --timeout-spread D}, {@code --pre-vote on|off}, {@code --check-quorum on|off}; T is the shared
 * {@code --detection-timeout} and HBT the shared {@code --heartbeat} (see {@link RaftConfig}).
 * Defaults are the Raft paper's election: [T, 2T), neither PreVote nor CheckQuorum.
 * <p>
 * Raft promises a leader backed by a majority of the configured cluster, not a particular id,
 * so it expects none.
 *
 * @see RaftNode
 */
public final class RaftAlgorithm implements ElectionAlgorithm
{
    public static final String NAME = "raft";

    /** Width of the random election-timeout range above T; not given, T itself. */
    public static final AlgorithmOption<Long> TIMEOUT_SPREAD = AlgorithmOption.duration("timeout-spread",
        ElectionSettings.DEFAULT_DETECTION_TIMEOUT_NS,
        "Raft: election timeouts are drawn uniformly from [T, T + spread), T the detection timeout; " +
        "0 makes them all T. Not given, the spread is the detection timeout itself: [T, 2T), as the Raft paper, etcd " +
        "and HashiCorp raft.");
    /** PreVote (thesis §9.6), off by default as in the Raft paper's election. */
    public static final AlgorithmOption<Boolean> PRE_VOTE = AlgorithmOption.onOff("pre-vote", false,
        "Raft: ask a majority whether they would vote before raising the term, so a node cut off and rejoining " +
        "cannot depose a healthy leader.");
    /** CheckQuorum (thesis §6.2), off by default as in the Raft paper's election. */
    public static final AlgorithmOption<Boolean> CHECK_QUORUM = AlgorithmOption.onOff("check-quorum", false,
        "Raft: a leader that has not heard from a majority for T steps down, so a leader cut off in a minority " +
        "stops believing it leads; followers then answer every heartbeat (HEARTBEAT_RESPONSE).");

    @Override
    public String name()
    {
        return NAME;
    }

    @Override
    public List<String> messageTypes()
    {
        return RaftMessages.NAMES;
    }

    @Override
    public int heartbeatType()
    {
        return RaftMessages.HEARTBEAT;
    }

    @Override
    public List<AlgorithmOption<?>> options()
    {
        return List.of(TIMEOUT_SPREAD, PRE_VOTE, CHECK_QUORUM);
    }

    @Override
    public ElectionNode newNode(final int selfId, final ElectionSettings settings)
    {
        if (selfId < 1)
        {
            throw new IllegalArgumentException("node id must be 1..N, was " + selfId);
        }
        if (null == settings)
        {
            throw new IllegalArgumentException("settings must not be null");
        }
        return new RaftNode(selfId, RaftConfig.of(settings));
    }

    /** @return {@link ElectionNode#NO_LEADER}: any majority-backed leader is a correct outcome. */
    @Override
    public int expectedLeader(final int clusterSize, final IntPredicate live)
    {
        return ElectionNode.NO_LEADER;
    }
}
