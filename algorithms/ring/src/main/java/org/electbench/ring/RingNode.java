package org.electbench.ring;

import static org.electbench.ring.RingMessages.ACK;
import static org.electbench.ring.RingMessages.ELECTED;
import static org.electbench.ring.RingMessages.ELECTION;
import static org.electbench.ring.RingMessages.HEARTBEAT;
import static org.electbench.ring.RingMessages.HEARTBEAT_BODY_LENGTH;
import static org.electbench.ring.RingMessages.HEARTBEAT_TERM_OFFSET;
import static org.electbench.spi.MessageHeader.BYTE_ORDER;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;
import org.electbench.spi.RecoveryPolicy;
import org.electbench.spi.RingArrangement;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.spi.TimerSlot;

/**
 * One node of the Chang and Roberts (1979) ring election, as described in the project's seeds
 * {@code 002_253e17848e0ae790.txt} (the ring algorithm) and {@code 003_b6e1eda50eccccba.txt}
 * (comparison-based forwarding; skipping a successor that does not acknowledge).
 *
 * <h2>The textbook protocol</h2>
 * Nodes sit on a logical ring ({@link RingTopology}, from the settings' arrangement) and each
 * sends only to its successor. An initiator becomes a participant and sends ELECTION(own id).
 * A node receiving ELECTION(id) forwards it unchanged if id is larger than its own (and becomes
 * a participant); if id is smaller and it is not yet a participant it sends ELECTION(own id)
 * instead and becomes one; a smaller id reaching a participant is swallowed. A node receiving
 * its own id is the maximum: it leads and sends ELECTED(itself) once round the ring; every node
 * records the leader, stops being a participant and forwards it, until it is back at the leader.
 * With every node initiating at once that costs 2n-1 ELECTION on an increasing ring, n(n+1)/2 on
 * a decreasing one, n·H_n on average over random rings, and n ELECTED. With acknowledgements off
 * this is all there is: the textbook assumes reliable links and no failures.
 *
 * <h2>Failures (acknowledgements on)</h2>
 * The hops themselves (numbers, ACKs, skipping, lap de-duplication) are {@link ReliableHops}, the
 * layer under these rules; the rules see only messages that arrive, and a named node found dead.
 * <ul>
 *   <li>Every ELECTION and ELECTED hop is acknowledged with ACK once the receiver has handled
 *       (and so forwarded) it; an ACK therefore hands custody on. A hop not acknowledged within
 *       T_elec is sent to the next successor, skipping the silent node, and so on round the
 *       ring; every hop starts again at the true successor, so a node that recovers is back in
 *       the ring at its next hop without any membership protocol. T_elec must exceed the round
 *       trip: a live node skipped can let a smaller candidate's copy bypass the larger node
 *       that swallowed it, and two nodes then lead the same term until the tie-break below
 *       settles it.</li>
 *   <li>Skipping a node that was only slow, or whose ACK was lost, leaves two copies of one
 *       message on the ring. Each candidacy carries a lap number, ordered per candidate, and a
 *       node drops any lap of a candidate no newer than one it has already handled (a copy, or a
 *       lap the candidate has since restarted). Stray copies would otherwise reach nodes after
 *       the election ended and start others, and with a short T_elec that snowballs. (ELECTED
 *       needs no number: a node forwards a given leader and term once.)</li>
 *   <li>Skipping the very node an ELECTION names means the candidate is dead: its message could
 *       never come home and would circle forever, so the node that finds out drops it and stands
 *       itself in its place. Likewise an ELECTED whose leader is found dead ends there.</li>
 *   <li>A participant that has not seen ELECTED within T_coord of joining the election restarts
 *       it by standing with its own id; each further restart of the same stalled election waits
 *       twice as long (capped at {@value #MAX_LAP_BACKOFF}x T_coord), so a T_coord that is short
 *       for the ring costs extra laps, not a livelock. T_coord must cover two laps: about 2N
 *       one-way delays plus T_elec per dead node passed.</li>
 *   <li>A new leader stays a participant until its ELECTED comes home (or T_coord passes), so
 *       late restarts of the election it just won are swallowed instead of starting another.</li>
 * </ul>
 *
 * <h2>Leadership, terms and detection</h2>
 * The leader heartbeats every peer every HBT, the first one HBT after it wins (ELECTED is the
 * announcement). A follower whose detector is enabled starts an election when its leader has
 * been silent for the detection timeout; a participant's detector rests until the election
 * ends. ELECTION carries the highest term of the nodes it passed, so the winner takes the
 * highest term seen plus one; ELECTED and HEARTBEAT carry it. A node takes a leader from a newer
 * term, or from the same term with a higher id (the tie-break two partitioned laps need), and
 * ignores older ones. A participant leaves its election only for ELECTED or a newer term's
 * heartbeat. A node announces CANDIDATE (naming nobody) when it initiates; relaying, even with
 * its own id, changes no belief, and a leader that stands in an election keeps leading.
 *
 * <h2>Rejoining: recovery and the highest id</h2>
 * {@link Start#RECOVERED} is a fresh node with no leader and term 0. With
 * {@link RecoveryPolicy#BULLY} (the default) and its detector enabled it starts an election at
 * once: the ring has no join message, and a lap is what both tells it the leader and lets it
 * take over if it is the highest live id, which is the leader bully and ring promise. The lap
 * also gathers the cluster's highest term, so the fresh node's term 0 does no harm. For the
 * same reason, under BULLY a node that learns of a leader with a lower id than its own (it was
 * crashed, paused or partitioned away during that leader's lap) stands again once it has
 * recorded that leader. With {@link RecoveryPolicy#DEFER} a recovered node listens for the
 * detection timeout and follows any live leader, and nobody stands against a live lower leader.
 * <p>
 * Single-threaded, as the SPI promises; nothing on the message path allocates.
 */
