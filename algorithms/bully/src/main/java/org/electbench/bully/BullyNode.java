package org.electbench.bully;

import org.agrona.DirectBuffer;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.NodeContext;
import org.electbench.spi.RecoveryPolicy;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.spi.TimerSlot;

/**
 * One node of Garcia-Molina's bully election ("Elections in a Distributed Computing System",
 * IEEE Transactions on Computers, 1982), as described in {@code shared/seeds/000_11aa1c465aa6d175.txt}
 * (the four states, T_elec and T_coord) and {@code shared/seeds/001_567e405ff0c4e08c.txt}
 * (system model, pseudocode, message counts).
 * <p>
 * Assumptions, as in the paper: links are reliable and timely (a message arrives within a known
 * bound), nodes fail by stopping, ids are 1..N and the highest live id must lead, and
 * T_elec (the election timeout) exceeds twice the largest one-way delay so that an OK from a
 * live higher node always beats it. Under a partition or message loss the algorithm may elect
 * two leaders; that is the bully's known weakness, measured rather than hidden.
 * <p>
 * States: FOLLOWER; CANDIDATE (sent ELECTION to every higher id, waiting T_elec for an OK);
 * ELECTING (got an OK, waiting T_coord for COORDINATOR, restarting the election if none comes);
 * LEADER (COORDINATOR once to every lower id, then HEARTBEAT to every peer every HBT). CANDIDATE
 * and ELECTING are both announced as {@link Role#CANDIDATE}.
 * <p>
 * Terms are not part of the 1982 algorithm; they are carried so the monitor can tell leaders
 * apart: a new leader takes the highest term it has seen plus one, followers adopt their
 * leader's term. They never decide who leads; they only let a node tell a deposed leader's
 * leftover heartbeats from a live rival (see {@link #onHeartbeat}).
 */
public final class BullyNode implements ElectionNode
{
    /** The bully's own finer states; see the class comment. */
    enum State
    {
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
    private final BullyMessages decoder = new BullyMessages();
    private final TimerSlot electionTimer = new TimerSlot(ELECTION_TIMER);
    private final TimerSlot coordinatorTimer = new TimerSlot(COORDINATOR_TIMER);
    private final TimerSlot detectionTimer = new TimerSlot(DETECTION_TIMER);
    private final TimerSlot heartbeatTimer = new TimerSlot(HEARTBEAT_TIMER);

    private NodeContext ctx;
    private int clusterSize;
    private boolean detectorEnabled;
    private State state = State.FOLLOWER;
    private int leaderId = NO_LEADER;
    private long term;
    private long highestTermSeen;
    /** Recovered under {@link RecoveryPolicy#DEFER} and not yet following anyone: follows whoever it hears first. */
    private boolean deferring;
    /** When this follower last heard its leader (a heartbeat or COORDINATOR). */
    private long leaderHeardNs;

    private Role announcedRole;
    private int announcedLeaderId;
    private long announcedTerm;

    BullyNode(final int selfId, final ElectionSettings settings)
    {
        this.selfId = selfId;
        heartbeatIntervalNs = settings.heartbeatIntervalNs();
        detectionTimeoutNs = settings.detectionTimeoutNs();
        electionTimeoutNs = settings.electionTimeoutNs();
        coordinatorTimeoutNs = settings.coordinatorTimeoutNs();
        recoveryPolicy = settings.get(BullyAlgorithm.RECOVERY);
    }

    @Override
    public void onStart(final NodeContext ctx, final Start start, final int leaderId, final long term)
    {
        if (null == ctx || null == start)
        {
            throw new IllegalArgumentException("context and start must not be null");
        }
        if (ctx.selfId() != selfId || selfId > ctx.clusterSize())
        {
            throw new IllegalArgumentException("node " + selfId + " started with a context for node " +
                ctx.selfId() + " of a cluster of " + ctx.clusterSize() + " (ids are 1..N)");
        }
        this.ctx = ctx;
        clusterSize = ctx.clusterSize();
        detectorEnabled = ctx.detectorEnabled();
        state = State.FOLLOWER;
        this.leaderId = NO_LEADER;
        this.term = 0;
        highestTermSeen = 0;
        deferring = false;
        announcedRole = null;
        // Timers of an earlier life never fire into this one: forget them without cancelling.
        electionTimer.forget();
        coordinatorTimer.forget();
        detectionTimer.forget();
        heartbeatTimer.forget();

        switch (start)
        {
            case COLD ->
            {
                if (detectorEnabled)
                {
                    startElection();
                }
                else
                {
                    announce();
                }
            }
            case SETTLED -> startSettled(leaderId, term);
            case RECOVERED ->
            {
                if (RecoveryPolicy.BULLY == recoveryPolicy)
                {
                    startElection();
                }
                else
                {
                    deferring = true;
                    armDetection();
                    announce();
                }
            }
        }
    }

