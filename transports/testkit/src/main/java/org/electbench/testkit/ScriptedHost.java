package org.electbench.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Role;
import org.electbench.transport.host.SendBuffer;
import org.electbench.transport.host.Host;
import org.electbench.transport.host.HostedContext;

/**
 * A hand-driven host for one node, so a test can play the rest of the cluster: the node gets
 * the {@link HostedContext} every runtime gives it, and this host records what it sends,
 * schedules, cancels and announces, on a clock the test moves. The test delivers messages with
 * {@link #inbound} and {@link #deliver}, and fires timers with {@link #fire}.
 * <p>
 * Records go into preallocated arrays (the last {@value #CAPACITY} sends and timers), each sent
 * copy with its bytes, so that a warm message path can be checked for allocation; announcements
 * are kept in a list unless {@link #countAnnouncementsOnly()}.
 */
public final class ScriptedHost implements Host
{
    /** The receiver recorded for a broadcast when broadcasts are {@link #recordBroadcastsAsOne() kept as one}. */
    public static final int ALL = 0;
    /** How many sends and how many timers are remembered; older ones are overwritten. */
    public static final int CAPACITY = 1 << 14;

    private static final int MESSAGE_BYTES = MessageHeader.MAX_MESSAGE_LENGTH;
    private static final long RANDOM_SEED = 7;

    /** One belief change. */
    public record Announcement(Role role, int leaderId, long term)
    {
    }

    /** One recorded send: its type, receiver ({@link #ALL} for a broadcast kept as one) and a copy of the message. */
    public record Sent(int type, int toId, DirectBuffer message)
    {
        /** @return the little-endian long of the message at that offset from its start. */
        public long longAt(final int offset)
        {
            return message.getLong(offset, MessageHeader.BYTE_ORDER);
        }

        /** @return the little-endian int of the message at that offset from its start. */
        public int intAt(final int offset)
        {
            return message.getInt(offset, MessageHeader.BYTE_ORDER);
        }
    }

    private final SendBuffer claim = new SendBuffer();
    private final UnsafeBuffer inbound = new UnsafeBuffer(new byte[MESSAGE_BYTES]);

    private final int[] sentType = new int[CAPACITY];
    private final int[] sentTo = new int[CAPACITY];
    private final int[] sentLength = new int[CAPACITY];
    private final byte[] sentArray = new byte[CAPACITY * MESSAGE_BYTES];
    private final UnsafeBuffer sentBytes = new UnsafeBuffer(sentArray);
    private int sentCount;
    private int refusedSends;
    private boolean broadcastsAsOne;

    private final long[] timerDueNs = new long[CAPACITY];
    private final long[] timerDelayNs = new long[CAPACITY];
    private final int[] timerKind = new int[CAPACITY];
    private final boolean[] timerPending = new boolean[CAPACITY];
    private final int[] pendingIds = new int[CAPACITY];
    private int pendingCount;
    private long nextTimerId = 1;
    private int cancelledCount;

    private final List<Announcement> announcements = new ArrayList<>();
    private boolean keepAnnouncements = true;
    private int announceCount;

    private long nowNs;

