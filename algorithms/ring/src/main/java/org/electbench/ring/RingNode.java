package org.electbench.ring;

import static org.electbench.ring.RingMessages.ACK;
import static org.electbench.ring.RingMessages.ELECTED;
import static org.electbench.ring.RingMessages.ELECTION;
import static org.electbench.ring.RingMessages.HEARTBEAT;

import org.agrona.DirectBuffer;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.NodeContext;
import org.electbench.spi.RecoveryPolicy;
import org.electbench.spi.RingArrangement;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.spi.Terms;
import org.electbench.spi.TimerSlot;

/**
 * One node of the Chang and Roberts ring election ("An Improved Algorithm for Decentralized
 * Extrema-Finding in Circular Configurations of Processes", CACM, 1979), with acknowledged hops
 * that skip a silent successor; the rules, states and recovery are written up in
 * {@code docs/design/algorithms/ring.md}.
 * <p>
 * Assumes T_elec above the round trip of one hop and T_coord above two laps; the hops themselves
 * are {@link ReliableHops}, the failure detector {@link Heartbeats}. Every state change goes
 * through {@link #state(State, int, long)}.
 * Single-threaded, as the SPI promises; nothing on the message path allocates.
 */
public final class RingNode implements ElectionNode
{
    /** Role and participation in one; see the class comment. */
    enum State
    {
        FOLLOWER(Role.FOLLOWER),
        RELAYING(Role.FOLLOWER),
        CANDIDATE(Role.CANDIDATE),
        ANNOUNCING(Role.LEADER),
        LEADER(Role.LEADER),
        CONTESTED(Role.LEADER);

        private final Role role;

        State(final Role role)
        {
            this.role = role;
        }

        /** @return whether a node in this state waits for an election's ELECTED (T_coord runs). */
        boolean electing()
        {
            return RELAYING == this || CANDIDATE == this || CONTESTED == this;
        }
    }

    static final int DETECTION_TIMER = 1;
    static final int HEARTBEAT_TIMER = 2;
    static final int LAP_TIMER = 3;
    static final int HOP_TIMER = 4;

    static final int MAX_LAP_BACKOFF = 64;

    private final int selfId;
    private final ElectionSettings settings;
    private final boolean acknowledgements;
    private final RingArrangement arrangement;
    private final RecoveryPolicy recoveryPolicy;
    /** Without acknowledgements the textbook assumes no failures: no lap ever restarts. */
    private final boolean restartsLaps;
    private final ReliableHops hops;
    private final Heartbeats heartbeats;
    private final TimerSlot lapTimer = new TimerSlot(LAP_TIMER);

    private NodeContext ctx;
    private RingMessages decoder;
    private long malformedMessages;
    private RingTopology ring;
    /** The arrangement seed {@link #ring} was drawn with (it matters only for a random arrangement). */
    private long ringSeed;
    /** Null until the first start; written only by {@link #state(State, int, long)}. */
    private State state;
    /** When {@link #state} was last entered. */
    private long stateChangedNs;
    private int leaderId = NO_LEADER;
    private long term;
    private Role announcedRole;
    private int announcedLeaderId;
    private long announcedTerm;
    private long lapTimeoutNs;
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
        heartbeats = new Heartbeats(settings, HEARTBEAT_TIMER, DETECTION_TIMER);
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
                if (ELECTION == type && state.electing())
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
        // The seed of this run, not of the run the node was made for: a runtime may start it again (nodesStartAfresh).
        // The ring and the decoder hold nothing of a run: a node started again on the same ring keeps both.
        final long arrangementSeed = ctx.settings().arrangementSeed();
        if (null == ring || ring.size() != ctx.clusterSize() || RingArrangement.RANDOM == arrangement && arrangementSeed != ringSeed)
        {
            ring = RingTopology.of(arrangement, arrangementSeed, ctx.clusterSize());
            ringSeed = arrangementSeed;
            decoder = new RingMessages(acknowledgements, ctx.clusterSize());
        }
        hops.start(ctx, ring);
        // Timers of an earlier life never fire into this one: forget them without cancelling.
        heartbeats.start(ctx);
        lapTimer.forget();
        // Everything else as a new node holds it (malformedMessages runs on): no belief of an earlier life is read.
        state = null;
        stateChangedNs = 0;
        this.leaderId = NO_LEADER;
        this.term = 0;
        lapTimeoutNs = 0;
        forwardedElectedLeader = NO_LEADER;
        forwardedElectedTerm = 0;
        // Every node boots a follower knowing no leader and term 0, which the monitor assumes unannounced.
        announcedRole = Role.FOLLOWER;
        announcedLeaderId = NO_LEADER;
        announcedTerm = 0;

