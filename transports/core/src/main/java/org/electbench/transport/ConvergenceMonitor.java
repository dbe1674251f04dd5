package org.electbench.transport;

import java.util.Arrays;
import java.util.function.IntPredicate;

import org.agrona.collections.Long2LongHashMap;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.MessageRole;
import org.electbench.spi.Role;
import org.electbench.transport.host.MonitorFeed;

/**
 * The single source of truth for what a run measured, shared by every runtime. It sees only
 * what nodes announce, when they start and crash, and what they send.
 * <ul>
 *   <li><b>agreement</b>: exactly one live node is LEADER and every live node names it;</li>
 *   <li><b>convergence</b>: the start of the agreement that then held, with no change of any
 *       node's belief, for the settle window; measured from the reference instant (the fault,
 *       or the heal) and never negative;</li>
 *   <li><b>detection</b>: reference instant to the first election message (a send whose type
 *       the algorithm declares an election or announcement message);</li>
 *   <li><b>unavailability</b>: from the fault to the first instant a leader exists that every
 *       live node on its side of the fault names (the side that must elect, see
 *       {@link RunPlan#side()}); once the fault stops dividing the cluster (the heal, the
 *       resume) every live node counts. No settle window: the first such instant;</li>
 *   <li><b>messages and bytes</b>: every send from the reference instant to agreement, by type
 *       and by the role the algorithm declares for its type ({@link MessageRole}), sends to
 *       crashed nodes included; and the same counted from the fault, which for partition starts
 *       before the reference (the heal). "Messages to a leader" are the election messages and the
 *       new leader's announcement. An algorithm with no announcement type announces with its
 *       heartbeat: the first N-1 heartbeats a node sends after it last announced it did not lead
 *       (its first round once it wins: quorum's first LEAD, raft's first HEARTBEAT) count as
 *       announcements.
 *       Agreement is the cut: a send the monitor is told of before the announcement that made
 *       agreement counts, one told of after it does not, even at the same instant, so a runtime
 *       with a virtual clock counts what a real-clock runtime counts (the ring's last node forwards
 *       ELECTED and acknowledges its hop after it named the leader; neither counts anywhere);</li>
 *   <li><b>safety</b>: most live leaders held together for a positive time, total time with two
 *       or more, leaders that overlapped for no time at all (two announcements at one instant)
 *       counted apart, a node claiming a term another node led (same-term leaders), and time two
 *       live nodes believed they led different terms (older-term leader: overlapping beliefs,
 *       not a measure of what the older one did).</li>
 *   <li><b>elections against a live leader</b>: how often a node turned candidate (or leader)
 *       and so ended an agreement on a live leader. Agreement needs that leader alive, so after a
 *       crash nothing counts; in steady state every one is a false election (a paused leader is
 *       alive).</li>
 *   <li><b>the disturbance</b>, from the fault to the end of the last fault's effect, when that
 *       span is not empty: the <em>majority leader</em> is the live LEADER that a strict majority
 *       of the configured cluster names, itself included (at most one at a time, as a node names
 *       one leader; the leader a quorum would serve, where agreement needs every node and a node
 *       cut off from it never names it). Availability is the share of the span with a majority
 *       leader; a leader change is a new majority leader (another id or another term) within the
 *       span; election traffic is every election and announcement message sent within it; the
 *       stable leader is the majority leader in office at the span's end if it had held office,
 *       without a break, for the stable window by then, and its time is the fault to the start
 *       of its office (0 when it led from before the fault), absent when there was none.</li>
 * </ul>
 * Not thread-safe: a runtime with several threads serializes its calls. Allocation-free after
 * construction, but for the term map growing when a run has many terms.
 */
public final class ConvergenceMonitor implements MonitorFeed
{
    private static final long NONE = -1;