    /** @return a node's disk, zeroed as at a cluster's first start. */
    public static MutableDirectBuffer newDurableState()
    {
        return new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);
    }

    /**
     * @return the context for one life of a node, with a disk of its own, zeroed.
     */
    public HostedContext context(final int selfId, final int clusterSize, final boolean detectorEnabled, final ElectionSettings settings)
    {
        return context(selfId, clusterSize, detectorEnabled, settings, newDurableState());
    }

    /**
     * @param durableState the node's disk, e.g. that of its previous life, or null for a host that keeps none.
     * @return the context for one life of a node.
     */
    public HostedContext context(
        final int selfId,
        final int clusterSize,
        final boolean detectorEnabled,
        final ElectionSettings settings,
        final MutableDirectBuffer durableState)
    {
        return new HostedContext(this, claim, selfId, clusterSize, 1, detectorEnabled, settings,
            new SplittableRandom(RANDOM_SEED), durableState);
    }

    // ---- the host ----

    @Override
    public long nowNs()
    {
        return nowNs;
    }

    @Override
    public long schedule(final HostedContext node, final long delayNs, final int kind)
    {
        final long timerId = nextTimerId++;
        final int i = index(timerId);
        timerDueNs[i] = nowNs + delayNs;
        timerDelayNs[i] = delayNs;
        timerKind[i] = kind;
        if (!timerPending[i])
        {
            pendingIds[pendingCount++] = i;
        }
        timerPending[i] = true;
        return timerId;
    }

    @Override
    public boolean cancel(final HostedContext node, final long timerId)
    {
        if (timerId < 1 || timerId >= nextTimerId || timerId <= nextTimerId - 1 - CAPACITY)
        {
            return false;
        }
        cancelledCount++;
        return unpend(index(timerId));
    }

    @Override
    public void emit(final HostedContext from, final int toId, final SendBuffer message)
    {
        record(toId, message);
    }

    @Override
    public void emitToAll(final HostedContext from, final SendBuffer message)
    {
        if (broadcastsAsOne)
        {
            record(ALL, message);
        }
        else
        {
            Host.super.emitToAll(from, message);
        }
    }

    @Override
    public void onRefusedSend(final HostedContext from, final int toId)
    {
        refusedSends++;
    }

    @Override
    public void announce(final HostedContext node, final Role role, final int leaderId, final long term)
    {
        announceCount++;
        if (keepAnnouncements)
        {
            announcements.add(new Announcement(role, leaderId, term));
        }
    }

    // ---- the clock ----

    public void advanceNs(final long deltaNs)
    {
        nowNs += deltaNs;
    }

    // ---- delivering ----

    /**
     * @return the inbound buffer with a header written (type, body length, sender), the body to
     * be written at {@link MessageHeader#LENGTH}; then {@link #deliver}.
     */
    public MutableDirectBuffer inbound(final int type, final int bodyLength, final int fromId)
    {
        MessageHeader.write(inbound, 0, type, bodyLength, fromId);
        return inbound;
    }

    /** Hands the node what {@link #inbound} holds, as long as its header says. */
    public void deliver(final ElectionNode node, final int fromId)
    {
        deliver(node, fromId, MessageHeader.messageLength(inbound, 0));
    }

    /** Hands the node the first {@code length} bytes of the inbound buffer, whatever its header says (for malformed frames). */
    public void deliver(final ElectionNode node, final int fromId, final int length)
    {
        node.onMessage(fromId, inbound, 0, length);
    }

    // ---- timers ----

    /** @return the id of the one pending timer of that kind; fails when there is none or several. */
    public long pendingTimer(final int kind)
    {
        final int i = pendingIndex(kind);
        if (i < 0)
        {
            throw timerError(kind, false);
        }
        return timerIdAt(i);
    }

    public boolean hasPendingTimer(final int kind)
    {
        return pendingIndex(kind) >= 0;
    }

    /** @return how long from now the pending timer of that kind is due. */
    public long pendingDelayNs(final int kind)
    {
        return timerDueNs[index(pendingTimer(kind))] - nowNs;
    }

    /** @return the delay the pending timer of that kind was scheduled with. */
    public long scheduledDelayNs(final int kind)
    {
        return timerDelayNs[index(pendingTimer(kind))];
    }

    /** @return the timers pending, neither fired nor cancelled. */
    public int pendingTimers()
    {
        return pendingCount;
    }

    /** @return cancels asked for, of pending timers or not. */
    public int cancels()
    {
        return cancelledCount;
    }

    /** @return the id the last schedule handed out. */
    public long lastScheduledTimerId()
    {
        return nextTimerId - 1;
    }

    /**
     * Moves the clock to the pending timer of that kind (never back) and fires it.
     *
     * @return its id.
     */
    public long fire(final ElectionNode node, final int kind)
    {
        final long timerId = pendingTimer(kind);
        final int i = index(timerId);
        nowNs = Math.max(nowNs, timerDueNs[i]);
        unpend(i);
        node.onTimer(timerId, kind);
        return timerId;
    }

    // ---- what was sent ----

    /** From now on a broadcast is one record to {@link #ALL}, not one per peer. */
    public void recordBroadcastsAsOne()
    {
        broadcastsAsOne = true;
    }

    public int sentCount()
    {
        return sentCount;
    }

    /** @return sends the node addressed to itself or to an id outside 1..N, which reach no wire. */
    public int refusedSends()
    {
        return refusedSends;
    }

    /** @return the i-th remembered send since the last clear (0 the oldest). */
    public Sent sent(final int i)
    {
        final int slot = sentSlot(i);
        final UnsafeBuffer copy = new UnsafeBuffer(new byte[sentLength[slot]]);
        copy.putBytes(0, sentBytes, slot * MESSAGE_BYTES, sentLength[slot]);
        return new Sent(sentType[slot], sentTo[slot], copy);
    }

    /** @return the type of the i-th remembered send, without allocating. */
    public int sentType(final int i)
    {
        return sentType[sentSlot(i)];
    }

    /** @return the receiver of the i-th remembered send, without allocating. */
    public int sentTo(final int i)
    {
        return sentTo[sentSlot(i)];
    }

    /** @return a long of the i-th remembered send at that offset from its start, without allocating. */
    public long sentLong(final int i, final int offset)
    {
        return sentBytes.getLong(sentSlot(i) * MESSAGE_BYTES + offset, MessageHeader.BYTE_ORDER);
    }

    /** @return every remembered send since the last clear, oldest first. */
    public List<Sent> sent()
    {
        final List<Sent> sent = new ArrayList<>();
        for (int i = Math.max(0, sentCount - CAPACITY); i < sentCount; i++)
        {
            sent.add(sent(i));
        }
        return sent;
    }

    /** @return the remembered sends of one type, oldest first. */
    public List<Sent> sentOfType(final int type)
    {
        final List<Sent> sent = new ArrayList<>();
        for (final Sent s : sent())
        {
            if (s.type() == type)
            {
                sent.add(s);
            }
        }
        return sent;
    }

    /** @return the receivers of the remembered sends of one type, in send order. */
    public List<Integer> receiversOf(final int type)
    {
        final List<Integer> receivers = new ArrayList<>();
        for (final Sent s : sentOfType(type))
        {
            receivers.add(s.toId());
        }
        return receivers;
    }

    /** @return what was sent since the last call or clear, and forget it. */
    public List<Sent> drain()
    {
        final List<Sent> sent = sent();
        sentCount = 0;
        return sent;
    }

    /** Forgets what was sent, without allocating. */
    public void clearSent()
    {
        sentCount = 0;
    }

    // ---- announcements ----

    /** Counts announcements from now on without keeping them, so that nothing is allocated. */
    public void countAnnouncementsOnly()
    {
        keepAnnouncements = false;
    }

    public int announceCount()
    {
        return announceCount;
    }

    public List<Announcement> announcements()
    {
        return announcements;
    }

    /** @return the latest kept announcement, or null with none. */
    public Announcement lastAnnouncement()
    {
        return announcements.isEmpty() ? null : announcements.get(announcements.size() - 1);
    }

    /** Forgets what was sent and announced. */
    public void clear()
    {
        sentCount = 0;
        announcements.clear();
    }

    private void record(final int toId, final SendBuffer message)
    {
        final int slot = sentCount++ & (CAPACITY - 1);
        sentType[slot] = message.type();
        sentTo[slot] = toId;
        sentLength[slot] = message.length();
        // A plain array copy: nothing on the recording path that the JIT might first compile mid-test.
        System.arraycopy(message.bytes(), 0, sentArray, slot * MESSAGE_BYTES, message.length());
    }

    private int sentSlot(final int i)
    {
        if (i < 0 || i >= sentCount || i < sentCount - CAPACITY)
        {
            throw notRemembered(i, sentCount);
        }
        return i & (CAPACITY - 1);
    }

    private static int index(final long timerId)
    {
        return (int)(timerId & (CAPACITY - 1));
    }

    private long timerIdAt(final int index)
    {
        // The newest id with this index: ids wrap every CAPACITY timers.
        final long newest = nextTimerId - 1;
        return newest - ((newest - index) & (CAPACITY - 1));
    }

    private int pendingIndex(final int kind)
    {
        int found = -1;
        for (int p = 0; p < pendingCount; p++)
        {
            final int i = pendingIds[p];
            if (timerKind[i] == kind)
            {
                if (found >= 0)
                {
                    throw timerError(kind, true);
                }
                found = i;
            }
        }
        return found;
    }

    private boolean unpend(final int i)
    {
        if (!timerPending[i])
        {
            return false;
        }
        timerPending[i] = false;
        for (int p = 0; p < pendingCount; p++)
        {
            if (pendingIds[p] == i)
            {
                pendingIds[p] = pendingIds[--pendingCount];
                break;
            }
        }
        return true;
    }

    // The messages are built out of line: a method on the recording path holds no string, so the
    // JIT compiling it mid-test resolves nothing on the test's thread (an allocation test's noise).

    private static AssertionError timerError(final int kind, final boolean several)
    {
        return new AssertionError((several ? "more than one pending timer of kind " : "no pending timer of kind ") + kind);
    }

    private static IndexOutOfBoundsException notRemembered(final int i, final int sentCount)
    {
        return new IndexOutOfBoundsException("send " + i + " is not remembered: " + sentCount + " sent, the last " + CAPACITY + " kept");
    }
}
