package org.electbench.bully;

import org.agrona.DirectBuffer;
import org.electbench.spi.BeliefAnnouncer;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.NodeContext;
import org.electbench.spi.RecoveryPolicy;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.spi.Terms;
import org.electbench.spi.TimerSlot;

/**
 * One node of Garcia-Molina's bully election ("Elections in a Distributed Computing System", IEEE
 * Transactions on Computers, 1982); the rules, states and terms are written up in
 * {@code docs/design/algorithms/bully.md}.
 * <p>
 * Assumes, as the paper does, reliable and timely links, fail-stop nodes, ids 1..N with the
 * highest live id to lead, and T_elec above twice the largest one-way delay; under partitions or
 * loss it may elect two leaders, which is measured, not hidden. Terms are not in the paper: they
 * label leaderships for the monitor and are durable where the runtime keeps state. Malformed
 * frames are dropped and counted ({@link #malformedMessages()}).
 */
public final class BullyNode implements ElectionNode
{
    /** The bully's own finer states; see the class comment. */
    enum State
    {
        LISTENING,
        FOLLOWER,
        CANDIDATE,
        ELECTING,
        LEADER
    }

    static final int ELECTION_TIMER = 0;
    static final int COORDINATOR_TIMER = 1;
    static final int DETECTION_TIMER = 2;
    static final int HEARTBEAT_TIMER = 3;

    private final int selfId;
    private final long heartbeatIntervalNs;
    private final long detectionTimeoutNs;
    private final long electionTimeoutNs;
    private final long coordinatorTimeoutNs;
    private final RecoveryPolicy recoveryPolicy;
    private final boolean immediateDeclare;
    private final BullyMessages decoder = new BullyMessages();
    private final HeartbeatRule heartbeatRule;
    /** Durable: the highest term seen in any message or led; a new leader takes one above it. */
    private final DurableTerm durableTerm = new DurableTerm();
    private final BeliefAnnouncer announcer = new BeliefAnnouncer();
    private final TimerSlot electionTimer = new TimerSlot(ELECTION_TIMER);
    private final TimerSlot coordinatorTimer = new TimerSlot(COORDINATOR_TIMER);
    private final TimerSlot detectionTimer = new TimerSlot(DETECTION_TIMER);
    private final TimerSlot heartbeatTimer = new TimerSlot(HEARTBEAT_TIMER);

    private NodeContext ctx;
    private int clusterSize;
    private boolean detectorEnabled;
    /** Null until the first start; written only by {@link #state(State)}. */
    private State state;
    /** When {@link #state} was last entered. */
    private long stateChangedNs;
    private int leaderId = NO_LEADER;
    private long term;
    /** A leader heard a lower rival claim leadership: its re-assertion takes a new term. */
    private boolean rivalClaimed;
    /** When this follower last heard its leader (a heartbeat or COORDINATOR). */
    private long leaderHeardNs;
    private long malformedMessages;

    BullyNode(final int selfId, final ElectionSettings settings)
    {
        this.selfId = selfId;
        heartbeatIntervalNs = settings.heartbeatIntervalNs();
        detectionTimeoutNs = settings.detectionTimeoutNs();
        electionTimeoutNs = settings.electionTimeoutNs();
        coordinatorTimeoutNs = settings.coordinatorTimeoutNs();
        recoveryPolicy = settings.get(BullyAlgorithm.RECOVERY);
        immediateDeclare = settings.get(BullyAlgorithm.IMMEDIATE_DECLARE);
        heartbeatRule = new HeartbeatRule(selfId, recoveryPolicy);
    }

    @Override
    public void onStart(final NodeContext ctx, final Start start, final int leaderId, final long term)
    {
        ElectionNode.checkStart(selfId, ctx, start, leaderId, term);
        this.ctx = ctx;
        clusterSize = ctx.clusterSize();
        detectorEnabled = ctx.detectorEnabled();
        this.leaderId = NO_LEADER;
        rivalClaimed = false;
        leaderHeardNs = 0;
        stateChangedNs = 0;
        announcer.reset();
        // Timers of an earlier life never fire into this one: forget them without cancelling.
        electionTimer.forget();
        coordinatorTimer.forget();
        detectionTimer.forget();
        heartbeatTimer.forget();

        durableTerm.reset(ctx.durableState(), start);
        this.term = durableTerm.highestTermSeen();

        switch (start)
        {
            case COLD -> state(detectorEnabled ? State.CANDIDATE : State.FOLLOWER);
            case SETTLED -> startSettled(leaderId, term);
            case RECOVERED -> state(State.LISTENING);
        }
    }

