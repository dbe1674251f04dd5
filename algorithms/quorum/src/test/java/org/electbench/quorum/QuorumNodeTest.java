package org.electbench.quorum;

import static org.electbench.quorum.FakeContext.ALL;
import static org.electbench.quorum.QuorumMessages.ELECT;
import static org.electbench.quorum.QuorumMessages.LEAD;
import static org.electbench.quorum.QuorumMessages.VOTE;
import static org.electbench.quorum.QuorumNode.HEARTBEAT_TIMER;
import static org.electbench.quorum.QuorumNode.VOTE_TIMER;
import static org.electbench.quorum.QuorumNode.WATCH_TIMER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.agrona.MutableDirectBuffer;
import org.electbench.quorum.FakeContext.Announcement;
import org.electbench.quorum.FakeContext.Sent;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.junit.jupiter.api.Test;

class QuorumNodeTest
{
    private static final long HBT_NS = 10_000_000L;
    private static final long RTT_NS = 4_000_000L;
    private static final ElectionSettings SETTINGS = ElectionSettings.builder()
        .heartbeatIntervalNs(HBT_NS)
        .detectionTimeoutNs(3 * HBT_NS)
        .electionTimeoutNs(RTT_NS)
        .coordinatorTimeoutNs(RTT_NS)
        .build();

    private final QuorumNode node1 = new QuorumNode(1, SETTINGS);
    private final QuorumNode node3 = new QuorumNode(3, SETTINGS);
    private final QuorumNode node4 = new QuorumNode(4, SETTINGS);

    private static FakeContext context(final int selfId, final int clusterSize)
    {
        return new FakeContext(selfId, clusterSize, true, SETTINGS);
    }

    @Test
    void coldStartWatchesFiveHeartbeatIntervalsThenBroadcastsAnEmptyClaim()
    {
        final FakeContext ctx = context(3, 5);
        node3.onStart(ctx, Start.COLD, ElectionNode.NO_LEADER, 0);

        assertEquals(List.of(new Announcement(Role.FOLLOWER, 0, 0)), ctx.announcements);
        assertEquals(5 * HBT_NS, ctx.pendingDelayNs(WATCH_TIMER));
        assertEquals(0, ctx.sentCount());

        ctx.fire(node3, WATCH_TIMER);
        assertEquals(List.of(new Sent(ELECT, ALL, 0, 0, 0, 0)), ctx.drain());
        assertEquals(RTT_NS, ctx.pendingDelayNs(VOTE_TIMER));
        assertEquals(QuorumNode.Elector.VOTING, node3.elector());
        assertEquals(new Announcement(Role.CANDIDATE, 0, 0), ctx.lastAnnouncement());
    }

    @Test
    void nodeWithoutDetectorNeverVotesOnItsOwnButJoinsAnElect()
    {
        final FakeContext ctx = new FakeContext(3, 5, false, SETTINGS);
        node3.onStart(ctx, Start.SETTLED, 5, 2);
        assertFalse(ctx.hasPendingTimer(WATCH_TIMER));

        ctx.elect(node3, 1, 2, 0, 2);
        assertEquals(List.of(new Sent(ELECT, ALL, 2, 0, 2, 0)), ctx.drain());
        assertEquals(QuorumNode.Elector.VOTING, node3.elector());

        // Back to WATCHING after the vote, still without a timer of its own.
        ctx.fire(node3, VOTE_TIMER);
        assertEquals(List.of(new Sent(VOTE, 1, 0, 0, 3, 2)), ctx.drain());
        assertFalse(ctx.hasPendingTimer(WATCH_TIMER));
    }

    @Test
    void settledLeaderLeadsAtOnceAndEveryHeartbeatIntervalWithoutElectingItself()
    {
        final FakeContext ctx = context(3, 5);
        node3.onStart(ctx, Start.SETTLED, 3, 4);

        assertEquals(List.of(new Announcement(Role.LEADER, 3, 4)), ctx.announcements);
        assertEquals(List.of(new Sent(LEAD, ALL, 4, 1, 0, 0)), ctx.drain());
        for (long msg = 2; msg <= 20; msg++)
        {
            assertEquals(HBT_NS, ctx.pendingDelayNs(HEARTBEAT_TIMER));
            // Its own LEAD holds its own ELECTOR in WATCHING.
            assertEquals(3 * HBT_NS, ctx.pendingDelayNs(WATCH_TIMER));
            ctx.fire(node3, HEARTBEAT_TIMER);
            assertEquals(List.of(new Sent(LEAD, ALL, 4, msg, 0, 0)), ctx.drain());
        }
        assertEquals(1, ctx.announcements.size());
    }

