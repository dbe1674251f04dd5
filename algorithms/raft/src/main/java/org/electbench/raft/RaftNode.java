package org.electbench.raft;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.spi.Terms;
import org.electbench.spi.TimerSlot;

/**
 * One server of a Raft-style election (Ongaro and Ousterhout, "In Search of an Understandable
 * Consensus Algorithm", 2014, §5.2; PreVote and CheckQuorum from Ongaro's thesis, 2014, §9.6 and
 * §6.2), election only: no log, so a vote's log check always passes. The states and rules are
 * written up in {@code docs/design/algorithms/raft.md}.
 * <p>
 * One vote per term holds because {@code currentTerm} and {@code votedFor} reach
 * {@link NodeContext#durableState()} before any message that depends on them leaves; without
 * durable state a restarted node may vote twice. Every state change goes through
 * {@link #state(State)}.
 */
public final class RaftNode implements ElectionNode
{
    /** The server states; PRE_CANDIDATE is entered only with PreVote on. */
    enum State
    {
        FOLLOWER,
        PRE_CANDIDATE,
        CANDIDATE,
        LEADER
    }

    static final int ELECTION_TIMER = 0;
    static final int HEARTBEAT_TIMER = 1;
    static final int QUORUM_TIMER = 2;

    /** Where the current term lies in the durable state. */
    static final int DURABLE_TERM_OFFSET = 0;
    /** Where the id voted for in the current term lies in the durable state, {@link #NO_LEADER} for none. */
    static final int DURABLE_VOTED_FOR_OFFSET = DURABLE_TERM_OFFSET + Long.BYTES;

    private final int selfId;
    private final long minElectionTimeoutNs;
    private final long spreadNs;
    private final long heartbeatIntervalNs;
    private final boolean preVote;
    private final boolean checkQuorum;
    private final RaftMessages decoder = new RaftMessages();
    /** The round's grants and, with CheckQuorum, when each peer was last heard. */
    private final RaftQuorum quorum;
    /** Made anew at every start, so no timer id of an earlier run or life is kept. */
    private final TimerSlot electionTimer = new TimerSlot(ELECTION_TIMER);
    private final TimerSlot heartbeatTimer = new TimerSlot(HEARTBEAT_TIMER);
    private final TimerSlot quorumTimer = new TimerSlot(QUORUM_TIMER);

    private NodeContext ctx;
    private int clusterSize;
    private boolean detectorEnabled;
    private MutableDirectBuffer durableState;

    /** Null until the first start; written only by {@link #state(State)}. */
    private State state;
    /** When {@link #state} was last entered. */
    private long stateChangedNs;
    /** Durable: the latest term this node knows. */
    private long currentTerm;
    /** Durable: whom it voted for in {@link #currentTerm}, or {@link #NO_LEADER}. */
    private int votedFor = NO_LEADER;
    private int leaderId = NO_LEADER;
    /** When this follower last heard its leader of the current term. */
    private long leaderHeardNs;
    /** The last heartbeat from the leader it names carried an older term than its own: its answer deposes that leader. */
    private boolean leaderBehind;

    private long malformedMessages;
    private long campaigns;

    private Role announcedRole;
    private int announcedLeaderId;
    private long announcedTerm;

    RaftNode(final int selfId, final RaftConfig config)
    {
        this.selfId = selfId;
        minElectionTimeoutNs = config.minElectionTimeoutNs();
        spreadNs = config.spreadNs();
        heartbeatIntervalNs = config.heartbeatIntervalNs();
        preVote = config.preVote();
        checkQuorum = config.checkQuorum();
        quorum = new RaftQuorum(selfId);
    }

    @Override
    public void onStart(final NodeContext ctx, final Start start, final int leaderId, final long term)
    {
        ElectionNode.checkStart(selfId, ctx, start, leaderId, term);

        // Every field as a node just made holds it, but the settings' and malformedMessages, so a node of an earlier
        // run starts as a new one would (RaftAlgorithm.nodesStartAfresh); leaderHeardNs is now on every start.
        this.ctx = ctx;
        clusterSize = ctx.clusterSize();
        detectorEnabled = ctx.detectorEnabled();
        durableState = ctx.durableState();
        decoder.reset();
        // Timers of an earlier life or run never fire into this one: forget them without cancelling.
        electionTimer.forget();
        heartbeatTimer.forget();
        quorumTimer.forget();
        state = null;
        stateChangedNs = 0;
        currentTerm = 0;
        votedFor = NO_LEADER;
        this.leaderId = NO_LEADER;
        leaderHeardNs = ctx.nowNs();
        leaderBehind = false;
        quorum.reset(clusterSize);
        campaigns = 0;
        announcedRole = null;
        announcedLeaderId = NO_LEADER;
        announcedTerm = 0;

        if (Start.RECOVERED == start && null != durableState)
        {
            currentTerm = durableState.getLong(DURABLE_TERM_OFFSET, MessageHeader.BYTE_ORDER);
            votedFor = durableState.getInt(DURABLE_VOTED_FOR_OFFSET, MessageHeader.BYTE_ORDER);
        }
        else if (Start.SETTLED == start)
        {
            // As if every server had voted for the settled leader in its term and just heard it.
            currentTerm = term;
            votedFor = leaderId;
            persist();
        }
        else if (Start.COLD == start)
        {
            // The cluster's first start: what the buffer holds belongs to no life of this cluster.
            persist();
        }

        this.leaderId = Start.SETTLED == start ? leaderId : NO_LEADER;
        // A settled leader enters LEADER with no votes of this life: see state(LEADER).
        state(Start.SETTLED == start && leaderId == selfId ? State.LEADER : State.FOLLOWER);
    }

