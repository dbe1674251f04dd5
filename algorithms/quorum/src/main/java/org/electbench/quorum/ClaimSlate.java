package org.electbench.quorum;

import static org.electbench.spi.ElectionNode.NO_LEADER;

import java.util.Arrays;

/**
 * The ELECTOR's voting slate for one round: per server, whether it claimed (sent ELECT) and its
 * claim, the term and number of the last LEAD it saw and its ballot. Cleared on entering WATCHING.
 * <p>
 * A server's entry is one stretch of four longs: the round it claimed in, its term, msg and
 * ballot. A round of ELECTs from every server records one entry of each receiver's slate an
 * event, so an entry costs one cache line where four arrays cost four. A server claimed in this
 * round when its entry carries the round's number: clearing starts a new round, and leaves the
 * values where they were, as clearing the flags alone did.
 */
final class ClaimSlate
{
    private static final int ROUND = 0;
    private static final int TERM = 1;
    private static final int MSG = 2;
    private static final int BALLOT = 3;
    private static final int ENTRY_LONGS = 4;

    private long[] entries = new long[0];
    private int clusterSize;
    /** The round entries claimed in this one carry; round 0 is none, as a zeroed slate holds. */
    private long round = 1;

    /**
     * Sizes the slate for ids 1..clusterSize and empties it, every claim zeroed as on a new slate:
     * a node's start. Keeps the array when the size is unchanged.
     */
    void reset(final int clusterSize)
    {
        if (this.clusterSize != clusterSize || 0 == entries.length)
        {
            this.clusterSize = clusterSize;
            entries = new long[(clusterSize + 1) * ENTRY_LONGS];
        }
        else
        {
            Arrays.fill(entries, 0);
        }
        round = 1;
    }

    void clear()
    {
        round++;
    }

    void record(final int id, final long term, final long msg, final long ballot)
    {
        final int base = id * ENTRY_LONGS;
        entries[base + ROUND] = round;
        entries[base + TERM] = term;
        entries[base + MSG] = msg;
        entries[base + BALLOT] = ballot;
    }

    boolean claimed(final int id)
    {
        return entries[id * ENTRY_LONGS + ROUND] == round;
    }

    long term(final int id)
    {
        return entries[id * ENTRY_LONGS + TERM];
    }

    long msg(final int id)
    {
        return entries[id * ENTRY_LONGS + MSG];
    }

    /** @return the highest ballot claimed this round, 0 when none. */
    long highestBallot()
    {
        long highestBallot = 0;
        for (int id = 1; id <= clusterSize; id++)
        {
            highestBallot = claimed(id) ? Math.max(highestBallot, entries[id * ENTRY_LONGS + BALLOT]) : highestBallot;
        }
        return highestBallot;
    }

    /** @return the latest term claimed this round, 0 when none. */
    long latestTerm()
    {
        long latestClaimedTerm = 0;
        for (int id = 1; id <= clusterSize; id++)
        {
            latestClaimedTerm = claimed(id) ? Math.max(latestClaimedTerm, term(id)) : latestClaimedTerm;
        }
        return latestClaimedTerm;
    }

    /** @return the server with the latest claim, ties to the smallest id, or {@link org.electbench.spi.ElectionNode#NO_LEADER} when nobody claimed. */
    int latest()
    {
        int choiceId = NO_LEADER;
        for (int id = 1; id <= clusterSize; id++)
        {
            if (claimed(id) && (NO_LEADER == choiceId || QuorumMessages.compare(term(id), msg(id), term(choiceId), msg(choiceId)) > 0))
            {
                choiceId = id;
            }
        }
        return choiceId;
    }
}
