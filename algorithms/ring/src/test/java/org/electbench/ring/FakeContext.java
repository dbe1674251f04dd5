package org.electbench.ring;

import static org.electbench.spi.MessageHeader.BYTE_ORDER;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.random.RandomGenerator;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;

/**
 * A hand-driven context for one node: records what it sends, schedules and announces, and lets
 * a test move time and fire timers.
 */
final class FakeContext implements NodeContext
{
    static final int BROADCAST = 0;

    record Sent(int toId, int type, int bodyLength, byte[] bytes)
    {
        int id()
        {
            return new UnsafeBuffer(bytes).getInt(MessageHeader.LENGTH + RingMessages.ID_OFFSET, BYTE_ORDER);
        }

        long term()
        {
            final int offset = type == RingMessages.HEARTBEAT ? RingMessages.HEARTBEAT_TERM_OFFSET : RingMessages.TERM_OFFSET;
            return new UnsafeBuffer(bytes).getLong(MessageHeader.LENGTH + offset, BYTE_ORDER);
        }

        long hop()
        {
            final int offset = type == RingMessages.ACK ? RingMessages.ACK_HOP_OFFSET : RingMessages.HOP_OFFSET;
            return new UnsafeBuffer(bytes).getLong(MessageHeader.LENGTH + offset, BYTE_ORDER);
        }
    }

    record Timer(long id, int kind, long dueNs)
    {
    }

    record Announcement(Role role, int leaderId, long term)
    {
    }

    private final int selfId;
    private final int clusterSize;
    private final boolean detectorEnabled;
    private final ElectionSettings settings;
    private final RandomGenerator random = new SplittableRandom(7);
    private final UnsafeBuffer claimBuffer = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);
    private int claimLength;
    private long nowNs;
    private long lastTimerId;

    final List<Sent> sent = new ArrayList<>();
    final TreeMap<Long, Timer> timers = new TreeMap<>();
    final List<Announcement> announcements = new ArrayList<>();

    FakeContext(final int selfId, final int clusterSize, final boolean detectorEnabled, final ElectionSettings settings)
    {
        this.selfId = selfId;
        this.clusterSize = clusterSize;
        this.detectorEnabled = detectorEnabled;
        this.settings = settings;
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
        MessageHeader.write(claimBuffer, 0, type, bodyLength, selfId);
        claimLength = MessageHeader.LENGTH + bodyLength;
        return claimBuffer;
    }

    @Override
    public void send(final int toId)
    {
        record(toId);
    }

    @Override
    public void broadcast()
    {
        record(BROADCAST);
    }

    private void record(final int toId)
    {
        final byte[] bytes = new byte[claimLength];
        claimBuffer.getBytes(0, bytes);
        sent.add(new Sent(toId, MessageHeader.type(claimBuffer, 0), MessageHeader.bodyLength(claimBuffer, 0), bytes));
    }

    @Override
    public long schedule(final long delayNs, final int kind)
    {
        final long id = ++lastTimerId;
        timers.put(id, new Timer(id, kind, nowNs + delayNs));
        return id;
    }

    @Override
    public boolean cancel(final long timerId)
    {
        return null != timers.remove(timerId);
    }

    @Override
    public void announce(final Role role, final int leaderId, final long term)
    {
        announcements.add(new Announcement(role, leaderId, term));
    }

    void advanceTo(final long timeNs)
    {
        nowNs = timeNs;
    }

    /** @return the pending timers of one kind. */
    List<Timer> timers(final int kind)
    {
        final List<Timer> ofKind = new ArrayList<>();
        for (final Timer timer : timers.values())
        {
            if (timer.kind() == kind)
            {
                ofKind.add(timer);
            }
        }
        return ofKind;
    }

    /** Advance to the only pending timer of that kind and fire it. */
    void fire(final RingNode node, final int kind)
    {
        final List<Timer> ofKind = timers(kind);
        assertEquals(1, ofKind.size(), "pending timers of kind " + kind);
        final Timer timer = ofKind.get(0);
        timers.remove(timer.id());
        nowNs = Math.max(nowNs, timer.dueNs());
        node.onTimer(timer.id(), kind);
    }

    /** @return what was sent since the last call, and forget it. */
    List<Sent> drain()
    {
        final List<Sent> drained = new ArrayList<>(sent);
        sent.clear();
        return drained;
    }

    Announcement lastAnnouncement()
    {
        return announcements.get(announcements.size() - 1);
    }
}
