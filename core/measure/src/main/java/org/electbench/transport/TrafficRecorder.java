package org.electbench.transport;

import java.util.Arrays;

import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.MessageRole;

/**
 * Every send, by type and by the role it played, from the reference instant and from the fault,
 * with the counts frozen at the instant agreement began; the first election message; the
 * disturbance's election traffic. A node that does not lead sends, if it comes to lead, a first
 * round of heartbeats that is counted apart from the later ones for every algorithm alike: where
 * the algorithm has no announcement type it is the announcement, and where it has one (bully's
 * COORDINATOR) the first round goes out beside it all the same (see {@link ConvergenceMonitor}).
 */
final class TrafficRecorder
{
    private static final long NONE = -1;

    private final int nodes;
    private final int typeCount;
    private final MessageRole[] roleByType;
    /** Whether the algorithm has no announcement type, so a new leader's first heartbeats announce it (election traffic). */
    private final boolean heartbeatAnnounces;
    /** Per node: heartbeats still to count as its first round. */
    private final int[] firstRoundLeft;
    /** Per node: whether it has started in this run (a later start is a recovery). */
    private final boolean[] started;
    /** Whether the run starts settled: the leader it starts with was elected by no one. */
    private boolean settledStart;
    private final MessageCounts sent;
    private final MessageCounts agreedSent;
    private final MessageCounts sentFromFault;
    private final MessageCounts agreedSentFromFault;
    private long referenceNs;
    private long faultNs;
    private long disturbanceEndNs;
    private long firstElectionSendNs;
    private long disturbanceElectionSends;

    TrafficRecorder(final ElectionAlgorithm algorithm, final int nodes)
    {
        this.nodes = nodes;
        typeCount = algorithm.messageTypes().size();
        roleByType = algorithm.messageRoles().toArray(new MessageRole[0]);
        heartbeatAnnounces = !algorithm.messageRoles().contains(MessageRole.ANNOUNCEMENT);
        firstRoundLeft = new int[nodes + 1];
        started = new boolean[nodes + 1];
        sent = new MessageCounts(typeCount);
        agreedSent = new MessageCounts(typeCount);
        sentFromFault = new MessageCounts(typeCount);
        agreedSentFromFault = new MessageCounts(typeCount);
    }

    void reset(final long referenceNs, final long faultNs, final long disturbanceEndNs)
    {
        this.referenceNs = referenceNs;
        this.faultNs = faultNs;
        this.disturbanceEndNs = disturbanceEndNs;
        Arrays.fill(firstRoundLeft, 0);
        Arrays.fill(started, false);
        settledStart = false;
        sent.clear();
        agreedSent.clear();
        sentFromFault.clear();
        agreedSentFromFault.clear();
        firstElectionSendNs = NONE;
        disturbanceElectionSends = 0;
    }

    /** @param settled whether the run starts settled (see {@link #start}). */
    void settledStart(final boolean settled)
    {
        settledStart = settled;
    }

    /**
     * A node booted or recovered. In a settled start a node's first start may make it the leader
     * no election chose, so it sends no first round (a settled cluster with no fault holds no
     * election); a recovery, or any start of a cold one, is armed.
     */
    void start(final int nodeId, final long nowNs)
    {
        final boolean initial = !started[nodeId];
        started[nodeId] = true;
        if (settledStart && initial)
        {
            firstRoundLeft[nodeId] = 0;
            return;
        }
        arm(nodeId, nowNs);
    }

    /**
     * A node that does not lead will send a first round of heartbeats if it comes to lead: it
     * sends them before it tells the monitor it leads, in the same step. Only from the fault on,
     * where sends are counted: a real-clock runtime does not report earlier ones.
     */
    void arm(final int nodeId, final long nowNs)
    {
        firstRoundLeft[nodeId] = nowNs - Math.min(faultNs, referenceNs) >= 0 ? nodes - 1 : 0;
    }

    void disarm(final int nodeId)
    {
        firstRoundLeft[nodeId] = 0;
    }

    void send(final int fromId, final long nowNs, final int type, final int length)
    {
        if (type < 0 || type >= typeCount)
        {
            return;
        }
        final MessageRole role = roleByType[type];
        final boolean firstRound = role == MessageRole.HEARTBEAT && firstRoundLeft[fromId] > 0;
        if (firstRound)
        {
            firstRoundLeft[fromId]--;
        }
        final boolean election = role == MessageRole.ELECTION || role == MessageRole.ANNOUNCEMENT ||
            firstRound && heartbeatAnnounces;
        if (nowNs - faultNs >= 0)
        {
            add(sentFromFault, type, role, firstRound, length);
            if (election && disturbanceEndNs - nowNs > 0)
            {
                disturbanceElectionSends++;
            }
        }
        if (nowNs - referenceNs < 0)
        {
            return;
        }
        add(sent, type, role, firstRound, length);
        if (NONE == firstElectionSendNs && election)
        {
            firstElectionSendNs = nowNs;
        }
    }

    private static void add(final MessageCounts counts, final int type, final MessageRole role, final boolean firstRound,
        final int length)
    {
        if (firstRound)
        {
            counts.addFirstHeartbeat(type, length);
        }
        else
        {
            counts.add(type, role, length);
        }
    }

    /** Agreement began: what was sent so far is what it took. */
    void agreed()
    {
        agreedSent.copyFrom(sent);
        agreedSentFromFault.copyFrom(sentFromFault);
    }

    /** @return an array for the snapshots a result holds: {@link #sent} and {@link #sentFromFault}. */
    long[] snapshotArray()
    {
        return MessageCounts.snapshotArray(typeCount, 2);
    }

    /** @param into from {@link #snapshotArray()}. */
    MessageCounts sent(final boolean converged, final long[] into)
    {
        return (converged ? agreedSent : sent).snapshot(into, 0);
    }

    /** @param into from {@link #snapshotArray()}. */
    MessageCounts sentFromFault(final boolean converged, final long[] into)
    {
        return (converged ? agreedSentFromFault : sentFromFault).snapshot(into, 1);
    }

    /** @return the reference instant to the first election or announcement message, or -1 for none. */
    long detectionNs()
    {
        return NONE == firstElectionSendNs ? NONE : firstElectionSendNs - referenceNs;
    }

    long disturbanceElectionSends()
    {
        return disturbanceElectionSends;
    }
}
