package org.electbench.quorum;

import java.util.List;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;

/**
 * The three messages of the ELECT/VOTE election. Every body starts with a position in the
 * leader's message stream, {@code (term, msg)}, as two little-endian {@code long}s right after
 * the {@link MessageHeader}; ELECT adds the ballot, VOTE the ballot and the previous ballot.
 * The sender's id is the header's.
 * <ul>
 *   <li>ELECT(id, term, msg, ballot): the sender's claim, the last LEAD it has seen, and the
 *       highest term it has seen or voted in, so every voter of the round votes above it;</li>
 *   <li>VOTE(term, msg, ballot, previous): sent to the chosen server, carrying the claim it is
 *       chosen for and the terms it may lead on this vote, those after the voter's previous
 *       vote up to the ballot, which the voter never votes for again;</li>
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
    static final int BALLOT_OFFSET = MSG_OFFSET + Long.BYTES;
    static final int PREVIOUS_BALLOT_OFFSET = BALLOT_OFFSET + Long.BYTES;
    /** LEAD: term and msg. */
    static final int LEAD_BODY_LENGTH = 2 * Long.BYTES;
    /** ELECT: term, msg and ballot. */
    static final int ELECT_BODY_LENGTH = 3 * Long.BYTES;
    /** VOTE: term, msg, ballot and previous ballot. */
    static final int VOTE_BODY_LENGTH = 4 * Long.BYTES;

    /** Any type id at or above this one is not a quorum message. */
    private static final int TYPE_LIMIT = 3;

    private DirectBuffer buffer;
    private int offset;

    /** @return the body length of a message of that type. */
    static int bodyLength(final int type)
    {
        return switch (type)
        {
            case ELECT -> ELECT_BODY_LENGTH;
            case VOTE -> VOTE_BODY_LENGTH;
            default -> LEAD_BODY_LENGTH;
        };
    }

    /** Claim a LEAD in the context's send buffer and write its body; send it with {@code broadcast} afterwards. */
    static void claimLead(final NodeContext ctx, final long term, final long msg)
    {
        final MutableDirectBuffer buffer = ctx.claim(LEAD, LEAD_BODY_LENGTH);
        buffer.putLong(TERM_OFFSET, term, MessageHeader.BYTE_ORDER);
        buffer.putLong(MSG_OFFSET, msg, MessageHeader.BYTE_ORDER);
    }

    /** Claim an ELECT in the context's send buffer and write its body; send it with {@code broadcast} afterwards. */
    static void claimElect(final NodeContext ctx, final long term, final long msg, final long ballot)
    {
        final MutableDirectBuffer buffer = ctx.claim(ELECT, ELECT_BODY_LENGTH);
        buffer.putLong(TERM_OFFSET, term, MessageHeader.BYTE_ORDER);
        buffer.putLong(MSG_OFFSET, msg, MessageHeader.BYTE_ORDER);
        buffer.putLong(BALLOT_OFFSET, ballot, MessageHeader.BYTE_ORDER);
    }

    /** Claim a VOTE in the context's send buffer and write its body; send it with {@code send} afterwards. */
    static void claimVote(final NodeContext ctx, final long term, final long msg, final long ballot, final long previousBallot)
    {
        final MutableDirectBuffer buffer = ctx.claim(VOTE, VOTE_BODY_LENGTH);
        buffer.putLong(TERM_OFFSET, term, MessageHeader.BYTE_ORDER);
        buffer.putLong(MSG_OFFSET, msg, MessageHeader.BYTE_ORDER);
        buffer.putLong(BALLOT_OFFSET, ballot, MessageHeader.BYTE_ORDER);
        buffer.putLong(PREVIOUS_BALLOT_OFFSET, previousBallot, MessageHeader.BYTE_ORDER);
    }

    /**
     * @return true when the frame is of a known type and long enough for it, so that
     * the fields of that type may be read; a foreign or truncated frame is to be ignored.
     */
    boolean wrap(final DirectBuffer buffer, final int offset, final int length)
    {
        this.buffer = buffer;
        this.offset = offset;
        if (length < MessageHeader.LENGTH)
        {
            return false;
        }
        final int type = MessageHeader.type(buffer, offset);
        if (type < 0 || type >= TYPE_LIMIT)
        {
            return false;
        }
        final int bodyLength = bodyLength(type);
        return length >= MessageHeader.LENGTH + bodyLength && MessageHeader.bodyLength(buffer, offset) >= bodyLength;
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

    /** @return an ELECT's highest term seen, or the last term a VOTE covers; not in a LEAD. */
    long ballot()
    {
        return buffer.getLong(offset + BALLOT_OFFSET, MessageHeader.BYTE_ORDER);
    }

    /** @return the ballot of the voter's previous vote: a VOTE covers the terms after it; only in a VOTE. */
    long previousBallot()
    {
        return buffer.getLong(offset + PREVIOUS_BALLOT_OFFSET, MessageHeader.BYTE_ORDER);
    }

    /** @return negative, zero or positive as {@code (termA, msgA)} is older than, equal to or newer than {@code (termB, msgB)}. */
    static int compare(final long termA, final long msgA, final long termB, final long msgB)
    {
        final int byTerm = Long.compare(termA, termB);
        return 0 != byTerm ? byTerm : Long.compare(msgA, msgB);
    }
}
