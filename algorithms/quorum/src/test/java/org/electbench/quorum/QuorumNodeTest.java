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
        assertEquals(List.of(new Sent(ELECT, ALL, 0, 0)), ctx.drain());
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

        ctx.deliver(node3, 1, ELECT, 2, 0);
        assertEquals(List.of(new Sent(ELECT, ALL, 2, 0)), ctx.drain());
        assertEquals(QuorumNode.Elector.VOTING, node3.elector());

        // Back to WATCHING after the vote, still without a timer of its own.
        ctx.fire(node3, VOTE_TIMER);
        assertEquals(List.of(new Sent(VOTE, 1, 2, 0)), ctx.drain());
        assertFalse(ctx.hasPendingTimer(WATCH_TIMER));
    }

    @Test
    void settledLeaderLeadsAtOnceAndEveryHeartbeatIntervalWithoutElectingItself()
    {
        final FakeContext ctx = context(3, 5);
        node3.onStart(ctx, Start.SETTLED, 3, 4);

        assertEquals(List.of(new Announcement(Role.LEADER, 3, 4)), ctx.announcements);
        assertEquals(List.of(new Sent(LEAD, ALL, 4, 1)), ctx.drain());
        for (long msg = 2; msg <= 20; msg++)
        {
            assertEquals(HBT_NS, ctx.pendingDelayNs(HEARTBEAT_TIMER));
            // Its own LEAD holds its own ELECTOR in WATCHING.
            assertEquals(3 * HBT_NS, ctx.pendingDelayNs(WATCH_TIMER));
            ctx.fire(node3, HEARTBEAT_TIMER);
            assertEquals(List.of(new Sent(LEAD, ALL, 4, msg)), ctx.drain());
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
        ctx.deliver(node3, 5, LEAD, 4, 1);
        assertEquals(3 * HBT_NS, ctx.pendingDelayNs(WATCH_TIMER));
        assertEquals(0, ctx.sentCount());

        ctx.fire(node3, WATCH_TIMER);
        assertEquals(List.of(new Sent(ELECT, ALL, 4, 1)), ctx.drain());
    }

    @Test
    void obsoleteLeadNeitherRestartsTheWatchNorChangesTheLeader()
    {
        final FakeContext ctx = context(3, 5);
        node3.onStart(ctx, Start.SETTLED, 5, 4);
        ctx.deliver(node3, 5, LEAD, 4, 7);
        ctx.advanceNs(HBT_NS);

        ctx.deliver(node3, 2, LEAD, 3, 99);
        ctx.deliver(node3, 5, LEAD, 4, 6);
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
        ctx.deliver(node3, 1, LEAD, 5, 1);
        assertEquals(new Announcement(Role.FOLLOWER, 1, 5), ctx.lastAnnouncement());
        assertEquals(1, node3.leaderId());
    }

    @Test
    void electWhileWatchingIsRecordedAndStartsVotingButWhileVotingIsOnlyRecorded()
    {
        final FakeContext ctx = context(4, 5);
        node4.onStart(ctx, Start.SETTLED, 5, 3);
        ctx.deliver(node4, 2, ELECT, 3, 0);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 0)), ctx.drain());

        ctx.deliver(node4, 1, ELECT, 3, 0);
        ctx.deliver(node4, 3, ELECT, 3, 0);
        assertEquals(0, ctx.sentCount());

        // The old leader 5 never claimed: the latest claim wins, the tie going to the smallest id.
        ctx.fire(node4, VOTE_TIMER);
        assertEquals(List.of(new Sent(VOTE, 1, 3, 0)), ctx.drain());
        assertEquals(QuorumNode.Elector.WATCHING, node4.elector());
        assertEquals(5 * HBT_NS, ctx.pendingDelayNs(WATCH_TIMER));
    }

    @Test
    void votesForTheLatestClaimOverASmallerId()
    {
        final FakeContext ctx = context(4, 5);
        node4.onStart(ctx, Start.SETTLED, 5, 3);
        ctx.deliver(node4, 5, LEAD, 3, 6);
        ctx.deliver(node4, 1, ELECT, 3, 5);
        ctx.deliver(node4, 3, ELECT, 3, 7);
        ctx.deliver(node4, 2, ELECT, 3, 7);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 6)), ctx.drain());

        ctx.fire(node4, VOTE_TIMER);
        assertEquals(List.of(new Sent(VOTE, 2, 3, 7)), ctx.drain());
    }

    @Test
    void votesForTheOldLeaderWhileItIsAliveEvenAgainstALaterClaim()
    {
        final FakeContext ctx = context(4, 5);
        node4.onStart(ctx, Start.SETTLED, 5, 3);
        ctx.deliver(node4, 5, LEAD, 3, 6);
        ctx.deliver(node4, 1, ELECT, 3, 9);
        ctx.deliver(node4, 5, ELECT, 3, 6);
        ctx.drain();

        ctx.fire(node4, VOTE_TIMER);
        assertEquals(List.of(new Sent(VOTE, 5, 3, 6)), ctx.drain());
        assertEquals(new Announcement(Role.FOLLOWER, 5, 3), ctx.lastAnnouncement());
    }

    @Test
    void deadOldLeaderIsNoLongerNamedAfterTheVote()
    {
        final FakeContext ctx = context(4, 5);
        node4.onStart(ctx, Start.SETTLED, 5, 3);
        ctx.fire(node4, WATCH_TIMER);
        ctx.deliver(node4, 2, ELECT, 3, 0);
        ctx.fire(node4, VOTE_TIMER);

        assertEquals(List.of(
            new Announcement(Role.FOLLOWER, 5, 3),
            new Announcement(Role.CANDIDATE, 0, 3),
            new Announcement(Role.FOLLOWER, 0, 3)), ctx.announcements);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 0), new Sent(VOTE, 2, 3, 0)), ctx.drain());
    }

    @Test
    void ownVoteIsLocalAndAMajorityOfConfiguredServersIsNeeded()
    {
        final FakeContext ctx = context(1, 5);
        node1.onStart(ctx, Start.SETTLED, 5, 3);
        ctx.fire(node1, WATCH_TIMER);
        ctx.deliver(node1, 2, ELECT, 3, 0);
        ctx.deliver(node1, 3, ELECT, 3, 0);
        ctx.fire(node1, VOTE_TIMER);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 0)), ctx.drain());

        // Its own vote and one more are 2 of 5: not more than N/2, though only 3 servers are alive.
        ctx.deliver(node1, 2, VOTE, 3, 0);
        assertEquals(Role.FOLLOWER, node1.role());
        assertEquals(0, ctx.sentCount());

        ctx.deliver(node1, 3, VOTE, 3, 0);
        assertEquals(Role.LEADER, node1.role());
        assertEquals(new Announcement(Role.LEADER, 1, 4), ctx.lastAnnouncement());
        assertEquals(List.of(new Sent(LEAD, ALL, 4, 1)), ctx.drain());
        assertEquals(HBT_NS, ctx.pendingDelayNs(HEARTBEAT_TIMER));
    }

    @Test
    void evenClusterNeedsMoreThanHalf()
    {
        final FakeContext ctx = context(1, 4);
        node1.onStart(ctx, Start.COLD, ElectionNode.NO_LEADER, 0);
        ctx.fire(node1, WATCH_TIMER);
        ctx.fire(node1, VOTE_TIMER);
        ctx.deliver(node1, 2, VOTE, 0, 0);
        assertEquals(Role.FOLLOWER, node1.role());
        ctx.deliver(node1, 4, VOTE, 0, 0);
        assertEquals(Role.LEADER, node1.role());
        assertEquals(1, node1.term());
    }

    @Test
    void votesGivenOnDifferentClaimsDoNotAddUp()
    {
        final FakeContext ctx = context(1, 3);
        node1.onStart(ctx, Start.COLD, ElectionNode.NO_LEADER, 0);
        ctx.deliver(node1, 2, VOTE, 0, 0);
        ctx.deliver(node1, 3, VOTE, 1, 4);
        assertEquals(Role.FOLLOWER, node1.role());

        // The latest vote per server counts: 3 changes its vote to match 2's.
        ctx.deliver(node1, 3, VOTE, 0, 0);
        assertEquals(Role.LEADER, node1.role());
    }

    @Test
    void leadClearsTheTallyBoard()
    {
        final FakeContext ctx = context(1, 5);
        node1.onStart(ctx, Start.COLD, ElectionNode.NO_LEADER, 0);
        ctx.deliver(node1, 2, VOTE, 0, 0);
        ctx.deliver(node1, 3, VOTE, 0, 0);
        ctx.deliver(node1, 5, LEAD, 1, 1);
        ctx.deliver(node1, 4, VOTE, 0, 0);
        assertEquals(Role.FOLLOWER, node1.role());
        assertEquals(5, node1.leaderId());
    }

    @Test
    void newLeaderTakesATermAboveEveryTermSeen()
    {
        final FakeContext ctx = context(1, 3);
        node1.onStart(ctx, Start.SETTLED, 3, 2);
        ctx.deliver(node1, 2, ELECT, 9, 1);
        ctx.deliver(node1, 2, VOTE, 2, 0);
        ctx.deliver(node1, 3, VOTE, 2, 0);
        assertEquals(Role.LEADER, node1.role());
        assertEquals(10, node1.term());
    }

    @Test
    void leaderStepsDownOnANewerLeadAndIgnoresAnOlderOne()
    {
        final FakeContext ctx = context(3, 5);
        node3.onStart(ctx, Start.SETTLED, 3, 4);
        ctx.fire(node3, HEARTBEAT_TIMER);
        ctx.drain();

        ctx.deliver(node3, 1, LEAD, 4, 1);
        ctx.deliver(node3, 1, LEAD, 3, 50);
        assertEquals(Role.LEADER, node3.role());

        ctx.deliver(node3, 1, LEAD, 5, 1);
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
        leaderCtx.deliver(node3, 4, LEAD, 4, 1);
        assertEquals(Role.LEADER, node3.role());
        leaderCtx.deliver(node3, 2, LEAD, 4, 1);
        assertEquals(Role.FOLLOWER, node3.role());
        assertEquals(2, node3.leaderId());
    }

    @Test
    void leaderAnswersAnElectWithItsOwnClaimAndKeepsLeading()
    {
        final FakeContext ctx = context(3, 5);
        node3.onStart(ctx, Start.SETTLED, 3, 4);
        ctx.drain();
        ctx.deliver(node3, 2, ELECT, 4, 0);
        assertEquals(List.of(new Sent(ELECT, ALL, 4, 1)), ctx.drain());
        ctx.deliver(node3, 2, VOTE, 4, 1);
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
        ctx.deliver(node3, 5, LEAD, 4, 1);
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

        after.deliver(node3, 1, LEAD, 5, 3);
        assertEquals(new Announcement(Role.FOLLOWER, 1, 5), after.lastAnnouncement());
    }

    @Test
    void malformedOrForeignFramesAreIgnored()
    {
        final FakeContext ctx = context(3, 5);
        node3.onStart(ctx, Start.SETTLED, 5, 4);
        ctx.deliverRaw(node3, 1, ELECT, QuorumMessages.BODY_LENGTH, MessageHeader.LENGTH + 8);
        ctx.deliverRaw(node3, 1, ELECT, 8, QuorumMessages.MESSAGE_LENGTH);
        ctx.deliverRaw(node3, 1, 3, QuorumMessages.BODY_LENGTH, QuorumMessages.MESSAGE_LENGTH);
        ctx.deliver(node3, 3, ELECT, 4, 0);
        ctx.deliver(node3, 6, ELECT, 4, 0);
        ctx.deliver(node3, 0, ELECT, 4, 0);
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
        ctx.deliver(node1, 2, ELECT, 0, 0);
        ctx.fire(node1, VOTE_TIMER);
        ctx.deliver(node1, 3, VOTE, 0, 0);
        ctx.fire(node1, HEARTBEAT_TIMER);
        final List<Sent> sent = ctx.drain();
        assertEquals(List.of(new Sent(ELECT, ALL, 0, 0), new Sent(LEAD, ALL, 1, 1), new Sent(LEAD, ALL, 1, 2)), sent);
        assertTrue(sent.stream().noneMatch(s -> s.toId() == 1));
    }
}
