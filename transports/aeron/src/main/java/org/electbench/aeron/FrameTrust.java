package org.electbench.aeron;

import java.net.InetAddress;

import org.agrona.DirectBuffer;

/**
 * One receiver's checks of who sent a frame, after its shape was found sound: the sender's
 * address ({@link FrameVerdict#UNLISTED_SOURCE}), the key ({@link FrameVerdict#BAD_MAC}), the
 * cluster's fingerprint ({@link FrameVerdict#MISMATCHED}), then, between processes, that the frame
 * is new: addressed to this receiver, of the newest incarnation heard for its sender, and not
 * yet seen in that incarnation's {@link ReplayWindow} ({@link FrameVerdict#REPLAYED}).
 * <p>
 * Incarnations are ordered ({@link FrameHeader#newIncarnation}): a larger one is a later process
 * and replaces the one heard; a smaller one is never taken again, so a captured frame of an
 * earlier process cannot displace the live one ({@link FrameVerdict#STALE_INCARNATION}). Frames of
 * the incarnation just replaced that go on past the last number heard from it come from a live
 * older process, not a replay: two processes claim the id ({@link FrameVerdict#DUPLICATE_ID}).
 * All of this is state changed only by frames that passed the MAC check, so with a key only the
 * key's holders move it; without one, anyone who can send from a listed host can (the
 * documentation says so).
 * <p>
 * The listener hears of each kind of refusal once per sender id, so a flood costs a counter, not
 * a log line. Single-threaded: the receiving thread's.
 */
public final class FrameTrust
{
    /** Told the first time each kind of refusal happens for a sender id; may allocate (rare). */
    @FunctionalInterface
    public interface Listener
    {
        /**
         * @param verdict  why the frame was refused.
         * @param senderId the id the frame claims.
         * @param source   the address it came from, null when unknown.
         * @param detail   the frame's fingerprint for MISMATCHED, else its incarnation.
         */
        void onRefused(FrameVerdict verdict, int senderId, InetAddress source, long detail);
    }

    private static final Listener SILENT = (verdict, senderId, source, detail) ->
    {
    };

    private final Membership membership;
    private final int selfId;
    private final FrameMac mac;
    private final Listener listener;
    private final long[] currentIncarnation;
    private final long[] previousIncarnation;
    private final long[] previousHighest;
    private final ReplayWindow window;
    private final boolean[][] noticed;

    /**
     * @param selfId the receiving node's id, which frames must be addressed to; 0 for the observer.
     */
    public FrameTrust(final Membership membership, final int clusterSize, final int selfId, final Listener listener)
    {
        this.membership = membership;
        this.selfId = selfId;
        this.mac = membership.keyed() ? membership.newMac() : null;
        this.listener = null == listener ? SILENT : listener;
        currentIncarnation = new long[clusterSize + 1];
        previousIncarnation = new long[clusterSize + 1];
        previousHighest = new long[clusterSize + 1];
        window = new ReplayWindow(clusterSize + 1);
        noticed = new boolean[FrameVerdict.all().length][clusterSize + 1];
    }

    /**
     * @param length   the whole frame's length, the tag included.
     * @param senderId the sender the frame claims, already known to be 1..N.
     * @param source   where Aeron says the frame's session came from.
     * @return OK, or why the frame is refused.
     */
    public FrameVerdict check(
        final DirectBuffer buffer, final int offset, final int length, final int senderId, final InetAddress source)
    {
        final FrameVerdict verdict = classify(buffer, offset, length, senderId, source);
        if (FrameVerdict.OK != verdict && !noticed[verdict.ordinal()][senderId])
        {
            noticed[verdict.ordinal()][senderId] = true;
            listener.onRefused(verdict, senderId, source, FrameVerdict.MISMATCHED == verdict ?
                FrameHeader.fingerprint(buffer, offset) : FrameHeader.incarnation(buffer, offset));
        }
        return verdict;
    }

    private FrameVerdict classify(
        final DirectBuffer buffer, final int offset, final int length, final int senderId, final InetAddress source)
    {
        if (!membership.admits(senderId, source))
        {
            return FrameVerdict.UNLISTED_SOURCE;
        }
        final boolean tagged = FrameHeader.tagLength(buffer, offset) > 0;
        if (tagged != (null != mac) || (tagged && !mac.verify(buffer, offset, length)))
        {
            return FrameVerdict.BAD_MAC;
        }
        if (FrameHeader.fingerprint(buffer, offset) != membership.fingerprint())
        {
            return FrameVerdict.MISMATCHED;
        }
        if (membership.isOpen())
        {
            // Nodes of one process: their frames never leave it, and carry no incarnation or sequence.
            return FrameVerdict.OK;
        }
        final long incarnation = FrameHeader.incarnation(buffer, offset);
        final long sequence = FrameHeader.sequence(buffer, offset);
        if (incarnation <= 0 || incarnation < currentIncarnation[senderId])
        {
            if (incarnation > 0 && incarnation == previousIncarnation[senderId] && sequence > previousHighest[senderId])
            {
                previousHighest[senderId] = sequence;
                return FrameVerdict.DUPLICATE_ID;
            }
            return FrameVerdict.STALE_INCARNATION;
        }
        if (FrameHeader.destination(buffer, offset) != selfId || sequence <= 0)
        {
            return FrameVerdict.REPLAYED;
        }
        if (incarnation > currentIncarnation[senderId])
        {
            previousIncarnation[senderId] = currentIncarnation[senderId];
            previousHighest[senderId] = window.highest(senderId);
            currentIncarnation[senderId] = incarnation;
            window.reset(senderId);
        }
        return window.accept(senderId, sequence) ? FrameVerdict.OK : FrameVerdict.REPLAYED;
    }

    /** @return the incarnation of the process heard as node {@code id} (0 before any). */
    public long incarnation(final int id)
    {
        return currentIncarnation[id];
    }

    public Membership membership()
    {
        return membership;
    }
}
