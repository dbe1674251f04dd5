package org.electbench.bully;

import java.util.List;

import org.electbench.spi.ClusterProfile;
import org.electbench.spi.DerivedSettings;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.LivenessPromise;
import org.electbench.spi.MessageRole;
import org.electbench.spi.ElectionSettings.Knob;
import org.electbench.spi.Parameter;
import org.electbench.spi.RecoveryPolicy;
import org.electbench.spi.SettingsDerivation;

/**
 * Garcia-Molina's bully election as a plug-in, registered as {@code bully}. Message types, by
 * id: ELECTION, OK, COORDINATOR, HEARTBEAT. The highest live id is the leader a correct run
 * ends with (the SPI's default {@link #expectedLeader}).
 *
 * @see BullyNode
 */
public final class BullyAlgorithm implements ElectionAlgorithm
{
    public static final String NAME = "bully";
    private static final List<MessageRole> ROLES = List.of(
        MessageRole.ELECTION, MessageRole.ELECTION, MessageRole.ANNOUNCEMENT, MessageRole.HEARTBEAT);
    /** What a restarted node does; shared with the ring. */
    public static final Parameter<RecoveryPolicy> RECOVERY = RecoveryPolicy.OPTION;
    /** The textbook variant in which the highest live id declares at once; the sources wait T_elec. */
    public static final Parameter<Boolean> IMMEDIATE_DECLARE = Parameter.onOff("immediate-declare").defaultValue(false)
        .doc("Bully: the highest live id declares itself at once instead of waiting T_elec like any candidate " +
        "(a variant some textbooks teach; the sources wait).").build();

    /** A settled bully cluster draws nothing: the leader heartbeats at once and every interval, each follower re-arms its detection timer on each. */
    @Override
    public boolean restRepeatsEachHeartbeat()
    {
        return true;
    }

    /** A bully node's onStart sets its belief, terms, timers and flags afresh; it reads no arrangement. */
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
    public List<String> messageTypes()
    {
        return BullyMessages.NAMES;
    }

    @Override
    public int heartbeatType()
    {
        return BullyMessages.HEARTBEAT;
    }

    /**
     * ELECTION, OK: electing; COORDINATOR: the new leader's announcement; HEARTBEAT.
     */
    @Override
    public List<MessageRole> messageRoles()
    {
        return ROLES;
    }

    @Override
    public List<Parameter<?>> options()
    {
        return List.of(RECOVERY, IMMEDIATE_DECLARE);
    }

    /**
     * T_elec above twice the one-way delay bound (the maximum of a bounded delay, a stated high
     * quantile of an unbounded one: {@link ClusterProfile}), or a candidate stops waiting for OK
     * before a live higher node's answer arrives and declares itself beside it; T_coord above
     * T_elec plus that round trip, or a node that got OK gives up on the COORDINATOR of a higher
     * node still waiting out its own T_elec, and elects again. The highest live id waits T_elec out
     * before it declares, so a T_elec above that bound slows every election: a default one is
     * lowered to it where the bound is known, else marked ({@link SettingsDerivation#waitedOut}).
     */
    @Override
    public DerivedSettings deriveSettings(final ElectionSettings given, final ClusterProfile profile)
    {
        final SettingsDerivation derivation = new SettingsDerivation(given, profile)
            .above(Knob.ELECTION_TIMEOUT, profile.roundTripBoundNs(), "twice " + profile.delayBoundName(),
                "a candidate stops waiting for OK before a live higher node's answer arrives")
            .waitedOut(Knob.ELECTION_TIMEOUT, profile.roundTripBoundNs());
        return derivation
            .above(Knob.COORDINATOR_TIMEOUT, derivation.knobNs(Knob.ELECTION_TIMEOUT) + profile.roundTripBoundNs(),
                "T_elec plus twice " + profile.delayBoundName(),
                "a node that got OK gives up on the COORDINATOR of a higher node still in its own election")
            .finish();
    }

    /**
     * A leader once any node is live: the highest live id, which hears the leader it follows
     * fall silent (D, from a heartbeat up to HBT old) or a lower one's heartbeat, or, restarted,
     * listens D first; then holds an election (T_elec) and announces (COORDINATOR, one delay). A
     * lower node that started first waits T_coord for that announcement after its OK (two more
     * delays), and one of its ELECTIONs may still be in flight: one delay more.
     */
    @Override
    public LivenessPromise liveness(final ElectionSettings settings, final ClusterProfile profile)
    {
        final long boundNs = settings.detectionTimeoutNs() + settings.heartbeatIntervalNs() + settings.electionTimeoutNs() +
            settings.coordinatorTimeoutNs() + 4 * profile.oneWayDelayBoundNs();
        return new LivenessPromise(1, boundNs, "D + HBT + T_elec + T_coord + 4·d");
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
        return new BullyNode(selfId, settings);
    }
}
