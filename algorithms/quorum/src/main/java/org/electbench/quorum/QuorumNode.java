package org.electbench.quorum;

import org.agrona.DirectBuffer;
import org.electbench.spi.BeliefAnnouncer;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.spi.Terms;
import org.electbench.spi.TimerSlot;

/**
 * One server of the ELECT/VOTE majority election ("A Leader Election Algorithm", a note of January 2000).
 * <p>
 * Assumptions, as in the note: N servers are configured (ids 1..N), not all alive; RTT (here the
 * election timeout) bounds a round trip; HBT is the heartbeat interval; the detection timeout D
 * replaces the note's 3 HBT, and 5/3·D its 5 HBT. By default the note's rules alone: a leader on
 * more than N/2 identical VOTE(term, msg), the tally cleared only on LEAD. With
 * {@link QuorumAlgorithm#BALLOTS} on, vote ranges, ballots and durable votes (rules 1-7) give one
 * leader per term, which the note alone does not. Rule by rule, and what the option costs:
 * {@code docs/design/algorithms/quorum.md}.
 */
public final class QuorumNode implements ElectionNode
{
    static final int WATCH_TIMER = 0;
    static final int VOTE_TIMER = 1;
    static final int HEARTBEAT_TIMER = 2;

    /** The source's silence tolerated on entering WATCHING, 5 HBT, against its 3 HBT after a LEAD: 5/3 of the detection timeout. */
    static final int WATCH_ENTRY_HEARTBEATS = 5;
    /** The source's silence tolerated after a LEAD, 3 HBT, which the detection timeout replaces (3 HBT by default). */
    static final int WATCH_LEAD_HEARTBEATS = 3;

    private final int selfId;
    private final long heartbeatIntervalNs;
    private final long watchEntryTimeoutNs;
    private final long watchLeadTimeoutNs;
    private final long votingWindowNs;
    /** The safety additions (rules 1-7) when set; else the source's rules alone. */
    private final boolean ballots;
    private final QuorumMessages decoder = new QuorumMessages();
    private final TimerSlot watchTimer = new TimerSlot(WATCH_TIMER);
    private final TimerSlot voteTimer = new TimerSlot(VOTE_TIMER);
    private final TimerSlot heartbeatTimer = new TimerSlot(HEARTBEAT_TIMER);
    private final ClaimSlate claims = new ClaimSlate();
    private final VoteTally votes = new VoteTally();
    /** The terms seen and the votes promised, durable with ballots on (rules 2 and 4). */
    private final VoteLedger ledger = new VoteLedger();
    private final BeliefAnnouncer announcer = new BeliefAnnouncer();

    private NodeContext ctx;
    private int clusterSize;
    private boolean detectorEnabled;

    private QuorumState state;

    /** The last LEAD seen, received and not obsolete or sent by this node: its term, number and sender. */
    private long seenTerm;
    private long seenMsg;
    private int seenSenderId;
    /** The old leader of the source's ranking: the last leader this node followed or was, until shown stale. */
    private int oldLeaderId = NO_LEADER;
    /** The term {@link #oldLeaderId} led when this node followed it. */
    private long oldLeaderTerm;
    private long malformedMessages;
    /** The leader this node follows (itself when leading): the "old leader" of the next vote. */
    private int leaderId = NO_LEADER;
    /** Whether {@link #leaderId}'s LEAD arrived since this node started VOTING: it is alive. */
    private boolean leaderHeardWhileVoting;
    /**
     * Whether the WATCHING ELECTOR's watch runs from a LEAD of {@link #leaderId} (or a settled start),
     * not from entering WATCHING: the watch of a follower at rest, see {@link #restSilenceNs()}.
     */
    private boolean watchingLeader;
    /** The claim {@link #rankClaims()} chose: its term and number. */
    private long choiceTerm;
    private long choiceMsg;