public final class RingNode implements ElectionNode
{
    static final int DETECTION_TIMER = 1;
    static final int HEARTBEAT_TIMER = 2;
    static final int LAP_TIMER = 3;
    static final int HOP_TIMER = 4;

    static final int MAX_LAP_BACKOFF = 64;

    /** Not a participant. */
    private static final int IDLE = 0;
    /** A participant waiting for ELECTED. */
    private static final int ELECTING = 1;
    /** Won; its ELECTED is on its lap. */
    private static final int ANNOUNCING = 2;

    private final int selfId;
    private final ElectionSettings settings;
    private final boolean acknowledgements;
    private final RingArrangement arrangement;
    private final RecoveryPolicy recoveryPolicy;
    /** Without acknowledgements the textbook assumes no failures: no lap ever restarts. */
    private final boolean restartsLaps;
    private final ReliableHops hops;
    private final TimerSlot detectionTimer = new TimerSlot(DETECTION_TIMER);
    private final TimerSlot heartbeatTimer = new TimerSlot(HEARTBEAT_TIMER);
    private final TimerSlot lapTimer = new TimerSlot(LAP_TIMER);

    private NodeContext ctx;
    private RingMessages decoder;
    private long malformedMessages;
    private RingTopology ring;
    private Role role = Role.FOLLOWER;
    private int leaderId = NO_LEADER;
    private long term;
    private int phase = IDLE;
    private long lapTimeoutNs;
    private long leaderDeadlineNs;
    private int forwardedElectedLeader = NO_LEADER;
    private long forwardedElectedTerm;

    /**
     * @param selfId   1..N.
     * @param settings shared by the cluster.
     */
    public RingNode(final int selfId, final ElectionSettings settings)
    {
        if (selfId < 1)
        {
            throw new IllegalArgumentException("node id must be at least 1, got " + selfId);
        }
        if (null == settings)
        {
            throw new IllegalArgumentException("settings must not be null");
        }
        this.selfId = selfId;
        this.settings = settings;
        acknowledgements = settings.get(RingAlgorithm.ACK);
        arrangement = settings.get(RingAlgorithm.ARRANGEMENT);
        recoveryPolicy = settings.get(RingAlgorithm.RECOVERY);
        restartsLaps = acknowledgements;
        hops = new ReliableHops(acknowledgements, settings.electionTimeoutNs(), HOP_TIMER, new ReliableHops.Rules()
        {
            @Override
            public void deliverToSelf(final int type, final int id, final long messageTerm, final long lap)
            {
                if (ELECTION == type)
                {
                    onElection(id, messageTerm, lap);
                }
                else
                {
                    onElected(id, messageTerm);
                }
            }

            @Override
            public void namedNodeSilent(final int type, final int id)
            {
                // The candidate itself went silent: its lap can never come home, so stand in its place.
                if (ELECTION == type && ELECTING == phase)
                {
                    initiate();
                }
            }
        });
    }

