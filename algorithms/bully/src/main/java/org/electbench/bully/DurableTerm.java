package org.electbench.bully;

import org.agrona.MutableDirectBuffer;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Start;
import org.electbench.spi.Terms;

/**
 * A bully node's durable term bookkeeping: the highest term seen in any message or led, which a
 * new leader takes one above, and where it survives a restart when the runtime keeps state. It is
 * written at once, because a COORDINATOR or an OK carrying it may leave right after.
 */
final class DurableTerm
{
    /** Where the highest term seen lies in the durable state. */
    static final int DURABLE_HIGHEST_TERM_OFFSET = 0;

    /** Durable: the highest term seen in any message or led; a new leader takes one above it. */
    private long highestTermSeen;
    /** Where {@link #highestTermSeen} survives a restart, or null when the runtime keeps nothing. */
    private MutableDirectBuffer durableState;

    /**
     * Begins a life: a recovered node reads back the highest term it saw, and the cluster's first
     * start overwrites whatever the buffer holds.
     *
     * @param durableState the runtime's durable state, or null when it keeps nothing.
     * @param start        how this life begins.
     */
    void reset(final MutableDirectBuffer durableState, final Start start)
    {
        this.durableState = durableState;
        highestTermSeen = 0;
        if (Start.RECOVERED == start && null != durableState)
        {
            highestTermSeen = durableState.getLong(DURABLE_HIGHEST_TERM_OFFSET, MessageHeader.BYTE_ORDER);
        }
        else if (Start.RECOVERED != start)
        {
            // The cluster's first start: what the buffer holds belongs to no life of this cluster.
            persist();
        }
    }

    /** @return the highest term seen or led: durable, and the next leadership takes one above it. */
    long highestTermSeen()
    {
        return highestTermSeen;
    }

    /** Raises the highest term seen to the given one, if higher, and persists it. */
    void note(final long seenTerm)
    {
        if (seenTerm > highestTermSeen)
        {
            highestTermSeen = seenTerm;
            persist();
        }
    }

    /** @return one above the highest term seen, now also seen. */
    long next()
    {
        // Terms here only label leaderships, the id decides who leads: at the top it saturates rather than stop electing.
        final long next = Terms.nextSaturated(highestTermSeen);
        note(next);
        return next;
    }

    /** Written at once: a COORDINATOR or an OK carrying it may leave right after. */
    private void persist()
    {
        if (null != durableState)
        {
            durableState.putLong(DURABLE_HIGHEST_TERM_OFFSET, highestTermSeen, MessageHeader.BYTE_ORDER);
        }
    }
}