    private final ElectionAlgorithm algorithm;
    private final int nodes;
    private final int typeCount;
    private final MessageRole[] roleByType;
    /** Whether the algorithm has no announcement type, so a new leader's first heartbeats announce it. */
    private final boolean heartbeatAnnounces;
    private final boolean[] live;
    /** Indexed by id: whose view counts for availability until {@link #sideEndNs}. */
    private final boolean[] side;
    private final Role[] role;
    private final int[] leader;
    private final long[] term;
    /** Live nodes naming each id, index 0 for "nobody". */
    private final int[] namesCount;
    /** Per node: heartbeats still to count as its announcement, see the class comment. */
    private final int[] announcementsLeft;
    private final MessageCounts sent;
    private final MessageCounts agreedSent;
    private final MessageCounts sentFromFault;
    private final MessageCounts agreedSentFromFault;
    private final Long2LongHashMap leaderByTerm = new Long2LongHashMap(NONE);
    /** Made once, so finishing a run does not allocate a capturing lambda. */
    private final IntPredicate isLive = this::isLive;

    private long referenceNs;
    private long faultNs;
    private long sideEndNs;
    /** Whether the algorithm promises its leader in this run, see {@link RunPlan#messagesLost()}. */
    private boolean winnerDetermined;
    private long availableNs;
    private long overlapSinceNs;
    private long sameInstantOverlaps;
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
    private long olderTermLeaderNs;
    private boolean olderTerm;
    private long liveLeaderElections;
    private long disturbanceEndNs;
    private long stableWindowNs;
    private int majorityLeader;
    private long majorityTerm;
    private long majoritySinceNs;
    private int lastMajorityLeader;
    private long lastMajorityTerm;
    private long majorityNs;
    private long leaderChanges;
    private long disturbanceElectionSends;
    private boolean disturbanceEnded;
    private long stableLeaderSinceNs;
    /** Time with a majority leader in each of the disturbance's equal parts, see {@link ElectionResult.Disturbance#BINS}. */
    private final long[] majorityNsByBin = new long[ElectionResult.Disturbance.BINS];

    public ConvergenceMonitor(final ElectionAlgorithm algorithm, final int nodes)
    {
        this.algorithm = algorithm;
        this.nodes = nodes;
        typeCount = algorithm.messageTypes().size();
        roleByType = algorithm.messageRoles().toArray(new MessageRole[0]);
        heartbeatAnnounces = !algorithm.messageRoles().contains(MessageRole.ANNOUNCEMENT);
        live = new boolean[nodes + 1];
        side = new boolean[nodes + 1];
        role = new Role[nodes + 1];
        leader = new int[nodes + 1];
        term = new long[nodes + 1];
        namesCount = new int[nodes + 1];
        announcementsLeft = new int[nodes + 1];
        sent = new MessageCounts(typeCount);
        agreedSent = new MessageCounts(typeCount);
        sentFromFault = new MessageCounts(typeCount);
        agreedSentFromFault = new MessageCounts(typeCount);
        reset(0, 0);
    }

    public int nodes()
    {
        return nodes;
    }

    /**
     * Forget everything: every node down, nothing counted; measure as the plan says.
     *
     * @param plan the run: reference and fault instants, the side that must elect, the settle window.
     */
    public void reset(final RunPlan plan)
    {
        reset(plan.referenceNs(), plan.settleWindowNs());
        faultNs = plan.faultNs();
        sideEndNs = plan.sideEndNs();
        disturbanceEndNs = Math.max(plan.faultNs(), plan.lastFaultNs());
        stableWindowNs = plan.stableWindowNs();
        winnerDetermined = !plan.messagesLost() || algorithm.winnerDeterminedDespiteLoss();
        for (int id = 1; id <= nodes; id++)
        {
            side[id] = id < plan.side().length && plan.side()[id];
        }
    }

