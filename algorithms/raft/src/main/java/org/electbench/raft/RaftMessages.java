package org.electbench.raft;

import java.util.List;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Terms;

/**
 * The six messages of the Raft-style election. Every body starts with a term, a little-endian
 * {@code long} right after the {@link MessageHeader}; the two answers add one byte, 1 when
 * granted and 0 when not. The sender's id is the header's, so no body repeats it.
 * <ul>
 *   <li>REQUEST_VOTE(term): a candidate of that term asks for the receiver's vote;</li>
 *   <li>VOTE(term, granted): the answer, carrying the voter's term (above the candidate's when
 *       it refuses a stale candidate, which then steps down);</li>
 *   <li>PRE_VOTE(term): would the receiver vote for the sender in that term, one above the
 *       sender's own? Nobody's term changes;</li>
 *   <li>PRE_VOTE_RESPONSE(term, granted): the asked term when granted, the voter's own when not;</li>
 *   <li>HEARTBEAT(term): the leader's empty append-entries;</li>
 *   <li>HEARTBEAT_RESPONSE(term): a follower's answer, sent when the leader checks its quorum, and
 *       by any node to a heartbeat of a term older than its own, which deposes the stale leader
 *       as Raft's failed append-entries reply does.</li>
 * </ul>
 * A frame is accepted only when it is exactly as long as its type says, its header names the
 * sender the runtime delivered it from, its term is not negative ({@link Terms#valid}) and a
 * granted byte is 0 or 1; anything else is malformed and the node drops and counts it, as it does
 * a well-formed frame whose term no honest peer could hold ({@link Terms#plausible}). An instance is the reusable
 * decoder a node wraps around each message it receives: nothing is allocated per message.
 */
final class RaftMessages
{
    static final int REQUEST_VOTE = 0;
    static final int VOTE = 1;
    static final int PRE_VOTE = 2;
    static final int PRE_VOTE_RESPONSE = 3;
    static final int HEARTBEAT = 4;
    static final int HEARTBEAT_RESPONSE = 5;

    /** Type names indexed by type id. */
    static final List<String> NAMES = List.of(
        "REQUEST_VOTE", "VOTE", "PRE_VOTE", "PRE_VOTE_RESPONSE", "HEARTBEAT", "HEARTBEAT_RESPONSE");

    static final int TERM_OFFSET = MessageHeader.LENGTH;
    static final int GRANTED_OFFSET = TERM_OFFSET + Long.BYTES;
    /** REQUEST_VOTE, PRE_VOTE, HEARTBEAT and HEARTBEAT_RESPONSE: the term. */
    static final int TERM_BODY_LENGTH = Long.BYTES;
    /** VOTE and PRE_VOTE_RESPONSE: the term and the granted byte. */
    static final int ANSWER_BODY_LENGTH = Long.BYTES + 1;

    /** Any type id at or above this one is not a raft message. */
    static final int TYPE_LIMIT = 6;

    private DirectBuffer buffer;
    private int offset;

    /** @return the body length of a message of that type. */
    static int bodyLength(final int type)
    {
        return VOTE == type || PRE_VOTE_RESPONSE == type ? ANSWER_BODY_LENGTH : TERM_BODY_LENGTH;
    }

    /** Claim a message whose body is its term alone; send it with {@code send}/{@code broadcast} afterwards. */
    static void claim(final NodeContext ctx, final int type, final long term)
    {
        final MutableDirectBuffer buffer = ctx.claim(type, TERM_BODY_LENGTH);
        buffer.putLong(TERM_OFFSET, term, MessageHeader.BYTE_ORDER);
    }

    /** Claim a VOTE or PRE_VOTE_RESPONSE; send it with {@code send} afterwards. */
    static void claimAnswer(final NodeContext ctx, final int type, final long term, final boolean granted)
    {
        final MutableDirectBuffer buffer = ctx.claim(type, ANSWER_BODY_LENGTH);
        buffer.putLong(TERM_OFFSET, term, MessageHeader.BYTE_ORDER);
        buffer.putByte(GRANTED_OFFSET, granted ? (byte)1 : (byte)0);
    }

    /**
     * @param fromId the sender the runtime delivered the frame from.
     * @return true when the frame is well formed, so its fields may be read; false for a
     * foreign, truncated, oversized or forged frame, which is to be dropped.
     */
    boolean wrap(final DirectBuffer buffer, final int offset, final int length, final int fromId)
    {
        this.buffer = buffer;
        this.offset = offset;
        if (null == buffer || length < MessageHeader.LENGTH || offset < 0 || offset + length > buffer.capacity())
        {
            return false;
        }
        final int type = MessageHeader.type(buffer, offset);
        if (type >= TYPE_LIMIT)
        {
            return false;
        }
        final int bodyLength = bodyLength(type);
        if (length != MessageHeader.LENGTH + bodyLength ||
            MessageHeader.bodyLength(buffer, offset) != bodyLength ||
            MessageHeader.senderId(buffer, offset) != fromId ||
            !Terms.valid(buffer.getLong(offset + TERM_OFFSET, MessageHeader.BYTE_ORDER)))
        {
            return false;
        }
        return TERM_BODY_LENGTH == bodyLength || (buffer.getByte(offset + GRANTED_OFFSET) & 0xFE) == 0;
    }

    /** Forgets the frame last wrapped, as a decoder just made. */
    void reset()
    {
        buffer = null;
        offset = 0;
    }

    int type()
    {
        return MessageHeader.type(buffer, offset);
    }

    long term()
    {
        return buffer.getLong(offset + TERM_OFFSET, MessageHeader.BYTE_ORDER);
    }

    /** @return whether a VOTE or PRE_VOTE_RESPONSE grants; not in the other types. */
    boolean granted()
    {
        return 1 == buffer.getByte(offset + GRANTED_OFFSET);
    }
}
