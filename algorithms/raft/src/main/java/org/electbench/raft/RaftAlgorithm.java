package org.electbench.raft;

import java.util.List;
import java.util.function.IntPredicate;

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
 * Raft promises a leader backed by a majority of the configured cluster, not a particular id,
 * so it expects none.
 *
 * @see RaftNode
 */
public final class RaftAlgorithm implements ElectionAlgorithm
{
    public static final String NAME = "raft";

    private final RaftConfig config;

    /** The registered algorithm, with {@link RaftConfig#DEFAULTS}. */
    public RaftAlgorithm()
    {
        this(RaftConfig.DEFAULTS);
    }

    public RaftAlgorithm(final RaftConfig config)
    {
        if (null == config)
        {
            throw new IllegalArgumentException("config must not be null");
        }
        this.config = config;
    }

    public RaftConfig config()
    {
        return config;
    }

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
        return new RaftNode(selfId, settings, config);
    }

    /** @return {@link ElectionNode#NO_LEADER}: any majority-backed leader is a correct outcome. */
    @Override
    public int expectedLeader(final int clusterSize, final IntPredicate live)
    {
        return ElectionNode.NO_LEADER;
    }
}