    /**
     * Forget everything: every node down, nothing counted. The fault is taken to be the
     * reference instant and to divide nothing.
     *
     * @param referenceNs    the instant measurement starts from.
     * @param settleWindowNs how long agreement must hold with no change.
     */
    public void reset(final long referenceNs, final long settleWindowNs)
    {
        this.referenceNs = referenceNs;
        faultNs = referenceNs;
        sideEndNs = referenceNs;
        Arrays.fill(side, true);
        winnerDetermined = true;
        availableNs = NONE;
        overlapSinceNs = NONE;
        sameInstantOverlaps = 0;
        this.settleWindowNs = settleWindowNs;
        Arrays.fill(live, false);
        Arrays.fill(role, Role.FOLLOWER);
        Arrays.fill(leader, ElectionNode.NO_LEADER);
        Arrays.fill(term, 0);
        Arrays.fill(namesCount, 0);
        Arrays.fill(announcementsLeft, 0);
        sent.clear();
        agreedSent.clear();
        sentFromFault.clear();
        agreedSentFromFault.clear();
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
        olderTermLeaderNs = 0;
        olderTerm = false;
        liveLeaderElections = 0;
        disturbanceEndNs = referenceNs;
        stableWindowNs = settleWindowNs;
        majorityLeader = ElectionNode.NO_LEADER;
        majorityTerm = 0;
        majoritySinceNs = NONE;
        lastMajorityLeader = ElectionNode.NO_LEADER;
        lastMajorityTerm = 0;
        majorityNs = 0;
        leaderChanges = 0;
        disturbanceElectionSends = 0;
        disturbanceEnded = false;
        stableLeaderSinceNs = NONE;
        Arrays.fill(majorityNsByBin, 0);
    }

    /** A node booted or recovered: live, a follower naming nobody, until it announces. */
    @Override
    public void onStart(final int nodeId, final long nowNs)
    {
        if (live[nodeId])
        {
            return;
        }
        account(nowNs);
        live[nodeId] = true;
        liveCount++;
        armAnnouncement(nodeId, nowNs);
        role[nodeId] = Role.FOLLOWER;
        leader[nodeId] = ElectionNode.NO_LEADER;
        term[nodeId] = 0;
        namesCount[ElectionNode.NO_LEADER]++;
        changed(nowNs);
    }

    /** A node crashed: it no longer counts for agreement or safety. */
    @Override
    public void onCrash(final int nodeId, final long nowNs)
    {
        if (!live[nodeId])
        {
            return;
        }
        account(nowNs);
        withdraw(nodeId);
        live[nodeId] = false;
        announcementsLeft[nodeId] = 0;
        liveCount--;
        changed(nowNs);
    }

