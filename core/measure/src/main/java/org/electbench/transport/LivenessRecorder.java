package org.electbench.transport;

import org.electbench.spi.ElectionNode;

/**
 * Whether the cluster had a leader to follow, from the fault to the end of the run: the first
 * node to win, the time with no leader a majority follows, the time some node still followed
 * another leader than the one a majority follows (a deposed one: a minority's, or one that
 * crashed or stepped down), and the elections started against an agreed, live leader.
 */
final class LivenessRecorder
{
    private static final long NONE = -1;

    private final Beliefs beliefs;
    private long faultNs;
    private long firstLeaderNs;
    private long noMajorityLeaderNs;
    private long deposedLeaderNs;
    private boolean deposedNow;
    private long liveLeaderElections;

    LivenessRecorder(final Beliefs beliefs)
    {
        this.beliefs = beliefs;
    }

    void reset(final long faultNs)
    {
        this.faultNs = faultNs;
        firstLeaderNs = NONE;
        noMajorityLeaderNs = 0;
        deposedLeaderNs = 0;
        deposedNow = false;
        liveLeaderElections = 0;
    }

    /** The beliefs held from {@code lastAccountNs} to {@code nowNs}. */
    void account(final long lastAccountNs, final long nowNs)
    {
        final long heldNs = nowNs - Math.max(lastAccountNs, faultNs);
        if (heldNs > 0)
        {
            if (ElectionNode.NO_LEADER == beliefs.majorityLeader)
            {
                noMajorityLeaderNs += heldNs;
            }
            if (deposedNow)
            {
                deposedLeaderNs += heldNs;
            }
        }
    }

    /** A node that did not lead came to lead at {@code nowNs}. */
    void won(final long nowNs)
    {
        if (NONE == firstLeaderNs && nowNs - faultNs >= 0)
        {
            firstLeaderNs = nowNs;
        }
    }

    /** Agreement on a live leader ended because a node stood for election. */
    void electionAgainstLiveLeader()
    {
        liveLeaderElections++;
    }

    void changed()
    {
        deposedNow = false;
        final int majority = beliefs.majorityLeader;
        if (ElectionNode.NO_LEADER == majority)
        {
            return;
        }
        deposedNow = beliefs.someoneFollowsAnotherThan(majority);
    }

    /** @return the fault to the first node's win, or -1 when none won from the fault. */
    long firstLeaderNs()
    {
        return NONE == firstLeaderNs ? NONE : firstLeaderNs - faultNs;
    }

    long noMajorityLeaderNs()
    {
        return noMajorityLeaderNs;
    }

    long deposedLeaderNs()
    {
        return deposedLeaderNs;
    }

    long liveLeaderElections()
    {
        return liveLeaderElections;
    }
}
