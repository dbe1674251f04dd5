package org.electbench.quorum;

import java.util.List;
import java.util.function.IntPredicate;

import org.electbench.spi.ClusterProfile;
import org.electbench.spi.DerivedSettings;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.ElectionSettings.Knob;
import org.electbench.spi.SettingsDerivation;

/**
 * The ELECT/VOTE majority election as a plug-in, registered as {@code quorum}. Message types,
 * by id: ELECT, VOTE, LEAD (the heartbeat). The algorithm promises a leader backed by a
 * majority of the configured servers, not a particular id, so it expects none.
 *
 * @see QuorumNode
 */
public final class QuorumAlgorithm implements ElectionAlgorithm
{
    public static final String NAME = "quorum";

    @Override
    public String name()
    {
        return NAME;
    }

    @Override
    public List<String> messageTypes()
    {
        return QuorumMessages.NAMES;
    }

    @Override
    public int heartbeatType()
    {
        return QuorumMessages.LEAD;
    }

    /**
     * T_elec, the voting window, above twice the p99 one-way delay, or a round closes before a
     * live peer's VOTE can arrive and fails or elects on a partial count.
     */
    @Override
    public DerivedSettings deriveSettings(final ElectionSettings given, final ClusterProfile profile)
    {
        return new SettingsDerivation(given, profile)
            .above(Knob.ELECTION_TIMEOUT, profile.roundTripP99Ns(), "twice the p99 one-way delay",
                "the voting window closes before a live peer's VOTE arrives")
            .finish();
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
        return new QuorumNode(selfId, settings);
    }

    /** @return {@link ElectionNode#NO_LEADER}: any majority-backed leader is a correct outcome. */
    @Override
    public int expectedLeader(final int clusterSize, final IntPredicate live)
    {
        return ElectionNode.NO_LEADER;
    }
}