    /** A node's belief changed (a repeat of its current belief is no change). */
    @Override
    public void onAnnounce(final int nodeId, final long nowNs, final Role newRole, final int newLeader, final long newTerm)
    {
        if (!live[nodeId] || (role[nodeId] == newRole && leader[nodeId] == newLeader && term[nodeId] == newTerm))
        {
            return;
        }
        final boolean wasAgreed = NONE != agreedSinceNs;
        account(nowNs);
        if (newRole != Role.LEADER)
        {
            armAnnouncement(nodeId, nowNs);
        }
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

    /**
     * A node that does not lead will announce with its first round of heartbeats if it comes to
     * lead: it sends them before it tells the monitor it leads, in the same step. Only from the
     * fault on, where sends are counted: a real-clock runtime does not report earlier ones.
     */
    private void armAnnouncement(final int nodeId, final long nowNs)
    {
        announcementsLeft[nodeId] = heartbeatAnnounces && nowNs - Math.min(faultNs, referenceNs) >= 0 ? nodes - 1 : 0;
    }

    /** A node sent one message (counted whether or not it arrives). */
    @Override
    public void onSend(final int fromId, final long nowNs, final int type, final int length)
    {
        if (type < 0 || type >= typeCount)
        {
            return;
        }
        MessageRole role = roleByType[type];
        if (role == MessageRole.HEARTBEAT && announcementsLeft[fromId] > 0)
        {
            announcementsLeft[fromId]--;
            role = MessageRole.ANNOUNCEMENT;
        }
        if (nowNs - faultNs >= 0)
        {
            sentFromFault.add(type, role, length);
        }
        countDisturbance(nowNs, role);
        if (nowNs - referenceNs < 0)
        {
            return;
        }
        sent.add(type, role, length);
        if (NONE == firstElectionSendNs && (role == MessageRole.ELECTION || role == MessageRole.ANNOUNCEMENT))
        {
            firstElectionSendNs = nowNs;
        }
    }

    /** Election traffic of the disturbance, counted whether or not the reference instant has passed. */
    private void countDisturbance(final long nowNs, final MessageRole role)
    {
        if ((role == MessageRole.ELECTION || role == MessageRole.ANNOUNCEMENT) && nowNs - faultNs >= 0 &&
            disturbanceEndNs - nowNs > 0)
        {
            disturbanceElectionSends++;
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
        final int finalLeader = NONE != agreedSinceNs ? (int)leaderIdSum : ElectionNode.NO_LEADER;
        return new ElectionResult(
            algorithm.messageTypes(),
            converged,
            converged ? Math.max(0, agreedSinceNs - referenceNs) : NONE,
            NONE == firstElectionSendNs ? NONE : firstElectionSendNs - referenceNs,
            (converged ? agreedSent : sent).copy(),
            (converged ? agreedSentFromFault : sentFromFault).copy(),
            NONE == availableNs ? NONE : availableNs - faultNs,
            finalLeader,
            winnerDetermined ? algorithm.expectedLeader(nodes, isLive) : ElectionNode.NO_LEADER,
            maxConcurrentLeaders,
            splitBrainNs,
            sameInstantOverlaps,
            sameTermLeaders,
            olderTermLeaderNs,
            liveLeaderElections,
            disturbanceFigures(),
            events,
            endNs);
    }

    /** @return the disturbance's figures, all absent when the run had no disturbance to speak of. */
    private ElectionResult.Disturbance disturbanceFigures()
    {
        final long spanNs = disturbanceEndNs - faultNs;
        if (spanNs <= 0)
        {
            return ElectionResult.Disturbance.NONE;
        }
        final double minutes = spanNs / 60e9;
        final long[] byBin = new long[majorityNsByBin.length];
        for (int bin = 0; bin < byBin.length; bin++)
        {
            final long lengthNs = binStartNs(bin + 1, spanNs) - binStartNs(bin, spanNs);
            byBin[bin] = lengthNs <= 0 ? 0 : Math.round(1000.0 * majorityNsByBin[bin] / lengthNs);
        }
        return new ElectionResult.Disturbance(
            spanNs,
            NONE == stableLeaderSinceNs ? NONE : Math.max(0, stableLeaderSinceNs - faultNs),
            leaderChanges,
            Math.round(leaderChanges / minutes),
            Math.round(1000.0 * majorityNs / spanNs),
            disturbanceElectionSends,
            Math.round(disturbanceElectionSends / minutes),
            byBin);
    }

    /** @return the offset from the fault at which part {@code bin} of a span of {@code spanNs} starts. */
    private static long binStartNs(final int bin, final long spanNs)
    {
        final int bins = ElectionResult.Disturbance.BINS;
        return spanNs / bins * bin + spanNs % bins * bin / bins;
    }

    /** Adds a majority leader's office from {@code fromNs} to {@code toNs} (within the span) to the parts it covers. */
    private void addToBins(final long fromNs, final long toNs)
    {
        final long spanNs = disturbanceEndNs - faultNs;
        for (int bin = 0; bin < majorityNsByBin.length; bin++)
        {
            final long startNs = faultNs + binStartNs(bin, spanNs);
            final long endNs = faultNs + binStartNs(bin + 1, spanNs);
            final long overlapNs = Math.min(toNs, endNs) - Math.max(fromNs, startNs);
            if (overlapNs > 0)
            {
                majorityNsByBin[bin] += overlapNs;
            }
        }
    }

    /** The majority leader held from {@code lastAccountNs} to {@code nowNs}: add its share of the disturbance. */
    private void accountDisturbance(final long nowNs)
    {
        if (ElectionNode.NO_LEADER != majorityLeader)
        {
            final long fromNs = Math.max(lastAccountNs, faultNs);
            final long toNs = Math.min(nowNs, disturbanceEndNs);
            if (toNs - fromNs > 0)
            {
                majorityNs += toNs - fromNs;
                addToBins(fromNs, toNs);
            }
        }
        if (!disturbanceEnded && disturbanceEndNs - lastAccountNs > 0 && nowNs - disturbanceEndNs >= 0)
        {
            disturbanceEnded = true;
            if (ElectionNode.NO_LEADER != majorityLeader && disturbanceEndNs - majoritySinceNs >= stableWindowNs)
            {
                stableLeaderSinceNs = majoritySinceNs;
            }
        }
    }

    /** After a change of belief: whether a strict majority of the cluster now names one live leader, and which. */
    private void updateMajorityLeader(final long nowNs)
    {
        int found = ElectionNode.NO_LEADER;
        if (leaderCount > 0)
        {
            for (int id = 1; id <= nodes; id++)
            {
                if (live[id] && role[id] == Role.LEADER && namesCount[id] > nodes / 2)
                {
                    found = id;
                    break;
                }
            }
        }
        final long foundTerm = ElectionNode.NO_LEADER == found ? 0 : term[found];
        if (found == majorityLeader && foundTerm == majorityTerm)
        {
            return;
        }
        majorityLeader = found;
        majorityTerm = foundTerm;
        majoritySinceNs = nowNs;
        if (ElectionNode.NO_LEADER != found)
        {
            if ((found != lastMajorityLeader || foundTerm != lastMajorityTerm) && nowNs - faultNs > 0 &&
                disturbanceEndNs - nowNs >= 0)
            {
                leaderChanges++;
            }
            lastMajorityLeader = found;
            lastMajorityTerm = foundTerm;
        }
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

    /** The state since the last call held until {@code nowNs}: add up what it lasted. */
    private void account(final long nowNs)
    {
        final long elapsedNs = nowNs - lastAccountNs;
        if (elapsedNs > 0)
        {
            accountDisturbance(nowNs);
            maxConcurrentLeaders = Math.max(maxConcurrentLeaders, leaderCount);
            if (leaderCount >= 2)
            {
                splitBrainNs += elapsedNs;
            }
            if (olderTerm)
            {
                olderTermLeaderNs += elapsedNs;
            }
            // The state held at the fault, or at the end of its division, without any change then.
            if (NONE == availableNs)
            {
                if (faultNs - lastAccountNs > 0 && nowNs - faultNs > 0 && available(faultNs))
                {
                    availableNs = faultNs;
                }
                else if (sideEndNs - lastAccountNs > 0 && nowNs - sideEndNs > 0 && available(sideEndNs))
                {
                    availableNs = sideEndNs;
                }
            }
        }
        lastAccountNs = nowNs;
    }

    private void changed(final long nowNs)
    {
        lastChangeNs = nowNs;
        updateMajorityLeader(nowNs);
        if (leaderCount <= 1)
        {
            // Two or more leaders count for the maximum only once they have lasted (see account).
            maxConcurrentLeaders = Math.max(maxConcurrentLeaders, leaderCount);
        }
        if (leaderCount >= 2 && NONE == overlapSinceNs)
        {
            overlapSinceNs = nowNs;
        }
        else if (leaderCount < 2 && NONE != overlapSinceNs)
        {
            if (overlapSinceNs == nowNs)
            {
                sameInstantOverlaps++;
            }
            overlapSinceNs = NONE;
        }
        olderTerm = leaderCount >= 2 && termsDiffer();
        final boolean agreedNow = leaderCount == 1 && namesCount[(int)leaderIdSum] == liveCount;
        if (!agreedNow)
        {
            agreedSinceNs = NONE;
        }
        else if (NONE == agreedSinceNs)
        {
            agreedSinceNs = nowNs;
            agreedSent.copyFrom(sent);
            agreedSentFromFault.copyFrom(sentFromFault);
        }
        if (NONE == availableNs && nowNs - faultNs >= 0 && available(nowNs))
        {
            availableNs = nowNs;
        }
    }

    /**
     * @return whether some live node leads and every live node that counts at {@code atNs} names
     *         it: those on the side that must elect while the fault divides the cluster, every
     *         live node from its end.
     */
    private boolean available(final long atNs)
    {
        final boolean wholeCluster = atNs - sideEndNs >= 0;
        int named = ElectionNode.NO_LEADER;
        for (int id = 1; id <= nodes; id++)
        {
            if (live[id] && (wholeCluster || side[id]))
            {
                if (ElectionNode.NO_LEADER == leader[id] || (ElectionNode.NO_LEADER != named && leader[id] != named))
                {
                    return false;
                }
                named = leader[id];
            }
        }
        return ElectionNode.NO_LEADER != named && live[named] && role[named] == Role.LEADER && leader[named] == named &&
            (wholeCluster || side[named]);
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
