package org.electbench.quorum;

import java.util.List;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Terms;

/**
 * The three messages of the ELECT/VOTE election, little-endian {@code long} fields right after
 * the {@link MessageHeader}, whose sender id is the source's {@code id}. Each field is one the
 * receiver reads:
 * <ul>
 *   <li>ELECT(term, msg, ballot), broadcast: {@code (term, msg)} is the last LEAD the sender saw,
 *       its claim, which voters rank (the source's ELECT(id, term, msg)); {@code ballot} is the
 *       last term the sender's votes cover, or the first term it may lead if later, so every
 *       voter of the round votes up to a term above every vote already cast in it and one the
 *       sender may lead, and the round's votes meet on one term;</li>
 *   <li>VOTE(previous, voted), to the chosen server: the vote covers the terms after
 *       {@code previous} up to {@code voted}, the terms the chosen server may lead on it. The
 *       source's VOTE(term, msg) repeats the chosen claim, which the receiver has no use for;
 *       the range is what makes two leaders of one term impossible (see {@link QuorumNode});</li>
 *   <li>LEAD(term, msg), broadcast: the leader's heartbeat and assertion, its term (the
 *       leader's number: the k-th leader leads term k) and the message number within the term,
 *       1, 2, 3…, which orders claims.</li>
 * </ul>
 * An instance is the reusable decoder a node wraps around each message it receives: it checks
 * that the frame is exactly one of these layouts before any field is read, and allocates nothing.
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
    static final int VOTE_PREVIOUS_OFFSET = MessageHeader.LENGTH;
    static final int VOTE_TERM_OFFSET = VOTE_PREVIOUS_OFFSET + Long.BYTES;
    /** LEAD: term and msg. */
    static final int LEAD_BODY_LENGTH = 2 * Long.BYTES;
    /** ELECT: term, msg and ballot. */
    static final int ELECT_BODY_LENGTH = 3 * Long.BYTES;
    /** VOTE: previous and voted term. */
    static final int VOTE_BODY_LENGTH = 2 * Long.BYTES;

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

    /** @return whether every term the wrapped frame carries is one an honest server could send to a server that knows {@code knownTerm}. */
    boolean plausible(final long knownTerm)
    {
        return switch (type())
        {
            case ELECT -> Terms.plausible(knownTerm, term()) && Terms.valid(msg()) && Terms.plausible(knownTerm, ballot());
            case VOTE -> Terms.valid(votePreviousTerm()) && Terms.plausible(knownTerm, voteTerm());
            default -> Terms.plausible(knownTerm, term()) && Terms.valid(msg());
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
    static void claimVote(final NodeContext ctx, final long previousTerm, final long votedTerm)
    {
        final MutableDirectBuffer buffer = ctx.claim(VOTE, VOTE_BODY_LENGTH);
        buffer.putLong(VOTE_PREVIOUS_OFFSET, previousTerm, MessageHeader.BYTE_ORDER);
        buffer.putLong(VOTE_TERM_OFFSET, votedTerm, MessageHeader.BYTE_ORDER);
    }

    /** Lets go of the last frame wrapped, as a new decoder holds none: a node's start. */
    void reset()
    {
        buffer = null;
        offset = 0;
    }

    /**
     * @return true when the frame is exactly a header and the body of a known type, so that the
     * fields of that type may be read; anything else is malformed, to be dropped and counted.
     */
    boolean wrap(final DirectBuffer buffer, final int offset, final int length)
    {
        this.buffer = buffer;
        this.offset = offset;
        final int bodyLength = MessageHeader.checkedBodyLength(buffer, offset, length);
        if (bodyLength < 0)
        {
            return false;
        }
        final int type = MessageHeader.type(buffer, offset);
        return type < TYPE_LIMIT && bodyLength == bodyLength(type);
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

    /** @return an ELECT's ballot: the term the round's votes must reach for the claimant. */
    long ballot()
    {
        return buffer.getLong(offset + BALLOT_OFFSET, MessageHeader.BYTE_ORDER);
    }

    /** @return the term after which a VOTE's range starts. */
    long votePreviousTerm()
    {
        return buffer.getLong(offset + VOTE_PREVIOUS_OFFSET, MessageHeader.BYTE_ORDER);
    }

    /** @return the last term a VOTE covers. */
    long voteTerm()
    {
        return buffer.getLong(offset + VOTE_TERM_OFFSET, MessageHeader.BYTE_ORDER);
    }

    /** @return negative, zero or positive as {@code (termA, msgA)} is older than, equal to or newer than {@code (termB, msgB)}. */
    static int compare(final long termA, final long msgA, final long termB, final long msgB)
    {
        final int byTerm = Long.compare(termA, termB);
        return 0 != byTerm ? byTerm : Long.compare(msgA, msgB);
    }
}