    @Override
    public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
    {
        if (null == ctx)
        {
            return;
        }
        if (fromId == selfId || fromId < 1 || fromId > clusterSize || !decoder.wrap(buffer, offset, length, fromId) ||
            !Terms.plausible(currentTerm, decoder.term()))
        {
            // Terms are raft's safety (one leader per term), so a forged jump is refused, never saturated.
            malformedMessages++;
            return;
        }

        final int type = decoder.type();
        final long term = decoder.term();
        final boolean granted = RaftMessages.bodyLength(type) == RaftMessages.ANSWER_BODY_LENGTH && decoder.granted();
        // A pre-vote and its grant carry a term only proposed: they never move anyone's term.
        if (term > currentTerm && RaftMessages.PRE_VOTE != type && !(RaftMessages.PRE_VOTE_RESPONSE == type && granted))
        {
            stepDown(term);
        }
        switch (type)
        {
            case RaftMessages.REQUEST_VOTE -> onRequestVote(fromId, term);
            case RaftMessages.VOTE -> onVote(fromId, term, granted);
            case RaftMessages.PRE_VOTE -> onPreVote(fromId, term);
            case RaftMessages.PRE_VOTE_RESPONSE -> onPreVoteResponse(fromId, term, granted);
            case RaftMessages.HEARTBEAT -> onHeartbeat(fromId, term);
            default -> onHeartbeatResponse(fromId, term);
        }
        announce();
    }

    @Override
    public void onTimer(final long timerId, final int kind)
    {
        if (null == ctx)
        {
            return;
        }
        switch (kind)
        {
            case ELECTION_TIMER ->
            {
                if (electionTimer.fired(timerId) && State.LEADER != state)
                {
                    // At the top term there is no term to campaign in: wait as a follower, never wrap.
                    state(!Terms.hasNext(currentTerm) ? State.FOLLOWER : preVote ? State.PRE_CANDIDATE : State.CANDIDATE);
                }
            }
            case HEARTBEAT_TIMER ->
            {
                if (heartbeatTimer.fired(timerId) && State.LEADER == state)
                {
                    heartbeat();
                }
            }
            case QUORUM_TIMER ->
            {
                if (quorumTimer.fired(timerId) && State.LEADER == state)
                {
                    checkQuorum();
                }
            }
            default ->
            {
                // Not a kind this node schedules.
            }
        }
        announce();
    }

    @Override
    public int leaderId()
    {
        return State.LEADER == state ? selfId : State.FOLLOWER == state ? leaderId : NO_LEADER;
    }

    @Override
    public Role role()
    {
        return null == state ? Role.FOLLOWER : switch (state)
        {
            case FOLLOWER -> Role.FOLLOWER;
            case PRE_CANDIDATE, CANDIDATE -> Role.CANDIDATE;
            case LEADER -> Role.LEADER;
        };
    }

    @Override
    public long term()
    {
        return currentTerm;
    }

