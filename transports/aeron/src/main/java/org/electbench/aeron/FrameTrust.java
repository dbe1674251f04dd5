package org.electbench.aeron;

import java.net.InetAddress;

import org.agrona.DirectBuffer;

/**
 * One receiver's checks of who sent a frame, after its shape was found sound: the sender's
 * address ({@link FrameVerdict#UNLISTED_SOURCE}), the key ({@link FrameVerdict#BAD_MAC}), the
 * cluster's fingerprint ({@link FrameVerdict#MISMATCHED}) and one process per id
 * ({@link FrameVerdict#DUPLICATE_ID}).
 * <p>
 * Two processes claiming one id show as its incarnation going back to one heard before: a restart
 * moves to a new incarnation and never back. Once that happens the older claimant's frames are
 * refused, so the receiver hears one process as that node, and the {@link Listener} names both.
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
         * @param detail   the frame's fingerprint for MISMATCHED, its incarnation for DUPLICATE_ID, else 0.
         */
        void onRefused(FrameVerdict verdict, int senderId, InetAddress source, long detail);
    }

    private static final Listener SILENT = (verdict, senderId, source, detail) ->
    {
    };

    private final Membership membership;
    private final FrameMac mac;
    private final Listener listener;
    private final long[] currentIncarnation;
    private final long[] previousIncarnation;
    private final boolean[][] noticed;

    public FrameTrust(final Membership membership, final int clusterSize, final Listener listener)
    {
        this.membership = membership;
        this.mac = membership.keyed() ? membership.newMac() : null;
        this.listener = null == listener ? SILENT : listener;
        currentIncarnation = new long[clusterSize + 1];
        previousIncarnation = new long[clusterSize + 1];
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
        final long incarnation = FrameHeader.incarnation(buffer, offset);
        if (0 != incarnation && incarnation != currentIncarnation[senderId])
        {
            if (incarnation == previousIncarnation[senderId])
            {
                return FrameVerdict.DUPLICATE_ID;
            }
            previousIncarnation[senderId] = currentIncarnation[senderId];
            currentIncarnation[senderId] = incarnation;
        }
        return FrameVerdict.OK;
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