    QuorumNode(final int selfId, final ElectionSettings settings)
    {
        this.selfId = selfId;
        heartbeatIntervalNs = settings.heartbeatIntervalNs();
        // The source's "(e.g.) 3 HBT" and 5 HBT: the detection timeout, and 5/3 of it on entry.
        watchLeadTimeoutNs = settings.detectionTimeoutNs();
        watchEntryTimeoutNs = watchLeadTimeoutNs / WATCH_LEAD_HEARTBEATS * WATCH_ENTRY_HEARTBEATS +
            watchLeadTimeoutNs % WATCH_LEAD_HEARTBEATS * WATCH_ENTRY_HEARTBEATS / WATCH_LEAD_HEARTBEATS;
        votingWindowNs = settings.electionTimeoutNs();
        ballots = settings.get(QuorumAlgorithm.BALLOTS);
        state(QuorumState.DOWN);
    }

    /**
     * Sets every field but the final ones made from the settings and {@link #malformedMessages} to
     * what a new node holds, then starts: a node started again, in a later life or a later run,
     * behaves as a new one would ({@link QuorumAlgorithm#nodesStartAfresh()}).
     */
    @Override
    public void onStart(final NodeContext ctx, final Start start, final int leaderId, final long term)
    {
        ElectionNode.checkStart(selfId, ctx, start, leaderId, term);

        this.ctx = ctx;
        clusterSize = ctx.clusterSize();
        detectorEnabled = ctx.detectorEnabled();
        decoder.reset();
        claims.reset(clusterSize);
        votes.reset(clusterSize);
        // Timers of an earlier life never fire into this one: forget them without cancelling.
        watchTimer.forget();
        voteTimer.forget();
        heartbeatTimer.forget();
        state(QuorumState.DOWN);
        seenTerm = 0;
        seenMsg = 0;
        seenSenderId = NO_LEADER;
        oldLeaderId = NO_LEADER;
        oldLeaderTerm = 0;
        // The source keeps nothing across a restart; durable votes are rule 4.
        ledger.reset(ballots ? ctx.durableState() : null, start);
        this.leaderId = NO_LEADER;
        leaderHeardWhileVoting = false;
        watchingLeader = false;
        choiceTerm = 0;
        choiceMsg = 0;
        announcer.reset();

        if (Start.SETTLED == start)
        {
            // The leader's LEAD (term, 0) has just been seen by all; its next LEAD is (term, 1).
            seenTerm = term;
            seenSenderId = leaderId;
            ledger.settle(term);
            this.leaderId = leaderId;
            oldLeaderId = leaderId;
            oldLeaderTerm = term;
            state(leaderId == selfId ? QuorumState.LEADING : QuorumState.WATCHING);
        }
        else
        {
            state(QuorumState.WATCHING);
        }
        announce();
    }

    @Override
    public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
    {
        if (null == ctx)
        {
            return;
        }
        if (fromId == selfId || fromId < 1 || fromId > clusterSize || !decoder.wrap(buffer, offset, length) ||
            !decoder.plausible(Math.max(ledger.highestTermSeen(), ledger.votedTerm())))
        {
            malformedMessages++;
            return;
        }

        switch (decoder.type())
        {
            case QuorumMessages.ELECT -> onElect(fromId, decoder.term(), decoder.msg(), decoder.ballot());
            case QuorumMessages.VOTE -> onVote(fromId, decoder.votePreviousTerm(), decoder.voteTerm());
            case QuorumMessages.LEAD -> onLead(fromId, decoder.term(), decoder.msg());
            default ->
            {
                // wrap() admits only the three types above.
            }
        }
        announce();
    }

    @Override
    public void onTimer(final long timerId, final int kind)
    {
        switch (kind)
        {
            case WATCH_TIMER ->
            {
                // The failure detector: no LEAD for 3 HBT (5 HBT after entering WATCHING).
                if (watchTimer.fired(timerId) && !state.voting())
                {
                    state(state.voting(true));
                }
            }
            case VOTE_TIMER ->
            {
                if (voteTimer.fired(timerId) && state.voting())
                {
                    vote();
                }
            }
            case HEARTBEAT_TIMER ->
            {
                if (heartbeatTimer.fired(timerId) && state.leading())
                {
                    lead();
                }
            }
            default ->
            {
                // Not a kind this node schedules.
            }
        }
        if (null != ctx)
        {
            announce();
        }
    }

    @Override
    public int leaderId()
    {
        return state.leading() ? selfId : state.voting() ? NO_LEADER : leaderId;
    }

