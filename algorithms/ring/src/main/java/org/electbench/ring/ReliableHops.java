package org.electbench.ring;

import static org.electbench.ring.RingMessages.ACK;
import static org.electbench.ring.RingMessages.ACKNOWLEDGED_ELECTED_BODY_LENGTH;
import static org.electbench.ring.RingMessages.ACKNOWLEDGED_ELECTION_BODY_LENGTH;
import static org.electbench.ring.RingMessages.ACK_BODY_LENGTH;
import static org.electbench.ring.RingMessages.ACK_HOP_OFFSET;
import static org.electbench.ring.RingMessages.ELECTION;
import static org.electbench.ring.RingMessages.HOP_OFFSET;
import static org.electbench.ring.RingMessages.ID_OFFSET;
import static org.electbench.ring.RingMessages.LAP_BODY_LENGTH;
import static org.electbench.ring.RingMessages.LAP_OFFSET;
import static org.electbench.ring.RingMessages.TERM_OFFSET;
import static org.electbench.spi.MessageHeader.BYTE_ORDER;

import org.agrona.MutableDirectBuffer;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;

/**
 * The layer under the Chang and Roberts rules that gets ELECTION and ELECTED round the ring: it
 * hands each message to the successor and, with acknowledgements on, makes each hop reliable.
 * <ul>
 *   <li>Hop numbers and ACK: every hop carries a number unique to this node, and the receiver
 *       echoes it in an ACK once it has handled (and so forwarded) the message, which hands
 *       custody on. A hop not acknowledged within T_elec goes to the next successor, skipping the
 *       silent node, and so on round the ring; every hop starts again at the true successor, so
 *       a recovered node is back in the ring at its next hop.</li>
 *   <li>A message that every other node has been skipped for is back here and handed to the rules
 *       as if it had arrived; one whose silent node is the very candidate or leader it names can
 *       never come home, and the rules are told instead ({@link Rules#namedNodeSilent}).</li>
 *   <li>Laps: each candidacy carries a lap number, this node's incarnation (high half, random at
 *       start) and its count of candidacies (low half). A lap of a candidate no newer than one
 *       already handled is a copy made by skipping a node that was only slow, or a lap the
 *       candidate has since restarted: it is spent, and dropped before the rules see it.</li>
 * </ul>
 * With acknowledgements off this is the textbook's reliable link: a plain send to the successor,
 * no numbers, and no lap is ever spent. Nothing here allocates once started, but for the pending
 * hops growing in a burst of concurrent elections.
 */
final class ReliableHops
{
    /** What the rules above this layer are told. */
    interface Rules
    {
        /** Every other node was skipped: the message is back at this node, as if it had arrived. */
        void deliverToSelf(int type, int id, long term, long lap);

        /** The node the message names (candidate or leader) is the one that went silent. */
        void namedNodeSilent(int type, int id);
    }

    private final boolean acknowledged;
    private final long hopTimeoutNs;
    private final int hopTimerKind;
    private final Rules rules;

    private NodeContext ctx;
    private RingTopology ring;
    private int selfId;
    private PendingHops pending;
    /** By candidate id: the newest lap of theirs this node handled. */
    private long[] lastLapByCandidate;
    /** The candidates with a lap in {@link #lastLapByCandidate}, in the order first handled: a start clears only theirs. */
    private int[] candidatesHandled;
    private boolean[] candidateHandled;
    private int candidatesHandledCount;
    private long lastHop;
    private long incarnation;
    private int candidacies;
    /** Our candidacy count when the current election began: only our laps newer than it can win it. */
    private int electionStartLap;

    ReliableHops(final boolean acknowledged, final long hopTimeoutNs, final int hopTimerKind, final Rules rules)
    {
        this.acknowledged = acknowledged;
        this.hopTimeoutNs = hopTimeoutNs;
        this.hopTimerKind = hopTimerKind;
        this.rules = rules;
    }

    /** A node's new life: nothing pending, a fresh incarnation so its laps are not its previous life's. */
    void start(final NodeContext ctx, final RingTopology ring)
    {
        this.ctx = ctx;
        this.ring = ring;
        selfId = ctx.selfId();
        if (acknowledged)
        {
            // A node started again for a later run clears what its earlier one left, as a new one would hold it.
            if (null == pending)
            {
                pending = new PendingHops(2 * ring.size());
            }
            else
            {
                pending.clear();
            }
            if (null == lastLapByCandidate || lastLapByCandidate.length != ring.size() + 1)
            {
                lastLapByCandidate = new long[ring.size() + 1];
                candidatesHandled = new int[ring.size() + 1];
                candidateHandled = new boolean[ring.size() + 1];
            }
            else
            {
                // At n = 1024 clearing every candidate's entry at every start was a fifth of a simulated election.
                for (int i = 0; i < candidatesHandledCount; i++)
                {
                    final int candidate = candidatesHandled[i];
                    lastLapByCandidate[candidate] = 0;
                    candidateHandled[candidate] = false;
                    candidatesHandled[i] = 0;
                }
            }
            candidatesHandledCount = 0;
        }
        lastHop = 0;
        incarnation = ((long)ctx.random().nextInt() | 1L) << 32;
        candidacies = 0;
        electionStartLap = 0;
    }

