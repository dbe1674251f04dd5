package org.electbench.ring;

import java.util.List;

import org.electbench.spi.ClusterProfile;
import org.electbench.spi.DerivedSettings;
import org.electbench.spi.Durations;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.LivenessPromise;
import org.electbench.spi.MessageRole;
import org.electbench.spi.ElectionSettings.Knob;
import org.electbench.spi.Parameter;
import org.electbench.spi.RecoveryPolicy;
import org.electbench.spi.RingArrangement;
import org.electbench.spi.SettingsDerivation;

/**
 * The Chang and Roberts (1979) ring election as a plug-in, registered as {@code ring}. Message
 * types, in id order: ELECTION, ELECTED, ACK, HEARTBEAT. It promises the highest live id as
 * leader, the {@link ElectionAlgorithm#expectedLeader} default. See {@link RingNode} for the
 * protocol and its assumptions.
 */
public final class RingAlgorithm implements ElectionAlgorithm
{
    public static final String NAME = "ring";
    private static final List<MessageRole> ROLES = List.of(
        MessageRole.ELECTION, MessageRole.ANNOUNCEMENT, MessageRole.ACKNOWLEDGEMENT, MessageRole.HEARTBEAT);
    /** What a restarted node does; shared with the bully. */
    public static final Parameter<RecoveryPolicy> RECOVERY = RecoveryPolicy.OPTION;
    /** Ring order of ids along the direction of travel. */
    public static final Parameter<RingArrangement> ARRANGEMENT = Parameter.choice("arrangement", RingArrangement.class)
        .defaultValue(RingArrangement.INCREASING)
        .doc("Ring order of ids along the direction of travel: increasing, decreasing, or random (drawn from the seed).").build();
    /** Per-hop acknowledgements: the reliable-hop layer that lets a ring survive crashes. */
    public static final Parameter<Boolean> ACK = Parameter.onOff("ack").defaultValue(true)
        .doc("Ring: acknowledge each hop and skip a dead successor; off is the textbook ring (reliable links, no crashes).")
        .aliases("acknowledgements").build();

    /** A settled ring draws only at boot (its hop incarnation): the leader heartbeats every interval, each follower moves its deadline on each. */
    @Override
    public boolean restRepeatsEachHeartbeat()
    {
        return true;
    }

