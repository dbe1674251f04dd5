package org.electbench.quorum;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.electbench.spi.MessageHeader;

/**
 * Where a server's vote survives a restart (rule 4, with ballots on): the highest term it has seen,
 * the range its last vote covers and the server that vote went to, in the runtime's durable state.
 */
final class DurableVote
{
    /** Where the highest term seen lies. */
    static final int HIGHEST_TERM_OFFSET = 0;
    /** Where the last term voted in lies. */
    static final int VOTED_TERM_OFFSET = HIGHEST_TERM_OFFSET + Long.BYTES;
    /** Where the term before the last vote's range lies. */
    static final int VOTED_PREVIOUS_OFFSET = VOTED_TERM_OFFSET + Long.BYTES;
    /** Where the server the last vote went to lies. */
    static final int VOTED_FOR_OFFSET = VOTED_PREVIOUS_OFFSET + Long.BYTES;

    private DurableVote()
    {
    }

    static void write(
        final MutableDirectBuffer state, final long highestTermSeen, final long votedTerm, final long votedPreviousTerm, final int votedForId)
    {
        state.putLong(HIGHEST_TERM_OFFSET, highestTermSeen, MessageHeader.BYTE_ORDER);
        state.putLong(VOTED_TERM_OFFSET, votedTerm, MessageHeader.BYTE_ORDER);
        state.putLong(VOTED_PREVIOUS_OFFSET, votedPreviousTerm, MessageHeader.BYTE_ORDER);
        state.putInt(VOTED_FOR_OFFSET, votedForId, MessageHeader.BYTE_ORDER);
    }

    static long highestTermSeen(final DirectBuffer state)
    {
        return state.getLong(HIGHEST_TERM_OFFSET, MessageHeader.BYTE_ORDER);
    }

    static long votedTerm(final DirectBuffer state)
    {
        return state.getLong(VOTED_TERM_OFFSET, MessageHeader.BYTE_ORDER);
    }

    static long votedPreviousTerm(final DirectBuffer state)
    {
        return state.getLong(VOTED_PREVIOUS_OFFSET, MessageHeader.BYTE_ORDER);
    }

    static int votedForId(final DirectBuffer state)
    {
        return state.getInt(VOTED_FOR_OFFSET, MessageHeader.BYTE_ORDER);
    }
}
