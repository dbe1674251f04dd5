package org.electbench.ring;

import static org.electbench.ring.RingMessages.ACK;
import static org.electbench.ring.RingMessages.ACKNOWLEDGED_ELECTED_BODY_LENGTH;
import static org.electbench.ring.RingMessages.ACKNOWLEDGED_ELECTION_BODY_LENGTH;
import static org.electbench.ring.RingMessages.ACK_BODY_LENGTH;
import static org.electbench.ring.RingMessages.ACK_HOP_OFFSET;
import static org.electbench.ring.RingMessages.ELECTED;
import static org.electbench.ring.RingMessages.ELECTION;
import static org.electbench.ring.RingMessages.HEARTBEAT;
import static org.electbench.ring.RingMessages.HEARTBEAT_BODY_LENGTH;
import static org.electbench.ring.RingMessages.HEARTBEAT_TERM_OFFSET;
import static org.electbench.ring.RingMessages.HOP_OFFSET;
import static org.electbench.ring.RingMessages.ID_OFFSET;
import static org.electbench.ring.RingMessages.LAP_BODY_LENGTH;
import static org.electbench.ring.RingMessages.LAP_OFFSET;
import static org.electbench.ring.RingMessages.TERM_OFFSET;
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

    private static final long NO_TIMER = -1;

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

    private NodeContext ctx;
    private RingMessages decoder;
    private long malformedMessages;
    private RingTopology ring;
    private PendingHops pending;
    /** By candidate id: the newest lap of theirs this node handled, to drop copies and restarted laps. */
    private long[] lastLapByCandidate;

    private Role role = Role.FOLLOWER;
    private int leaderId = NO_LEADER;
    private long term;
    private int phase = IDLE;
    private long lapTimeoutNs;
    private long leaderDeadlineNs;
    private long detectionTimerId = NO_TIMER;
    private long heartbeatTimerId = NO_TIMER;
    private long lapTimerId = NO_TIMER;
    private long lastHop;
    private long incarnation;
    private int candidacies;
    /** Our candidacy count when this election began: only our laps newer than it can win it. */
    private int electionStartLap;
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
        pending = acknowledgements ? new PendingHops(2 * ctx.clusterSize()) : null;
        lastLapByCandidate = acknowledgements ? new long[ctx.clusterSize() + 1] : null;
        role = Role.FOLLOWER;
        this.leaderId = NO_LEADER;
        this.term = 0;
        phase = IDLE;
        lapTimeoutNs = settings.coordinatorTimeoutNs();
        detectionTimerId = NO_TIMER;
        heartbeatTimerId = NO_TIMER;
        lapTimerId = NO_TIMER;
        lastHop = 0;
        // Random so a restarted node's laps are not mistaken for its previous life's.
        incarnation = ((long)ctx.random().nextInt() | 1L) << 32;
        candidacies = 0;
        electionStartLap = 0;
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
                    heartbeatTimerId = ctx.schedule(settings.heartbeatIntervalNs(), HEARTBEAT_TIMER);
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
                if (!isSpentLap(candidate, lap))
                {
                    onElection(candidate, carriedTerm, lap);
                }
                acknowledge(fromId, hop);
                break;
            }
            case ELECTED:
            {
                final int leader = decoder.id();
                final long leaderTerm = decoder.term();
                final long hop = decoder.hop();
                onElected(leader, leaderTerm);
                acknowledge(fromId, hop);
                break;
            }
            case ACK:
                onAck(decoder.ackedHop());
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
                if (timerId == detectionTimerId)
                {
                    detectionTimerId = NO_TIMER;
                    onDetectionTimer();
                }
                break;
            case HEARTBEAT_TIMER:
                if (timerId == heartbeatTimerId)
                {
                    heartbeatTimerId = NO_TIMER;
                    if (role == Role.LEADER)
                    {
                        sendHeartbeat();
                        heartbeatTimerId = ctx.schedule(settings.heartbeatIntervalNs(), HEARTBEAT_TIMER);
                    }
                }
                break;
            case LAP_TIMER:
                if (timerId == lapTimerId)
                {
                    lapTimerId = NO_TIMER;
                    onLapTimer();
                }
                break;
            case HOP_TIMER:
                if (acknowledgements)
                {
                    onHopTimer(timerId);
                }
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
        return null == pending ? 0 : pending.size();
    }

    /**
     * A lap number is the candidate's incarnation (high half, random at start) and its count of
     * candidacies (low half). A lap no newer than the newest seen from the same incarnation is a
     * copy, or a lap the candidate has already restarted: either way it is spent.
     */
    private boolean isSpentLap(final int candidate, final long lap)
    {
        if (!acknowledgements || candidate == selfId)
        {
            return false; // our own laps end by phase: only an electing candidate wins
        }
        final long newest = lastLapByCandidate[candidate];
        if ((newest >>> 32) == (lap >>> 32) && (int)lap - (int)newest <= 0)
        {
            return true;
        }
        lastLapByCandidate[candidate] = lap;
        return false;
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
            sendToSuccessor(ELECTION, candidate, highestTerm, lap);
        }
        else if (candidate < selfId)
        {
            if (IDLE == phase)
            {
                join();
                sendToSuccessor(ELECTION, selfId, highestTerm, newLap());
            }
        }
        else if (ELECTING == phase && isLapOfThisElection(lap))
        {
            win(highestTerm + 1);
        }
        // Otherwise our own id is a copy of a candidacy already decided: drop it.
    }

    private boolean isLapOfThisElection(final long lap)
    {
        return !acknowledgements || ((lap >>> 32) == (incarnation >>> 32) && (int)lap - electionStartLap > 0);
    }

    private void onElected(final int leader, final long leaderTerm)
    {
        if (leader == selfId)
        {
            if (ANNOUNCING == phase && leaderTerm == term)
            {
                phase = IDLE;
                cancelLapTimer();
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
            sendToSuccessor(ELECTED, leader, leaderTerm, 0);
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

    private void onAck(final long hop)
    {
        final int slot = pending.findByHop(hop);
        if (slot >= 0)
        {
            ctx.cancel(pending.timerId(slot));
            pending.free(slot);
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
            detectionTimerId = ctx.schedule(remainingNs, DETECTION_TIMER);
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

    private void onHopTimer(final long timerId)
    {
        final int slot = pending.findByTimer(timerId);
        if (slot < 0)
        {
            return;
        }
        final int type = pending.type(slot);
        final int id = pending.id(slot);
        final long messageTerm = pending.term(slot);
        final long lap = pending.lap(slot);
        final int silent = pending.target(slot);
        pending.free(slot);
        if (silent == id)
        {
            // The candidate (or leader) it names is the node that went silent.
            if (ELECTION == type && ELECTING == phase)
            {
                initiate();
            }
            return;
        }
        sendHop(type, id, messageTerm, lap, ring.successorOf(silent));
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
        sendToSuccessor(ELECTION, selfId, term, newLap());
    }

    /** Become a participant: the detector rests and the lap clock starts. */
    private void join()
    {
        if (IDLE == phase)
        {
            electionStartLap = candidacies;
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
        if (NO_TIMER == heartbeatTimerId)
        {
            heartbeatTimerId = ctx.schedule(settings.heartbeatIntervalNs(), HEARTBEAT_TIMER);
        }
        sendToSuccessor(ELECTED, selfId, newTerm, 0);
    }

    private void follow(final int leader, final long leaderTerm)
    {
        if (role == Role.LEADER)
        {
            stopHeartbeats();
        }
        phase = IDLE;
        cancelLapTimer();
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
        if (NO_TIMER == detectionTimerId)
        {
            detectionTimerId = ctx.schedule(settings.detectionTimeoutNs(), DETECTION_TIMER);
        }
    }

    private void stopWatchingLeader()
    {
        if (NO_TIMER != detectionTimerId)
        {
            ctx.cancel(detectionTimerId);
            detectionTimerId = NO_TIMER;
        }
    }

    private void stopHeartbeats()
    {
        if (NO_TIMER != heartbeatTimerId)
        {
            ctx.cancel(heartbeatTimerId);
            heartbeatTimerId = NO_TIMER;
        }
    }

    private void startLapTimer()
    {
        if (acknowledgements)
        {
            cancelLapTimer();
            lapTimerId = ctx.schedule(lapTimeoutNs, LAP_TIMER);
        }
    }

    private void cancelLapTimer()
    {
        if (NO_TIMER != lapTimerId)
        {
            ctx.cancel(lapTimerId);
            lapTimerId = NO_TIMER;
        }
    }

    private void sendHeartbeat()
    {
        final MutableDirectBuffer buffer = ctx.claim(HEARTBEAT, HEARTBEAT_BODY_LENGTH);
        buffer.putLong(MessageHeader.LENGTH + HEARTBEAT_TERM_OFFSET, term, BYTE_ORDER);
        ctx.broadcast();
    }

    private long newLap()
    {
        return acknowledgements ? incarnation | (++candidacies & 0xFFFF_FFFFL) : 0;
    }

    private void sendToSuccessor(final int type, final int id, final long messageTerm, final long lap)
    {
        sendHop(type, id, messageTerm, lap, ring.successorOf(selfId));
    }

    /**
     * Hand one ELECTION or ELECTED to {@code targetId}. Once every other node has been skipped
     * the message is back here, and it is handled as if it had arrived: a node never sends to
     * itself.
     */
    private void sendHop(final int type, final int id, final long messageTerm, final long lap, final int targetId)
    {
        if (targetId == selfId)
        {
            if (ELECTION == type)
            {
                onElection(id, messageTerm, lap);
            }
            else
            {
                onElected(id, messageTerm);
            }
            return;
        }
        final int bodyLength = !acknowledgements ? LAP_BODY_LENGTH :
            ELECTION == type ? ACKNOWLEDGED_ELECTION_BODY_LENGTH : ACKNOWLEDGED_ELECTED_BODY_LENGTH;
        final MutableDirectBuffer buffer = ctx.claim(type, bodyLength);
        buffer.putInt(MessageHeader.LENGTH + ID_OFFSET, id, BYTE_ORDER);
        buffer.putLong(MessageHeader.LENGTH + TERM_OFFSET, messageTerm, BYTE_ORDER);
        if (acknowledgements)
        {
            final long hop = ++lastHop;
            buffer.putLong(MessageHeader.LENGTH + HOP_OFFSET, hop, BYTE_ORDER);
            if (ELECTION == type)
            {
                buffer.putLong(MessageHeader.LENGTH + LAP_OFFSET, lap, BYTE_ORDER);
            }
            ctx.send(targetId);
            final int slot = pending.add(hop, type, id, messageTerm, lap, targetId);
            pending.timerId(slot, ctx.schedule(settings.electionTimeoutNs(), HOP_TIMER));
        }
        else
        {
            ctx.send(targetId);
        }
    }

    private void acknowledge(final int toId, final long hop)
    {
        if (acknowledgements && toId != selfId)
        {
            final MutableDirectBuffer buffer = ctx.claim(ACK, ACK_BODY_LENGTH);
            buffer.putLong(MessageHeader.LENGTH + ACK_HOP_OFFSET, hop, BYTE_ORDER);
            ctx.send(toId);
        }
    }
}
