package org.electbench.quorum;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntPredicate;

import org.electbench.spi.ClusterProfile;
import org.electbench.spi.DerivedSettings;
import org.electbench.spi.Durations;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageRole;
import org.electbench.spi.ElectionSettings.Knob;
import org.electbench.spi.LivenessPromise;
import org.electbench.spi.Parameter;
import org.electbench.spi.SettingsDerivation;

/**
 * The ELECT/VOTE majority election as a plug-in, registered as {@code quorum}. Message types,
 * by id: ELECT, VOTE, LEAD (the heartbeat). The algorithm promises a leader backed by a
 * majority of the configured servers, ranked by the source's rules (see {@link #expectedLeader}).
 *
 * @see QuorumNode
 */
public final class QuorumAlgorithm implements ElectionAlgorithm
{
    public static final String NAME = "quorum";
    /**
     * Off (the default): the source's rules, a leader on more than N/2 identical VOTE(term, msg).
     * On: vote ranges, ballots, durable votes and the stale-leader rules (docs/design/algorithms/quorum.md).
     */
    public static final Parameter<Boolean> BALLOTS = Parameter.onOff("ballots").defaultValue(false)
        .doc("Quorum: vote ranges, ballots and durable votes added for one leader per term; off is the source's rule " +
            "(more than N/2 identical votes)").build();
    /** Election rounds the liveness bound allows after the last heal; see {@link #liveness}. */
    static final int LIVENESS_ROUNDS = 3;
    private static final List<MessageRole> ROLES = List.of(
        MessageRole.ELECTION, MessageRole.ELECTION, MessageRole.HEARTBEAT);

    /** A settled quorum cluster draws nothing: the leader's LEADs are numbered from its start, and a follower only compares one with the last it took. */
    @Override
    public boolean restRepeatsEachHeartbeat()
    {
        return true;
    }

    /** QuorumNode.onStart sets every field a run reads, helpers included, and no node reads the arrangement seed. */
    @Override
    public boolean nodesStartAfresh()
    {
        return true;
    }

    @Override
    public String name()
    {
        return NAME;
    }

    @Override
    public List<Parameter<?>> options()
    {
        return List.of(BALLOTS);
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

    /** The heartbeat, the silence before a server stands, and T_elec, its voting window; it has no T_coord. */
    @Override
    public Set<Knob> knobsRead()
    {
        return EnumSet.of(Knob.HEARTBEAT_INTERVAL, Knob.DETECTION_TIMEOUT, Knob.ELECTION_TIMEOUT);
    }

    /**
     * ELECT, VOTE: electing; LEAD: the heartbeat, whose first round from a new leader is its announcement.
     */
    @Override
    public List<MessageRole> messageRoles()
    {
        return ROLES;
    }

    /** Under loss the ranking prefers whoever heard the latest LEAD, so which messages arrived decides the winner. */
    @Override
    public boolean winnerDeterminedDespiteLoss()
    {
        return false;
    }

    /** The source's ELECTOR enters WATCHING at boot with a timeout of 5 HBT, 5/3 of its 3 HBT after a LEAD. */
    @Override
    public String startUpRule(final ElectionSettings settings)
    {
        final long waitNs = settings.detectionTimeoutNs() / QuorumNode.WATCH_LEAD_HEARTBEATS * QuorumNode.WATCH_ENTRY_HEARTBEATS;
        return "waits " + Durations.human(waitNs) + " (" + QuorumNode.WATCH_ENTRY_HEARTBEATS + "/" +
            QuorumNode.WATCH_LEAD_HEARTBEATS + " D, the source's 5 HBT)";
    }

    /**
     * T_elec, the voting window, above twice the one-way delay bound ({@link ClusterProfile}), or a round closes before a
     * live peer's VOTE can arrive and fails or elects on a partial count. Every round waits its window
     * out, so a T_elec above that bound slows every election: a default one is lowered to it where
     * the bound is known, else marked ({@link SettingsDerivation#waitedOut}).
     */
    @Override
    public DerivedSettings deriveSettings(final ElectionSettings given, final ClusterProfile profile)
    {
        return new SettingsDerivation(given, profile)
            .above(Knob.ELECTION_TIMEOUT, profile.roundTripBoundNs(), "twice " + profile.delayBoundName(),
                "the voting window closes before a live peer's VOTE arrives")
            .waitedOut(Knob.ELECTION_TIMEOUT, profile.roundTripBoundNs())
            .finish();
    }

    /**
     * A leader once more than N/2 of the N configured servers are live and connected: a round
     * needs a server's watch to run out (at most 5/3 D, its entry timeout, or D after a LEAD),
     * its voting window RTT, one delay for the last server to join, one for the VOTEs and one for
     * the first LEAD. A round under way at the heal may miss claims and fail; in the next, every
     * voter ranks the same claims, but one that turns to a new choice covers only terms after its
     * earlier vote, so the ranges may not meet; its ballot makes the third meet.
     */
    @Override
    public LivenessPromise liveness(final ElectionSettings settings, final ClusterProfile profile)
    {
        final long watchNs = settings.detectionTimeoutNs() / QuorumNode.WATCH_LEAD_HEARTBEATS * QuorumNode.WATCH_ENTRY_HEARTBEATS;
        final long roundNs = watchNs + settings.electionTimeoutNs() + 3 * profile.oneWayDelayBoundNs();
        return new LivenessPromise(LivenessPromise.majorityOf(profile.clusterSize()), LIVENESS_ROUNDS * roundNs,
            LIVENESS_ROUNDS + "·(5/3·D + T_elec + 3·d)");
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

    /**
     * The leader the source's ranking promises after a clean leader crash: every live server saw
     * the same latest {@code (term, msg)}, so the smallest id among those that saw it, "earliest
     * in config file", is the smallest live id. A run that ends with another leader is reported as
     * a wrong leader: a server missed the last LEAD (loss, a cut), so the ranking preferred a
     * better-informed one, or an old leader that was still alive kept the vote. Neither breaks the
     * source's rules, but both are outcomes a clean crash does not give, and tables count them.
     *
     * @return the smallest live id, or {@link ElectionNode#NO_LEADER} when none is live.
     */
    @Override
    public int expectedLeader(final int clusterSize, final IntPredicate live)
    {
        for (int id = 1; id <= clusterSize; id++)
        {
            if (live.test(id))
            {
                return id;
            }
        }
        return ElectionNode.NO_LEADER;
    }
}
