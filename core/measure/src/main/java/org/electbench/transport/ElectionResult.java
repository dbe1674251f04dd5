package org.electbench.transport;

import java.util.List;

import org.electbench.spi.ElectionNode;
import org.electbench.spi.MessageRole;

/**
 * What the {@link ConvergenceMonitor} measured in one run. Times are nanoseconds, from the
 * scenario's reference instant ({@link RunPlan#referenceNs()}: the fault, the heal of a
 * partition, the start of a pause, the last recovery of flapping, 0 at cold start) unless a
 * method says "from the fault" ({@link RunPlan#faultNs()}: the crash, the cut of a partition, the
 * start of a pause, the first crash of flapping); -1 where there is nothing to measure. Message
 * counts are sends (a send to a crashed or unreachable node counts), up to agreement (or the end
 * of the run when it did not converge), by type and by the role each send played
 * ({@link MessageRole}, as the algorithm declares it), with a new leader's first round of
 * heartbeats apart from the later ones: "messages" are every message the algorithm needs until
 * agreement, alike for every algorithm: the election messages and their replies, the
 * acknowledgements, the announcement and the new leader's first round of heartbeats; only the
 * later heartbeats are counted apart.
 */
public final class ElectionResult
{
    /**
     * What a long disturbance did, from the fault to the end of the last fault's effect; every
     * figure -1 when that span is empty (a crash, a cold start).
     *
     * @param spanNs                   the disturbance's length.
     * @param stableLeaderNs           the fault to the start of the office of the majority leader that held,
     *                                 unbroken, for the stable window by the span's end; -1 for none.
     * @param leaderChanges            new majority leaders (another id or term) within the span.
     * @param leaderChangesPerMinute   the same per minute of the span, rounded.
     * @param availabilityPerMille     the share of the span with a majority leader, in thousandths.
     * @param electionMessages         election and announcement messages sent within the span.
     * @param electionMessagesPerMinute the same per minute of the span, rounded.
     * @param availabilityByBinPerMille availability over time: the span cut into {@link #BINS} equal
     *                                 parts, per part the share with a majority leader, in thousandths.
     * @param splitBrainNs             time within the span with two or more live leaders anywhere.
     * @param splitBrainByBinPerMille  the same over time: per part the share with two or more leaders.
     */
    public record Disturbance(
        long spanNs,
        long stableLeaderNs,
        long leaderChanges,
        long leaderChangesPerMinute,
        long availabilityPerMille,
        long electionMessages,
        long electionMessagesPerMinute,
        long[] availabilityByBinPerMille,
        long splitBrainNs,
        long[] splitBrainByBinPerMille)
    {
        /** The parts availability over time is told in: fine enough to show a flap, few enough for a table's CSV. */
        public static final int BINS = 20;
        public static final Disturbance NONE = new Disturbance(-1, -1, -1, -1, -1, -1, -1, new long[0], -1, new long[0]);

        /** @return the share of part {@code bin} of the span with a majority leader, in thousandths; -1 without a disturbance. */
        public long availabilityPerMille(final int bin)
        {
            return bin < availabilityByBinPerMille.length ? availabilityByBinPerMille[bin] : -1;
        }

        /** @return the share of part {@code bin} of the span with two or more leaders, in thousandths; -1 without a disturbance. */
        public long splitBrainPerMille(final int bin)
        {
            return bin < splitBrainByBinPerMille.length ? splitBrainByBinPerMille[bin] : -1;
        }

        /** @return whether a stable leader held by the span's end: one leader in office, no other anywhere, for the stable window. */
        public boolean settled()
        {
            return stableLeaderNs >= 0;
        }

        /** @return whether the run had a disturbance to describe. */
        public boolean present()
        {
            return spanNs > 0;
        }
    }

    /**
     * Safety over the whole run.
     *
     * @param maxConcurrentLeaders      most live leaders together for a positive time.
     * @param splitBrainNs              time with two or more live leaders.
     * @param sameInstantLeaderOverlaps leaders that overlapped for no time.
     * @param sameTermLeaders           claims of a term another node led.
     * @param olderTermLeaderNs         time two live leaders held different terms.
     */
    public record Safety(
        int maxConcurrentLeaders, long splitBrainNs, long sameInstantLeaderOverlaps, long sameTermLeaders, long olderTermLeaderNs)
    {
    }

