package org.electbench.transport;

import java.util.Arrays;

import org.electbench.spi.ElectionNode;
import org.electbench.spi.Role;

/**
 * What every node believes now, as the monitor was told: who is live, each node's role, the
 * leader it names and its term, and the tallies the recorders read (live nodes naming each id,
 * live leaders). One writer, the {@link ConvergenceMonitor}; the recorders only read it.
 */
final class Beliefs
{
    final int nodes;
    final boolean[] live;
    final Role[] role;
    final int[] leader;
    final long[] term;
    /** Live nodes naming each id, index 0 for "nobody". */
    final int[] namesCount;
    /** The id more than half of the configured cluster names (at most one can be), or none: kept as the tallies change. */
    private int namedByMajority;
    /** Live nodes that do not lead and name a leader, and of them those naming each id: who follows someone else. */
    private int followersNaming;
    private final int[] followersNamingId;
    int liveCount;
    /** The sum of the ids the live nodes name (0 for nobody): that id times {@link #liveCount} when they all name one. */
    private long namedIdSum;
    /**
     * The nodes on the side of the fault that must elect ({@link #divide}), and the same tallies over
     * the live ones: how many, how many name each id, and the sum of the ids they name.
     */
    final boolean[] side;
    private int sideLiveCount;
    private final int[] sideNamesCount;
    private long sideNamedIdSum;
    int leaderCount;
    /** The sum of the live leaders' ids: the leader itself while there is exactly one. */
    long leaderIdSum;
    /** The live leader a strict majority of the configured cluster names, itself included, and its term. */
    int majorityLeader;
    long majorityTerm;
    /**
     * The leader in office and since when: the office begins when a majority first names a node
     * and ends only when a majority names another or the node crashes, so a follower that leaves
     * and rejoins it (a stale message making it doubt for a moment) does not restart it.
     */
    int officeLeader;
    long officeSinceNs;

    Beliefs(final int nodes)
    {
        this.nodes = nodes;
        live = new boolean[nodes + 1];
        role = new Role[nodes + 1];
        leader = new int[nodes + 1];
        term = new long[nodes + 1];
        namesCount = new int[nodes + 1];
        followersNamingId = new int[nodes + 1];
        side = new boolean[nodes + 1];
        sideNamesCount = new int[nodes + 1];
        reset();
    }

    void reset()
    {
        Arrays.fill(live, false);
        Arrays.fill(role, Role.FOLLOWER);
        Arrays.fill(leader, ElectionNode.NO_LEADER);
        Arrays.fill(term, 0);
        Arrays.fill(namesCount, 0);
        Arrays.fill(followersNamingId, 0);
        namedByMajority = ElectionNode.NO_LEADER;
        followersNaming = 0;
        liveCount = 0;
        namedIdSum = 0;
        Arrays.fill(side, true);
        Arrays.fill(sideNamesCount, 0);
        sideLiveCount = 0;
        sideNamedIdSum = 0;
        leaderCount = 0;
        leaderIdSum = 0;
        majorityLeader = ElectionNode.NO_LEADER;
        majorityTerm = 0;
        officeLeader = ElectionNode.NO_LEADER;
        officeSinceNs = 0;
    }

    /**
     * Which nodes are on the side of the fault that must elect, every node for none; the side's
     * tallies are taken afresh from the nodes live now.
     *
     * @param planSide per id, whether it is on that side; null for every node.
     */
    void divide(final boolean[] planSide)
    {
        Arrays.fill(sideNamesCount, 0);
        sideLiveCount = 0;
        sideNamedIdSum = 0;
        for (int id = 1; id <= nodes; id++)
        {
            side[id] = null == planSide || id < planSide.length && planSide[id];
            if (live[id] && side[id])
            {
                sideLiveCount++;
                sideNamesCount[leader[id]]++;
                sideNamedIdSum += leader[id];
            }
        }
    }

    /** A node booted or recovered: live, a follower naming nobody. */
    void start(final int nodeId)
    {
        live[nodeId] = true;
        liveCount++;
        role[nodeId] = Role.FOLLOWER;
        leader[nodeId] = ElectionNode.NO_LEADER;
        term[nodeId] = 0;
        namesCount[ElectionNode.NO_LEADER]++;
        if (side[nodeId])
        {
            sideLiveCount++;
            sideNamesCount[ElectionNode.NO_LEADER]++;
        }
    }

    void crash(final int nodeId)
    {
        if (officeLeader == nodeId)
        {
            officeLeader = ElectionNode.NO_LEADER;
        }
        withdraw(nodeId);
        live[nodeId] = false;
        liveCount--;
        if (side[nodeId])
        {
            sideLiveCount--;
        }
    }