    @Override
    public void onStart(final NodeContext ctx, final Start start, final int leaderId, final long term)
    {
        if (selfId > ctx.clusterSize())
        {
            throw new IllegalArgumentException("node id " + selfId + " is outside 1.." + ctx.clusterSize());
        }
        this.ctx = ctx;
        ring = RingTopology.of(arrangement, settings.arrangementSeed(), ctx.clusterSize());
        decoder = new RingMessages(acknowledgements, ctx.clusterSize());
        hops.start(ctx, ring);
        role = Role.FOLLOWER;
        this.leaderId = NO_LEADER;
        this.term = 0;
        phase = IDLE;
        lapTimeoutNs = settings.coordinatorTimeoutNs();
        // Timers of an earlier life never fire into this one: forget them without cancelling.
        detectionTimer.forget();
        heartbeatTimer.forget();
        lapTimer.forget();
        forwardedElectedLeader = NO_LEADER;
        forwardedElectedTerm = 0;

        switch (start)
        {
            case COLD:
                if (ctx.detectorEnabled())
                {
                    initiate();
                }
                break;
            case SETTLED:
                if (leaderId < 1 || leaderId > ctx.clusterSize() || term < 0)
                {
                    throw new IllegalArgumentException("a settled start needs a leader in 1.." + ctx.clusterSize() +
                        " and a term >= 0, got leader " + leaderId + " term " + term);
                }
                if (leaderId == selfId)
                {
                    believe(Role.LEADER, selfId, term);
                    sendHeartbeat();
                    heartbeatTimer.arm(ctx, settings.heartbeatIntervalNs());
                }
                else
                {
                    believe(Role.FOLLOWER, leaderId, term);
                    watchLeader();
                }
                break;
            case RECOVERED:
                if (ctx.detectorEnabled())
                {
                    if (recoveryPolicy == RecoveryPolicy.BULLY)
                    {
                        initiate();
                    }
                    else
                    {
                        watchLeader();
                    }
                }
                break;
            default:
                throw new IllegalArgumentException("unknown start " + start);
        }
    }

    @Override
    public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
    {
        if (null == ctx)
        {
            return;
        }
        if (fromId == selfId || fromId < 1 || fromId > ring.size() || !decoder.wrap(buffer, offset, length))
        {
            malformedMessages++;
            return;
        }
        switch (decoder.type())
        {
            case ELECTION:
            {
                // Read everything first: handling it sends, and a runtime may lend the same buffer.
                final int candidate = decoder.id();
                final long carriedTerm = decoder.term();
                final long hop = decoder.hop();
                final long lap = decoder.lap();
                if (!hops.isSpentLap(candidate, lap))
                {
                    onElection(candidate, carriedTerm, lap);
                }
                hops.acknowledge(fromId, hop);
                break;
            }
            case ELECTED:
            {
                final int leader = decoder.id();
                final long leaderTerm = decoder.term();
                final long hop = decoder.hop();
                onElected(leader, leaderTerm);
                hops.acknowledge(fromId, hop);
                break;
            }
            case ACK:
                hops.onAck(decoder.ackedHop());
                break;
            case HEARTBEAT:
                onHeartbeat(fromId, decoder.heartbeatTerm());
                break;
            default:
                break;
        }
    }

    @Override
    public void onTimer(final long timerId, final int kind)
    {
        switch (kind)
        {
            case DETECTION_TIMER:
                if (detectionTimer.fired(timerId))
                {
                    onDetectionTimer();
                }
                break;
            case HEARTBEAT_TIMER:
                if (heartbeatTimer.fired(timerId) && role == Role.LEADER)
                {
                    sendHeartbeat();
                    heartbeatTimer.arm(ctx, settings.heartbeatIntervalNs());
                }
                break;
            case LAP_TIMER:
                if (lapTimer.fired(timerId))
                {
                    onLapTimer();
                }
                break;
            case HOP_TIMER:
                hops.onHopTimer(timerId);
                break;
            default:
                break;
        }
    }

    @Override
    public int leaderId()
    {
        return leaderId;
    }

    @Override
    public Role role()
    {
        return role;
    }

    @Override
    public long term()
    {
        return term;
    }

    /** @return messages dropped as malformed over every life of this node; see {@link ElectionNode#malformedMessages()}. */
    @Override
    public long malformedMessages()
    {
        return malformedMessages;
    }

    /** @return whether this node takes part in an election now (for tests). */
    boolean participant()
    {
        return IDLE != phase;
    }

    /** @return hops sent and not yet acknowledged (for tests). */
    int pendingHops()
    {
        return hops.pendingHops();
    }

    private void onElection(final int candidate, final long carriedTerm, final long lap)
    {
        final long highestTerm = Math.max(carriedTerm, term);
        if (candidate > selfId)
        {
            if (IDLE == phase)
            {
                join();
            }
            hops.toSuccessor(ELECTION, candidate, highestTerm, lap);
        }
        else if (candidate < selfId)
        {
            if (IDLE == phase)
            {
                join();
                hops.toSuccessor(ELECTION, selfId, highestTerm, hops.newLap());
            }
        }
        else if (ELECTING == phase && hops.isLapOfThisElection(lap))
        {
            win(highestTerm + 1);
        }
        // Otherwise our own id is a copy of a candidacy already decided: drop it.
    }