    /**
     * Every leader over time, from the fault to the end of the run.
     *
     * @param firstLeaderNs       the fault to the first node's win (a node turning leader), -1 for none.
     * @param noMajorityLeaderNs  time with no live leader a strict majority of the cluster names.
     * @param deposedLeaderNs     time some live node followed another leader than the majority's.
     * @param liveLeaderElections elections started against an agreed, live leader.
     */
    public record Leadership(long firstLeaderNs, long noMajorityLeaderNs, long deposedLeaderNs, long liveLeaderElections)
    {
    }

    private final List<String> typeNames;
    private final boolean converged;
    private final long convergenceNs;
    private final long detectionNs;
    private final MessageCounts sent;
    private final MessageCounts sentFromFault;
    private final long unavailabilityNs;
    private final int finalLeader;
    private final int expectedLeader;
    private final Safety safety;
    private final Leadership leadership;
    private final Disturbance disturbance;
    private final long events;
    private final long endNs;

    ElectionResult(
        final List<String> typeNames,
        final boolean converged,
        final long convergenceNs,
        final long detectionNs,
        final MessageCounts sent,
        final MessageCounts sentFromFault,
        final long unavailabilityNs,
        final int finalLeader,
        final int expectedLeader,
        final Safety safety,
        final Leadership leadership,
        final Disturbance disturbance,
        final long events,
        final long endNs)
    {
        this.typeNames = typeNames;
        this.converged = converged;
        this.convergenceNs = convergenceNs;
        this.detectionNs = detectionNs;
        this.sent = sent;
        this.sentFromFault = sentFromFault;
        this.unavailabilityNs = unavailabilityNs;
        this.finalLeader = finalLeader;
        this.expectedLeader = expectedLeader;
        this.safety = safety;
        this.leadership = leadership;
        this.disturbance = disturbance;
        this.events = events;
        this.endNs = endNs;
    }

    /** @return the algorithm's message type names, indexed by type id. */
    public List<String> typeNames()
    {
        return typeNames;
    }

    /** @return whether exactly one live leader named by every live node held through the settle window. */
    public boolean converged()
    {
        return converged;
    }

    /** @return from the reference instant to the start of the agreement that held, or -1 when unconverged. */
    public long convergenceNs()
    {
        return convergenceNs;
    }

    /** @return from the reference instant to the first election message, or -1 when none was sent. */
    public long detectionNs()
    {
        return detectionNs;
    }

    /** @return from the first election message to agreement, or -1 when either is missing. */
    public long electionNs()
    {
        return convergenceNs < 0 || detectionNs < 0 ? -1 : Math.max(0, convergenceNs - detectionNs);
    }

    /**
     * @return the unavailability window: from the fault to the first instant a live node leads
     *         and every live node on the side of the fault that must elect names it (for a
     *         partition, the side cut off from the old leader; for a pause, every node but the
     *         paused one; otherwise every live node); once the fault stops dividing the cluster
     *         (heal, resume) every live node must name it. Unlike convergence it needs no settle
     *         window and, for partition and pause, does not wait for the heal or the resume: what
     *         an operator on the electing side feels. Nanoseconds; -1 when no such instant came.
     */
    public long unavailabilityNs()
    {
        return unavailabilityNs;
    }

    /**
     * @return messages of one type sent from the reference instant to agreement, whatever role
     *         they played (a heartbeat type counts its announcing heartbeats too).
     */
    public long messages(final int type)
    {
        return sent.messages(type);
    }

    /**
     * @return the messages it took, sent from the reference instant to agreement and counted alike
     *         for every algorithm: {@link #electionMessages()} + {@link #acknowledgements()} +
     *         {@link #announcements()} + {@link #firstHeartbeats()}.
     */
    public long messagesTotal()
    {
        return sent.alike();
    }

