package org.electbench.transport;

import org.agrona.collections.Long2LongHashMap;

/**
 * Safety over the whole run: most live leaders held together for a positive time, total time
 * with two or more (every leader counts, a minority's included), leaders that overlapped for no
 * time at all (two announcements at one instant) counted apart, a node claiming a term another
 * node led, and time two live leaders held different terms.
 */
final class SafetyRecorder
{
    private static final long NONE = -1;

    private final Beliefs beliefs;
    private final Long2LongHashMap leaderByTerm = new Long2LongHashMap(NONE);
    private int maxConcurrentLeaders;
    private long splitBrainNs;
    private long overlapSinceNs;
    private long sameInstantOverlaps;
    private long sameTermLeaders;
    private long olderTermLeaderNs;
    private boolean olderTerm;

    SafetyRecorder(final Beliefs beliefs)
    {
        this.beliefs = beliefs;
    }

    void reset()
    {
        leaderByTerm.clear();
        maxConcurrentLeaders = 0;
        splitBrainNs = 0;
        overlapSinceNs = NONE;
        sameInstantOverlaps = 0;
        sameTermLeaders = 0;
        olderTermLeaderNs = 0;
        olderTerm = false;
    }

    /** A node came to lead {@code leaderTerm}: another node leading it before is a same-term leader. */
    void leads(final int nodeId, final long leaderTerm)
    {
        final long previous = leaderByTerm.get(leaderTerm);
        if (NONE == previous)
        {
            leaderByTerm.put(leaderTerm, nodeId);
        }
        else if (previous != nodeId)
        {
            sameTermLeaders++;
        }
    }

    /** The beliefs held for {@code elapsedNs} (positive) up to now. */
    void account(final long elapsedNs)
    {
        maxConcurrentLeaders = Math.max(maxConcurrentLeaders, beliefs.leaderCount);
        if (beliefs.leaderCount >= 2)
        {
            splitBrainNs += elapsedNs;
        }
        if (olderTerm)
        {
            olderTermLeaderNs += elapsedNs;
        }
    }

    void changed(final long nowNs)
    {
        final int leaders = beliefs.leaderCount;
        if (leaders <= 1)
        {
            // Two or more leaders count for the maximum only once they have lasted (see account).
            maxConcurrentLeaders = Math.max(maxConcurrentLeaders, leaders);
        }
        if (leaders >= 2 && NONE == overlapSinceNs)
        {
            overlapSinceNs = nowNs;
        }
        else if (leaders < 2 && NONE != overlapSinceNs)
        {
            if (overlapSinceNs == nowNs)
            {
                sameInstantOverlaps++;
            }
            overlapSinceNs = NONE;
        }
        olderTerm = leaders >= 2 && beliefs.leaderTermsDiffer();
    }

    int maxConcurrentLeaders()
    {
        return maxConcurrentLeaders;
    }

    long splitBrainNs()
    {
        return splitBrainNs;
    }

    long sameInstantOverlaps()
    {
        return sameInstantOverlaps;
    }

    long sameTermLeaders()
    {
        return sameTermLeaders;
    }

    long olderTermLeaderNs()
    {
        return olderTermLeaderNs;
    }
}
