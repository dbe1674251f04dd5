package org.electbench.raft;

import java.util.ArrayList;
import java.util.List;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.collections.LongArrayList;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Role;
import org.electbench.testkit.ScriptedHost;
import org.electbench.transport.host.HostedContext;

/**
 * One raft node's {@link ScriptedHost}, in raft's terms: a test delivers REQUEST_VOTE, VOTE,
 * HEARTBEAT and the others by type and term, and reads back what the node sent (a broadcast as
 * one send to {@link ScriptedHost#ALL}) and announced, with terms, grants and times. The host
 * keeps no times, so each step stamps the sends and announcements it finds new with the clock,
 * before moving it; stamping allocates nothing, so an allocation test drives its node through
 * this too and reads only the host's counts.
 */
final class RaftScript
{
    /** One send; {@code granted} false where the type has none. */
    record Sent(long atNs, int type, int toId, long term, boolean granted)
    {
    }

    record Announcement(long atNs, Role role, int leaderId, long term)
    {
    }

    /** A pending timer: its id, when it was set and when it is due. */
    record Timer(long timerId, long armedNs, long dueNs)
    {
    }

    private final ScriptedHost host = new ScriptedHost();
    private final long[] sentAtNs = new long[ScriptedHost.CAPACITY];
    private final LongArrayList announcedAtNs = new LongArrayList();
    private int stampedSends;

    RaftScript()
    {
        host.recordBroadcastsAsOne();
    }

    /**
     * @param durableState the node's disk, e.g. that of its previous life, or null for a host that keeps none.
     * @return the context of one life of a node on this host.
     */
    HostedContext context(
        final int selfId,
        final int clusterSize,
        final boolean detectorEnabled,
        final ElectionSettings settings,
        final MutableDirectBuffer durableState)
    {
        return host.context(selfId, clusterSize, detectorEnabled, settings, durableState);
    }

    /** The host underneath, for its counts. */
    ScriptedHost host()
    {
        return host;
    }

    long nowNs()
    {
        return host.nowNs();
    }

    void advanceNs(final long deltaNs)
    {
        stamp();
        host.advanceNs(deltaNs);
    }

    /** Delivers one well-formed raft message from a peer. */
    void deliver(final ElectionNode node, final int fromId, final int type, final long term, final boolean granted)
    {
        stamp();
        final int bodyLength = RaftMessages.bodyLength(type);
        final MutableDirectBuffer message = host.inbound(type, bodyLength, fromId);
        message.putLong(RaftMessages.TERM_OFFSET, term, MessageHeader.BYTE_ORDER);
        if (RaftMessages.ANSWER_BODY_LENGTH == bodyLength)
        {
            message.putByte(RaftMessages.GRANTED_OFFSET, granted ? (byte)1 : (byte)0);
        }
        host.deliver(node, fromId);
        stamp();
    }

    void deliver(final ElectionNode node, final int fromId, final int type, final long term)
    {
        deliver(node, fromId, type, term, false);
    }

    /** Moves the clock to the pending timer of that kind and fires it. */
    void fire(final ElectionNode node, final int kind)
    {
        stamp();
        host.fire(node, kind);
        stamp();
    }

    /** @return the pending timer of that kind, or null; fails when several are pending. */
    Timer timer(final int kind)
    {
        if (!host.hasPendingTimer(kind))
        {
            return null;
        }
        final long dueNs = host.nowNs() + host.pendingDelayNs(kind);
        return new Timer(host.pendingTimer(kind), dueNs - host.scheduledDelayNs(kind), dueNs);
    }

    int pendingTimers()
    {
        return host.pendingTimers();
    }

    /** @return what the node sent since the last clear, oldest first. */
    List<Sent> sent()
    {
        stamp();
        final List<Sent> sent = new ArrayList<>();
        for (int i = Math.max(0, host.sentCount() - ScriptedHost.CAPACITY); i < host.sentCount(); i++)
        {
            final DirectBuffer message = host.sent(i).message();
            final boolean granted = RaftMessages.ANSWER_BODY_LENGTH == MessageHeader.bodyLength(message, 0) &&
                1 == message.getByte(RaftMessages.GRANTED_OFFSET);
            sent.add(new Sent(sentAtNs[slot(i)], host.sentType(i), host.sentTo(i),
                host.sentLong(i, RaftMessages.TERM_OFFSET), granted));
        }
        return sent;
    }

    Sent lastSent()
    {
        final List<Sent> sent = sent();
        return sent.get(sent.size() - 1);
    }

    /** @return what the node announced since the last clear, oldest first. */
    List<Announcement> announcements()
    {
        stamp();
        final List<Announcement> announcements = new ArrayList<>();
        final List<ScriptedHost.Announcement> kept = host.announcements();
        for (int i = 0; i < kept.size(); i++)
        {
            final ScriptedHost.Announcement announcement = kept.get(i);
            announcements.add(new Announcement(announcedAtNs.getLong(i), announcement.role(), announcement.leaderId(), announcement.term()));
        }
        return announcements;
    }

    Announcement lastAnnouncement()
    {
        final List<Announcement> announcements = announcements();
        return announcements.get(announcements.size() - 1);
    }

    void clearSent()
    {
        host.clearSent();
        stampedSends = 0;
    }

    /** Forgets what was sent and announced. */
    void clear()
    {
        host.clear();
        stampedSends = 0;
        announcedAtNs.clear();
    }

    /** The clock has not moved since the last step: what is new was sent or announced now. */
    private void stamp()
    {
        final long nowNs = host.nowNs();
        for (; stampedSends < host.sentCount(); stampedSends++)
        {
            sentAtNs[slot(stampedSends)] = nowNs;
        }
        for (int i = announcedAtNs.size(); i < host.announcements().size(); i++)
        {
            announcedAtNs.addLong(nowNs);
        }
    }

    private static int slot(final int sendIndex)
    {
        return sendIndex & (ScriptedHost.CAPACITY - 1);
    }
}