    /** @return bytes of the messages of {@link #messagesTotal()}, headers included. */
    public long bytesTotal()
    {
        return sent.bytesAlike();
    }

    /** @return messages of the election itself (every send of a type declared {@link MessageRole#ELECTION}). */
    public long electionMessages()
    {
        return sent.messages(MessageRole.ELECTION);
    }

    /** @return the new leader's announcement: sends of a type declared {@link MessageRole#ANNOUNCEMENT} (COORDINATOR, ELECTED). */
    public long announcements()
    {
        return sent.messages(MessageRole.ANNOUNCEMENT);
    }

    /**
     * @return the new leader's first round of heartbeats, one to each other node, for every algorithm
     *         alike: for one without an announcement type (quorum's LEAD, raft's HEARTBEAT) it is how
     *         the leader is announced; bully sends it beside its COORDINATOR.
     */
    public long firstHeartbeats()
    {
        return sent.firstHeartbeats();
    }

    /** @return heartbeats sent from the reference instant to agreement but a new leader's first round. */
    public long heartbeats()
    {
        return sent.messages(MessageRole.HEARTBEAT);
    }

    /** @return bytes of those heartbeats, headers included. */
    public long heartbeatBytes()
    {
        return sent.bytes(MessageRole.HEARTBEAT);
    }

    /**
     * @return acknowledgements (ring's ACK of each hop, raft's HEARTBEAT_RESPONSE) sent from the
     *         reference instant to agreement, part of {@link #messagesTotal()}: the ring does not
     *         converge without them; 0 for an algorithm without them.
     */
    public long acknowledgements()
    {
        return sent.messages(MessageRole.ACKNOWLEDGEMENT);
    }

    /** @return bytes of those acknowledgements, headers included. */
    public long acknowledgementBytes()
    {
        return sent.bytes(MessageRole.ACKNOWLEDGEMENT);
    }

    /**
     * @return messages of one type sent from the fault to agreement. The same as
     *         {@link #messages(int)} but for partition, where the election on the cut-off side
     *         happens before the heal the reference instant marks.
     */
    public long messagesFromFault(final int type)
    {
        return sentFromFault.messages(type);
    }

    /** @return the messages of {@link #messagesTotal()}, counted alike, sent from the fault to agreement. */
    public long messagesFromFaultTotal()
    {
        return sentFromFault.alike();
    }

    /** @return bytes of the messages of {@link #messagesFromFaultTotal()}, headers included. */
    public long bytesFromFaultTotal()
    {
        return sentFromFault.bytesAlike();
    }

    /** @return the new leader's announcements sent from the fault to agreement. */
    public long announcementsFromFault()
    {
        return sentFromFault.messages(MessageRole.ANNOUNCEMENT);
    }

    /** @return acknowledgements sent from the fault to agreement. */
    public long acknowledgementsFromFault()
    {
        return sentFromFault.messages(MessageRole.ACKNOWLEDGEMENT);
    }

    /** @return the new leader's first round of heartbeats sent from the fault to agreement. */
    public long firstHeartbeatsFromFault()
    {
        return sentFromFault.firstHeartbeats();
    }

    /** @return heartbeats sent from the fault to agreement but a new leader's first round. */
    public long heartbeatsFromFault()
    {
        return sentFromFault.messages(MessageRole.HEARTBEAT);
    }

    /** @return the leader every live node named at the end, or 0 when they did not agree. */
    public int finalLeader()
    {
        return finalLeader;
    }

    /** @return the leader the algorithm promises, or 0 when it promises none. */
    public int expectedLeader()
    {
        return expectedLeader;
    }

    /**
     * @return whether the algorithm promised a leader in this run: its source determines the winner
     *         (bully, ring, quorum after a clean crash), so a wrong leader can be told; not for raft,
     *         which promises none, nor for quorum where messages were lost by design.
     */
    public boolean leaderPromised()
    {
        return expectedLeader != ElectionNode.NO_LEADER;
    }

    /** @return whether the run converged on another leader than the one promised. */
    public boolean wrongLeader()
    {
        return converged && expectedLeader != ElectionNode.NO_LEADER && finalLeader != expectedLeader;
    }

