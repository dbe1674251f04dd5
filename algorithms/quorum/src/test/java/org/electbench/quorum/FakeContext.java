package org.electbench.quorum;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.random.RandomGenerator;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;

/**
 * A hand-driven context for one node: records what it sends, schedules and announces, so a
 * test can play the rest of the cluster. Sends are kept in preallocated arrays so that a warm
 * message path can be checked for allocation. Its durable state, like a disk, may be handed to
 * the context of the node's next life.
 */
final class FakeContext implements NodeContext
{
    /** The receiver recorded for a broadcast. */
    static final int ALL = 0;

    private static final int CAPACITY = 1 << 16;

    private final int selfId;
    private final int clusterSize;
    private final boolean detectorEnabled;
    private final ElectionSettings settings;
    private final RandomGenerator random = new Random(7);
    private final UnsafeBuffer sendBuffer = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);
    private final UnsafeBuffer inBuffer = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);
    private final MutableDirectBuffer durableState;

    private final int[] sentType = new int[CAPACITY];
    private final int[] sentTo = new int[CAPACITY];
    private final long[] sentTerm = new long[CAPACITY];
    private final long[] sentMsg = new long[CAPACITY];
    private final long[] sentBallot = new long[CAPACITY];
    private final long[] sentPrevious = new long[CAPACITY];
    private int sentCount;

    private final long[] timerDueNs = new long[CAPACITY];
    private final int[] timerKind = new int[CAPACITY];
    private final boolean[] timerPending = new boolean[CAPACITY];
    private int timerCount;
    private final int[] pendingIds = new int[256];
    private int pendingCount;

    final List<Announcement> announcements = new ArrayList<>();
    private long nowNs;
    private boolean keepAnnouncements = true;
    private int announceCount;

    record Announcement(Role role, int leaderId, long term)
    {
    }

    /** One send; a VOTE's range is recorded as (previous, ballot], and fields a type lacks as 0. */
    record Sent(int type, int toId, long term, long msg, long ballot, long previous)
    {
    }

    /** A context with a durable state of its own, zeroed as at a cluster's first start. */
    FakeContext(final int selfId, final int clusterSize, final boolean detectorEnabled, final ElectionSettings settings)
    {
        this(selfId, clusterSize, detectorEnabled, settings, newDurableState());
    }

    /**
     * @param durableState the node's disk, e.g. that of its previous life, or null for a runtime
     *                     that keeps none.
     */
    FakeContext(
        final int selfId,
        final int clusterSize,
        final boolean detectorEnabled,
        final ElectionSettings settings,
        final MutableDirectBuffer durableState)
    {
        this.selfId = selfId;
        this.clusterSize = clusterSize;
        this.detectorEnabled = detectorEnabled;
        this.settings = settings;
        this.durableState = durableState;
    }

    static MutableDirectBuffer newDurableState()
    {
        return new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);
    }

    @Override
    public int selfId()
    {
        return selfId;
    }

    @Override
    public int clusterSize()
    {
        return clusterSize;
    }

    @Override
    public boolean detectorEnabled()
    {
        return detectorEnabled;
    }

    @Override
    public ElectionSettings settings()
    {
        return settings;
    }

    @Override
    public long nowNs()
    {
        return nowNs;
    }

    @Override
    public RandomGenerator random()
    {
        return random;
    }

    @Override
    public MutableDirectBuffer claim(final int type, final int bodyLength)
    {
        sendBuffer.setMemory(0, sendBuffer.capacity(), (byte)0);
        MessageHeader.write(sendBuffer, 0, type, bodyLength, selfId);
        return sendBuffer;
    }

    @Override
    public void send(final int toId)
    {
        record(toId);
    }

    @Override
    public void broadcast()
    {
        record(ALL);
    }

    private void record(final int toId)
    {
        final int i = sentCount++ & (CAPACITY - 1);
        sentType[i] = MessageHeader.type(sendBuffer, 0);
        sentTo[i] = toId;
        if (QuorumMessages.VOTE == sentType[i])
        {
            sentTerm[i] = 0;
            sentMsg[i] = 0;
            sentBallot[i] = sendBuffer.getLong(QuorumMessages.VOTE_TERM_OFFSET, MessageHeader.BYTE_ORDER);
            sentPrevious[i] = sendBuffer.getLong(QuorumMessages.VOTE_PREVIOUS_OFFSET, MessageHeader.BYTE_ORDER);
            return;
        }
        sentTerm[i] = sendBuffer.getLong(QuorumMessages.TERM_OFFSET, MessageHeader.BYTE_ORDER);
        sentMsg[i] = sendBuffer.getLong(QuorumMessages.MSG_OFFSET, MessageHeader.BYTE_ORDER);
        // The buffer is zeroed at each claim, so a field the type lacks reads 0 here.
        sentBallot[i] = sendBuffer.getLong(QuorumMessages.BALLOT_OFFSET, MessageHeader.BYTE_ORDER);
        sentPrevious[i] = 0;
    }

    @Override
    public long schedule(final long delayNs, final int kind)
    {
        final int id = timerCount++ & (CAPACITY - 1);
        timerDueNs[id] = nowNs + delayNs;
        timerKind[id] = kind;
        timerPending[id] = true;
        pendingIds[pendingCount++] = id;
        return id;
    }

    @Override
    public boolean cancel(final long timerId)
    {
        final boolean wasPending = timerPending[(int)timerId];
        timerPending[(int)timerId] = false;
        for (int i = 0; i < pendingCount; i++)
        {
            if (pendingIds[i] == timerId)
            {
                pendingIds[i] = pendingIds[--pendingCount];
                break;
            }
        }
        return wasPending;
    }

    @Override
    public MutableDirectBuffer durableState()
    {
        return durableState;
    }

    @Override
    public void announce(final Role role, final int leaderId, final long term)
    {
        announceCount++;
        if (keepAnnouncements)
        {
            announcements.add(new Announcement(role, leaderId, term));
        }
    }

    // ---- driving the node ----

    /** Deliver a LEAD from a peer, as the runtime would. */
    void lead(final ElectionNode node, final int fromId, final long term, final long msg)
    {
        MessageHeader.write(inBuffer, 0, QuorumMessages.LEAD, QuorumMessages.LEAD_BODY_LENGTH, fromId);
        inBuffer.putLong(QuorumMessages.TERM_OFFSET, term, MessageHeader.BYTE_ORDER);
        inBuffer.putLong(QuorumMessages.MSG_OFFSET, msg, MessageHeader.BYTE_ORDER);
        node.onMessage(fromId, inBuffer, 0, MessageHeader.LENGTH + QuorumMessages.LEAD_BODY_LENGTH);
    }

    /** Deliver an ELECT (claim and highest term seen) from a peer. */
    void elect(final ElectionNode node, final int fromId, final long term, final long msg, final long highestTerm)
    {
        MessageHeader.write(inBuffer, 0, QuorumMessages.ELECT, QuorumMessages.ELECT_BODY_LENGTH, fromId);
        inBuffer.putLong(QuorumMessages.TERM_OFFSET, term, MessageHeader.BYTE_ORDER);
        inBuffer.putLong(QuorumMessages.MSG_OFFSET, msg, MessageHeader.BYTE_ORDER);
        inBuffer.putLong(QuorumMessages.BALLOT_OFFSET, highestTerm, MessageHeader.BYTE_ORDER);
        node.onMessage(fromId, inBuffer, 0, MessageHeader.LENGTH + QuorumMessages.ELECT_BODY_LENGTH);
    }

    /** Deliver a VOTE from a peer covering the terms {@code (previousTerm, votedTerm]}. */
    void vote(final ElectionNode node, final int fromId, final long previousTerm, final long votedTerm)
    {
        MessageHeader.write(inBuffer, 0, QuorumMessages.VOTE, QuorumMessages.VOTE_BODY_LENGTH, fromId);
        inBuffer.putLong(QuorumMessages.VOTE_PREVIOUS_OFFSET, previousTerm, MessageHeader.BYTE_ORDER);
        inBuffer.putLong(QuorumMessages.VOTE_TERM_OFFSET, votedTerm, MessageHeader.BYTE_ORDER);
        node.onMessage(fromId, inBuffer, 0, MessageHeader.LENGTH + QuorumMessages.VOTE_BODY_LENGTH);
    }

    /** Deliver a raw frame. */
    void deliverRaw(final ElectionNode node, final int fromId, final int type, final int bodyLength, final int length)
    {
        MessageHeader.write(inBuffer, 0, type, bodyLength, fromId);
        node.onMessage(fromId, inBuffer, 0, length);
    }

    /** @return the id of the one pending timer of that kind; fails when there is none or several. */
    long pendingTimer(final int kind)
    {
        long found = -1;
        for (int i = 0; i < pendingCount; i++)
        {
            final int id = pendingIds[i];
            if (timerKind[id] == kind)
            {
                if (found >= 0)
                {
                    throw new AssertionError("more than one pending timer of kind " + kind);
                }
                found = id;
            }
        }
        if (found < 0)
        {
            throw new AssertionError("no pending timer of kind " + kind);
        }
        return found;
    }

    boolean hasPendingTimer(final int kind)
    {
        for (int i = 0; i < pendingCount; i++)
        {
            if (timerKind[pendingIds[i]] == kind)
            {
                return true;
            }
        }
        return false;
    }

    /** @return how long from now the pending timer of that kind fires. */
    long pendingDelayNs(final int kind)
    {
        return timerDueNs[(int)pendingTimer(kind)] - nowNs;
    }

    /** Advance the clock to the pending timer of that kind and fire it. */
    void fire(final ElectionNode node, final int kind)
    {
        final long id = pendingTimer(kind);
        nowNs = timerDueNs[(int)id];
        cancel(id);
        node.onTimer(id, kind);
    }

    void advanceNs(final long deltaNs)
    {
        nowNs += deltaNs;
    }

    int sentCount()
    {
        return sentCount;
    }

    List<Sent> sent()
    {
        final List<Sent> sent = new ArrayList<>();
        for (int i = 0; i < Math.min(sentCount, CAPACITY); i++)
        {
            sent.add(new Sent(sentType[i], sentTo[i], sentTerm[i], sentMsg[i], sentBallot[i], sentPrevious[i]));
        }
        return sent;
    }

    /** Count announcements from now on without keeping them, so that nothing is allocated. */
    void countAnnouncementsOnly()
    {
        keepAnnouncements = false;
    }

    int announceCount()
    {
        return announceCount;
    }

    /** Forget what was sent, without allocating. */
    void clearSent()
    {
        sentCount = 0;
    }

    /** @return what was sent since the last call, and forget it. */
    List<Sent> drain()
    {
        final List<Sent> sent = sent();
        sentCount = 0;
        return sent;
    }

    Announcement lastAnnouncement()
    {
        return announcements.get(announcements.size() - 1);
    }
}
