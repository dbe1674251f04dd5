package org.electbench.quorum;

import java.util.Arrays;

/**
 * A CANDIDATE's tally board, per voter: with ballots, the terms the latest vote for this server
 * covers (rule 3); without, the voter's latest VOTE(term, msg) as the source counts it. Cleared on
 * every LEAD heard or sent.
 */
final class VoteTally
{
    private boolean[] voted = new boolean[0];
    private long[] votePreviousTerm = new long[0];
    private long[] voteTerm = new long[0];
    /** Without ballots, each voter's VOTE(term, msg): the msg half. */
    private long[] voteMsg = new long[0];

    /**
     * Sizes the board for ids 1..clusterSize and empties it, every vote zeroed as on a new board:
     * a node's start. Keeps the arrays when the size is unchanged.
     */
    void reset(final int clusterSize)
    {
        if (voted.length != clusterSize + 1)
        {
            voted = new boolean[clusterSize + 1];
            votePreviousTerm = new long[clusterSize + 1];
            voteTerm = new long[clusterSize + 1];
            voteMsg = new long[clusterSize + 1];
        }
        else
        {
            Arrays.fill(voted, false);
            Arrays.fill(votePreviousTerm, 0);
            Arrays.fill(voteTerm, 0);
            Arrays.fill(voteMsg, 0);
        }
    }

    void clear()
    {
        Arrays.fill(voted, false);
    }

    /** Forgets the voter's vote: this server's own, once it votes for another. */
    void forget(final int voterId)
    {
        voted[voterId] = false;
    }

    /**
     * Records a vote covering the terms above {@code previousTerm} up to {@code votedTerm}.
     *
     * @return the latest term above {@code floorTerm} that more than half the cluster's votes
     *         cover, or {@code floorTerm} when there is none.
     */
    long recordRange(final int voterId, final long previousTerm, final long votedTerm, final long floorTerm)
    {
        voted[voterId] = true;
        votePreviousTerm[voterId] = previousTerm;
        voteTerm[voterId] = votedTerm;

        // The most-covered terms include a vote's last one: try each vote's last term.
        final int clusterSize = voted.length - 1;
        long bestTerm = floorTerm;
        for (int id = 1; id <= clusterSize; id++)
        {
            final long term = voteTerm[id];
            if (voted[id] && term > bestTerm && 2 * votesCovering(term) > clusterSize)
            {
                bestTerm = term;
            }
        }
        return bestTerm;
    }

    /**
     * Records the voter's latest VOTE(term, msg).
     *
     * @return how many voters' latest votes are that same VOTE(term, msg).
     */
    int recordIdentical(final int voterId, final long term, final long msg)
    {
        voted[voterId] = true;
        voteTerm[voterId] = term;
        voteMsg[voterId] = msg;
        int identical = 0;
        for (int id = 1; id < voted.length; id++)
        {
            identical += voted[id] && voteTerm[id] == term && voteMsg[id] == msg ? 1 : 0;
        }
        return identical;
    }

    private int votesCovering(final long term)
    {
        int count = 0;
        for (int id = 1; id < voted.length; id++)
        {
            if (voted[id] && votePreviousTerm[id] < term && term <= voteTerm[id])
            {
                count++;
            }
        }
        return count;
    }
}
