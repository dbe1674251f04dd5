package org.electbench.quorum;

import java.util.List;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;

/**
 * The three messages of the ELECT/VOTE election and their one body layout: a position in the
 * leader's message stream, {@code (term, msg)}, as two little-endian {@code long}s right after
 * the {@link MessageHeader}. The sender's id is the header's.
 * <ul>
 *   <li>ELECT(id, term, msg): the sender's claim, the last LEAD it has seen;</li>
 *   <li>VOTE(term, msg): sent to the chosen server, carrying the claim it is chosen for, so
 *       votes given on the same evidence are identical;</li>
 *   <li>LEAD(term, msg): the leader's heartbeat and assertion of leadership, numbered
 *       1, 2, 3… within its term.</li>
 * </ul>
 * An instance is the reusable decoder a node wraps around each message it receives: nothing
 * is allocated per message.
 */
final class QuorumMessages
{
    static final int ELECT = 0;
    static final int VOTE = 1;
    static final int LEAD = 2;

    /** Type names indexed by type id. */
    static final List<String> NAMES = List.of("ELECT", "VOTE", "LEAD");

    static final int TERM_OFFSET = MessageHeader.LENGTH;
    static final int MSG_OFFSET = TERM_OFFSET + Long.BYTES;
    static final int BODY_LENGTH = 2 * Long.BYTES;
    static final int MESSAGE_LENGTH = MessageHeader.LENGTH + BODY_LENGTH;

    /** Any type id at or above this one is not a quorum message. */
    private static final int TYPE_LIMIT = 3;

    private DirectBuffer buffer;
    private int offset;

    /**
     * Claim a message in the context's send buffer and write its body; send it with
     * {@code send}/{@code broadcast} afterwards.
     */
    static void claim(final NodeContext ctx, final int type, final long term, final long msg)
    {
        final MutableDirectBuffer buffer = ctx.claim(type, BODY_LENGTH);
        buffer.putLong(TERM_OFFSET, term, MessageHeader.BYTE_ORDER);
        buffer.putLong(MSG_OFFSET, msg, MessageHeader.BYTE_ORDER);
    }

    /**
     * @return true when the frame is long enough and of a known type, so that {@link #type()},
     * {@link #term()} and {@link #msg()} may be read; a foreign or truncated frame is to be ignored.
     */
    boolean wrap(final DirectBuffer buffer, final int offset, final int length)
    {
        this.buffer = buffer;
        this.offset = offset;
        return length >= MESSAGE_LENGTH &&
            MessageHeader.bodyLength(buffer, offset) >= BODY_LENGTH &&
            MessageHeader.type(buffer, offset) < TYPE_LIMIT;
    }

    int type()
    {
        return MessageHeader.type(buffer, offset);
    }

    long term()
    {
        return buffer.getLong(offset + TERM_OFFSET, MessageHeader.BYTE_ORDER);
    }

    long msg()
    {
        return buffer.getLong(offset + MSG_OFFSET, MessageHeader.BYTE_ORDER);
    }

    /** @return negative, zero or positive as {@code (termA, msgA)} is older than, equal to or newer than {@code (termB, msgB)}. */
    static int compare(final long termA, final long msgA, final long termB, final long msgB)
    {
        final int byTerm = Long.compare(termA, termB);
        return 0 != byTerm ? byTerm : Long.compare(msgA, msgB);
    }
}