        switch (start)
        {
            case COLD:
                state(State.FOLLOWER, NO_LEADER, 0);
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
                    state(State.LEADER, selfId, term);
                    heartbeats.beat(this.term);
                }
                else
                {
                    follow(leaderId, term);
                }
                break;
            case RECOVERED:
                state(State.FOLLOWER, NO_LEADER, 0);
                if (ctx.detectorEnabled())
                {
                    if (recoveryPolicy == RecoveryPolicy.BULLY)
                    {
                        initiate();
                    }
                    else
                    {
                        heartbeats.watchLeader();
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
        if (fromId == selfId || fromId < 1 || fromId > ring.size() || !decoder.wrap(buffer, offset, length) || !plausibleTerm())
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
                if (heartbeats.watchFired(timerId) && State.FOLLOWER == state && heartbeats.leaderLapsed())
                {
                    initiate();
                }
                break;
            case HEARTBEAT_TIMER:
                if (heartbeats.beatFired(timerId) && Role.LEADER == state.role)
                {
                    heartbeats.beat(term);
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
        return null == state ? Role.FOLLOWER : state.role;
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

    /**
     * At rest is a follower naming a leader, or that leader, with no hop awaiting its ACK and no
     * lap clock running. The leader broadcasts HEARTBEAT every HBT and hears nothing back: no
     * silence makes it act. A follower answers nothing; its one timer is the watch each HEARTBEAT
     * of its leader's term pushes D on, so D of silence makes it stand. A stale ACK finds no hop
     * pending and changes nothing. Electing, announcing, a hop awaiting its ACK (which a silent
     * successor turns into a skip) or a recovered node that names no leader yet are not at rest.
     * The node cannot see its leader's term: a follower that missed the leader's re-election
     * follows (or, at a higher term, ignores) the next heartbeat, which only a runtime comparing
     * the nodes' terms rules out.
     */
    @Override
    public long restSilenceNs()
    {
        if (null == state || hops.pendingHops() > 0 || lapTimer.isArmed())
        {
            return NOT_AT_REST;
        }
        if (State.FOLLOWER == state && NO_LEADER != leaderId && selfId != leaderId && !heartbeats.isBeating())
        {
            if (!ctx.detectorEnabled())
            {
                return heartbeats.isWatching() ? NOT_AT_REST : Long.MAX_VALUE;
            }
            return heartbeats.isWatching() ? settings.detectionTimeoutNs() : NOT_AT_REST;
        }
        if (State.LEADER == state && selfId == leaderId && heartbeats.isBeating() && !heartbeats.isWatching())
        {
            return Long.MAX_VALUE;
        }
        return NOT_AT_REST;
    }

    /** @return whether this node takes part in an election now (for tests). */
    boolean participant()
    {
        return State.FOLLOWER != state && State.LEADER != state;
    }

    State state()
    {
        return state;
    }

    /** @return when the current state was entered. */
    long stateChangedNs()
    {
        return stateChangedNs;
    }

    /** @return hops sent and not yet acknowledged (for tests). */
    int pendingHops()
    {
        return hops.pendingHops();
    }

    /** @return whether the wrapped message carries no term, or one an honest peer could hold. */
    private boolean plausibleTerm()
    {
        // A forged jump is refused, unacknowledged: the next winner takes one above the highest term its lap passed.
        return ACK == decoder.type() || Terms.plausible(term, HEARTBEAT == decoder.type() ? decoder.heartbeatTerm() : decoder.term());
    }

    private void onElection(final int candidate, final long carriedTerm, final long lap)
    {
        final long highestTerm = Math.max(carriedTerm, term);
        if (candidate > selfId)
        {
            if (!participant())
            {
                relay();
            }
            hops.toSuccessor(ELECTION, candidate, highestTerm, lap);
        }
        else if (candidate < selfId)
        {
            if (!participant())
            {
                relay();
                hops.toSuccessor(ELECTION, selfId, highestTerm, hops.newLap());
            }
        }
        else if (state.electing() && hops.isLapOfThisElection(lap))
        {
            // Terms here label leaderships, the id decides who leads: at the top it saturates rather than stop electing.
            win(Terms.nextSaturated(highestTerm));
        }
        // Otherwise our own id is a copy of a candidacy already decided: drop it.
    }

    private void onElected(final int leader, final long leaderTerm)
    {
        if (leader == selfId)
        {
            if (State.ANNOUNCING == state && leaderTerm == term)
            {
                state(State.LEADER, selfId, term);
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
            heartbeats.heardLeader();
        }
        else if (leaderTerm > term || (leaderTerm == term && leader > leaderId && !state.electing()))
        {
            follow(leader, leaderTerm);
            standIfOutranking();
        }
    }

    private void onLapTimer()
    {
        if (state.electing())
        {
            // Saturating: a T_coord near the top of a long must not wrap the lap clock negative.
            final long tCoordNs = settings.coordinatorTimeoutNs();
            final long capNs = tCoordNs > Long.MAX_VALUE / MAX_LAP_BACKOFF ? Long.MAX_VALUE : MAX_LAP_BACKOFF * tCoordNs;
            lapTimeoutNs = lapTimeoutNs > capNs / 2 ? capNs : 2 * lapTimeoutNs;
            initiate();
        }
        else if (State.ANNOUNCING == state)
        {
            state(State.LEADER, selfId, term); // our ELECTED was lost; heartbeats carry the news instead
        }
    }

    /** Start (or restart) an election: this node stands with its own id. */
    private void initiate()
    {
        // A leader restarting an election it stood in keeps leading: it is alive, and the lap decides.
        if (Role.LEADER == state.role)
        {
            state(State.CONTESTED, leaderId, term);
        }
        else
        {
            state(State.CANDIDATE, NO_LEADER, term);
        }
        hops.toSuccessor(ELECTION, selfId, term, hops.newLap());
    }

    /** Join an election passing by, believing what it did. */
    private void relay()
    {
        state(Role.LEADER == state.role ? State.CONTESTED : State.RELAYING, leaderId, term);
    }

    private void win(final long newTerm)
    {
        // Announce before sending: the monitor counts what is sent at the instant of agreement.
        state(State.ANNOUNCING, selfId, newTerm);
        forwardedElectedLeader = selfId;
        forwardedElectedTerm = newTerm;
        heartbeats.startBeating();
        hops.toSuccessor(ELECTED, selfId, newTerm, 0);
    }

    private void follow(final int leader, final long leaderTerm)
    {
        state(State.FOLLOWER, leader, leaderTerm);
        heartbeats.watchLeader();
    }

    /**
     * The one transition: records the state and when it was entered (and tells the trace), does
     * what entering it means, and announces the belief (role, leader, term) when it changed.
     */
    private void state(final State next, final int newLeaderId, final long newTerm)
    {
        final State previous = state;
        if (null != previous && Role.LEADER == previous.role && Role.LEADER != next.role)
        {
            heartbeats.stopBeating();
        }
        state = next;
        stateChangedNs = ctx.nowNs();
        ctx.transition(next.name());
        leaderId = newLeaderId;
        term = newTerm;
        switch (next)
        {
            case FOLLOWER, LEADER -> idle();
            case RELAYING, CANDIDATE, CONTESTED -> electing(previous);
            case ANNOUNCING -> announcing();
        }
        announce();
    }

    /** Out of any election: the lap clock stops. */
    private void idle()
    {
        lapTimer.cancel(ctx);
    }

    /**
     * A participant: the detector rests and the lap clock (re)starts. Joining from outside an
     * election gives it T_coord afresh whichever state it came from (a settled leader never passed
     * through one); only restarts of the same election back off.
     */
    private void electing(final State previous)
    {
        if (!previous.electing())
        {
            lapTimeoutNs = settings.coordinatorTimeoutNs();
            if (State.ANNOUNCING != previous)
            {
                hops.electionStarted();
            }
        }
        heartbeats.stopWatchingLeader();
        startLapTimer();
    }

    /** Won: the new leader stays a participant until its ELECTED comes home or T_coord passes. */
    private void announcing()
    {
        heartbeats.stopWatchingLeader();
        lapTimeoutNs = settings.coordinatorTimeoutNs();
        startLapTimer();
    }

    private void standIfOutranking()
    {
        if (leaderId < selfId && NO_LEADER != leaderId && recoveryPolicy == RecoveryPolicy.BULLY)
        {
            initiate();
        }
    }

    private void announce()
    {
        if (state.role != announcedRole || leaderId != announcedLeaderId || term != announcedTerm)
        {
            announcedRole = state.role;
            announcedLeaderId = leaderId;
            announcedTerm = term;
            ctx.announce(state.role, leaderId, term);
        }
    }

    private void startLapTimer()
    {
        if (restartsLaps)
        {
            // A lap clock due at once would restart the election within the same instant, forever.
            if (lapTimeoutNs <= 0)
            {
                throw new IllegalStateException("lap timeout must be positive, was " + lapTimeoutNs + " ns in " + state);
            }
            lapTimer.arm(ctx, lapTimeoutNs);
        }
    }
}