    @Override
    public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
    {
        if (null == ctx || fromId == selfId || fromId < 1 || fromId > clusterSize ||
            !decoder.wrap(buffer, offset, length))
        {
            return;
        }

        final long messageTerm = decoder.term();
        if (messageTerm > highestTermSeen)
        {
            highestTermSeen = messageTerm;
        }

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
                if (electionTimer.fired(timerId) && State.CANDIDATE == state)
                {
                    becomeLeader();
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
                if (detectionTimer.fired(timerId) && State.FOLLOWER == state)
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

    /** @return the finer state, which tells CANDIDATE and ELECTING apart. */
    State state()
    {
        return state;
    }

    private void startSettled(final int settledLeaderId, final long settledTerm)
    {
        if (settledLeaderId < 1 || settledLeaderId > clusterSize || settledTerm < 0)
        {
            throw new IllegalArgumentException("a settled start needs a leader in 1.." + clusterSize +
                " and a term of at least 0, was leader " + settledLeaderId + " term " + settledTerm);
        }
        highestTermSeen = settledTerm;
        if (settledLeaderId == selfId)
        {
            term = settledTerm;
            state = State.LEADER;
            leaderId = selfId;
            announce();
            heartbeat();
        }
        else
        {
            follow(settledLeaderId, settledTerm);
        }
    }

    private void onElection(final int fromId)
    {
        if (fromId > selfId)
        {
            // A higher node never asks a lower one; only a foreign frame could.
            return;
        }
        BullyMessages.claim(ctx, BullyMessages.OK, highestTermSeen);
        ctx.send(fromId);
        // The 1982 rule: a follower answering a lower candidate holds its own election, even if it
        // believes in a leader. One already electing or leading does not start another.
        if (State.FOLLOWER == state)
        {
            startElection();
        }
    }

    private void onOk(final int fromId)
    {
        if (State.CANDIDATE != state || fromId < selfId)
        {
            return;
        }
        electionTimer.cancel(ctx);
        state = State.ELECTING;
        coordinatorTimer.arm(ctx, coordinatorTimeoutNs);
    }

    private void onCoordinator(final int coordinatorId, final long coordinatorTerm)
    {
        if (coordinatorId > selfId || deferring)
        {
            follow(coordinatorId, coordinatorTerm);
        }
        else if (State.FOLLOWER == state || State.LEADER == state)
        {
            // A live higher node hears a lower one claim: it bullies. One already electing lets its
            // own election correct the lower claim.
            startElection();
        }
    }

    /**
     * A lower leader's heartbeat is answered by bullying it (a leader starts an election, a
     * follower of a higher leader too), except when it is a leftover of a leader already
     * superseded: its term is older than the term of the higher leader this node leads or follows,
     * and that leader is alive (it is this node, or was heard within the detection timeout). Such
     * heartbeats arrive still in flight when leadership changes, or in a burst drained after a
     * pause; the higher leader's own heartbeats depose their sender, and answering each one would
     * cost an election or a COORDINATOR round per stale heartbeat.
     */
    private void onHeartbeat(final int fromId, final long leaderTerm)
    {
        switch (state)
        {
            case LEADER ->
            {
                if (fromId > selfId)
                {
                    follow(fromId, leaderTerm);
                }
                else if (leaderTerm >= term)
                {
                    startElection();
                }
            }
            case CANDIDATE, ELECTING ->
            {
                // A lower leader is corrected by this node's own election, already under way.
                if (fromId > selfId)
                {
                    follow(fromId, leaderTerm);
                }
            }
            case FOLLOWER ->
            {
                if (NO_LEADER == leaderId || fromId >= leaderId)
                {
                    follow(fromId, leaderTerm);
                }
                else if (leaderTerm >= term || ctx.nowNs() - leaderHeardNs >= detectionTimeoutNs)
                {
                    startElection();
                }
            }
        }
    }

    private void startElection()
    {
        deferring = false;
        detectionTimer.cancel(ctx);
        heartbeatTimer.cancel(ctx);
        coordinatorTimer.cancel(ctx);
        electionTimer.cancel(ctx);
        if (selfId == clusterSize)
        {
            becomeLeader();
            return;
        }

        BullyMessages.claim(ctx, BullyMessages.ELECTION, highestTermSeen);
        for (int id = selfId + 1; id <= clusterSize; id++)
        {
            ctx.send(id);
        }
        state = State.CANDIDATE;
        leaderId = NO_LEADER;
        electionTimer.arm(ctx, electionTimeoutNs);
        announce();
    }

    private void becomeLeader()
    {
        electionTimer.cancel(ctx);
        coordinatorTimer.cancel(ctx);
        detectionTimer.cancel(ctx);
        term = highestTermSeen + 1;
        highestTermSeen = term;
        state = State.LEADER;
        leaderId = selfId;
        announce();

        BullyMessages.claim(ctx, BullyMessages.COORDINATOR, term);
        for (int id = 1; id < selfId; id++)
        {
            ctx.send(id);
        }
        heartbeat();
    }

    private void heartbeat()
    {
        BullyMessages.claim(ctx, BullyMessages.HEARTBEAT, term);
        ctx.broadcast();
        heartbeatTimer.arm(ctx, heartbeatIntervalNs);
    }

    private void follow(final int newLeaderId, final long leaderTerm)
    {
        deferring = false;
        electionTimer.cancel(ctx);
        coordinatorTimer.cancel(ctx);
        heartbeatTimer.cancel(ctx);
        state = State.FOLLOWER;
        leaderId = newLeaderId;
        term = leaderTerm;
        leaderHeardNs = ctx.nowNs();
        armDetection();
        announce();
    }

    private void armDetection()
    {
        if (detectorEnabled)
        {
            detectionTimer.arm(ctx, detectionTimeoutNs);
        }
    }

    private void announce()
    {
        final Role role = roleOf(state);
        if (role != announcedRole || leaderId != announcedLeaderId || term != announcedTerm)
        {
            announcedRole = role;
            announcedLeaderId = leaderId;
            announcedTerm = term;
            ctx.announce(role, leaderId, term);
        }
    }

    private static Role roleOf(final State state)
    {
        return switch (state)
        {
            case FOLLOWER -> Role.FOLLOWER;
            case CANDIDATE, ELECTING -> Role.CANDIDATE;
            case LEADER -> Role.LEADER;
        };
    }
}