    /**
     * @return the most live nodes that believed they led together for a positive time (two
     *         announcements at one instant, one taking over as the other steps down, do not count;
     *         see {@link #sameInstantLeaderOverlaps()}).
     */
    public int maxConcurrentLeaders()
    {
        return safety.maxConcurrentLeaders();
    }

    /** @return total time, in nanoseconds over the whole run, with two or more live nodes believing they led. */
    public long splitBrainNs()
    {
        return safety.splitBrainNs();
    }

    /** @return whether two or more live nodes believed they led together for longer than zero: a split-brain run. */
    public boolean splitBrain()
    {
        return safety.splitBrainNs() > 0;
    }

    /**
     * @return how many times two or more live nodes believed they led at one instant and no
     *         longer (one announced leadership at the very instant another gave it up or was
     *         overruled); not a split brain, reported apart.
     */
    public long sameInstantLeaderOverlaps()
    {
        return safety.sameInstantLeaderOverlaps();
    }

    /** @return how many times a node claimed leadership of a term another node had already led. */
    public long sameTermLeaders()
    {
        return safety.sameTermLeaders();
    }

    /**
     * @return total time, in nanoseconds over the whole run, during which two or more live nodes
     *         believed they led and their terms differed: a leader of an older term overlapping
     *         a newer one. It measures beliefs, not actions: whether the older leader sent
     *         anything meanwhile (what fencing would stop) is not counted here.
     */
    public long olderTermLeaderNs()
    {
        return safety.olderTermLeaderNs();
    }

    /**
     * @return elections started against an agreed, live leader over the whole run (a node turning
     * candidate or leader while all agreed): in a run with no crash, its false elections.
     */
    public long liveLeaderElections()
    {
        return leadership.liveLeaderElections();
    }

    /**
     * @return from the fault to the first instant a node turned leader (the first node to win, the
     *         instant the Raft paper's election figures time), or -1 when none did.
     */
    public long firstLeaderNs()
    {
        return leadership.firstLeaderNs();
    }

    /** @return time from the fault to the run's end with no live leader a strict majority of the cluster names. */
    public long noMajorityLeaderNs()
    {
        return leadership.noMajorityLeaderNs();
    }

    /**
     * @return time from the fault to the run's end during which a majority followed one leader and
     *         some live node still followed another (a deposed leader: a minority's, or one that
     *         crashed or stepped down).
     */
    public long deposedLeaderNs()
    {
        return leadership.deposedLeaderNs();
    }

    /** @return the figures of the disturbance, from the fault to the end of the last fault's effect (see {@link ConvergenceMonitor}). */
    public Disturbance disturbance()
    {
        return disturbance;
    }

    /** @return events the runtime processed. */
    public long events()
    {
        return events;
    }

    /** @return when the run ended, on the runtime's clock, from its start. */
    public long endNs()
    {
        return endNs;
    }

    @Override
    public String toString()
    {
        final StringBuilder text = new StringBuilder("ElectionResult{converged=").append(converged)
            .append(", convergenceNs=").append(convergenceNs)
            .append(", detectionNs=").append(detectionNs)
            .append(", leader=").append(finalLeader)
            .append(", messages={");
        for (int type = 0; type < sent.typeCount(); type++)
        {
            text.append(type == 0 ? "" : ", ").append(typeNames.get(type)).append('=').append(sent.messages(type));
        }
        return text.append("}, election=").append(electionMessages())
            .append(", announcements=").append(announcements())
            .append(", firstHeartbeats=").append(firstHeartbeats())
            .append(", heartbeats=").append(heartbeats())
            .append(", acknowledgements=").append(acknowledgements())
            .append(", bytes=").append(bytesTotal())
            .append(", unavailabilityNs=").append(unavailabilityNs)
            .append(", messagesFromFault=").append(messagesFromFaultTotal())
                        .append(", ").append(safety)
            .append(", ").append(leadership)
            .append(", events=").append(events)
            .append('}').toString();
    }
}
