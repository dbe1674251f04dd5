package org.electbench.quorum;

import static org.electbench.spi.ElectionNode.NO_LEADER;

import java.util.Arrays;

/**
 * The ELECTOR's voting slate for one round: per server, whether it claimed (sent ELECT) and its
 * claim, the term and number of the last LEAD it saw and its ballot. Cleared on entering WATCHING.
 */
final class ClaimSlate
{
    private boolean[] claimed = new boolean[0];
    private long[] claimTerm = new long[0];
    private long[] claimMsg = new long[0];
    private long[] claimBallot = new long[0];

    /**
     * Sizes the slate for ids 1..clusterSize and empties it, every claim zeroed as on a new slate:
     * a node's start. Keeps the arrays when the size is unchanged.
     */
    void reset(final int clusterSize)
    {
        if (claimed.length != clusterSize + 1)
        {
            claimed = new boolean[clusterSize + 1];
            claimTerm = new long[clusterSize + 1];
            claimMsg = new long[clusterSize + 1];
            claimBallot = new long[clusterSize + 1];
        }
        else
        {
            Arrays.fill(claimed, false);
            Arrays.fill(claimTerm, 0);
            Arrays.fill(claimMsg, 0);
            Arrays.fill(claimBallot, 0);
        }
    }

    void clear()
    {
        Arrays.fill(claimed, false);
    }

    void record(final int id, final long term, final long msg, final long ballot)
    {
        claimed[id] = true;
        claimTerm[id] = term;
        claimMsg[id] = msg;
        claimBallot[id] = ballot;
    }

    boolean claimed(final int id)
    {
        return claimed[id];
    }

    long term(final int id)
    {
        return claimTerm[id];
    }

    long msg(final int id)
    {
        return claimMsg[id];
    }

    /** @return the highest ballot claimed this round, 0 when none. */
    long highestBallot()
    {
        long highestBallot = 0;
        for (int id = 1; id < claimed.length; id++)
        {
            highestBallot = claimed[id] ? Math.max(highestBallot, claimBallot[id]) : highestBallot;
        }
        return highestBallot;
    }

    /** @return the latest term claimed this round, 0 when none. */
    long latestTerm()
    {
        long latestClaimedTerm = 0;
        for (int id = 1; id < claimed.length; id++)
        {
            latestClaimedTerm = claimed[id] ? Math.max(latestClaimedTerm, claimTerm[id]) : latestClaimedTerm;
        }
        return latestClaimedTerm;
    }

    /** @return the server with the latest claim, ties to the smallest id, or {@link org.electbench.spi.ElectionNode#NO_LEADER} when nobody claimed. */
    int latest()
    {
        int choiceId = NO_LEADER;
        for (int id = 1; id < claimed.length; id++)
        {
            if (claimed[id] && (NO_LEADER == choiceId ||
                QuorumMessages.compare(claimTerm[id], claimMsg[id], claimTerm[choiceId], claimMsg[choiceId]) > 0))
            {
                choiceId = id;
            }
        }
        return choiceId;
    }
}