    @Test
    void settledFollowerWatchesThreeHeartbeatIntervalsAndEachLeadRestartsTheWatch()
    {
        final FakeContext ctx = context(3, 5);
        node3.onStart(ctx, Start.SETTLED, 5, 4);
        assertEquals(List.of(new Announcement(Role.FOLLOWER, 5, 4)), ctx.announcements);
        assertEquals(3 * HBT_NS, ctx.pendingDelayNs(WATCH_TIMER));

        ctx.advanceNs(2 * HBT_NS);
        ctx.lead(node3, 5, 4, 1);
        assertEquals(3 * HBT_NS, ctx.pendingDelayNs(WATCH_TIMER));
        assertEquals(0, ctx.sentCount());

        ctx.fire(node3, WATCH_TIMER);
        assertEquals(List.of(new Sent(ELECT, ALL, 4, 1, 4, 0)), ctx.drain());
    }

    @Test
    void obsoleteLeadNeitherRestartsTheWatchNorChangesTheLeader()
    {
        final FakeContext ctx = context(3, 5);
        node3.onStart(ctx, Start.SETTLED, 5, 4);
        ctx.lead(node3, 5, 4, 7);
        ctx.advanceNs(HBT_NS);

        ctx.lead(node3, 2, 3, 99);
        ctx.lead(node3, 5, 4, 6);
        assertEquals(2 * HBT_NS, ctx.pendingDelayNs(WATCH_TIMER));
        assertEquals(5, node3.leaderId());
        assertEquals(4, node3.term());
        assertEquals(List.of(new Announcement(Role.FOLLOWER, 5, 4)), ctx.announcements);
    }

    @Test
    void newerLeadIsFollowedAndAnnounced()
    {
        final FakeContext ctx = context(3, 5);
        node3.onStart(ctx, Start.SETTLED, 5, 4);
        ctx.lead(node3, 1, 5, 1);
        assertEquals(new Announcement(Role.FOLLOWER, 1, 5), ctx.lastAnnouncement());
        assertEquals(1, node3.leaderId());
    }