    /**
     * At rest: a FOLLOWER naming the leader whose heartbeat of its current term it heard within T
     * (as PreVote's live leader), whose latest heartbeat from that leader was not of an older
     * term, with no timer but its election timer (none with the detector off); or a LEADER with
     * its heartbeat timer and, with CheckQuorum, its quorum timer, and no election timer. A
     * pre-candidate, a candidate and a follower that knows no leader never are.
     * <p>
     * A follower acts (asks for pre-votes, or campaigns) when its election timer fires, drawn
     * afresh from [T, T + spread) on every heartbeat of its leader and never armed before the
     * last one heard: the shortest silence after which it acts is T, whatever the draw armed now;
     * with the detector off it never acts. A leader acts on no silence but with CheckQuorum,
     * which steps it down T after the last instant it had heard from a majority, itself included:
     * then T, which holds only while a majority answers (a crashed follower's silence never ends).
     * A heartbeat of its leader re-arms a follower's timer and, with CheckQuorum, is answered
     * with a HEARTBEAT_RESPONSE of the same term; such an answer, late or not, only marks its
     * sender heard by the leader, and one of an older term is ignored. An answer of a newer term
     * deposes whoever gets it: no live node at rest sends one, but one sent by a node that has
     * since crashed may still be in flight.
     */
    @Override
    public long restSilenceNs()
    {
        if (null == ctx || null == state)
        {
            return NOT_AT_REST;
        }
        if (State.LEADER == state)
        {
            final boolean atRest = heartbeatTimer.isArmed() && !electionTimer.isArmed() && checkQuorum == quorumTimer.isArmed();
            return !atRest ? NOT_AT_REST : checkQuorum && quorum.majority() > 1 ? minElectionTimeoutNs : Long.MAX_VALUE;
        }
        if (State.FOLLOWER == state)
        {
            final boolean atRest = NO_LEADER != leaderId && !leaderBehind &&
                ctx.nowNs() - leaderHeardNs < minElectionTimeoutNs &&
                !heartbeatTimer.isArmed() && !quorumTimer.isArmed() && detectorEnabled == electionTimer.isArmed();
            return !atRest ? NOT_AT_REST : detectorEnabled ? minElectionTimeoutNs : Long.MAX_VALUE;
        }
        return NOT_AT_REST;
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

    /** @return whom this node voted for in its current term, or {@link #NO_LEADER}. */
    int votedFor()
    {
        return votedFor;
    }

    /** @return frames dropped as malformed, foreign or forged since this node was made. */
    public long malformedMessages()
    {
        return malformedMessages;
    }

    /** @return campaigns started (pre-vote rounds included) since this node last started. */
    public long campaigns()
    {
        return campaigns;
    }

    /**
     * The one transition: records the state and when it was entered (and tells the trace), does
     * what entering it means and announces the belief that results. Callers set the term and the leader first;
     * re-entering CANDIDATE or PRE_CANDIDATE starts a new round.
     */
    private void state(final State next)
    {
        if (State.LEADER == state && State.LEADER != next)
        {
            heartbeatTimer.cancel(ctx);
            quorumTimer.cancel(ctx);
        }
        state = next;
        stateChangedNs = ctx.nowNs();
        ctx.transition(next.name());
        switch (next)
        {
            case FOLLOWER -> armElectionTimer();
            case PRE_CANDIDATE -> preCandidate();
            case CANDIDATE -> candidate();
            case LEADER -> leader();
        }
        announce();
    }

    /** Asks for pre-votes for the term above its own, which the election timer made sure exists. */
    private void preCandidate()
    {
        campaigns++;
        leaderId = NO_LEADER;
        quorum.startRound(ctx.nowNs());
        RaftMessages.claim(ctx, RaftMessages.PRE_VOTE, currentTerm + 1);
        ctx.broadcast();
        armElectionTimer();
        if (quorum.won())
        {
            state(State.CANDIDATE);
        }
    }

    /** Campaigns in the term above its own, which the election timer made sure exists. */
    private void candidate()
    {
        campaigns++;
        leaderId = NO_LEADER;
        currentTerm++;
        votedFor = selfId;
        persist();
        quorum.startRound(ctx.nowNs());
        RaftMessages.claim(ctx, RaftMessages.REQUEST_VOTE, currentTerm);
        ctx.broadcast();
        armElectionTimer();
        if (quorum.won())
        {
            state(State.LEADER);
        }
    }

    private void leader()
    {
        leaderId = selfId;
        electionTimer.cancel(ctx);
        final long nowNs = ctx.nowNs();
        if (quorum.won())
        {
            // Won: voters were heard when their votes came, the others not within the window.
            quorum.heardNonVoters(nowNs - minElectionTimeoutNs);
            heartbeat();
        }
        else
        {
            // Settled by the runtime, no votes in this life: every follower has just heard it.
            quorum.heardAll(nowNs);
            heartbeatTimer.arm(ctx, heartbeatIntervalNs);
        }
        armQuorumCheck();
    }

    private void onRequestVote(final int candidateId, final long term)
    {
        // Election only: no log, so the candidate's is always as up to date as this node's.
        final boolean grant = term == currentTerm && (NO_LEADER == votedFor || candidateId == votedFor);
        if (grant && NO_LEADER == votedFor)
        {
            votedFor = candidateId;
            persist();
        }
        RaftMessages.claimAnswer(ctx, RaftMessages.VOTE, currentTerm, grant);
        ctx.send(candidateId);
        if (grant)
        {
            // Granting a vote resets the timer; a pre-candidate that grants one gives up its own round.
            if (State.FOLLOWER == state)
            {
                armElectionTimer();
            }
            else
            {
                state(State.FOLLOWER);
            }
        }
    }

    private void onVote(final int voterId, final long term, final boolean granted)
    {
        if (State.CANDIDATE == state && term == currentTerm && granted)
        {
            quorum.grant(voterId, ctx.nowNs());
            if (quorum.won())
            {
                state(State.LEADER);
            }
        }
    }

    private void onPreVote(final int candidateId, final long proposedTerm)
    {
        // Thesis §9.6: a vote it would give, and no live leader heard within the shortest timeout.
        final boolean leaderLive = State.LEADER == state ||
            (State.FOLLOWER == state && NO_LEADER != leaderId && ctx.nowNs() - leaderHeardNs < minElectionTimeoutNs);
        final boolean grant = proposedTerm > currentTerm && !leaderLive;
        RaftMessages.claimAnswer(ctx, RaftMessages.PRE_VOTE_RESPONSE, grant ? proposedTerm : currentTerm, grant);
        ctx.send(candidateId);
    }

    private void onPreVoteResponse(final int voterId, final long term, final boolean granted)
    {
        if (State.PRE_CANDIDATE == state && granted && term - 1 == currentTerm)
        {
            quorum.grant(voterId, ctx.nowNs());
            if (quorum.won())
            {
                state(State.CANDIDATE);
            }
        }
    }

    private void onHeartbeat(final int senderId, final long term)
    {
        if (term < currentTerm)
        {
            // A deposed leader: tell it the newer term, as a failed append-entries reply would.
            if (senderId == leaderId)
            {
                leaderBehind = true;
            }
            RaftMessages.claim(ctx, RaftMessages.HEARTBEAT_RESPONSE, currentTerm);
            ctx.send(senderId);
            return;
        }
        if (State.LEADER == state)
        {
            // Another leader of this very term cannot exist while votes are kept; nothing to follow.
            return;
        }
        leaderId = senderId;
        leaderHeardNs = ctx.nowNs();
        leaderBehind = false;
        if (State.FOLLOWER == state)
        {
            armElectionTimer();
        }
        else
        {
            state(State.FOLLOWER);
        }
        if (checkQuorum)
        {
            RaftMessages.claim(ctx, RaftMessages.HEARTBEAT_RESPONSE, currentTerm);
            ctx.send(senderId);
        }
    }

    private void onHeartbeatResponse(final int followerId, final long term)
    {
        // A higher term was handled above; an answer of this term is a follower heard.
        if (State.LEADER == state && term == currentTerm)
        {
            quorum.heard(followerId, ctx.nowNs());
        }
    }

    /** A higher term: follow it with no vote cast and no leader known yet. */
    private void stepDown(final long term)
    {
        currentTerm = term;
        votedFor = NO_LEADER;
        leaderId = NO_LEADER;
        persist();
        if (State.FOLLOWER != state)
        {
            state(State.FOLLOWER);
        }
    }

    private void heartbeat()
    {
        RaftMessages.claim(ctx, RaftMessages.HEARTBEAT, currentTerm);
        ctx.broadcast();
        heartbeatTimer.arm(ctx, heartbeatIntervalNs);
    }

    /** CheckQuorum: step down T after the last instant a majority was heard, else check again then. */
    private void checkQuorum()
    {
        final long nowNs = ctx.nowNs();
        final long dueNs = quorum.quorumHeardNs(nowNs) + minElectionTimeoutNs;
        if (dueNs - nowNs <= 0)
        {
            leaderId = NO_LEADER;
            state(State.FOLLOWER);
        }
        else
        {
            quorumTimer.arm(ctx, dueNs - nowNs);
        }
    }

    private void armQuorumCheck()
    {
        if (checkQuorum)
        {
            final long nowNs = ctx.nowNs();
            quorumTimer.arm(ctx, Math.max(0, quorum.quorumHeardNs(nowNs) + minElectionTimeoutNs - nowNs));
        }
    }

    private void armElectionTimer()
    {
        if (detectorEnabled)
        {
            final long jitterNs = spreadNs > 0 ? ctx.random().nextLong(spreadNs) : 0;
            electionTimer.arm(ctx, minElectionTimeoutNs + jitterNs);
        }
        else
        {
            electionTimer.cancel(ctx);
        }
    }

    /** Written at once: a vote or a campaign may leave right after. */
    private void persist()
    {
        if (null != durableState)
        {
            durableState.putLong(DURABLE_TERM_OFFSET, currentTerm, MessageHeader.BYTE_ORDER);
            durableState.putInt(DURABLE_VOTED_FOR_OFFSET, votedFor, MessageHeader.BYTE_ORDER);
        }
    }

    private void announce()
    {
        final Role role = role();
        final int namedId = leaderId();
        if (role != announcedRole || namedId != announcedLeaderId || currentTerm != announcedTerm)
        {
            announcedRole = role;
            announcedLeaderId = namedId;
            announcedTerm = currentTerm;
            ctx.announce(role, namedId, currentTerm);
        }
    }
}
