package org.electbench.raft;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;

/**
 * A hand-driven runtime for one raft node: records what it sends, schedules and announces, and
 * lets a test deliver messages, move the clock and fire timers. Its durable state, like a disk,
 * may be handed to the context of the node's next life. It keeps one armed timer per kind, as
 * the node does, and with {@link #recording} off it only counts, allocating nothing, so a test
 * can measure the node's own allocation.
 */
final class RecordingContext implements NodeContext
{
    /** One send; {@code toId} 0 for a broadcast, {@code granted} false where the type has none. */
    record Sent(long atNs, int type, int toId, long term, boolean granted)
    {
    }

    record Timer(int kind, long armedNs, long dueNs)
    {
    }

    record Announcement(long atNs, Role role, int leaderId, long term)
    {
    }

    private static final int KINDS = 3;

    final List<Sent> sent = new ArrayList<>();
    final List<Announcement> announcements = new ArrayList<>();
    /** When false nothing is recorded, only counted. */
    boolean recording = true;
    long sendCount;
    long announceCount;

    private final int selfId;
    private final int clusterSize;
    private final boolean detectorEnabled;
    private final ElectionSettings settings;
    private final MutableDirectBuffer durableState;
    private final UnsafeBuffer sendBuffer = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);
    private final UnsafeBuffer receiveBuffer = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);
    private final RandomGenerator random = new SplittableRandom(7);
    private final long[] timerIds = new long[KINDS];
    private final long[] armedNs = new long[KINDS];
    private final long[] dueNs = new long[KINDS];
    private long nextTimerId = 1;
    private long nowNs;

    /**
     * @param durableState the node's disk, e.g. that of its previous life, or null for a runtime
     *                     that keeps none.
     */
    RecordingContext(
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

    static MutableDirectBuffer newDisk()
    {
        return new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);
    }

    /** Deliver one well-formed raft message from a peer. */
    void deliver(final ElectionNode node, final int fromId, final int type, final long term, final boolean granted)
    {
        final int bodyLength = RaftMessages.bodyLength(type);
        MessageHeader.write(receiveBuffer, 0, type, bodyLength, fromId);
        receiveBuffer.putLong(RaftMessages.TERM_OFFSET, term, MessageHeader.BYTE_ORDER);
        if (RaftMessages.ANSWER_BODY_LENGTH == bodyLength)
        {
            receiveBuffer.putByte(RaftMessages.GRANTED_OFFSET, granted ? (byte)1 : (byte)0);
        }
        node.onMessage(fromId, receiveBuffer, 0, MessageHeader.LENGTH + bodyLength);
    }

    void deliver(final ElectionNode node, final int fromId, final int type, final long term)
    {
        deliver(node, fromId, type, term, false);
    }

    /** Move the clock to the pending timer of that kind and fire it. */
    void fire(final ElectionNode node, final int kind)
    {
        final long timerId = timerIds[kind];
        if (0 == timerId)
        {
            throw new AssertionError("no timer of kind " + kind);
        }
        timerIds[kind] = 0;
        nowNs = Math.max(nowNs, dueNs[kind]);
        node.onTimer(timerId, kind);
    }

    /** @return the pending timer of that kind, or null. */
    Timer timer(final int kind)
    {
        return 0 == timerIds[kind] ? null : new Timer(kind, armedNs[kind], dueNs[kind]);
    }

    /** @return how many timers are pending. */
    int pendingTimers()
    {
        int count = 0;
        for (final long timerId : timerIds)
        {
            count += 0 == timerId ? 0 : 1;
        }
        return count;
    }

    List<Sent> sentOfType(final int type)
    {
        return sent.stream().filter(sent -> sent.type() == type).toList();
    }

    Announcement lastAnnouncement()
    {
        return announcements.get(announcements.size() - 1);
    }

    void advanceNs(final long deltaNs)
    {
        nowNs += deltaNs;
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
        record(0);
    }

    private void record(final int toId)
    {
        sendCount++;
        if (!recording)
        {
            return;
        }
        final int type = MessageHeader.type(sendBuffer, 0);
        final boolean granted = RaftMessages.ANSWER_BODY_LENGTH == MessageHeader.bodyLength(sendBuffer, 0) &&
            1 == sendBuffer.getByte(RaftMessages.GRANTED_OFFSET);
        sent.add(new Sent(nowNs, type, toId, sendBuffer.getLong(RaftMessages.TERM_OFFSET, MessageHeader.BYTE_ORDER), granted));
    }

    @Override
    public long schedule(final long delayNs, final int kind)
    {
        if (0 != timerIds[kind])
        {
            throw new AssertionError("timer of kind " + kind + " armed twice");
        }
        timerIds[kind] = nextTimerId++;
        armedNs[kind] = nowNs;
        dueNs[kind] = nowNs + delayNs;
        return timerIds[kind];
    }

    @Override
    public boolean cancel(final long timerId)
    {
        for (int kind = 0; kind < KINDS; kind++)
        {
            if (0 != timerId && timerIds[kind] == timerId)
            {
                timerIds[kind] = 0;
                return true;
            }
        }
        return false;
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
        if (recording)
        {
            announcements.add(new Announcement(nowNs, role, leaderId, term));
        }
    }
}