    /** RingNode.onStart resets every field (ReliableHops and the ring drawn from the context's arrangement seed included) but the malformed count. */
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
        return RingMessages.TYPE_NAMES;
    }

    @Override
    public int heartbeatType()
    {
        return RingMessages.HEARTBEAT;
    }

    /**
     * ELECTION: electing; ELECTED: the new leader's announcement, forwarded round the ring; ACK: acknowledgements of
     * reliable hops; HEARTBEAT.
     */
    @Override
    public List<MessageRole> messageRoles()
    {
        return ROLES;
    }

    @Override
    public List<Parameter<?>> options()
    {
        return List.of(RECOVERY, ARRANGEMENT, ACK);
    }

    @Override
    public int acknowledgementType()
    {
        return RingMessages.ACK;
    }

    /**
     * With acknowledgements: T_elec above twice the one-way delay bound (the maximum of a bounded
     * delay, a stated quantile of an unbounded one: {@link ClusterProfile}), or a live successor's
     * ACK comes back after its hop was passed on and two copies circle; a hop to a dead successor
     * waits T_elec out, so a default one is lowered to that bound where it is known, else marked
     * ({@link SettingsDerivation#waitedOut}); T_coord above two laps past the scenario's dead nodes
     * ({@link #lapNs}: a cascade skips two, a partition its minority), and one lap more per
     * candidate that dies once its election was heard (a cascade's second victim: the others pass
     * its ELECTION on until its predecessor finds it dead, a lap before the winner stands), or a
     * participant restarts a lap still on its way and the ring counts extra laps.
     * HBT above a lap, or the new leader's first heartbeat overtakes its own ELECTED; HBT must stay
     * below the detection timeout, so where a lap does not fit below it the run is marked
     * distorted instead.
     */
    @Override
    public DerivedSettings deriveSettings(final ElectionSettings given, final ClusterProfile profile)
    {
        final SettingsDerivation derivation = new SettingsDerivation(given, profile);
        final int n = profile.clusterSize();
        final long delayNs = profile.oneWayDelayBoundNs();
        final int dead = profile.deadNodes();
        final boolean acks = given.get(ACK);
        long lapNs = lapNs(n, delayNs, 0);
        if (acks)
        {
            derivation.above(Knob.ELECTION_TIMEOUT, profile.roundTripBoundNs(), "twice " + profile.delayBoundName(),
                "a live successor's ACK comes back after the hop was passed on, and two copies circle");
            // A hop to a dead successor waits T_elec out before it skips it: a default above the least is lowered.
            derivation.waitedOut(Knob.ELECTION_TIMEOUT, profile.roundTripBoundNs());
            lapNs = lapNs(n, delayNs, skipNs(dead, derivation.knobNs(Knob.ELECTION_TIMEOUT)));
            final int laps = 2 + profile.lostCandidates();
            derivation.above(Knob.COORDINATOR_TIMEOUT, laps * lapNs,
                (2 == laps ? "two" : laps + "") + " laps of the ring past " + dead + " dead node" + (1 == dead ? "" : "s") + " at " +
                    profile.delayBoundName(), "participants restart laps still on their way and the ring counts extra laps");
        }
        final String bound = "a lap of the ring at " + profile.delayBoundName();
        final String consequence = "the new leader's heartbeat overtakes its ELECTED and cuts the lap short";
        final long detectionNs = derivation.knobNs(Knob.DETECTION_TIMEOUT);
        if (!derivation.isExplicit(Knob.HEARTBEAT_INTERVAL) && derivation.knobNs(Knob.HEARTBEAT_INTERVAL) <= lapNs &&
            SettingsDerivation.aboveNs(lapNs) >= detectionNs)
        {
            derivation.distortion("--heartbeat " + Durations.human(derivation.knobNs(Knob.HEARTBEAT_INTERVAL)) +
                " cannot rise above " + bound + " (" + Durations.human(lapNs) + ") and stay below --detection-timeout " +
                Durations.human(detectionNs) + ": " + consequence);
        }
        else
        {
            derivation.above(Knob.HEARTBEAT_INTERVAL, lapNs, bound, consequence);
        }
        return derivation.finish();
    }

    /** @return the time a lap loses skipping {@code deadNodes} dead successors, each after its hop timeout; saturating. */
    private static long skipNs(final int deadNodes, final long hopTimeoutNs)
    {
        try
        {
            return Math.multiplyExact(deadNodes, hopTimeoutNs);
        }
        catch (final ArithmeticException ex)
        {
            return Long.MAX_VALUE;
        }
    }

    /**
     * A leader once any node is live: a follower notices its leader silent (D, from a heartbeat
     * up to HBT old), then the ELECTION lap and the ELECTED lap ({@link #lapNs}, one dead node
     * skipped per lap); a lap an earlier election or a heal broke is restarted after T_coord.
     */
    @Override
    public LivenessPromise liveness(final ElectionSettings settings, final ClusterProfile profile)
    {
        final long lapNs = lapNs(profile.clusterSize(), profile.oneWayDelayBoundNs(), settings.electionTimeoutNs());
        final long boundNs = settings.detectionTimeoutNs() + settings.heartbeatIntervalNs() + settings.coordinatorTimeoutNs() +
            3 * lapNs;
        final String derivation = "D + HBT + T_coord + 3·lap (lap = n·d + T_elec)";
        if (settings.get(ACK) && settings.electionTimeoutNs() <= profile.roundTripBoundNs())
        {
            // A live successor's late ACK has its hop passed on as well: copies circle and laps restart with no bound
            // (chaos at n = 5 with T_elec 5 ms under a 5 ms delay bound: 17 of 1,000 schedules agreed after it).
            return LivenessPromise.none(profile.clusterSize(), boundNs,
                "T_elec <= 2·d skips live successors, so copies circle: " + derivation + " holds only above");
        }
        return new LivenessPromise(1, boundNs, derivation);
    }

    @Override
    public ElectionNode newNode(final int selfId, final ElectionSettings settings)
    {
        return new RingNode(selfId, settings);
    }

    /**
     * How long one message takes round a ring of {@code n} nodes when every hop takes the delay
     * bound and dead nodes are skipped on the way, each costing its hop timeout T_elec before the
     * next successor is tried: {@code n·delay + skipped}. A node
     * forwards a message as soon as it has handled it, so acknowledgements add nothing to a lap.
     * <p>
     * Settings that do not distort the ring's counts follow from it: T_coord, a participant's
     * wait for ELECTED, must exceed two laps (the winner's ELECTION may need a whole lap to reach
     * its winner, whose ELECTED then needs one more), or laps restart and extra ELECTION messages
     * are counted; the heartbeat interval must exceed one lap, or the new leader's first
     * heartbeat (one hop) overtakes its ELECTED on the far side of a large ring.
     *
     * @param n           the cluster size N, at least 1.
     * @param delayNs     the network's one-way delay bound, at least 0.
     * @param skippedNs   the time lost skipping dead successors (their number times T_elec), at least 0.
     * @return one lap in nanoseconds, saturating at {@link Long#MAX_VALUE}.
     * @throws IllegalArgumentException for a size below 1 or a negative time.
     */
    public static long lapNs(final int n, final long delayNs, final long skippedNs)
    {
        if (n < 1 || delayNs < 0 || skippedNs < 0)
        {
            throw new IllegalArgumentException("a lap needs n >= 1 and delays >= 0, got n=" + n +
                " delay=" + delayNs + " ns skipped=" + skippedNs + " ns");
        }
        try
        {
            return Math.addExact(Math.multiplyExact((long)n, delayNs), skippedNs);
        }
        catch (final ArithmeticException ex)
        {
            return Long.MAX_VALUE;
        }
    }
}