    @Override
    public Role role()
    {
        return state.leading() ? Role.LEADER : state.voting() ? Role.CANDIDATE : Role.FOLLOWER;
    }

    @Override
    public long term()
    {
        return seenTerm;
    }

    /**
     * At rest: a follower WATCHING, naming another server whose LEAD (or the settled start) last
     * started its watch, with no round open; or a leader WATCHING, its heartbeat timer armed. The
     * follower sends nothing and acts only when its watch runs out, D after the last LEAD taken
     * (a LEAD of its leader, the only one in flight, restarts it and changes no belief; an obsolete
     * one changes nothing). The leader hears nothing back and steps down on no silence; its own
     * ELECTOR's watch, restarted by each of its LEADs every HBT, never runs out while HBT is below
     * D. Anything else, VOTING, LEADING_VOTING, or WATCHING since a round with no LEAD heard since
     * (naming nobody, or an old leader not yet heard again), is not at rest. Both variants alike:
     * {@link QuorumAlgorithm#BALLOTS} adds no timer and nothing a LEAD changes but its term.
     *
     * @return D for a follower whose detector is on, {@link Long#MAX_VALUE} for one whose detector
     *         is off and for a leader, else {@link ElectionNode#NOT_AT_REST}.
     */
    @Override
    public long restSilenceNs()
    {
        if (null == ctx || voteTimer.isArmed())
        {
            return NOT_AT_REST;
        }
        if (QuorumState.LEADING == state)
        {
            final boolean ownWatchHeld = !detectorEnabled || heartbeatIntervalNs < watchLeadTimeoutNs;
            return heartbeatTimer.isArmed() && selfId == leaderId && ownWatchHeld ? Long.MAX_VALUE : NOT_AT_REST;
        }
        if (QuorumState.WATCHING == state && watchingLeader && !heartbeatTimer.isArmed() &&
            NO_LEADER != leaderId && selfId != leaderId && leaderId == seenSenderId &&
            watchTimer.isArmed() == detectorEnabled)
        {
            return detectorEnabled ? watchLeadTimeoutNs : Long.MAX_VALUE;
        }
        return NOT_AT_REST;
    }

    /** @return messages dropped as malformed or implausible over every life of this node; see {@link ElectionNode#malformedMessages()}. */
    @Override
    public long malformedMessages()
    {
        return malformedMessages;
    }

    /** @return both machines' state. */
    QuorumState state()
    {
        return state;
    }

    /** @return the highest term seen, voted in or led: durable, and the next vote reaches one above it. */
    long highestTermSeen()
    {
        return ledger.highestTermSeen();
    }

    /**
     * The one transition: records the new state (and tells the trace), then runs what each
     * machine does on leaving and entering it (the note's "initial" actions). Entering WATCHING
     * from DOWN is a start; staying in a state is no transition.
     */
    private void state(final QuorumState next)
    {
        final QuorumState previous = state;
        if (previous == next)
        {
            return;
        }
        state = next;
        if (QuorumState.DOWN == next)
        {
            return;
        }
        ctx.transition(next.name());
        if (previous.leading() && !next.leading())
        {
            heartbeatTimer.cancel(ctx);
        }
        if (!next.voting() && (previous.voting() || QuorumState.DOWN == previous))
        {
            // WATCHING, initial: a clean voting slate and a timer of 5 HBT; 3 HBT on a settled
            // start, whose leader's LEAD every server has just seen.
            claims.clear();
            watchingLeader = QuorumState.DOWN == previous && NO_LEADER != leaderId;
            armWatch(watchingLeader ? watchLeadTimeoutNs : watchEntryTimeoutNs);
        }
        else if (next.voting() && !previous.voting())
        {
            // VOTING, initial: broadcast this node's claim and give the round RTT.
            leaderHeardWhileVoting = false;
            watchingLeader = false;
            watchTimer.cancel(ctx);
            final long ballot = ballot();
            claims.record(selfId, seenTerm, seenMsg, ballot);
            QuorumMessages.claimElect(ctx, seenTerm, seenMsg, ballot);
            ctx.broadcast();
            voteTimer.arm(ctx, votingWindowNs);
        }
        if (next.leading() && !previous.leading())
        {
            // LEADER: the first LEAD announces the new leader.
            lead();
        }
    }