    /** @return whether hops are acknowledged and silent successors skipped. */
    boolean acknowledged()
    {
        return acknowledged;
    }

    /** @return hops sent and not yet acknowledged. */
    int pendingHops()
    {
        return null == pending ? 0 : pending.size();
    }

    /** Hand one ELECTION or ELECTED to the successor. */
    void toSuccessor(final int type, final int id, final long term, final long lap)
    {
        send(type, id, term, lap, ring.successorOf(selfId));
    }

    /** Custody of the hop numbered {@code hop} is taken: tell its sender. */
    void acknowledge(final int toId, final long hop)
    {
        if (acknowledged && toId != selfId)
        {
            final MutableDirectBuffer buffer = ctx.claim(ACK, ACK_BODY_LENGTH);
            buffer.putLong(MessageHeader.LENGTH + ACK_HOP_OFFSET, hop, BYTE_ORDER);
            ctx.send(toId);
        }
    }

    void onAck(final long hop)
    {
        if (!acknowledged)
        {
            return;
        }
        final int slot = pending.findByHop(hop);
        if (slot >= 0)
        {
            ctx.cancel(pending.timerId(slot));
            pending.free(slot);
        }
    }

    /** A hop timer fired: skip the silent successor, or tell the rules it was the node named. */
    void onHopTimer(final long timerId)
    {
        if (!acknowledged)
        {
            return;
        }
        final int slot = pending.findByTimer(timerId);
        if (slot < 0)
        {
            return;
        }
        final int type = pending.type(slot);
        final int id = pending.id(slot);
        final long term = pending.term(slot);
        final long lap = pending.lap(slot);
        final int silent = pending.target(slot);
        pending.free(slot);
        if (silent == id)
        {
            rules.namedNodeSilent(type, id);
            return;
        }
        send(type, id, term, lap, ring.successorOf(silent));
    }

    /** @return a new lap number for this node's next candidacy (0 without acknowledgements). */
    long newLap()
    {
        return acknowledged ? incarnation | (++candidacies & 0xFFFF_FFFFL) : 0;
    }

    /** An election begins for this node: only its laps after this one can win it. */
    void electionStarted()
    {
        electionStartLap = candidacies;
    }

    /** @return whether {@code lap}, one of this node's own, belongs to the election under way. */
    boolean isLapOfThisElection(final long lap)
    {
        return !acknowledged || ((lap >>> 32) == (incarnation >>> 32) && (int)lap - electionStartLap > 0);
    }

    /**
     * @return true for a lap of another candidate no newer than the newest of its laps this node
     * handled from the same incarnation (a copy, or a restarted lap); else it is now the newest.
     */
    boolean isSpentLap(final int candidate, final long lap)
    {
        if (!acknowledged || candidate == selfId)
        {
            return false; // our own laps end by the rules' phase: only an electing candidate wins
        }
        final long newest = lastLapByCandidate[candidate];
        if ((newest >>> 32) == (lap >>> 32) && (int)lap - (int)newest <= 0)
        {
            return true;
        }
        if (!candidateHandled[candidate])
        {
            candidateHandled[candidate] = true;
            candidatesHandled[candidatesHandledCount++] = candidate;
        }
        lastLapByCandidate[candidate] = lap;
        return false;
    }

    /**
     * Hand one ELECTION or ELECTED to {@code targetId}. Once every other node has been skipped
     * the message is back here, and the rules handle it as if it had arrived: a node never sends
     * to itself.
     */
    private void send(final int type, final int id, final long term, final long lap, final int targetId)
    {
        if (targetId == selfId)
        {
            rules.deliverToSelf(type, id, term, lap);
            return;
        }
        final int bodyLength = !acknowledged ? LAP_BODY_LENGTH :
            ELECTION == type ? ACKNOWLEDGED_ELECTION_BODY_LENGTH : ACKNOWLEDGED_ELECTED_BODY_LENGTH;
        final MutableDirectBuffer buffer = ctx.claim(type, bodyLength);
        buffer.putInt(MessageHeader.LENGTH + ID_OFFSET, id, BYTE_ORDER);
        buffer.putLong(MessageHeader.LENGTH + TERM_OFFSET, term, BYTE_ORDER);
        if (!acknowledged)
        {
            ctx.send(targetId);
            return;
        }
        final long hop = ++lastHop;
        buffer.putLong(MessageHeader.LENGTH + HOP_OFFSET, hop, BYTE_ORDER);
        if (ELECTION == type)
        {
            buffer.putLong(MessageHeader.LENGTH + LAP_OFFSET, lap, BYTE_ORDER);
        }
        ctx.send(targetId);
        final int slot = pending.add(hop, type, id, term, lap, targetId);
        pending.timerId(slot, ctx.schedule(hopTimeoutNs, hopTimerKind));
    }
}
