package org.electbench.transport;

import java.util.Arrays;
import java.util.function.IntPredicate;

import org.agrona.collections.Long2LongHashMap;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.Role;

/**
 * The single source of truth for what a run measured, shared by every runtime. It sees only
 * what nodes announce, when they start and crash, and what they send.
 * <ul>
 *   <li><b>agreement</b>: exactly one live node is LEADER and every live node names it;</li>
 *   <li><b>convergence</b>: the start of the agreement that then held, with no change of any
 *       node's belief, for the settle window; measured from the reference instant (the fault,
 *       or the heal) and never negative;</li>
 *   <li><b>detection</b>: reference instant to the first election message (any type but the
 *       heartbeat);</li>
 *   <li><b>messages and bytes</b>: every send from the reference instant to convergence, by
 *       type, sends to crashed nodes included, heartbeats apart (by their type);</li>
 *   <li><b>safety</b>: most live leaders at one instant, time with two or more, a node claiming a
 *       term another node led (same-term leaders), and time a live leader acts while another
 *       holds a higher term (stale leader);</li>
 *   <li><b>elections against a live leader</b>: how often a node turned candidate (or leader)
 *       and so ended an agreement on a live leader. Agreement needs that leader alive, so after a
 *       crash nothing counts; in steady state every one is a false election (a paused leader is
 *       alive).</li>
 * </ul>
 * Not thread-safe: a runtime with several threads serializes its calls. Allocation-free after
 * construction, but for the term map growing when a run has many terms.
 */
public final class ConvergenceMonitor
{
    private static final long NONE = -1;

    private final ElectionAlgorithm algorithm;
    private final int nodes;
    private final int typeCount;
    private final int heartbeatType;
    private final boolean[] live;
    private final Role[] role;
    private final int[] leader;
    private final long[] term;
    /** Live nodes naming each id, index 0 for "nobody". */
    private final int[] namesCount;
    private final long[] messagesByType;
    private final long[] bytesByType;
    private final long[] agreedMessagesByType;
    private final long[] agreedBytesByType;
    private final Long2LongHashMap leaderByTerm = new Long2LongHashMap(NONE);
    /** Made once, so finishing a run does not allocate a capturing lambda. */
    private final IntPredicate isLive = this::isLive;

    private long referenceNs;
    private long settleWindowNs;
    private int liveCount;
    private int leaderCount;
    private long leaderIdSum;
    private long agreedSinceNs;
    private long lastChangeNs;
    private long lastAccountNs;
    private long firstElectionSendNs;
    private int maxConcurrentLeaders;
    private long splitBrainNs;
    private long sameTermLeaders;
    private long staleLeaderNs;
    private boolean stale;
    private long liveLeaderElections;

    public ConvergenceMonitor(final ElectionAlgorithm algorithm, final int nodes)
    {
        this.algorithm = algorithm;
        this.nodes = nodes;
        typeCount = algorithm.messageTypes().size();
        heartbeatType = algorithm.heartbeatType();
        live = new boolean[nodes + 1];
        role = new Role[nodes + 1];
        leader = new int[nodes + 1];
        term = new long[nodes + 1];
        namesCount = new int[nodes + 1];
        messagesByType = new long[typeCount];
        bytesByType = new long[typeCount];
        agreedMessagesByType = new long[typeCount];
        agreedBytesByType = new long[typeCount];
        reset(0, 0);
    }

    public int nodes()
    {
        return nodes;
    }

    /**
     * Forget everything: every node down, nothing counted.
     *
     * @param referenceNs    the instant measurement starts from.
     * @param settleWindowNs how long agreement must hold with no change.
     */
    public void reset(final long referenceNs, final long settleWindowNs)
    {
        this.referenceNs = referenceNs;
        this.settleWindowNs = settleWindowNs;
        Arrays.fill(live, false);
        Arrays.fill(role, Role.FOLLOWER);
        Arrays.fill(leader, ElectionNode.NO_LEADER);
        Arrays.fill(term, 0);
        Arrays.fill(namesCount, 0);
        Arrays.fill(messagesByType, 0);
        Arrays.fill(bytesByType, 0);
        Arrays.fill(agreedMessagesByType, 0);
        Arrays.fill(agreedBytesByType, 0);
        leaderByTerm.clear();
        liveCount = 0;
        leaderCount = 0;
        leaderIdSum = 0;
        agreedSinceNs = NONE;
        lastChangeNs = 0;
        lastAccountNs = 0;
        firstElectionSendNs = NONE;
        maxConcurrentLeaders = 0;
        splitBrainNs = 0;
        sameTermLeaders = 0;
        staleLeaderNs = 0;
        stale = false;
        liveLeaderElections = 0;
    }

    /** A node booted or recovered: live, a follower naming nobody, until it announces. */
    public void onStart(final int nodeId, final long nowNs)
    {
        if (live[nodeId])
        {
            return;
        }
        account(nowNs);
        live[nodeId] = true;
        liveCount++;
        role[nodeId] = Role.FOLLOWER;
        leader[nodeId] = ElectionNode.NO_LEADER;
        term[nodeId] = 0;
        namesCount[ElectionNode.NO_LEADER]++;
        changed(nowNs);
    }

