package org.electbench.bully;

import java.util.List;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Terms;

/**
 * The bully's four messages and their one body layout: every body is the sender's term, a
 * little-endian {@code long} right after the {@link MessageHeader}.
 * <ul>
 *   <li>ELECTION: the candidate's highest term seen, so the higher node learns it;</li>
 *   <li>OK: the replier's highest term seen;</li>
 *   <li>COORDINATOR and HEARTBEAT: the leader's term, which followers adopt.</li>
 * </ul>
 * A negative term is malformed ({@link Terms#valid}). An instance is the reusable decoder a node
 * wraps around each message it receives: nothing is allocated per message.
 */
final class BullyMessages
{
    static final int ELECTION = 0;
    static final int OK = 1;
    static final int COORDINATOR = 2;
    static final int HEARTBEAT = 3;

    /** Type names indexed by type id. */
    static final List<String> NAMES = List.of("ELECTION", "OK", "COORDINATOR", "HEARTBEAT");

    static final int TERM_OFFSET = MessageHeader.LENGTH;
    static final int BODY_LENGTH = Long.BYTES;
    static final int MESSAGE_LENGTH = MessageHeader.LENGTH + BODY_LENGTH;

    /** Any type id at or above this one is not a bully message. */
    private static final int TYPE_LIMIT = 4;

    private DirectBuffer buffer;
    private int offset;

    /**
     * Claim a message in the context's send buffer and write its body; send it with
     * {@code send}/{@code broadcast} afterwards.
     */
    static void claim(final NodeContext ctx, final int type, final long term)
    {
        final MutableDirectBuffer buffer = ctx.claim(type, BODY_LENGTH);
        buffer.putLong(TERM_OFFSET, term, MessageHeader.BYTE_ORDER);
    }

    /**
     * The decoder's one check: the frame is exactly a header and a term ({@link
     * MessageHeader#checkedBodyLength}), of one of the four types, with a term not negative. Only
     * then may {@link #type()} and {@link #term()} be read; anything else is malformed, to be
     * dropped and counted.
     *
     * @return true for a well-formed bully message.
     */
    boolean wrap(final DirectBuffer buffer, final int offset, final int length)
    {
        this.buffer = buffer;
        this.offset = offset;
        return BODY_LENGTH == MessageHeader.checkedBodyLength(buffer, offset, length) &&
            MessageHeader.type(buffer, offset) < TYPE_LIMIT && Terms.valid(term());
    }

    int type()
    {
        return MessageHeader.type(buffer, offset);
    }

    long term()
    {
        return buffer.getLong(offset + TERM_OFFSET, MessageHeader.BYTE_ORDER);
    }
}