    private void onElected(final int leader, final long leaderTerm)
    {
        if (leader == selfId)
        {
            if (ANNOUNCING == phase && leaderTerm == term)
            {
                phase = IDLE;
                lapTimer.cancel(ctx);
            }
            return;
        }
        if (leaderTerm < term || (leaderTerm == term && leader < leaderId))
        {
            return; // from an election already superseded; its lap ends here
        }
        final boolean forwarded = leader == forwardedElectedLeader && leaderTerm == forwardedElectedTerm;
        follow(leader, leaderTerm);
        if (!forwarded)
        {
            forwardedElectedLeader = leader;
            forwardedElectedTerm = leaderTerm;
            hops.toSuccessor(ELECTED, leader, leaderTerm, 0);
        }
        standIfOutranking();
    }

    private void onHeartbeat(final int leader, final long leaderTerm)
    {
        if (leader == leaderId && leaderTerm == term)
        {
            leaderDeadlineNs = ctx.nowNs() + settings.detectionTimeoutNs();
        }
        else if (leaderTerm > term || (leaderTerm == term && leader > leaderId && ELECTING != phase))
        {
            follow(leader, leaderTerm);
            standIfOutranking();
        }
    }

    private void onDetectionTimer()
    {
        if (IDLE != phase || role == Role.LEADER)
        {
            return;
        }
        final long remainingNs = leaderDeadlineNs - ctx.nowNs();
        if (remainingNs > 0)
        {
            detectionTimer.arm(ctx, remainingNs);
        }
        else
        {
            initiate();
        }
    }

    private void onLapTimer()
    {
        if (ELECTING == phase)
        {
            lapTimeoutNs = Math.min(2 * lapTimeoutNs, MAX_LAP_BACKOFF * settings.coordinatorTimeoutNs());
            initiate();
        }
        else if (ANNOUNCING == phase)
        {
            phase = IDLE; // our ELECTED was lost; heartbeats carry the news instead
        }
    }

    /** Start (or restart) an election: this node stands with its own id. */
    private void initiate()
    {
        join();
        if (role != Role.LEADER)
        {
            believe(Role.CANDIDATE, NO_LEADER, term);
        }
        // A leader restarting an election it stood in keeps leading: it is alive, and the lap decides.
        hops.toSuccessor(ELECTION, selfId, term, hops.newLap());
    }

    /** Become a participant: the detector rests and the lap clock starts. */
    private void join()
    {
        if (IDLE == phase)
        {
            hops.electionStarted();
        }
        phase = ELECTING;
        stopWatchingLeader();
        startLapTimer();
    }

    private void win(final long newTerm)
    {
        phase = ANNOUNCING;
        stopWatchingLeader();
        lapTimeoutNs = settings.coordinatorTimeoutNs();
        startLapTimer();
        // Announce before sending: the monitor counts what is sent at the instant of agreement.
        believe(Role.LEADER, selfId, newTerm);
        forwardedElectedLeader = selfId;
        forwardedElectedTerm = newTerm;
        if (!heartbeatTimer.isArmed())
        {
            heartbeatTimer.arm(ctx, settings.heartbeatIntervalNs());
        }
        hops.toSuccessor(ELECTED, selfId, newTerm, 0);
    }

    private void follow(final int leader, final long leaderTerm)
    {
        if (role == Role.LEADER)
        {
            heartbeatTimer.cancel(ctx);
        }
        phase = IDLE;
        lapTimer.cancel(ctx);
        lapTimeoutNs = settings.coordinatorTimeoutNs();
        believe(Role.FOLLOWER, leader, leaderTerm);
        watchLeader();
    }

    private void standIfOutranking()
    {
        if (leaderId < selfId && NO_LEADER != leaderId && recoveryPolicy == RecoveryPolicy.BULLY)
        {
            initiate();
        }
    }

    private void believe(final Role newRole, final int newLeader, final long newTerm)
    {
        if (newRole != role || newLeader != leaderId || newTerm != term)
        {
            role = newRole;
            leaderId = newLeader;
            term = newTerm;
            ctx.announce(newRole, newLeader, newTerm);
        }
    }

    private void watchLeader()
    {
        if (!ctx.detectorEnabled())
        {
            return;
        }
        leaderDeadlineNs = ctx.nowNs() + settings.detectionTimeoutNs();
        if (!detectionTimer.isArmed())
        {
            detectionTimer.arm(ctx, settings.detectionTimeoutNs());
        }
    }

    private void stopWatchingLeader()
    {
        detectionTimer.cancel(ctx);
    }

    private void startLapTimer()
    {
        if (restartsLaps)
        {
            lapTimer.arm(ctx, lapTimeoutNs);
        }
    }

    private void sendHeartbeat()
    {
        final MutableDirectBuffer buffer = ctx.claim(HEARTBEAT, HEARTBEAT_BODY_LENGTH);
        buffer.putLong(MessageHeader.LENGTH + HEARTBEAT_TERM_OFFSET, term, BYTE_ORDER);
        ctx.broadcast();
    }
}
