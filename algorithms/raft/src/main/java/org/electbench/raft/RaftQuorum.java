package org.electbench.raft;

import java.util.Arrays;

/**
 * What a {@link RaftNode} counts towards a majority of its cluster, itself included: the grants
 * of its round (votes as CANDIDATE, pre-votes as PRE_CANDIDATE) and, as LEADER with CheckQuorum,
 * when each peer was last heard in its term. A grant is a hearing too. It reads no clock: every
 * instant comes from the node.
 */
final class RaftQuorum
{
    private final int selfId;
    private int clusterSize;
    /** Votes that win: a majority of the configured cluster. */
    private int majority;
    /** The round's grants, indexed by id: votes as CANDIDATE, pre-votes as PRE_CANDIDATE. */
    private boolean[] granted = new boolean[0];
    private int grantCount;
    /**
     * As LEADER with CheckQuorum: when each peer was last heard in this term. Read only by a leader,
     * and a node becoming leader sets every id's ({@link #heardAll}, or {@link #heardNonVoters}
     * beside the grants of its round, which are set afresh by every round): a start need not clear it.
     */
    private long[] heardNs = new long[0];
    /** {@link #quorumHeardNs}'s own, written before it is read. */
    private long[] heardScratch = new long[0];

    RaftQuorum(final int selfId)
    {
        this.selfId = selfId;
    }

    /**
     * As a node just made holds it, for a cluster of {@code clusterSize}: no grant. What peers were
     * heard is left as it is: no node reads it before its leadership sets it (at n = 1024 clearing
     * it took a third of a simulated election's time, every node clearing a slot for every peer).
     */
    void reset(final int clusterSize)
    {
        this.clusterSize = clusterSize;
        majority = clusterSize / 2 + 1;
        if (granted.length != clusterSize + 1)
        {
            granted = new boolean[clusterSize + 1];
            heardNs = new long[clusterSize + 1];
            heardScratch = new long[clusterSize];
        }
        clearGrants();
    }

    /** @return votes that win: a majority of the configured cluster. */
    int majority()
    {
        return majority;
    }

    /** @return whether a majority granted this round. */
    boolean won()
    {
        return grantCount >= majority;
    }

    /** A new round of votes or pre-votes, with this node's own. */
    void startRound(final long nowNs)
    {
        clearGrants();
        grant(selfId, nowNs);
    }

    void grant(final int voterId, final long nowNs)
    {
        if (!granted[voterId])
        {
            granted[voterId] = true;
            grantCount++;
            heardNs[voterId] = nowNs;
        }
    }

    void heard(final int peerId, final long nowNs)
    {
        heardNs[peerId] = nowNs;
    }

    /** Every id of the cluster heard at {@code nowNs}. */
    void heardAll(final long nowNs)
    {
        Arrays.fill(heardNs, nowNs);
    }

    /** Every id that granted nothing this round last heard at {@code unheardNs}; voters were heard when their votes came. */
    void heardNonVoters(final long unheardNs)
    {
        for (int id = 1; id <= clusterSize; id++)
        {
            if (!granted[id])
            {
                heardNs[id] = unheardNs;
            }
        }
    }

    /** @return the latest instant at which a majority, this leader included, had been heard. */
    long quorumHeardNs(final long nowNs)
    {
        final int peersNeeded = majority - 1;
        if (0 == peersNeeded)
        {
            return nowNs;
        }
        int count = 0;
        for (int id = 1; id <= clusterSize; id++)
        {
            if (id != selfId)
            {
                heardScratch[count++] = heardNs[id];
            }
        }
        Arrays.sort(heardScratch, 0, count);
        return heardScratch[count - peersNeeded];
    }

    private void clearGrants()
    {
        Arrays.fill(granted, false);
        grantCount = 0;
    }
}