    private void onElect(final int fromId, final long term, final long msg, final long ballot)
    {
        ledger.noteTerm(term);
        claims.record(fromId, term, msg, ballot);
        if (ballots && state.leading() && term > seenTerm)
        {
            // Rule 6: the claimant saw a LEAD of a later term, so this leader is stale.
            state(state.leading(false));
            leaderId = NO_LEADER;
            votes.clear();
        }
        if (!state.voting())
        {
            state(state.voting(true));
        }
    }

    /** FOLLOWER rcv VOTE, covering the terms above {@code previousTerm} up to {@code votedTerm} (rule 3). */
    private void onVote(final int fromId, final long previousTerm, final long votedTerm)
    {
        // Its terms are not noted as seen: they are the voter's promise, and nobody leads them yet.
        if (state.leading())
        {
            return;
        }
        if (!ballots)
        {
            // The source's VOTE(term, msg): the chosen claim's msg where a range starts, its term where it ends.
            tallyIdentical(fromId, votedTerm, previousTerm);
        }
        else if (previousTerm < votedTerm)
        {
            tally(fromId, previousTerm, votedTerm);
        }
    }

    private void onLead(final int fromId, final long term, final long msg)
    {
        final int order = QuorumMessages.compare(term, msg, seenTerm, seenMsg);
        if (order < 0 || (0 == order && fromId > seenSenderId))
        {
            // Obsolete: a deposed or partitioned leader asserts nothing and holds off no election.
            return;
        }

        ledger.noteTerm(term);
        seenTerm = term;
        seenMsg = msg;
        seenSenderId = fromId;
        leaderId = fromId;
        oldLeaderId = fromId;
        oldLeaderTerm = term;
        state(state.leading(false));
        votes.clear();
        if (state.voting())
        {
            leaderHeardWhileVoting = true;
        }
        else
        {
            watchingLeader = true;
            armWatch(watchLeadTimeoutNs);
        }
    }

    /** The VOTING timeout: a VOTE to the best claim, then WATCHING again with a clean slate. */
    private void vote()
    {
        final int choiceId = rankClaims();
        final long highestBallot = claims.highestBallot();
        state(state.voting(false));
        if (state.leading())
        {
            // A leader's ELECTOR ranks its own claim first; it needs no votes.
            return;
        }
        if (!ballots)
        {
            castSourceVote(choiceId);
            return;
        }
        // The next leader's number: one above every term claimed or seen led, and at least the
        // round's highest ballot, so that the round's votes meet on one term (rules 1 and 7).
        castVote(choiceId, Math.max(Terms.nextSaturated(Math.max(choiceTerm, ledger.highestTermSeen())), highestBallot));
    }

    /**
     * The source's ranking over the round's claims: "the old leader, if still alive", else the
     * latest claim, ties to the smallest id. Sets {@link #choiceTerm} and {@link #choiceMsg}.
     *
     * @return the chosen server, or {@link #NO_LEADER} when nobody claimed.
     */
    private int rankClaims()
    {
        choiceTerm = seenTerm;
        choiceMsg = seenMsg;
        final long latestClaimedTerm = claims.latestTerm();
        // Alive as the old leader: heard leading this round, or claiming the term it led (a server
        // that restarted and lost its place in the message stream is not the old leader any more).
        final boolean oldLeaderAlive = NO_LEADER != oldLeaderId &&
            ((claims.claimed(oldLeaderId) && claims.term(oldLeaderId) >= oldLeaderTerm) ||
            (leaderHeardWhileVoting && oldLeaderId == leaderId));
        if (ballots && NO_LEADER != oldLeaderId && latestClaimedTerm > oldLeaderTerm)
        {
            // Rule 5: a claim reports a later leader, so the old one is stale for good.
            oldLeaderId = NO_LEADER;
        }
        if (NO_LEADER != oldLeaderId && oldLeaderAlive)
        {
            // "Each server votes for the old leader, if still alive", round after round.
            leaderId = oldLeaderId;
            if (claims.claimed(oldLeaderId))
            {
                choiceTerm = claims.term(oldLeaderId);
                choiceMsg = claims.msg(oldLeaderId);
            }
            return oldLeaderId;
        }
        // The old leader is dead this round, or stale: nobody is named, and the latest claim wins.
        leaderId = NO_LEADER;
        final int choiceId = claims.latest();
        if (NO_LEADER != choiceId)
        {
            choiceTerm = claims.term(choiceId);
            choiceMsg = claims.msg(choiceId);
        }
        return choiceId;
    }

