package org.electbench.bully;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * A fake runtime for one node: records what it sends, schedules, cancels and announces, and
 * lets a test deliver messages and fire timers by hand.
 */
final class RecordingContext implements NodeContext
{
    record Sent(int type, int toId, long term)
    {
    }

    record Timer(long timerId, int kind, long delayNs)
    {
    }

    record Announcement(Role role, int leaderId, long term)
    {
    }

    final List<Sent> sent = new ArrayList<>();
    final Map<Long, Timer> pending = new LinkedHashMap<>();
    final Set<Long> cancelled = new HashSet<>();
    final List<Announcement> announcements = new ArrayList<>();
    /** When false nothing is recorded, so a test can measure the node's own allocation. */
    boolean recording = true;
    /** The node's disk, or null for a runtime that keeps none; a test hands it from one life to the next. */
    MutableDirectBuffer durable;

    private final int selfId;
    private final int clusterSize;
    private final boolean detectorEnabled;
    private final ElectionSettings settings;
    private final UnsafeBuffer sendBuffer = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);
    private final UnsafeBuffer receiveBuffer = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);
    private final RandomGenerator random = new SplittableRandom(7);
    private long nextTimerId = 100;
    private long nowNs;

    RecordingContext(final int selfId, final int clusterSize, final boolean detectorEnabled, final ElectionSettings settings)
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
        MessageHeader.write(sendBuffer, 0, type, bodyLength, selfId);
        return sendBuffer;
    }

    @Override
    public void send(final int toId)
    {
        if (toId != selfId && recording)
        {
            sent.add(new Sent(MessageHeader.type(sendBuffer, 0), toId,
                sendBuffer.getLong(MessageHeader.LENGTH, MessageHeader.BYTE_ORDER)));
        }
    }

    @Override
    public void broadcast()
    {
        for (int id = 1; id <= clusterSize; id++)
        {
            send(id);
        }
    }

    @Override
    public long schedule(final long delayNs, final int kind)
    {
        final long timerId = nextTimerId++;
        if (recording)
        {
            pending.put(timerId, new Timer(timerId, kind, delayNs));
        }
        return timerId;
    }

    @Override
    public boolean cancel(final long timerId)
    {
        if (!recording)
        {
            return true;
        }
        cancelled.add(timerId);
        return null != pending.remove(timerId);
    }

    @Override
    public MutableDirectBuffer durableState()
    {
        return durable;
    }

    @Override
    public void announce(final Role role, final int leaderId, final long term)
    {
        if (recording)
        {
            announcements.add(new Announcement(role, leaderId, term));
        }
    }

    /** Deliver one bully message from a peer. */
    void deliver(final ElectionNode node, final int type, final int fromId, final long term)
    {
        MessageHeader.write(receiveBuffer, 0, type, Long.BYTES, fromId);
        receiveBuffer.putLong(MessageHeader.LENGTH, term, MessageHeader.BYTE_ORDER);
        node.onMessage(fromId, receiveBuffer, 0, MessageHeader.LENGTH + Long.BYTES);
    }

    /** Fire the one pending timer of this kind, as the runtime would when it expires. */
    Timer fire(final ElectionNode node, final int kind)
    {
        final Timer timer = pendingOfKind(kind);
        if (null == timer)
        {
            throw new AssertionError("no pending timer of kind " + kind + " in " + pending);
        }
        pending.remove(timer.timerId());
        nowNs += timer.delayNs();
        node.onTimer(timer.timerId(), kind);
        return timer;
    }

    void advanceNs(final long deltaNs)
    {
        nowNs += deltaNs;
    }

    /** @return the id the last {@link #schedule} handed out, recorded or not. */
    long lastScheduledTimerId()
    {
        return nextTimerId - 1;
    }

    Timer pendingOfKind(final int kind)
    {
        Timer found = null;
        for (final Timer timer : pending.values())
        {
            if (timer.kind() == kind)
            {
                if (null != found)
                {
                    throw new AssertionError("two pending timers of kind " + kind + ": " + pending);
                }
                found = timer;
            }
        }
        return found;
    }

    List<Integer> receiversOf(final int type)
    {
        final List<Integer> receivers = new ArrayList<>();
        for (final Sent s : sent)
        {
            if (s.type() == type)
            {
                receivers.add(s.toId());
            }
        }
        return receivers;
    }

    Announcement lastAnnouncement()
    {
        return announcements.isEmpty() ? null : announcements.get(announcements.size() - 1);
    }

    void clear()
    {
        sent.clear();
        announcements.clear();
        cancelled.clear();
    }
}