    void believe(final int nodeId, final Role newRole, final int newLeader, final long newTerm)
    {
        withdraw(nodeId);
        role[nodeId] = newRole;
        leader[nodeId] = newLeader;
        term[nodeId] = newTerm;
        namedIdSum += newLeader;
        if (side[nodeId])
        {
            sideNamesCount[newLeader]++;
            sideNamedIdSum += newLeader;
        }
        if (++namesCount[newLeader] > nodes / 2 && ElectionNode.NO_LEADER != newLeader)
        {
            namedByMajority = newLeader;
        }
        if (newRole == Role.LEADER)
        {
            leaderCount++;
            leaderIdSum += nodeId;
        }
        else if (ElectionNode.NO_LEADER != newLeader)
        {
            followersNaming++;
            followersNamingId[newLeader]++;
        }
    }

    boolean same(final int nodeId, final Role newRole, final int newLeader, final long newTerm)
    {
        return role[nodeId] == newRole && leader[nodeId] == newLeader && term[nodeId] == newTerm;
    }

    /** @return whether exactly one live node leads and every live node names it. */
    boolean agreed()
    {
        return leaderCount == 1 && namesCount[(int)leaderIdSum] == liveCount;
    }

    /**
     * After a change of belief: which live leader a strict majority names now, if any.
     *
     * @return whether the majority leader changed (another id or term, or none).
     */
    boolean updateMajority(final long nowNs)
    {
        final int found = findMajorityLeader();
        final long foundTerm = ElectionNode.NO_LEADER == found ? 0 : term[found];
        if (found == majorityLeader && foundTerm == majorityTerm)
        {
            return false;
        }
        majorityLeader = found;
        majorityTerm = foundTerm;
        if (ElectionNode.NO_LEADER != found && found != officeLeader)
        {
            officeLeader = found;
            officeSinceNs = nowNs;
        }
        return true;
    }

    /** @return the leader in office that a majority names now, or none. */
    int officeHolder()
    {
        return majorityLeader == officeLeader ? majorityLeader : ElectionNode.NO_LEADER;
    }

    private int findMajorityLeader()
    {
        final int id = namedByMajority;
        return ElectionNode.NO_LEADER != id && live[id] && role[id] == Role.LEADER ? id : ElectionNode.NO_LEADER;
    }

    /** @return whether some live node that does not lead names a leader, and not {@code majority}. */
    boolean someoneFollowsAnotherThan(final int majority)
    {
        return followersNaming - followersNamingId[majority] > 0;
    }

    /** @return whether two or more live leaders hold different terms. */
    boolean leaderTermsDiffer()
    {
        long minTerm = Long.MAX_VALUE;
        long maxTerm = Long.MIN_VALUE;
        for (int id = 1; id <= nodes; id++)
        {
            if (live[id] && role[id] == Role.LEADER)
            {
                minTerm = Math.min(minTerm, term[id]);
                maxTerm = Math.max(maxTerm, term[id]);
            }
        }
        return minTerm < maxTerm;
    }

    /** @return the id every live node names; {@link ElectionNode#NO_LEADER} when none is live, one names nobody or two differ. */
    int namedByAllLive()
    {
        return namedByAll(liveCount, namedIdSum, namesCount);
    }

    /** As {@link #namedByAllLive}, over the live nodes on the side ({@link #divide}). */
    int namedByAllOnSide()
    {
        return namedByAll(sideLiveCount, sideNamedIdSum, sideNamesCount);
    }

    /** All {@code count} name one id exactly when its tally is {@code count}, and then the ids named sum to it {@code count} times. */
    private static int namedByAll(final int count, final long namedIdSum, final int[] namesCount)
    {
        if (0 == count || 0 != namedIdSum % count)
        {
            return ElectionNode.NO_LEADER;
        }
        final int id = (int)(namedIdSum / count);
        return namesCount[id] == count ? id : ElectionNode.NO_LEADER;
    }

    private void withdraw(final int nodeId)
    {
        final int named = leader[nodeId];
        namedIdSum -= named;
        if (side[nodeId])
        {
            sideNamesCount[named]--;
            sideNamedIdSum -= named;
        }
        if (--namesCount[named] <= nodes / 2 && named == namedByMajority)
        {
            namedByMajority = ElectionNode.NO_LEADER;
        }
        if (role[nodeId] == Role.LEADER)
        {
            leaderCount--;
            leaderIdSum -= nodeId;
        }
        else if (ElectionNode.NO_LEADER != named)
        {
            followersNaming--;
            followersNamingId[named]--;
        }
    }
}