    /** A node crashed: it no longer counts for agreement or safety. */
    public void onCrash(final int nodeId, final long nowNs)
    {
        if (!live[nodeId])
        {
            return;
        }
        account(nowNs);
        withdraw(nodeId);
        live[nodeId] = false;
        liveCount--;
        changed(nowNs);
    }

    /** A node's belief changed (a repeat of its current belief is no change). */
    public void onAnnounce(final int nodeId, final long nowNs, final Role newRole, final int newLeader, final long newTerm)
    {
        if (!live[nodeId] || (role[nodeId] == newRole && leader[nodeId] == newLeader && term[nodeId] == newTerm))
        {
            return;
        }
        final boolean wasAgreed = NONE != agreedSinceNs;
        account(nowNs);
        withdraw(nodeId);
        role[nodeId] = newRole;
        leader[nodeId] = newLeader;
        term[nodeId] = newTerm;
        namesCount[newLeader]++;
        if (newRole == Role.LEADER)
        {
            leaderCount++;
            leaderIdSum += nodeId;
            final long previous = leaderByTerm.get(newTerm);
            if (NONE == previous)
            {
                leaderByTerm.put(newTerm, nodeId);
            }
            else if (previous != nodeId)
            {
                sameTermLeaders++;
            }
        }
        changed(nowNs);
        if (wasAgreed && NONE == agreedSinceNs && newRole != Role.FOLLOWER)
        {
            liveLeaderElections++;
        }
    }

    /** A node sent one message (counted whether or not it arrives). */
    public void onSend(final int fromId, final long nowNs, final int type, final int length)
    {
        if (nowNs - referenceNs < 0 || type < 0 || type >= typeCount)
        {
            return;
        }
        messagesByType[type]++;
        bytesByType[type] += length;
        if (NONE != agreedSinceNs && nowNs == agreedSinceNs)
        {
            agreedMessagesByType[type]++;
            agreedBytesByType[type] += length;
        }
        if (type != heartbeatType && NONE == firstElectionSendNs)
        {
            firstElectionSendNs = nowNs;
        }
    }

    /** @return whether exactly one live node leads and every live node names it. */
    public boolean agreed()
    {
        return NONE != agreedSinceNs;
    }

    public long lastChangeNs()
    {
        return lastChangeNs;
    }

    /**
     * @param nowNs       the runtime's clock.
     * @param lastFaultNs when the last fault's effect ends.
     * @return whether agreement has held unchanged for the settle window, after the last fault.
     */
    public boolean settled(final long nowNs, final long lastFaultNs)
    {
        return NONE != agreedSinceNs && nowNs - lastFaultNs >= 0 && nowNs - lastChangeNs >= settleWindowNs;
    }

    /** @return the live nodes that believe they lead, now. */
    public int leaderCount()
    {
        return leaderCount;
    }

    public boolean isLive(final int nodeId)
    {
        return live[nodeId];
    }

    /** @return what the run measured, up to {@code endNs}. */
    public ElectionResult finish(final long endNs, final long events)
    {
        account(endNs);
        final boolean converged = settled(endNs, referenceNs);
        final long[] messages = converged ? agreedMessagesByType.clone() : messagesByType.clone();
        final long[] bytes = converged ? agreedBytesByType.clone() : bytesByType.clone();
        final int finalLeader = NONE != agreedSinceNs ? (int)leaderIdSum : ElectionNode.NO_LEADER;
        return new ElectionResult(
            algorithm.messageTypes(),
            heartbeatType,
            converged,
            converged ? Math.max(0, agreedSinceNs - referenceNs) : NONE,
            NONE == firstElectionSendNs ? NONE : firstElectionSendNs - referenceNs,
            messages,
            bytes,
            finalLeader,
            algorithm.expectedLeader(nodes, isLive),
            maxConcurrentLeaders,
            splitBrainNs,
            sameTermLeaders,
            staleLeaderNs,
            liveLeaderElections,
            events,
            endNs);
    }

    private void withdraw(final int nodeId)
    {
        namesCount[leader[nodeId]]--;
        if (role[nodeId] == Role.LEADER)
        {
            leaderCount--;
            leaderIdSum -= nodeId;
        }
    }

    private void account(final long nowNs)
    {
        final long elapsedNs = nowNs - lastAccountNs;
        if (elapsedNs > 0)
        {
            if (leaderCount >= 2)
            {
                splitBrainNs += elapsedNs;
            }
            if (stale)
            {
                staleLeaderNs += elapsedNs;
            }
        }
        lastAccountNs = nowNs;
    }

    private void changed(final long nowNs)
    {
        lastChangeNs = nowNs;
        maxConcurrentLeaders = Math.max(maxConcurrentLeaders, leaderCount);
        stale = leaderCount >= 2 && termsDiffer();
        final boolean agreedNow = leaderCount == 1 && namesCount[(int)leaderIdSum] == liveCount;
        if (!agreedNow)
        {
            agreedSinceNs = NONE;
        }
        else if (NONE == agreedSinceNs)
        {
            agreedSinceNs = nowNs;
            System.arraycopy(messagesByType, 0, agreedMessagesByType, 0, typeCount);
            System.arraycopy(bytesByType, 0, agreedBytesByType, 0, typeCount);
        }
    }

    private boolean termsDiffer()
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
}