    /** A VOTE reaching at least {@code electedTerm} for the chosen server, or its own vote when that is this node. */
    private void castVote(final int choiceId, final long electedTerm)
    {
        if (!ledger.vote(choiceId, electedTerm))
        {
            // Every term is voted in: nothing is left to cover.
            return;
        }
        if (choiceId == selfId)
        {
            tally(selfId, ledger.votedPreviousTerm(), ledger.votedTerm());
        }
        else
        {
            votes.forget(selfId);
            QuorumMessages.claimVote(ctx, ledger.votedPreviousTerm(), ledger.votedTerm());
            ctx.send(choiceId);
        }
    }

    /**
     * Record a vote for this node, and lead the latest term that more than N/2 of the votes
     * cover, if there is one later than any term this node may not lead (rule 3).
     */
    private void tally(final int voterId, final long previousTerm, final long votedTerm)
    {
        final long floorTerm = Math.max(seenTerm, ledger.recoveredTerm());
        final long bestTerm = votes.recordRange(voterId, previousTerm, votedTerm, floorTerm);
        if (bestTerm > floorTerm)
        {
            becomeLeader(bestTerm);
        }
    }

    /** The source's VOTE(term, msg) for the chosen claim; a vote for this node is recorded, not sent. */
    private void castSourceVote(final int choiceId)
    {
        if (NO_LEADER == choiceId)
        {
            return;
        }
        if (choiceId == selfId)
        {
            tallyIdentical(selfId, choiceTerm, choiceMsg);
        }
        else
        {
            QuorumMessages.claimVote(ctx, choiceMsg, choiceTerm);
            ctx.send(choiceId);
        }
    }

    /**
     * The source's tally board: the latest VOTE(term, msg) per voter; "more than N/2 identical
     * votes for self" make this node the leader of the term after the latest it has seen.
     */
    private void tallyIdentical(final int voterId, final long term, final long msg)
    {
        if (2 * votes.recordIdentical(voterId, term, msg) > clusterSize && Terms.hasNext(Math.max(term, seenTerm)))
        {
            becomeLeader(Math.max(term, seenTerm) + 1);
        }
    }

    private void becomeLeader(final long term)
    {
        ledger.noteTerm(term);
        seenTerm = term;
        seenMsg = 0;
        seenSenderId = selfId;
        leaderId = selfId;
        oldLeaderId = selfId;
        oldLeaderTerm = term;
        votes.clear();
        state(state.leading(true));
    }

    /** One LEAD broadcast; the first of a term announces the new leader. */
    private void lead()
    {
        seenMsg++;
        ledger.noteTerm(seenTerm);
        QuorumMessages.claimLead(ctx, seenTerm, seenMsg);
        ctx.broadcast();
        if (!state.voting())
        {
            armWatch(watchLeadTimeoutNs);
        }
        heartbeatTimer.arm(ctx, heartbeatIntervalNs);
    }

    /**
     * Rule 7: the term every vote of this node's round must reach, its ballot: the last term its
     * own votes cover, or the first term it may lead if later (above every term it knew before
     * a restart), else voters stop at a term it may not lead and re-send that vote for ever.
     */
    private long ballot()
    {
        if (!ballots)
        {
            // The source's ELECT(id, term, msg) carries no ballot.
            return 0;
        }
        return Math.max(ledger.votedTerm(), Terms.nextSaturated(ledger.recoveredTerm()));
    }

    private void armWatch(final long timeoutNs)
    {
        if (detectorEnabled)
        {
            watchTimer.arm(ctx, timeoutNs);
        }
        else
        {
            watchTimer.cancel(ctx);
        }
    }

    private void announce()
    {
        announcer.announce(ctx, role(), leaderId(), seenTerm);
    }
}
