package org.electbench.raft;

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
import org.electbench.spi.LivenessPromise;
import org.electbench.spi.MessageRole;
import org.electbench.spi.Parameter;
import org.electbench.spi.SettingsDerivation;

/**
 * The Raft-style election as a plug-in, registered as {@code raft}: the reference row the
 * textbook algorithms are read against. Message types, by id: REQUEST_VOTE, VOTE, PRE_VOTE,
 * PRE_VOTE_RESPONSE, HEARTBEAT (the leader's, counted apart as every algorithm's heartbeat is)
 * and HEARTBEAT_RESPONSE, which the tables report as this algorithm's acknowledgements, apart
 * from the election messages and never taken for the first election message of the detection
 * column: with CheckQuorum on, followers answer every heartbeat with one, steady-state upkeep
 * like the heartbeat itself; either way a node answers a heartbeat of a term older than its own
 * with one, which deposes the stale leader (a few per partition heal or resumed pause, counted
 * with the acknowledgements too).
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
    /** Election attempts the liveness bound allows after the last heal. */
    static final int LIVENESS_ATTEMPTS = 4;
    private static final List<MessageRole> ROLES = List.of(
        MessageRole.ELECTION, MessageRole.ELECTION, MessageRole.ELECTION, MessageRole.ELECTION,
        MessageRole.HEARTBEAT, MessageRole.ACKNOWLEDGEMENT);

    /** Width of the random election-timeout range above T; not given, T itself. */
    public static final Parameter<Long> TIMEOUT_SPREAD = Parameter.duration("timeout-spread")
        .defaultValue(ElectionSettings.DEFAULT_DETECTION_TIMEOUT_NS)
        .doc("Raft: election timeouts are drawn uniformly from [T, T + spread), T the detection timeout; " +
        "0 makes them all T. Not given, the spread is the detection timeout itself: [T, 2T), as the Raft paper, etcd " +
        "and HashiCorp raft.").build();
    /** PreVote (thesis §9.6), off by default as in the Raft paper's election. */
    public static final Parameter<Boolean> PRE_VOTE = Parameter.onOff("pre-vote").defaultValue(false)
        .doc("Raft: ask a majority whether they would vote before raising the term, so a node cut off and rejoining " +
        "cannot depose a healthy leader.").build();
    /** CheckQuorum (thesis §6.2), off by default as in the Raft paper's election. */
    public static final Parameter<Boolean> CHECK_QUORUM = Parameter.onOff("check-quorum").defaultValue(false)
        .doc("Raft: a leader that has not heard from a majority for T steps down, so a leader cut off in a minority " +
        "stops believing it leads; followers then answer every heartbeat (HEARTBEAT_RESPONSE).").build();

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
    public int acknowledgementType()
    {
        return RaftMessages.HEARTBEAT_RESPONSE;
    }

    /**
     * REQUEST_VOTE, VOTE, PRE_VOTE, PRE_VOTE_RESPONSE: electing; HEARTBEAT, whose first round from a new leader is its
     * announcement; HEARTBEAT_RESPONSE: acknowledgements.
     */
    @Override
    public List<MessageRole> messageRoles()
    {
        return ROLES;
    }

    @Override
    public List<Parameter<?>> options()
    {
        return List.of(TIMEOUT_SPREAD, PRE_VOTE, CHECK_QUORUM);
    }

    /** The heartbeat and T, its election timeout's floor; a campaign that fails waits a fresh random timeout, not T_elec. */
    @Override
    public Set<ElectionSettings.Knob> knobsRead()
    {
        return EnumSet.of(ElectionSettings.Knob.HEARTBEAT_INTERVAL, ElectionSettings.Knob.DETECTION_TIMEOUT);
    }

    /** @return {@link #TIMEOUT_SPREAD}: the timeout is drawn from [T, T + spread). */
    @Override
    public Parameter<Long> detectionSpread()
    {
        return TIMEOUT_SPREAD;
    }

    @Override
    public Parameter<Boolean> preVote()
    {
        return PRE_VOTE;
    }

    @Override
    public Parameter<Boolean> checkQuorum()
    {
        return CHECK_QUORUM;
    }

    /**
     * The spread, when not given, is the detection timeout itself ([T, 2T)), so a table header
     * states the range the nodes drew from; a spread given at or below the round trip at the delay bound is a
     * distortion: candidates then time out within one round trip of each other, before one's
     * REQUEST_VOTE can reach the others, and split votes repeat.
     */
    @Override
    public DerivedSettings deriveSettings(final ElectionSettings given, final ClusterProfile profile)
    {
        final ElectionSettings.Builder builder = given.toBuilder();
        builder.deriveOption(TIMEOUT_SPREAD, given.detectionTimeoutNs());
        return new SettingsDerivation(builder.build(), profile)
            .above(TIMEOUT_SPREAD, profile.roundTripBoundNs(), "twice " + profile.delayBoundName(),
                "candidates time out within one round trip of each other and split the vote again and again")
            .finish();
    }

    /**
     * A leader once more than N/2 of the N configured nodes are live and connected. An attempt
     * is an election timeout (at most T + spread), a RequestVote round trip (and a PreVote one
     * before it when PreVote is on); a node that raised its term while cut off deposes the
     * leader once more, and randomised timeouts split the vote rarely but without a hard limit:
     * the bound allows {@value #LIVENESS_ATTEMPTS} attempts.
     */
    @Override
    public LivenessPromise liveness(final ElectionSettings settings, final ClusterProfile profile)
    {
        final RaftConfig config = RaftConfig.of(settings);
        final int roundTrips = config.preVote() ? 2 : 1;
        final long attemptNs = config.minElectionTimeoutNs() + config.spreadNs() + 2L * roundTrips * profile.oneWayDelayBoundNs();
        return new LivenessPromise(LivenessPromise.majorityOf(profile.clusterSize()), LIVENESS_ATTEMPTS * attemptNs,
            LIVENESS_ATTEMPTS + "·(T + spread + " + 2 * roundTrips + "·d)");
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

    /** RaftNode.onStart sets every field but the malformed count afresh, and raft never reads the arrangement seed. */
    @Override
    public boolean nodesStartAfresh()
    {
        return true;
    }

    /** A follower that hears no leader stands after its random election timeout, at boot as after a crash. */
    @Override
    public String startUpRule(final ElectionSettings settings)
    {
        final long lowNs = settings.detectionTimeoutNs();
        return "waits [" + Durations.human(lowNs) + ", " +
            Durations.human(lowNs + settings.get(TIMEOUT_SPREAD)) + ") at random";
    }

    /** @return {@link ElectionNode#NO_LEADER}: any majority-backed leader is a correct outcome. */
    @Override
    public int expectedLeader(final int clusterSize, final IntPredicate live)
    {
        return ElectionNode.NO_LEADER;
    }
}
