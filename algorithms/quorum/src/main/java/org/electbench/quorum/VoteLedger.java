package org.electbench.quorum;

import static org.electbench.spi.ElectionNode.NO_LEADER;

import org.agrona.MutableDirectBuffer;
import org.electbench.spi.Start;
import org.electbench.spi.Terms;

/**
 * What a server has seen and promised (rules 2 and 4): the highest term it has seen, the range its
 * last vote covers and the server that vote went to, each change written at once where it survives a
 * restart ({@link DurableVote}), and the terms it knew of before it restarted.
 */
final class VoteLedger
{
    /** Durable (rule 4): the highest term seen led or claimed, or led by this node; the next vote reaches one above it. */
    private long highestTermSeen;
    /** Durable (rule 4): the last term this node's votes cover; a vote for another server covers only later ones. */
    private long votedTerm;
    /** Durable: the term before the last vote's range, so the same vote can be sent again to the same server. */
    private long votedPreviousTerm;
    /** Durable: the server the last vote went to. */
    private int votedForId = NO_LEADER;
    /** Terms this node knew of before it restarted: it leads none of them in this life. */
    private long recoveredTerm;
    /** Where {@link #highestTermSeen} and {@link #votedTerm} survive a restart, or null when the runtime keeps nothing. */
    private MutableDirectBuffer durableState;

    /**
     * Sets every field to what a new node holds, then takes up this life's durable state: read back
     * on a recovered start, overwritten on the cluster's first start. A node's start.
     *
     * @param durableState where the ledger survives a restart, or null when the runtime keeps nothing.
     * @param start        how the node starts.
     */
    void reset(final MutableDirectBuffer durableState, final Start start)
    {
        highestTermSeen = 0;
        votedTerm = 0;
        votedPreviousTerm = 0;
        votedForId = NO_LEADER;
        recoveredTerm = 0;
        this.durableState = durableState;

        if (Start.RECOVERED == start && null != durableState)
        {
            highestTermSeen = DurableVote.highestTermSeen(durableState);
            votedTerm = DurableVote.votedTerm(durableState);
            votedPreviousTerm = DurableVote.votedPreviousTerm(durableState);
            votedForId = DurableVote.votedForId(durableState);
            recoveredTerm = Math.max(highestTermSeen, votedTerm);
        }
        else if (Start.RECOVERED != start)
        {
            // The cluster's first start: what the buffer holds belongs to no life of this cluster.
            persist();
        }
    }

    /** A settled start in {@code term}: the term is seen, and no vote is for it. */
    void settle(final long term)
    {
        // As if every server had voted in the settled term: no vote is for it.
        votedTerm = term;
        votedPreviousTerm = term;
        noteTerm(term);
        persist();
    }

    /**
     * Records a vote reaching at least {@code electedTerm} for {@code choiceId}, written at once
     * when it is a new one; {@link #votedPreviousTerm()} and {@link #votedTerm()} are then its range.
     *
     * @return false when every term is voted in and the vote is a new one: it cannot be cast.
     */
    boolean vote(final int choiceId, final long electedTerm)
    {
        if (choiceId != votedForId || electedTerm > votedTerm)
        {
            if (!Terms.hasNext(votedTerm))
            {
                // Every term is voted in: nothing is left to cover, and counting on would wrap.
                return false;
            }
            // Rule 2: a vote for another server, or for a later term, covers only terms no vote of
            // this server has covered yet.
            votedPreviousTerm = votedTerm;
            votedTerm = Math.max(electedTerm, votedTerm + 1);
            votedForId = choiceId;
            persist();
        }
        // Otherwise the same vote as last time, to the same server: it covers nothing new.
        return true;
    }

    void noteTerm(final long term)
    {
        if (term > highestTermSeen)
        {
            highestTermSeen = term;
            persist();
        }
    }

    /** @return the highest term seen, voted in or led: durable, and the next vote reaches one above it. */
    long highestTermSeen()
    {
        return highestTermSeen;
    }

    /** @return the last term this node's votes cover. */
    long votedTerm()
    {
        return votedTerm;
    }

    /** @return the term before the last vote's range. */
    long votedPreviousTerm()
    {
        return votedPreviousTerm;
    }

    /** @return the latest term this node knew of before it restarted, 0 on a first start. */
    long recoveredTerm()
    {
        return recoveredTerm;
    }

    /** Rule 4: written at once, as a vote or a LEAD may leave right after. */
    private void persist()
    {
        if (null != durableState)
        {
            DurableVote.write(durableState, highestTermSeen, votedTerm, votedPreviousTerm, votedForId);
        }
    }
}