    @Test
    void electWhileWatchingIsRecordedAndStartsVotingButWhileVotingIsOnlyRecorded()
    {
        final FakeContext ctx = context(4, 5);
        node4.onStart(ctx, Start.SETTLED, 5, 3);
        ctx.elect(node4, 2, 3, 0, 3);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 0, 3, 0)), ctx.drain());

        ctx.elect(node4, 1, 3, 0, 3);
        ctx.elect(node4, 3, 3, 0, 3);
        assertEquals(0, ctx.sentCount());

        // The old leader 5 never claimed: the latest claim wins, the tie going to the smallest id.
        ctx.fire(node4, VOTE_TIMER);
        assertEquals(List.of(new Sent(VOTE, 1, 0, 0, 4, 3)), ctx.drain());
        assertEquals(QuorumNode.Elector.WATCHING, node4.elector());
        assertEquals(5 * HBT_NS, ctx.pendingDelayNs(WATCH_TIMER));
    }

    @Test
    void votesForTheLatestClaimOverASmallerId()
    {
        final FakeContext ctx = context(4, 5);
        node4.onStart(ctx, Start.SETTLED, 5, 3);
        ctx.lead(node4, 5, 3, 6);
        ctx.elect(node4, 1, 3, 5, 3);
        ctx.elect(node4, 3, 3, 7, 3);
        ctx.elect(node4, 2, 3, 7, 3);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 6, 3, 0)), ctx.drain());

        ctx.fire(node4, VOTE_TIMER);
        assertEquals(List.of(new Sent(VOTE, 2, 0, 0, 4, 3)), ctx.drain());
    }

    @Test
    void votesForTheOldLeaderWhileItIsAliveEvenAgainstALaterClaim()
    {
        final FakeContext ctx = context(4, 5);
        node4.onStart(ctx, Start.SETTLED, 5, 3);
        ctx.lead(node4, 5, 3, 6);
        ctx.elect(node4, 1, 3, 9, 3);
        ctx.elect(node4, 5, 3, 6, 3);
        ctx.drain();

        ctx.fire(node4, VOTE_TIMER);
        assertEquals(List.of(new Sent(VOTE, 5, 0, 0, 4, 3)), ctx.drain());
        assertEquals(new Announcement(Role.FOLLOWER, 5, 3), ctx.lastAnnouncement());
    }

    @Test
    void oldLeaderMissingFromOneRoundStillGetsTheVoteWhenItClaimsAgain()
    {
        final FakeContext ctx = context(4, 5);
        node4.onStart(ctx, Start.SETTLED, 5, 3);
        ctx.lead(node4, 5, 3, 6);
        // Round 1: node 5 is silent, so the vote goes to the latest claim, node 2.
        ctx.elect(node4, 2, 3, 6, 3);
        ctx.fire(node4, VOTE_TIMER);
        assertEquals(new Sent(VOTE, 2, 0, 0, 4, 3), ctx.drain().get(1));
        assertEquals(ElectionNode.NO_LEADER, node4.leaderId(), "not heard this round: no longer named");

        // Round 2: node 5 claims the term it led, as late as node 1's claim: it is still the old leader.
        ctx.elect(node4, 1, 3, 6, 4);
        ctx.elect(node4, 5, 3, 6, 3);
        ctx.fire(node4, VOTE_TIMER);
        assertEquals(new Sent(VOTE, 5, 0, 0, 5, 4), ctx.drain().get(1));
        assertEquals(new Announcement(Role.FOLLOWER, 5, 3), ctx.lastAnnouncement());
    }

    @Test
    void deadOldLeaderIsNoLongerNamedAfterTheVote()
    {
        final FakeContext ctx = context(4, 5);
        node4.onStart(ctx, Start.SETTLED, 5, 3);
        ctx.fire(node4, WATCH_TIMER);
        ctx.elect(node4, 2, 3, 0, 3);
        ctx.fire(node4, VOTE_TIMER);

        assertEquals(List.of(
            new Announcement(Role.FOLLOWER, 5, 3),
            new Announcement(Role.CANDIDATE, 0, 3),
            new Announcement(Role.FOLLOWER, 0, 3)), ctx.announcements);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 0, 3, 0), new Sent(VOTE, 2, 0, 0, 4, 3)), ctx.drain());
    }

    @Test
    void ownVoteIsLocalAndAMajorityOfConfiguredServersIsNeeded()
    {
        final FakeContext ctx = context(1, 5);
        node1.onStart(ctx, Start.SETTLED, 5, 3);
        ctx.fire(node1, WATCH_TIMER);
        ctx.elect(node1, 2, 3, 0, 3);
        ctx.elect(node1, 3, 3, 0, 3);
        ctx.fire(node1, VOTE_TIMER);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 0, 3, 0)), ctx.drain());

        // Its own vote and one more are 2 of 5: not more than N/2, though only 3 servers are alive.
        ctx.vote(node1, 2, 3, 4);
        assertEquals(Role.FOLLOWER, node1.role());
        assertEquals(0, ctx.sentCount());

        ctx.vote(node1, 3, 3, 4);
        assertEquals(Role.LEADER, node1.role());
        assertEquals(new Announcement(Role.LEADER, 1, 4), ctx.lastAnnouncement());
        assertEquals(List.of(new Sent(LEAD, ALL, 4, 1, 0, 0)), ctx.drain());
        assertEquals(HBT_NS, ctx.pendingDelayNs(HEARTBEAT_TIMER));
    }

    @Test
    void evenClusterNeedsMoreThanHalf()
    {
        final FakeContext ctx = context(1, 4);
        node1.onStart(ctx, Start.COLD, ElectionNode.NO_LEADER, 0);
        ctx.fire(node1, WATCH_TIMER);
        ctx.fire(node1, VOTE_TIMER);
        ctx.vote(node1, 2, 0, 1);
        assertEquals(Role.FOLLOWER, node1.role());
        ctx.vote(node1, 4, 0, 1);
        assertEquals(Role.LEADER, node1.role());
        assertEquals(1, node1.term());
    }

    @Test
    void votesCoveringNoCommonTermDoNotAddUpThoughTheyChooseTheSameClaim()
    {
        final FakeContext ctx = context(1, 3);
        node1.onStart(ctx, Start.COLD, ElectionNode.NO_LEADER, 0);
        ctx.vote(node1, 2, 0, 1);
        ctx.vote(node1, 3, 1, 2);
        assertEquals(Role.FOLLOWER, node1.role());

        // The latest vote per server counts: 2 votes again, in a later round, covering 3's term.
        ctx.vote(node1, 2, 1, 2);
        assertEquals(Role.LEADER, node1.role());
        assertEquals(2, node1.term());
    }

    @Test
    void votesThatShareOneTermAddUpThoughTheyStartAndEndApart()
    {
        final FakeContext ctx = context(1, 5);
        node1.onStart(ctx, Start.SETTLED, 5, 1);
        // Node 3 voted alone in term 2 when its ELECT was lost; its ballot says so.
        ctx.elect(node1, 2, 1, 0, 1);
        ctx.elect(node1, 3, 1, 0, 2);
        ctx.fire(node1, VOTE_TIMER);
        assertEquals(1, node1.highestTermSeen(), "a ballot is a vote, not a term anyone led");

        // Its own vote covers term 2, node 2's too, node 3's only 3: term 2 has two votes.
        ctx.vote(node1, 2, 1, 2);
        ctx.vote(node1, 3, 2, 3);
        assertEquals(Role.FOLLOWER, node1.role());
        // Node 4's vote covers 2 and 3, and term 2 has a majority: the next leader after term 1.
        ctx.vote(node1, 4, 1, 3);
        assertEquals(Role.LEADER, node1.role());
        assertEquals(2, node1.term());
    }

    @Test
    void leadClearsTheTallyBoard()
    {
        final FakeContext ctx = context(1, 5);
        node1.onStart(ctx, Start.COLD, ElectionNode.NO_LEADER, 0);
        ctx.vote(node1, 2, 0, 2);
        ctx.vote(node1, 3, 0, 2);
        ctx.lead(node1, 5, 1, 1);
        // A third vote covering term 2, still later than the LEAD's term, finds a clean board.
        ctx.vote(node1, 4, 0, 2);
        assertEquals(Role.FOLLOWER, node1.role());
        assertEquals(5, node1.leaderId());
    }

    @Test
    void newLeaderLeadsATermReachingTheRoundsHighestBallot()
    {
        final FakeContext ctx = context(1, 3);
        node1.onStart(ctx, Start.SETTLED, 3, 2);
        // Node 2's votes reached term 9 in rounds that elected nobody.
        ctx.elect(node1, 2, 2, 0, 9);
        ctx.fire(node1, VOTE_TIMER);
        // Its own ELECT, sent on hearing node 2's, carries its own ballot: the settled term.
        assertEquals(List.of(new Sent(ELECT, ALL, 2, 0, 2, 0)), ctx.drain());
        assertEquals(Role.FOLLOWER, node1.role());
        assertEquals(2, node1.highestTermSeen());

        // Its own vote covers terms 3 to 9, so the round's votes meet on term 9.
        ctx.vote(node1, 2, 8, 9);
        assertEquals(Role.LEADER, node1.role());
        assertEquals(9, node1.term());
        assertEquals(List.of(new Sent(LEAD, ALL, 9, 1, 0, 0)), ctx.drain());
    }

    @Test
    void leaderStepsDownOnANewerLeadAndIgnoresAnOlderOne()
    {
        final FakeContext ctx = context(3, 5);
        node3.onStart(ctx, Start.SETTLED, 3, 4);
        ctx.fire(node3, HEARTBEAT_TIMER);
        ctx.drain();

        ctx.lead(node3, 1, 4, 1);
        ctx.lead(node3, 1, 3, 50);
        assertEquals(Role.LEADER, node3.role());

        ctx.lead(node3, 1, 5, 1);
        assertEquals(Role.FOLLOWER, node3.role());
        assertEquals(new Announcement(Role.FOLLOWER, 1, 5), ctx.lastAnnouncement());
        assertFalse(ctx.hasPendingTimer(HEARTBEAT_TIMER));
        assertEquals(3 * HBT_NS, ctx.pendingDelayNs(WATCH_TIMER));
        assertEquals(0, ctx.sentCount());
    }

    @Test
    void leadOfTheSameTermAndNumberFromASmallerIdWins()
    {
        final FakeContext leaderCtx = context(3, 5);
        node3.onStart(leaderCtx, Start.SETTLED, 3, 4);
        leaderCtx.lead(node3, 4, 4, 1);
        assertEquals(Role.LEADER, node3.role());
        leaderCtx.lead(node3, 2, 4, 1);
        assertEquals(Role.FOLLOWER, node3.role());
        assertEquals(2, node3.leaderId());
    }

    @Test
    void leaderAnswersAnElectWithItsOwnClaimAndKeepsLeading()
    {
        final FakeContext ctx = context(3, 5);
        node3.onStart(ctx, Start.SETTLED, 3, 4);
        ctx.drain();
        ctx.elect(node3, 2, 4, 0, 4);
        assertEquals(List.of(new Sent(ELECT, ALL, 4, 1, 4, 0)), ctx.drain());
        ctx.vote(node3, 2, 4, 5);
        ctx.fire(node3, VOTE_TIMER);
        assertEquals(0, ctx.sentCount());
        assertEquals(Role.LEADER, node3.role());
        assertEquals(List.of(new Announcement(Role.LEADER, 3, 4)), ctx.announcements);
    }

    @Test
    void staleTimerIdsAreIgnored()
    {
        final FakeContext ctx = context(3, 5);
        node3.onStart(ctx, Start.SETTLED, 5, 4);
        final long firstWatch = ctx.pendingTimer(WATCH_TIMER);
        ctx.lead(node3, 5, 4, 1);
        assertTrue(firstWatch != ctx.pendingTimer(WATCH_TIMER));

        node3.onTimer(firstWatch, WATCH_TIMER);
        node3.onTimer(ctx.pendingTimer(WATCH_TIMER), VOTE_TIMER);
        node3.onTimer(12345, HEARTBEAT_TIMER);
        assertEquals(0, ctx.sentCount());
        assertEquals(QuorumNode.Elector.WATCHING, node3.elector());
    }

    @Test
    void recoveredNodeStartsFreshAndIgnoresTimersOfItsEarlierLife()
    {
        final FakeContext before = context(3, 5);
        node3.onStart(before, Start.SETTLED, 3, 4);
        final long heartbeat = before.pendingTimer(HEARTBEAT_TIMER);

        final FakeContext after = context(3, 5);
        node3.onStart(after, Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        assertEquals(List.of(new Announcement(Role.FOLLOWER, 0, 0)), after.announcements);
        assertEquals(5 * HBT_NS, after.pendingDelayNs(WATCH_TIMER));
        node3.onTimer(heartbeat, HEARTBEAT_TIMER);
        assertEquals(0, after.sentCount());

        after.lead(node3, 1, 5, 3);
        assertEquals(new Announcement(Role.FOLLOWER, 1, 5), after.lastAnnouncement());
    }

    @Test
    void malformedOrForeignFramesAreIgnored()
    {
        final FakeContext ctx = context(3, 5);
        node3.onStart(ctx, Start.SETTLED, 5, 4);
        final int voteLength = MessageHeader.LENGTH + QuorumMessages.VOTE_BODY_LENGTH;
        ctx.deliverRaw(node3, 1, ELECT, QuorumMessages.ELECT_BODY_LENGTH, MessageHeader.LENGTH + 16);
        // A body as long as a LEAD's is too short for an ELECT, and an ELECT's too short for a VOTE.
        ctx.deliverRaw(node3, 1, ELECT, QuorumMessages.LEAD_BODY_LENGTH, voteLength);
        ctx.deliverRaw(node3, 1, VOTE, QuorumMessages.ELECT_BODY_LENGTH, voteLength);
        ctx.deliverRaw(node3, 1, VOTE, QuorumMessages.VOTE_BODY_LENGTH, voteLength - 8);
        ctx.deliverRaw(node3, 1, LEAD, 8, voteLength);
        ctx.deliverRaw(node3, 1, 3, QuorumMessages.VOTE_BODY_LENGTH, voteLength);
        ctx.deliverRaw(node3, 1, ELECT, QuorumMessages.ELECT_BODY_LENGTH, MessageHeader.LENGTH - 1);
        ctx.elect(node3, 3, 4, 0, 4);
        ctx.elect(node3, 6, 4, 0, 4);
        ctx.elect(node3, 0, 4, 0, 4);
        assertEquals(0, ctx.sentCount());
        assertEquals(QuorumNode.Elector.WATCHING, node3.elector());
    }

    @Test
    void settledStartOutsideTheClusterIsRejectedByName()
    {
        final FakeContext ctx = context(3, 5);
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> node3.onStart(ctx, Start.SETTLED, 6, 1));
        assertEquals("a settled start needs a leader in 1..5 and a term of at least 0, was leader 6 term 1",
            ex.getMessage());
        final IllegalArgumentException wrongContext = assertThrows(IllegalArgumentException.class,
            () -> node3.onStart(context(2, 5), Start.COLD, 0, 0));
        assertTrue(wrongContext.getMessage().startsWith("node 3 started with a context for node 2"),
            wrongContext.getMessage());
    }

    @Test
    void neverSendsToItself()
    {
        final FakeContext ctx = context(1, 3);
        node1.onStart(ctx, Start.COLD, ElectionNode.NO_LEADER, 0);
        ctx.fire(node1, WATCH_TIMER);
        ctx.elect(node1, 2, 0, 0, 0);
        ctx.fire(node1, VOTE_TIMER);
        ctx.vote(node1, 3, 0, 1);
        ctx.fire(node1, HEARTBEAT_TIMER);
        final List<Sent> sent = ctx.drain();
        assertEquals(List.of(new Sent(ELECT, ALL, 0, 0, 0, 0), new Sent(LEAD, ALL, 1, 1, 0, 0), new Sent(LEAD, ALL, 1, 2, 0, 0)), sent);
        assertTrue(sent.stream().noneMatch(s -> s.toId() == 1));
    }

    // ---- the rules added for safety and liveness (see QuorumNode) ----

    @Test
    void serverNeverVotesTwiceInOneTerm()
    {
        // Each vote covers the terms after the previous one up to one above every term seen.
        final FakeContext ctx = context(4, 5);
        node4.onStart(ctx, Start.SETTLED, 5, 3);

        // Round 1: everyone has seen term 3, so the vote covers term 4 only.
        ctx.elect(node4, 2, 3, 0, 3);
        ctx.fire(node4, VOTE_TIMER);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 0, 3, 0), new Sent(VOTE, 2, 0, 0, 4, 3)), ctx.drain());

        // Round 2: a claimant who never heard of term 4 gets a vote for term 5 only.
        ctx.elect(node4, 1, 3, 0, 3);
        ctx.fire(node4, VOTE_TIMER);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 0, 4, 0), new Sent(VOTE, 1, 0, 0, 5, 4)), ctx.drain());

        // Round 3: the vote for itself is a vote too, for term 6 only.
        ctx.lead(node4, 5, 3, 9);
        ctx.elect(node4, 1, 3, 2, 5);
        ctx.fire(node4, VOTE_TIMER);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 9, 5, 0)), ctx.drain());
        assertEquals(3, node4.highestTermSeen(), "votes are promises, not terms seen");

        // Round 4: after its own vote for term 6, the next vote is for 7.
        ctx.elect(node4, 2, 3, 9, 3);
        ctx.fire(node4, VOTE_TIMER);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 9, 6, 0), new Sent(VOTE, 2, 0, 0, 7, 6)), ctx.drain());
    }

    @Test
    void candidateLeadsOnlyATermAMajorityOfVotesCoverAndOnlyAfterTheLastLeadSeen()
    {
        final FakeContext ctx = context(1, 5);
        node1.onStart(ctx, Start.SETTLED, 5, 3);
        // Votes covering no more than the term it follows elect nobody: that term has a leader.
        ctx.vote(node1, 2, 2, 3);
        ctx.vote(node1, 3, 2, 3);
        ctx.vote(node1, 4, 2, 3);
        assertEquals(Role.FOLLOWER, node1.role());

        // Three votes, but two cover term 5 and one covers term 4.
        ctx.vote(node1, 2, 4, 5);
        ctx.vote(node1, 3, 3, 4);
        ctx.vote(node1, 4, 4, 5);
        assertEquals(Role.FOLLOWER, node1.role());
        ctx.vote(node1, 3, 4, 5);
        assertEquals(Role.LEADER, node1.role());
        assertEquals(5, node1.term());
        assertEquals(new Announcement(Role.LEADER, 1, 5), ctx.lastAnnouncement());
    }

    @Test
    void recoveredServerRemembersItsVotedTermFromDurableState()
    {
        final MutableDirectBuffer disk = FakeContext.newDurableState();
        final FakeContext before = new FakeContext(4, 5, true, SETTINGS, disk);
        node4.onStart(before, Start.SETTLED, 5, 3);
        before.elect(node4, 2, 3, 0, 3);
        before.fire(node4, VOTE_TIMER);
        assertEquals(new Sent(VOTE, 2, 0, 0, 4, 3), before.drain().get(1));

        // It crashes and comes back as a new object on the same disk; the others never heard of term 4.
        final QuorumNode recovered = new QuorumNode(4, SETTINGS);
        final FakeContext after = new FakeContext(4, 5, true, SETTINGS, disk);
        recovered.onStart(after, Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        assertEquals(List.of(new Announcement(Role.FOLLOWER, 0, 0)), after.announcements);
        assertEquals(3, recovered.highestTermSeen());
        after.elect(recovered, 3, 3, 0, 3);
        after.fire(recovered, VOTE_TIMER);
        assertEquals(List.of(new Sent(ELECT, ALL, 0, 0, 4, 0), new Sent(VOTE, 3, 0, 0, 5, 4)), after.drain());
    }

    @Test
    void withoutDurableStateARecoveredServerForgetsItsVoteAndMayVoteInTheSameTermAgain()
    {
        final FakeContext before = new FakeContext(4, 5, true, SETTINGS, null);
        node4.onStart(before, Start.SETTLED, 5, 3);
        before.elect(node4, 2, 3, 0, 3);
        before.fire(node4, VOTE_TIMER);
        assertEquals(new Sent(VOTE, 2, 0, 0, 4, 3), before.drain().get(1));

        final QuorumNode recovered = new QuorumNode(4, SETTINGS);
        final FakeContext after = new FakeContext(4, 5, true, SETTINGS, null);
        recovered.onStart(after, Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        after.elect(recovered, 3, 3, 0, 3);
        after.fire(recovered, VOTE_TIMER);
        // The note's blank restart: safety then rests on stable storage outside the algorithm.
        assertEquals(new Sent(VOTE, 3, 0, 0, 4, 0), after.drain().get(1));
    }

    @Test
    void recoveredServerIgnoresLateVotesForATermItKnewBeforeItsCrash()
    {
        final MutableDirectBuffer disk = FakeContext.newDurableState();
        final FakeContext before = new FakeContext(1, 5, true, SETTINGS, disk);
        node1.onStart(before, Start.SETTLED, 5, 3);
        before.fire(node1, WATCH_TIMER);
        before.fire(node1, VOTE_TIMER);
        before.vote(node1, 2, 3, 4);
        before.vote(node1, 3, 3, 4);
        assertEquals(Role.LEADER, node1.role());
        assertEquals(4, node1.term());

        // Crashed and back: votes for term 4 still in flight would make it lead term 4 a second time.
        final QuorumNode recovered = new QuorumNode(1, SETTINGS);
        final FakeContext after = new FakeContext(1, 5, true, SETTINGS, disk);
        recovered.onStart(after, Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        after.vote(recovered, 2, 3, 4);
        after.vote(recovered, 3, 3, 4);
        after.vote(recovered, 4, 3, 4);
        assertEquals(Role.FOLLOWER, recovered.role());

        // Votes cast after hearing its ELECT are for a later term, and count.
        after.vote(recovered, 2, 4, 5);
        after.vote(recovered, 3, 4, 5);
        after.vote(recovered, 4, 4, 5);
        assertEquals(Role.LEADER, recovered.role());
        assertEquals(5, recovered.term());
    }

    @Test
    void settledAndColdStartsWriteTheirTermToDurableStateWhateverItHeld()
    {
        final MutableDirectBuffer disk = FakeContext.newDurableState();
        disk.putLong(QuorumNode.DURABLE_HIGHEST_TERM_OFFSET, 77, MessageHeader.BYTE_ORDER);
        node3.onStart(new FakeContext(3, 5, true, SETTINGS, disk), Start.SETTLED, 5, 2);
        assertEquals(2, disk.getLong(QuorumNode.DURABLE_HIGHEST_TERM_OFFSET, MessageHeader.BYTE_ORDER));
        assertEquals(2, node3.highestTermSeen());

        final QuorumNode cold = new QuorumNode(3, SETTINGS);
        cold.onStart(new FakeContext(3, 5, true, SETTINGS, disk), Start.COLD, ElectionNode.NO_LEADER, 0);
        assertEquals(0, disk.getLong(QuorumNode.DURABLE_HIGHEST_TERM_OFFSET, MessageHeader.BYTE_ORDER));
    }

    @Test
    void olderTermLeaderStepsDownOnHigherTermElect()
    {
        final FakeContext ctx = context(3, 5);
        node3.onStart(ctx, Start.SETTLED, 3, 4);
        ctx.drain();

        // Node 1 saw a LEAD of term 5, which never reached node 3.
        ctx.elect(node3, 1, 5, 2, 5);
        assertEquals(Role.CANDIDATE, node3.role());
        assertFalse(ctx.hasPendingTimer(HEARTBEAT_TIMER));
        assertEquals(List.of(new Sent(ELECT, ALL, 4, 1, 4, 0)), ctx.drain());

        // No longer leading, it votes: for the latest claim, in a term above every one seen.
        ctx.fire(node3, VOTE_TIMER);
        assertEquals(List.of(new Sent(VOTE, 1, 0, 0, 6, 4)), ctx.drain());
        assertEquals(List.of(
            new Announcement(Role.LEADER, 3, 4),
            new Announcement(Role.CANDIDATE, 0, 4),
            new Announcement(Role.FOLLOWER, 0, 4)), ctx.announcements);
    }

    @Test
    void leaderKeepsLeadingOnAnElectWithAHigherBallotButNoLaterLead()
    {
        final FakeContext ctx = context(3, 5);
        node3.onStart(ctx, Start.SETTLED, 3, 4);
        ctx.drain();

        // Node 1 voted up to term 7 in rounds that elected nobody: no later leader exists.
        ctx.elect(node3, 1, 4, 1, 7);
        ctx.fire(node3, VOTE_TIMER);
        assertEquals(Role.LEADER, node3.role());
        assertEquals(List.of(new Sent(ELECT, ALL, 4, 1, 4, 0)), ctx.drain());
        assertEquals(List.of(new Announcement(Role.LEADER, 3, 4)), ctx.announcements);
    }

    @Test
    void staleOldLeaderLosesTheVoteToAClaimOfALaterTerm()
    {
        final FakeContext ctx = context(4, 5);
        node4.onStart(ctx, Start.SETTLED, 5, 3);
        ctx.lead(node4, 5, 3, 6);

        // 5 is alive and claims, but node 2 saw a leader of term 4 after it.
        ctx.elect(node4, 5, 3, 7, 3);
        ctx.elect(node4, 2, 4, 1, 4);
        ctx.elect(node4, 1, 3, 7, 3);
        ctx.fire(node4, VOTE_TIMER);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 6, 3, 0), new Sent(VOTE, 2, 0, 0, 5, 3)), ctx.drain());
        assertEquals(new Announcement(Role.FOLLOWER, 0, 3), ctx.lastAnnouncement());
    }
}
