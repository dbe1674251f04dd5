package org.electbench.aeron;

/**
 * The anti-replay window of RFC 4303 section 3.4.3 (IPsec ESP) and RFC 6347 section 4.1.2.6
 * (DTLS), one per sender: the highest sequence number accepted and a 64-bit bitmap of the 64
 * numbers behind it. A number above the highest moves the window; one inside it is accepted once;
 * one below it is refused. Aeron delivers a session's frames in order, so a genuine sender's
 * numbers only grow at a receiver (with gaps: its frames to other receivers); the window is what
 * the RFCs keep for a network that may reorder. Callers move it only for frames whose MAC was
 * verified (RFC 4303: "the receive window is updated only if the integrity verification succeeds").
 * Single-threaded: the receiving thread's.
 */
public final class ReplayWindow
{
    /** Numbers behind the highest that are still told apart: the bitmap's width. */
    public static final int SIZE = 64;

    private final long[] highest;
    private final long[] bitmap;

    /** @param senders ids 0..senders-1. */
    public ReplayWindow(final int senders)
    {
        highest = new long[senders];
        bitmap = new long[senders];
    }

    /** Forgets the sender's numbers: its new incarnation starts a new series. */
    public void reset(final int sender)
    {
        highest[sender] = 0;
        bitmap[sender] = 0;
    }

    /**
     * @param sequence the frame's number; 0 and below are never sent.
     * @return whether the number is new, recording it if so.
     */
    public boolean accept(final int sender, final long sequence)
    {
        if (sequence <= 0)
        {
            return false;
        }
        final long top = highest[sender];
        if (sequence > top)
        {
            final long shift = sequence - top;
            bitmap[sender] = (shift >= SIZE ? 0 : bitmap[sender] << shift) | 1;
            highest[sender] = sequence;
            return true;
        }
        final long behind = top - sequence;
        if (behind >= SIZE)
        {
            return false;
        }
        final long bit = 1L << behind;
        if ((bitmap[sender] & bit) != 0)
        {
            return false;
        }
        bitmap[sender] |= bit;
        return true;
    }

    /** @return the highest number accepted from the sender, 0 before any. */
    public long highest(final int sender)
    {
        return highest[sender];
    }
}