    @Override
    public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
    {
        if (null == ctx)
        {
            return;
        }
        if (fromId == selfId || fromId < 1 || fromId > clusterSize || !decoder.wrap(buffer, offset, length) ||
            !Terms.plausible(durableTerm.highestTermSeen(), decoder.term()))
        {
            // A forged jump is refused: a leader would take one above it, and the monitor tell leaders apart by it.
            malformedMessages++;
            return;
        }

        final long messageTerm = decoder.term();
        durableTerm.note(messageTerm);

        switch (decoder.type())
        {
            case BullyMessages.ELECTION -> onElection(fromId);
            case BullyMessages.OK -> onOk(fromId);
            case BullyMessages.COORDINATOR -> onCoordinator(fromId, messageTerm);
            case BullyMessages.HEARTBEAT -> onHeartbeat(fromId, messageTerm);
            default ->
            {
                // wrap() admits only the four types above.
            }
        }
    }

    @Override
    public void onTimer(final long timerId, final int kind)
    {
        switch (kind)
        {
            case ELECTION_TIMER ->
            {
                // No OK within T_elec: every higher node is taken for dead.
                if (electionTimer.fired(timerId))
                {
                    if (State.CANDIDATE == state)
                    {
                        becomeLeader();
                    }
                    else if (State.LEADER == state)
                    {
                        reassert();
                    }
                }
            }
            case COORDINATOR_TIMER ->
            {
                // An OK came but no COORDINATOR: the higher nodes died during their own election.
                if (coordinatorTimer.fired(timerId) && State.ELECTING == state)
                {
                    startElection();
                }
            }
            case DETECTION_TIMER ->
            {
                if (detectionTimer.fired(timerId) && (State.FOLLOWER == state || State.LISTENING == state))
                {
                    startElection();
                }
            }
            case HEARTBEAT_TIMER ->
            {
                if (heartbeatTimer.fired(timerId) && State.LEADER == state)
                {
                    heartbeat();
                }
            }
            default ->
            {
                // Not a kind this node schedules.
            }
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
        return roleOf(state);
    }

    @Override
    public long term()
    {
        return term;
    }

    /**
     * At rest: a leader heartbeating with no election of its own open (it acts on no silence), or
     * a follower of a named leader with nothing armed but its detection timer, which fires after
     * the detection timeout of silence (never, with its detector disabled). A candidate, a node
     * awaiting a COORDINATOR and a recovering listener are not at rest.
     */
    @Override
    public long restSilenceNs()
    {
        if (null == ctx || electionTimer.isArmed() || coordinatorTimer.isArmed())
        {
            return NOT_AT_REST;
        }
        if (State.LEADER == state)
        {
            return heartbeatTimer.isArmed() ? Long.MAX_VALUE : NOT_AT_REST;
        }
        if (State.FOLLOWER != state || NO_LEADER == leaderId || heartbeatTimer.isArmed())
        {
            return NOT_AT_REST;
        }
        if (detectionTimer.isArmed())
        {
            return detectionTimeoutNs;
        }
        return detectorEnabled ? NOT_AT_REST : Long.MAX_VALUE;
    }

    /** @return messages dropped as malformed over every life of this node; see {@link ElectionNode#malformedMessages()}. */
    @Override
    public long malformedMessages()
    {
        return malformedMessages;
    }

    /** @return the finer state, which tells CANDIDATE and ELECTING apart. */
    State state()
    {
        return state;
    }

    /** @return when the current state was entered. */
    long stateChangedNs()
    {
        return stateChangedNs;
    }

    /** @return the highest term seen or led: durable, and the next leadership takes one above it. */
    long highestTermSeen()
    {
        return durableTerm.highestTermSeen();
    }

    /**
     * The one transition: records the state and when it was entered (and tells the trace), then
     * does what entering it means, announcing the belief that results.
     */
    private void state(final State next)
    {
        state = next;
        stateChangedNs = ctx.nowNs();
        ctx.transition(next.name());
        switch (next)
        {
            case LISTENING -> listening();
            case FOLLOWER -> follower();
            case CANDIDATE -> candidate();
            case ELECTING -> electing();
            case LEADER -> leader();
        }
    }

    /**
     * Recovered: check for a coordinator first. Under BULLY this is part of recovery, not the
     * failure detector, so it runs even on a node whose detector is disabled.
     */
    private void listening()
    {
        if (RecoveryPolicy.BULLY == recoveryPolicy)
        {
            detectionTimer.arm(ctx, detectionTimeoutNs);
        }
        else
        {
            armDetection();
        }
        announce();
    }

    /** Follows {@link #leaderId} in {@link #term}, which the caller set (none at a cold start without a detector). */
    private void follower()
    {
        rivalClaimed = false;
        electionTimer.cancel(ctx);
        coordinatorTimer.cancel(ctx);
        heartbeatTimer.cancel(ctx);
        leaderHeard();
    }

    /** HoldElection: ELECTION to every higher id, then T_elec for an OK. */
    private void candidate()
    {
        detectionTimer.cancel(ctx);
        heartbeatTimer.cancel(ctx);
        coordinatorTimer.cancel(ctx);
        electionTimer.cancel(ctx);
        leaderId = NO_LEADER;
        if (selfId == clusterSize && immediateDeclare)
        {
            becomeLeader();
            return;
        }
        askHigherIds();
        electionTimer.arm(ctx, electionTimeoutNs);
        announce();
    }

    /** A higher node answered: it holds its own election, and its COORDINATOR is due within T_coord. */
    private void electing()
    {
        electionTimer.cancel(ctx);
        heartbeatTimer.cancel(ctx);
        rivalClaimed = false;
        leaderId = NO_LEADER;
        coordinatorTimer.arm(ctx, coordinatorTimeoutNs);
        announce();
    }

    /** Leads {@link #term}, which the caller set; the caller then sends what its way of winning calls for. */
    private void leader()
    {
        electionTimer.cancel(ctx);
        coordinatorTimer.cancel(ctx);
        detectionTimer.cancel(ctx);
        leaderId = selfId;
        announce();
    }

    private void startSettled(final int settledLeaderId, final long settledTerm)
    {
        durableTerm.note(settledTerm);
        term = settledTerm;
        if (settledLeaderId == selfId)
        {
            state(State.LEADER);
            heartbeat();
        }
        else
        {
            leaderId = settledLeaderId;
            state(State.FOLLOWER);
        }
    }

    private void onElection(final int fromId)
    {
        if (fromId > selfId)
        {
            // A higher node never asks a lower one; only a foreign frame could.
            return;
        }
        BullyMessages.claim(ctx, BullyMessages.OK, durableTerm.highestTermSeen());
        ctx.send(fromId);
        // Source 001: answer, and "if not already engaged in an election, initiate its own", even
        // when following or leading. One already electing does not start another.
        if (State.CANDIDATE != state && State.ELECTING != state)
        {
            startElection();
        }
    }

    private void onOk(final int fromId)
    {
        if (fromId < selfId)
        {
            return;
        }
        // A higher node is alive and holds its own election: yield to it, leader or not.
        if (State.CANDIDATE == state || (State.LEADER == state && electionTimer.isArmed()))
        {
            state(State.ELECTING);
        }
    }

    private void onCoordinator(final int coordinatorId, final long coordinatorTerm)
    {
        if (coordinatorId > selfId)
        {
            if (State.FOLLOWER == state && coordinatorId < leaderId && leaderLive())
            {
                // Source 001: ignored in favour of the eventual higher-priority announcement.
                return;
            }
            follow(coordinatorId, coordinatorTerm);
        }
        else if (State.LISTENING == state && RecoveryPolicy.DEFER == recoveryPolicy)
        {
            follow(coordinatorId, coordinatorTerm);
        }
        else if (State.CANDIDATE != state && State.ELECTING != state)
        {
            // A live higher node hears a lower one claim: it bullies. One already electing lets its
            // own election correct the lower claim.
            rivalClaimed = State.LEADER == state;
            startElection();
        }
    }

    /** Follows the sender, or holds an election, as {@link HeartbeatRule} judges the heartbeat. */
    private void onHeartbeat(final int fromId, final long leaderTerm)
    {
        final HeartbeatRule.Verdict verdict = switch (state)
        {
            case LEADER -> heartbeatRule.leader(fromId, leaderTerm, term);
            case CANDIDATE, ELECTING -> heartbeatRule.electing(fromId);
            case LISTENING -> heartbeatRule.listening(fromId);
            case FOLLOWER -> heartbeatRule.follower(fromId, leaderTerm, term, leaderId, leaderLive());
        };
        switch (verdict)
        {
            case FOLLOW -> follow(fromId, leaderTerm);
            case ELECT ->
            {
                // A leader provoked by a lower rival re-asserts with a new term.
                rivalClaimed |= State.LEADER == state;
                startElection();
            }
            case IGNORE ->
            {
                // A leftover of a superseded leader, or a sender this node's leader outranks.
            }
        }
    }

    /** HoldElection; a leader keeps leading meanwhile. */
    private void startElection()
    {
        if (State.LEADER == state)
        {
            holdElectionAsLeader();
        }
        else
        {
            state(State.CANDIDATE);
        }
    }

    private void holdElectionAsLeader()
    {
        if (electionTimer.isArmed())
        {
            return; // already engaged in one
        }
        if (selfId == clusterSize && immediateDeclare)
        {
            reassert();
            return;
        }
        askHigherIds();
        electionTimer.arm(ctx, electionTimeoutNs);
    }

    private void askHigherIds()
    {
        if (selfId < clusterSize)
        {
            BullyMessages.claim(ctx, BullyMessages.ELECTION, durableTerm.highestTermSeen());
            for (int id = selfId + 1; id <= clusterSize; id++)
            {
                ctx.send(id);
            }
        }
    }

    private void becomeLeader()
    {
        term = durableTerm.next();
        state(State.LEADER);
        coordinateLowerIds();
        heartbeat();
    }

    /**
     * A leader's own election ended with no OK: COORDINATOR again to every lower id. It keeps its
     * term, asked only by a candidate, unless a rival claimed its term or a newer one, which it
     * then supersedes.
     */
    private void reassert()
    {
        if (rivalClaimed || durableTerm.highestTermSeen() > term)
        {
            rivalClaimed = false;
            term = durableTerm.next();
            announce();
        }
        coordinateLowerIds();
    }

    private void coordinateLowerIds()
    {
        BullyMessages.claim(ctx, BullyMessages.COORDINATOR, term);
        for (int id = 1; id < selfId; id++)
        {
            ctx.send(id);
        }
    }

    private void heartbeat()
    {
        BullyMessages.claim(ctx, BullyMessages.HEARTBEAT, term);
        ctx.broadcast();
        heartbeatTimer.arm(ctx, heartbeatIntervalNs);
    }

    private void follow(final int newLeaderId, final long leaderTerm)
    {
        leaderId = newLeaderId;
        term = leaderTerm;
        if (State.FOLLOWER == state)
        {
            // Still a follower: news of its leader (or a new one) is a belief, not a transition.
            leaderHeard();
        }
        else
        {
            state(State.FOLLOWER);
        }
    }

    private void leaderHeard()
    {
        leaderHeardNs = ctx.nowNs();
        armDetection();
        announce();
    }

    /** @return whether this node follows a leader it heard within the detection timeout. */
    private boolean leaderLive()
    {
        return NO_LEADER != leaderId && ctx.nowNs() - leaderHeardNs < detectionTimeoutNs;
    }

    private void armDetection()
    {
        if (detectorEnabled)
        {
            detectionTimer.arm(ctx, detectionTimeoutNs);
        }
        else
        {
            detectionTimer.cancel(ctx); // the recovery check, done
        }
    }

    private void announce()
    {
        announcer.announce(ctx, roleOf(state), leaderId, term);
    }

    private static Role roleOf(final State state)
    {
        return null == state ? Role.FOLLOWER : switch (state)
        {
            case LISTENING, FOLLOWER -> Role.FOLLOWER;
            case CANDIDATE, ELECTING -> Role.CANDIDATE;
            case LEADER -> Role.LEADER;
        };
    }
}
