package org.electbench.transport;

import java.util.function.IntPredicate;

import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.MessageRole;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
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
 *       not a measure of what the older one did). Every leader counts, a minority's included.</li>
 *   <li><b>every leader over time</b>, from the fault to the end of the run: the first node to
 *       win (the instant the Raft paper times), the time with no leader a majority follows, and
 *       the time some live node still followed another leader than the one a majority follows
 *       (a deposed leader: a minority's, or one that crashed or stepped down).</li>
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
 *       of its office (0 when it led from before the fault), absent when there was none. The office
 *       begins when a majority first names the node and ends only when a majority names another
 *       or the node crashes, so a stale message that makes a follower doubt for a moment does not
 *       restart it; and the leader is stable only if no other node led anywhere over that window
 *       (a minority's leader included). Two-leader time within the span is counted too.</li>
 * </ul>
 * Each concern is its own recorder over the shared {@link Beliefs}: agreement, traffic, safety,
 * disturbance, liveness. Not thread-safe: a runtime with several threads serializes its calls.
 * Allocation-free after construction, but for the term map growing when a run has many terms.
 */
public final class ConvergenceMonitor implements MonitorFeed
{
    private final ElectionAlgorithm algorithm;
    private final int nodes;
    private final Beliefs beliefs;
    private final AgreementRecorder agreement;
    private final TrafficRecorder traffic;
    private final SafetyRecorder safety;
    private final DisturbanceRecorder disturbance;
    private final LivenessRecorder liveness;
    /** Made once, so finishing a run does not allocate a capturing lambda. */
    private final IntPredicate isLive = this::isLive;
    /** Whether the algorithm promises its leader in this run, see {@link RunPlan#messagesLost()}. */
    private boolean winnerDetermined;
    private long lastAccountNs;

    public ConvergenceMonitor(final ElectionAlgorithm algorithm, final int nodes)
    {
        this.algorithm = algorithm;
        this.nodes = nodes;
        beliefs = new Beliefs(nodes);
        agreement = new AgreementRecorder(beliefs);
        traffic = new TrafficRecorder(algorithm, nodes);
        safety = new SafetyRecorder(beliefs);
        disturbance = new DisturbanceRecorder(beliefs);
        liveness = new LivenessRecorder(beliefs);
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
        reset(plan.referenceNs(), plan.faultNs(), plan.sideEndNs(), plan.settleWindowNs(), plan.side(),
            Math.max(plan.faultNs(), plan.lastFaultNs()), plan.stableWindowNs());
        traffic.settledStart(Start.SETTLED == plan.start());
        winnerDetermined = !plan.messagesLost() || algorithm.winnerDeterminedDespiteLoss();
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
        reset(referenceNs, referenceNs, referenceNs, settleWindowNs, null, referenceNs, settleWindowNs);
        winnerDetermined = true;
    }

    private void reset(
        final long referenceNs, final long faultNs, final long sideEndNs, final long settleWindowNs, final boolean[] side,
        final long disturbanceEndNs, final long stableWindowNs)
    {
        beliefs.reset();
        agreement.reset(referenceNs, faultNs, sideEndNs, settleWindowNs, side);
        traffic.reset(referenceNs, faultNs, disturbanceEndNs);
        safety.reset();
        disturbance.reset(faultNs, disturbanceEndNs, stableWindowNs);
        liveness.reset(faultNs);
        lastAccountNs = 0;
    }

    /** A node booted or recovered: live, a follower naming nobody, until it announces. */
    @Override
    public void onStart(final int nodeId, final long nowNs)
    {
        if (beliefs.live[nodeId])
        {
            return;
        }
        account(nowNs);
        beliefs.start(nodeId);
        traffic.start(nodeId, nowNs);
        changed(nowNs);
    }

    /** A node crashed: it no longer counts for agreement or safety. */
    @Override
    public void onCrash(final int nodeId, final long nowNs)
    {
        if (!beliefs.live[nodeId])
        {
            return;
        }
        account(nowNs);
        beliefs.crash(nodeId);
        traffic.disarm(nodeId);
        changed(nowNs);
    }

    /** A node's belief changed (a repeat of its current belief is no change). */
    @Override
    public void onAnnounce(final int nodeId, final long nowNs, final Role newRole, final int newLeader, final long newTerm)
    {
        if (!beliefs.live[nodeId] || beliefs.same(nodeId, newRole, newLeader, newTerm))
        {
            return;
        }
        final boolean wasAgreed = agreement.agreed();
        final boolean wasLeader = beliefs.role[nodeId] == Role.LEADER;
        account(nowNs);
        if (newRole != Role.LEADER)
        {
            traffic.arm(nodeId, nowNs);
        }
        beliefs.believe(nodeId, newRole, newLeader, newTerm);
        if (newRole == Role.LEADER)
        {
            safety.leads(nodeId, newTerm);
            if (!wasLeader)
            {
                liveness.won(nowNs);
            }
        }
        changed(nowNs);
        if (wasAgreed && !agreement.agreed() && newRole != Role.FOLLOWER)
        {
            liveness.electionAgainstLiveLeader();
        }
    }

    /** A node sent one message (counted whether or not it arrives). */
    @Override
    public void onSend(final int fromId, final long nowNs, final int type, final int length)
    {
        traffic.send(fromId, nowNs, type, length);
    }

    /** @return whether exactly one live node leads and every live node names it. */
    public boolean agreed()
    {
        return agreement.agreed();
    }

    public long lastChangeNs()
    {
        return agreement.lastChangeNs();
    }

    /** @return the leader every live node names while agreed, else {@link ElectionNode#NO_LEADER}. */
    public int agreedLeader()
    {
        return agreement.agreed() ? (int)beliefs.leaderIdSum : ElectionNode.NO_LEADER;
    }

    /**
     * @param nowNs       the runtime's clock.
     * @param lastFaultNs when the last fault's effect ends.
     * @return whether agreement has held unchanged for the settle window, after the last fault.
     */
    public boolean settled(final long nowNs, final long lastFaultNs)
    {
        return agreement.settled(nowNs, lastFaultNs);
    }

    /** @return the live nodes that believe they lead, now. */
    public int leaderCount()
    {
        return beliefs.leaderCount;
    }

    public boolean isLive(final int nodeId)
    {
        return beliefs.live[nodeId];
    }

    /** @return what the run measured, up to {@code endNs}. */
    public ElectionResult finish(final long endNs, final long events)
    {
        account(endNs);
        final boolean converged = settled(endNs, agreement.referenceNs());
        final long[] counts = traffic.snapshotArray();
        return new ElectionResult(
            algorithm.messageTypes(),
            converged,
            converged ? agreement.convergenceNs() : -1,
            traffic.detectionNs(),
            traffic.sent(converged, counts),
            traffic.sentFromFault(converged, counts),
            agreement.unavailabilityNs(),
            agreement.agreed() ? (int)beliefs.leaderIdSum : ElectionNode.NO_LEADER,
            winnerDetermined ? algorithm.expectedLeader(nodes, isLive) : ElectionNode.NO_LEADER,
            new ElectionResult.Safety(safety.maxConcurrentLeaders(), safety.splitBrainNs(), safety.sameInstantOverlaps(),
                safety.sameTermLeaders(), safety.olderTermLeaderNs()),
            new ElectionResult.Leadership(liveness.firstLeaderNs(), liveness.noMajorityLeaderNs(), liveness.deposedLeaderNs(),
                liveness.liveLeaderElections()),
            disturbance.figures(traffic.disturbanceElectionSends()),
            events,
            endNs);
    }

    /** The beliefs since the last call held until {@code nowNs}: every recorder adds up what they lasted. */
    private void account(final long nowNs)
    {
        final long elapsedNs = nowNs - lastAccountNs;
        if (elapsedNs > 0)
        {
            disturbance.account(lastAccountNs, nowNs);
            safety.account(elapsedNs);
            liveness.account(lastAccountNs, nowNs);
            agreement.account(lastAccountNs, nowNs);
        }
        lastAccountNs = nowNs;
    }

    private void changed(final long nowNs)
    {
        final boolean majorityChanged = beliefs.updateMajority(nowNs);
        disturbance.changed(nowNs, majorityChanged);
        safety.changed(nowNs);
        liveness.changed();
        if (agreement.changed(nowNs))
        {
            traffic.agreed();
        }
    }
}
