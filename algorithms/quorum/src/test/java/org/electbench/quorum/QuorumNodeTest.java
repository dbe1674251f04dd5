package org.electbench.quorum;

import static org.electbench.quorum.QuorumMessages.ELECT;
import static org.electbench.quorum.QuorumMessages.LEAD;
import static org.electbench.quorum.QuorumMessages.VOTE;
import static org.electbench.quorum.QuorumNode.HEARTBEAT_TIMER;
import static org.electbench.quorum.QuorumNode.VOTE_TIMER;
import static org.electbench.quorum.QuorumNode.WATCH_TIMER;
import static org.electbench.quorum.QuorumPeers.drain;
import static org.electbench.quorum.QuorumPeers.elect;
import static org.electbench.quorum.QuorumPeers.lead;
import static org.electbench.quorum.QuorumPeers.vote;
import static org.electbench.testkit.ScriptedHost.ALL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.agrona.MutableDirectBuffer;
import org.electbench.quorum.QuorumPeers.Sent;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.spi.Terms;
import org.electbench.testkit.ScriptedHost;
import org.electbench.testkit.ScriptedHost.Announcement;
import org.electbench.transport.host.HostedContext;
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
        .option(QuorumAlgorithm.BALLOTS, true)
        .build();

    private final QuorumNode node1 = new QuorumNode(1, SETTINGS);
    private final QuorumNode node3 = new QuorumNode(3, SETTINGS);
    private final QuorumNode node4 = new QuorumNode(4, SETTINGS);

    /** @return a host for one life of one node, recording each broadcast as one send to {@link ScriptedHost#ALL}. */
    private static ScriptedHost host()
    {
        final ScriptedHost host = new ScriptedHost();
        host.recordBroadcastsAsOne();
        return host;
    }

    /** @return the node's context on that host, its failure detector on, with a zeroed disk of its own. */
    private static HostedContext context(final ScriptedHost host, final int selfId, final int clusterSize)
    {
        return host.context(selfId, clusterSize, true, SETTINGS);
    }

    /** Delivers a frame whose header says {@code bodyLength} and whose length is {@code length}, whatever the type's layout. */
    private static void deliverRaw(
        final ScriptedHost host, final ElectionNode node, final int fromId, final int type, final int bodyLength, final int length)
    {
        host.inbound(type, bodyLength, fromId);
        host.deliver(node, fromId, length);
    }

    @Test
    void coldStartWatchesFiveHeartbeatIntervalsThenBroadcastsAnEmptyClaim()
    {
        final ScriptedHost host = host();
        node3.onStart(context(host, 3, 5), Start.COLD, ElectionNode.NO_LEADER, 0);

        assertEquals(List.of(new Announcement(Role.FOLLOWER, 0, 0)), host.announcements());
        assertEquals(5 * HBT_NS, host.pendingDelayNs(WATCH_TIMER));
        assertEquals(0, host.sentCount());

        host.fire(node3, WATCH_TIMER);
        // Its ballot is term 1, the first term anyone may lead.
        assertEquals(List.of(new Sent(ELECT, ALL, 0, 0, 1, 0)), drain(host));
        assertEquals(RTT_NS, host.pendingDelayNs(VOTE_TIMER));
        assertEquals(QuorumState.VOTING, node3.state());
        assertEquals(new Announcement(Role.CANDIDATE, 0, 0), host.lastAnnouncement());
    }

    @Test
    void nodeWithoutDetectorNeverVotesOnItsOwnButJoinsAnElect()
    {
        final ScriptedHost host = host();
        node3.onStart(host.context(3, 5, false, SETTINGS), Start.SETTLED, 5, 2);
        assertFalse(host.hasPendingTimer(WATCH_TIMER));

        elect(host, node3, 1, 2, 0, 2);
        assertEquals(List.of(new Sent(ELECT, ALL, 2, 0, 2, 0)), drain(host));
        assertEquals(QuorumState.VOTING, node3.state());

        // Back to WATCHING after the vote, still without a timer of its own.
        host.fire(node3, VOTE_TIMER);
        assertEquals(List.of(new Sent(VOTE, 1, 0, 0, 3, 2)), drain(host));
        assertFalse(host.hasPendingTimer(WATCH_TIMER));
    }

    @Test
    void settledLeaderLeadsAtOnceAndEveryHeartbeatIntervalWithoutElectingItself()
    {
        final ScriptedHost host = host();
        node3.onStart(context(host, 3, 5), Start.SETTLED, 3, 4);

        assertEquals(List.of(new Announcement(Role.LEADER, 3, 4)), host.announcements());
        assertEquals(List.of(new Sent(LEAD, ALL, 4, 1, 0, 0)), drain(host));
        for (long msg = 2; msg <= 20; msg++)
        {
            assertEquals(HBT_NS, host.pendingDelayNs(HEARTBEAT_TIMER));
            // Its own LEAD holds its own ELECTOR in WATCHING.
            assertEquals(3 * HBT_NS, host.pendingDelayNs(WATCH_TIMER));
            host.fire(node3, HEARTBEAT_TIMER);
            assertEquals(List.of(new Sent(LEAD, ALL, 4, msg, 0, 0)), drain(host));
        }
        assertEquals(1, host.announcements().size());
    }

    @Test
    void settledFollowerWatchesThreeHeartbeatIntervalsAndEachLeadRestartsTheWatch()
    {
        final ScriptedHost host = host();
        node3.onStart(context(host, 3, 5), Start.SETTLED, 5, 4);
        assertEquals(List.of(new Announcement(Role.FOLLOWER, 5, 4)), host.announcements());
        assertEquals(3 * HBT_NS, host.pendingDelayNs(WATCH_TIMER));

        host.advanceNs(2 * HBT_NS);
        lead(host, node3, 5, 4, 1);
        assertEquals(3 * HBT_NS, host.pendingDelayNs(WATCH_TIMER));
        assertEquals(0, host.sentCount());

        host.fire(node3, WATCH_TIMER);
        assertEquals(List.of(new Sent(ELECT, ALL, 4, 1, 4, 0)), drain(host));
    }

    @Test
    void obsoleteLeadNeitherRestartsTheWatchNorChangesTheLeader()
    {
        final ScriptedHost host = host();
        node3.onStart(context(host, 3, 5), Start.SETTLED, 5, 4);
        lead(host, node3, 5, 4, 7);
        host.advanceNs(HBT_NS);

        lead(host, node3, 2, 3, 99);
        lead(host, node3, 5, 4, 6);
        assertEquals(2 * HBT_NS, host.pendingDelayNs(WATCH_TIMER));
        assertEquals(5, node3.leaderId());
        assertEquals(4, node3.term());
        assertEquals(List.of(new Announcement(Role.FOLLOWER, 5, 4)), host.announcements());
    }

    @Test
    void newerLeadIsFollowedAndAnnounced()
    {
        final ScriptedHost host = host();
        node3.onStart(context(host, 3, 5), Start.SETTLED, 5, 4);
        lead(host, node3, 1, 5, 1);
        assertEquals(new Announcement(Role.FOLLOWER, 1, 5), host.lastAnnouncement());
        assertEquals(1, node3.leaderId());
    }

    @Test
    void electWhileWatchingIsRecordedAndStartsVotingButWhileVotingIsOnlyRecorded()
    {
        final ScriptedHost host = host();
        node4.onStart(context(host, 4, 5), Start.SETTLED, 5, 3);
        elect(host, node4, 2, 3, 0, 3);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 0, 3, 0)), drain(host));

        elect(host, node4, 1, 3, 0, 3);
        elect(host, node4, 3, 3, 0, 3);
        assertEquals(0, host.sentCount());

        // The old leader 5 never claimed: the latest claim wins, the tie going to the smallest id.
        host.fire(node4, VOTE_TIMER);
        assertEquals(List.of(new Sent(VOTE, 1, 0, 0, 4, 3)), drain(host));
        assertEquals(QuorumState.WATCHING, node4.state());
        assertEquals(5 * HBT_NS, host.pendingDelayNs(WATCH_TIMER));
    }

    @Test
    void votesForTheLatestClaimOverASmallerId()
    {
        final ScriptedHost host = host();
        node4.onStart(context(host, 4, 5), Start.SETTLED, 5, 3);
        lead(host, node4, 5, 3, 6);
        elect(host, node4, 1, 3, 5, 3);
        elect(host, node4, 3, 3, 7, 3);
        elect(host, node4, 2, 3, 7, 3);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 6, 3, 0)), drain(host));

        host.fire(node4, VOTE_TIMER);
        assertEquals(List.of(new Sent(VOTE, 2, 0, 0, 4, 3)), drain(host));
    }

    @Test
    void votesForTheOldLeaderWhileItIsAliveEvenAgainstALaterClaim()
    {
        final ScriptedHost host = host();
        node4.onStart(context(host, 4, 5), Start.SETTLED, 5, 3);
        lead(host, node4, 5, 3, 6);
        elect(host, node4, 1, 3, 9, 3);
        elect(host, node4, 5, 3, 6, 3);
        drain(host);

        host.fire(node4, VOTE_TIMER);
        assertEquals(List.of(new Sent(VOTE, 5, 0, 0, 4, 3)), drain(host));
        assertEquals(new Announcement(Role.FOLLOWER, 5, 3), host.lastAnnouncement());
    }

    @Test
    void oldLeaderMissingFromOneRoundStillGetsTheVoteWhenItClaimsAgain()
    {
        final ScriptedHost host = host();
        node4.onStart(context(host, 4, 5), Start.SETTLED, 5, 3);
        lead(host, node4, 5, 3, 6);
        // Round 1: node 5 is silent, so the vote goes to the latest claim, node 2.
        elect(host, node4, 2, 3, 6, 3);
        host.fire(node4, VOTE_TIMER);
        assertEquals(new Sent(VOTE, 2, 0, 0, 4, 3), drain(host).get(1));
        assertEquals(ElectionNode.NO_LEADER, node4.leaderId(), "not heard this round: no longer named");

        // Round 2: node 5 claims the term it led, as late as node 1's claim: it is still the old leader.
        elect(host, node4, 1, 3, 6, 4);
        elect(host, node4, 5, 3, 6, 3);
        host.fire(node4, VOTE_TIMER);
        assertEquals(new Sent(VOTE, 5, 0, 0, 5, 4), drain(host).get(1));
        assertEquals(new Announcement(Role.FOLLOWER, 5, 3), host.lastAnnouncement());
    }

    @Test
    void deadOldLeaderIsNoLongerNamedAfterTheVote()
    {
        final ScriptedHost host = host();
        node4.onStart(context(host, 4, 5), Start.SETTLED, 5, 3);
        host.fire(node4, WATCH_TIMER);
        elect(host, node4, 2, 3, 0, 3);
        host.fire(node4, VOTE_TIMER);

        assertEquals(List.of(
            new Announcement(Role.FOLLOWER, 5, 3),
            new Announcement(Role.CANDIDATE, 0, 3),
            new Announcement(Role.FOLLOWER, 0, 3)), host.announcements());
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 0, 3, 0), new Sent(VOTE, 2, 0, 0, 4, 3)), drain(host));
    }

    @Test
    void ownVoteIsLocalAndAMajorityOfConfiguredServersIsNeeded()
    {
        final ScriptedHost host = host();
        node1.onStart(context(host, 1, 5), Start.SETTLED, 5, 3);
        host.fire(node1, WATCH_TIMER);
        elect(host, node1, 2, 3, 0, 3);
        elect(host, node1, 3, 3, 0, 3);
        host.fire(node1, VOTE_TIMER);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 0, 3, 0)), drain(host));

        // Its own vote and one more are 2 of 5: not more than N/2, though only 3 servers are alive.
        vote(host, node1, 2, 3, 4);
        assertEquals(Role.FOLLOWER, node1.role());
        assertEquals(0, host.sentCount());

        vote(host, node1, 3, 3, 4);
        assertEquals(Role.LEADER, node1.role());
        assertEquals(new Announcement(Role.LEADER, 1, 4), host.lastAnnouncement());
        assertEquals(List.of(new Sent(LEAD, ALL, 4, 1, 0, 0)), drain(host));
        assertEquals(HBT_NS, host.pendingDelayNs(HEARTBEAT_TIMER));
    }

    @Test
    void evenClusterNeedsMoreThanHalf()
    {
        final ScriptedHost host = host();
        node1.onStart(context(host, 1, 4), Start.COLD, ElectionNode.NO_LEADER, 0);
        host.fire(node1, WATCH_TIMER);
        host.fire(node1, VOTE_TIMER);
        vote(host, node1, 2, 0, 1);
        assertEquals(Role.FOLLOWER, node1.role());
        vote(host, node1, 4, 0, 1);
        assertEquals(Role.LEADER, node1.role());
        assertEquals(1, node1.term());
    }

    @Test
    void votesCoveringNoCommonTermDoNotAddUpThoughTheyChooseTheSameClaim()
    {
        final ScriptedHost host = host();
        node1.onStart(context(host, 1, 3), Start.COLD, ElectionNode.NO_LEADER, 0);
        vote(host, node1, 2, 0, 1);
        vote(host, node1, 3, 1, 2);
        assertEquals(Role.FOLLOWER, node1.role());

        // The latest vote per server counts: 2 votes again, in a later round, covering 3's term.
        vote(host, node1, 2, 1, 2);
        assertEquals(Role.LEADER, node1.role());
        assertEquals(2, node1.term());
    }

    @Test
    void votesThatShareOneTermAddUpThoughTheyStartAndEndApart()
    {
        final ScriptedHost host = host();
        node1.onStart(context(host, 1, 5), Start.SETTLED, 5, 1);
        // Node 3 voted alone in term 2 when its ELECT was lost; its ballot says so.
        elect(host, node1, 2, 1, 0, 1);
        elect(host, node1, 3, 1, 0, 2);
        host.fire(node1, VOTE_TIMER);
        assertEquals(1, node1.highestTermSeen(), "a ballot is a vote, not a term anyone led");

        // Its own vote covers term 2, node 2's too, node 3's only 3: term 2 has two votes.
        vote(host, node1, 2, 1, 2);
        vote(host, node1, 3, 2, 3);
        assertEquals(Role.FOLLOWER, node1.role());
        // Node 4's vote covers 2 and 3, and term 2 has a majority: the next leader after term 1.
        vote(host, node1, 4, 1, 3);
        assertEquals(Role.LEADER, node1.role());
        assertEquals(2, node1.term());
    }

    @Test
    void leadClearsTheTallyBoard()
    {
        final ScriptedHost host = host();
        node1.onStart(context(host, 1, 5), Start.COLD, ElectionNode.NO_LEADER, 0);
        vote(host, node1, 2, 0, 2);
        vote(host, node1, 3, 0, 2);
        lead(host, node1, 5, 1, 1);
        // A third vote covering term 2, still later than the LEAD's term, finds a clean board.
        vote(host, node1, 4, 0, 2);
        assertEquals(Role.FOLLOWER, node1.role());
        assertEquals(5, node1.leaderId());
    }

    @Test
    void newLeaderLeadsATermReachingTheRoundsHighestBallot()
    {
        final ScriptedHost host = host();
        node1.onStart(context(host, 1, 3), Start.SETTLED, 3, 2);
        // Node 2's votes reached term 9 in rounds that elected nobody.
        elect(host, node1, 2, 2, 0, 9);
        host.fire(node1, VOTE_TIMER);
        // Its own ELECT, sent on hearing node 2's, carries its own ballot: the settled term.
        assertEquals(List.of(new Sent(ELECT, ALL, 2, 0, 2, 0)), drain(host));
        assertEquals(Role.FOLLOWER, node1.role());
        assertEquals(2, node1.highestTermSeen());

        // Its own vote covers terms 3 to 9, so the round's votes meet on term 9.
        vote(host, node1, 2, 8, 9);
        assertEquals(Role.LEADER, node1.role());
        assertEquals(9, node1.term());
        assertEquals(List.of(new Sent(LEAD, ALL, 9, 1, 0, 0)), drain(host));
    }

    @Test
    void leaderStepsDownOnANewerLeadAndIgnoresAnOlderOne()
    {
        final ScriptedHost host = host();
        node3.onStart(context(host, 3, 5), Start.SETTLED, 3, 4);
        host.fire(node3, HEARTBEAT_TIMER);
        drain(host);

        lead(host, node3, 1, 4, 1);
        lead(host, node3, 1, 3, 50);
        assertEquals(Role.LEADER, node3.role());

        lead(host, node3, 1, 5, 1);
        assertEquals(Role.FOLLOWER, node3.role());
        assertEquals(new Announcement(Role.FOLLOWER, 1, 5), host.lastAnnouncement());
        assertFalse(host.hasPendingTimer(HEARTBEAT_TIMER));
        assertEquals(3 * HBT_NS, host.pendingDelayNs(WATCH_TIMER));
        assertEquals(0, host.sentCount());
    }

    @Test
    void leadOfTheSameTermAndNumberFromASmallerIdWins()
    {
        final ScriptedHost leaderHost = host();
        node3.onStart(context(leaderHost, 3, 5), Start.SETTLED, 3, 4);
        lead(leaderHost, node3, 4, 4, 1);
        assertEquals(Role.LEADER, node3.role());
        lead(leaderHost, node3, 2, 4, 1);
        assertEquals(Role.FOLLOWER, node3.role());
        assertEquals(2, node3.leaderId());
    }

    @Test
    void leaderAnswersAnElectWithItsOwnClaimAndKeepsLeading()
    {
        final ScriptedHost host = host();
        node3.onStart(context(host, 3, 5), Start.SETTLED, 3, 4);
        drain(host);
        elect(host, node3, 2, 4, 0, 4);
        assertEquals(List.of(new Sent(ELECT, ALL, 4, 1, 4, 0)), drain(host));
        vote(host, node3, 2, 4, 5);
        host.fire(node3, VOTE_TIMER);
        assertEquals(0, host.sentCount());
        assertEquals(Role.LEADER, node3.role());
        assertEquals(List.of(new Announcement(Role.LEADER, 3, 4)), host.announcements());
    }

    @Test
    void staleTimerIdsAreIgnored()
    {
        final ScriptedHost host = host();
        node3.onStart(context(host, 3, 5), Start.SETTLED, 5, 4);
        final long firstWatch = host.pendingTimer(WATCH_TIMER);
        lead(host, node3, 5, 4, 1);
        assertTrue(firstWatch != host.pendingTimer(WATCH_TIMER));

        node3.onTimer(firstWatch, WATCH_TIMER);
        node3.onTimer(host.pendingTimer(WATCH_TIMER), VOTE_TIMER);
        node3.onTimer(12345, HEARTBEAT_TIMER);
        assertEquals(0, host.sentCount());
        assertEquals(QuorumState.WATCHING, node3.state());
    }

    @Test
    void recoveredNodeStartsFreshAndIgnoresTimersOfItsEarlierLife()
    {
        final ScriptedHost before = host();
        node3.onStart(context(before, 3, 5), Start.SETTLED, 3, 4);
        final long heartbeat = before.pendingTimer(HEARTBEAT_TIMER);

        final ScriptedHost after = host();
        node3.onStart(context(after, 3, 5), Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        assertEquals(List.of(new Announcement(Role.FOLLOWER, 0, 0)), after.announcements());
        assertEquals(5 * HBT_NS, after.pendingDelayNs(WATCH_TIMER));
        node3.onTimer(heartbeat, HEARTBEAT_TIMER);
        assertEquals(0, after.sentCount());

        lead(after, node3, 1, 5, 3);
        assertEquals(new Announcement(Role.FOLLOWER, 1, 5), after.lastAnnouncement());
    }

    @Test
    void malformedOrForeignFramesAreIgnored()
    {
        final ScriptedHost host = host();
        node3.onStart(context(host, 3, 5), Start.SETTLED, 5, 4);
        final int voteLength = MessageHeader.LENGTH + QuorumMessages.VOTE_BODY_LENGTH;
        deliverRaw(host, node3, 1, ELECT, QuorumMessages.ELECT_BODY_LENGTH, MessageHeader.LENGTH + 16);
        // A body as long as a LEAD's is too short for an ELECT, and an ELECT's too short for a VOTE.
        deliverRaw(host, node3, 1, ELECT, QuorumMessages.LEAD_BODY_LENGTH, voteLength);
        deliverRaw(host, node3, 1, VOTE, QuorumMessages.ELECT_BODY_LENGTH, voteLength);
        deliverRaw(host, node3, 1, VOTE, QuorumMessages.VOTE_BODY_LENGTH, voteLength - 8);
        deliverRaw(host, node3, 1, LEAD, 8, voteLength);
        deliverRaw(host, node3, 1, 3, QuorumMessages.VOTE_BODY_LENGTH, voteLength);
        deliverRaw(host, node3, 1, ELECT, QuorumMessages.ELECT_BODY_LENGTH, MessageHeader.LENGTH - 1);
        elect(host, node3, 3, 4, 0, 4);
        elect(host, node3, 6, 4, 0, 4);
        elect(host, node3, 0, 4, 0, 4);
        assertEquals(0, host.sentCount());
        assertEquals(QuorumState.WATCHING, node3.state());
    }

    @Test
    void termsNoHonestServerSendsAreDroppedAndCountedAndAJumpWithinTheLimitIsTaken()
    {
        final ScriptedHost host = host();
        node3.onStart(context(host, 3, 5), Start.SETTLED, 5, 4);
        lead(host, node3, 1, Long.MAX_VALUE - 1, 1);
        lead(host, node3, 1, 4 + Terms.MAX_JUMP + 1, 1);
        lead(host, node3, 1, -4, 1);
        lead(host, node3, 1, 5, -1);
        elect(host, node3, 2, 4, 0, Long.MAX_VALUE);
        vote(host, node3, 2, -1, 5);
        vote(host, node3, 2, 4, Long.MAX_VALUE);
        assertEquals(7, node3.malformedMessages());
        assertEquals(4, node3.term());
        assertEquals(4, node3.highestTermSeen());
        assertEquals(0, host.sentCount());
        assertEquals(List.of(new Announcement(Role.FOLLOWER, 5, 4)), host.announcements());

        // 2^32 above the highest term known is the most an honest server can be ahead: taken.
        lead(host, node3, 1, 4 + Terms.MAX_JUMP, 1);
        assertEquals(new Announcement(Role.FOLLOWER, 1, 4 + Terms.MAX_JUMP), host.lastAnnouncement());
        assertEquals(7, node3.malformedMessages());
    }

    @Test
    void serverWhoseVotesReachTheLastTermVotesForNobodyElseRatherThanWrap()
    {
        // Only 2^31 accepted forgeries in a row get here; the disk stands in for them.
        final MutableDirectBuffer disk = ScriptedHost.newDurableState();
        disk.putLong(DurableVote.HIGHEST_TERM_OFFSET, Long.MAX_VALUE - 1, MessageHeader.BYTE_ORDER);
        disk.putLong(DurableVote.VOTED_TERM_OFFSET, Long.MAX_VALUE, MessageHeader.BYTE_ORDER);
        disk.putLong(DurableVote.VOTED_PREVIOUS_OFFSET, Long.MAX_VALUE - 1, MessageHeader.BYTE_ORDER);
        disk.putInt(DurableVote.VOTED_FOR_OFFSET, 2, MessageHeader.BYTE_ORDER);
        final ScriptedHost host = host();
        node4.onStart(host.context(4, 5, true, SETTINGS, disk), Start.RECOVERED, ElectionNode.NO_LEADER, 0);

        elect(host, node4, 3, Long.MAX_VALUE - 1, 7, Long.MAX_VALUE);
        host.fire(node4, VOTE_TIMER);
        // Its claim, and no VOTE for node 3: every term is covered by its vote for node 2.
        assertEquals(List.of(new Sent(ELECT, ALL, 0, 0, Long.MAX_VALUE, 0)), drain(host));
        assertEquals(Long.MAX_VALUE, disk.getLong(DurableVote.VOTED_TERM_OFFSET, MessageHeader.BYTE_ORDER));
        assertEquals(2, disk.getInt(DurableVote.VOTED_FOR_OFFSET, MessageHeader.BYTE_ORDER));

        // The same vote for node 2 is sent again unchanged.
        elect(host, node4, 2, Long.MAX_VALUE - 1, 8, Long.MAX_VALUE);
        host.fire(node4, VOTE_TIMER);
        assertEquals(new Sent(VOTE, 2, 0, 0, Long.MAX_VALUE, Long.MAX_VALUE - 1), drain(host).get(1));
        assertEquals(0, node4.malformedMessages());
    }

    @Test
    void settledStartOutsideTheClusterIsRejectedByName()
    {
        final ScriptedHost host = host();
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> node3.onStart(context(host, 3, 5), Start.SETTLED, 6, 1));
        assertEquals("a settled start needs a leader in 1..5 and a term of at least 0, was leader 6 term 1",
            ex.getMessage());
        final IllegalArgumentException wrongContext = assertThrows(IllegalArgumentException.class,
            () -> node3.onStart(context(host, 2, 5), Start.COLD, 0, 0));
        assertTrue(wrongContext.getMessage().startsWith("node 3 started with a context for node 2"),
            wrongContext.getMessage());
    }

    @Test
    void neverSendsToItself()
    {
        final ScriptedHost host = host();
        node1.onStart(context(host, 1, 3), Start.COLD, ElectionNode.NO_LEADER, 0);
        host.fire(node1, WATCH_TIMER);
        elect(host, node1, 2, 0, 0, 0);
        host.fire(node1, VOTE_TIMER);
        vote(host, node1, 3, 0, 1);
        host.fire(node1, HEARTBEAT_TIMER);
        final List<Sent> sent = drain(host);
        assertEquals(List.of(new Sent(ELECT, ALL, 0, 0, 1, 0), new Sent(LEAD, ALL, 1, 1, 0, 0), new Sent(LEAD, ALL, 1, 2, 0, 0)), sent);
        assertTrue(sent.stream().noneMatch(s -> s.toId() == 1));
        // The context drops a send to the node itself before the host records it, and counts it.
        assertEquals(0, host.refusedSends(), "its own vote and its own LEAD stay local");
    }

    // ---- the rules added for safety and liveness (see QuorumNode) ----

    @Test
    void serverNeverVotesTwiceInOneTerm()
    {
        // Each vote covers the terms after the previous one up to one above every term seen.
        final ScriptedHost host = host();
        node4.onStart(context(host, 4, 5), Start.SETTLED, 5, 3);

        // Round 1: everyone has seen term 3, so the vote covers term 4 only.
        elect(host, node4, 2, 3, 0, 3);
        host.fire(node4, VOTE_TIMER);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 0, 3, 0), new Sent(VOTE, 2, 0, 0, 4, 3)), drain(host));

        // Round 2: a claimant who never heard of term 4 gets a vote for term 5 only.
        elect(host, node4, 1, 3, 0, 3);
        host.fire(node4, VOTE_TIMER);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 0, 4, 0), new Sent(VOTE, 1, 0, 0, 5, 4)), drain(host));

        // Round 3: the vote for itself is a vote too, for term 6 only.
        lead(host, node4, 5, 3, 9);
        elect(host, node4, 1, 3, 2, 5);
        host.fire(node4, VOTE_TIMER);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 9, 5, 0)), drain(host));
        assertEquals(3, node4.highestTermSeen(), "votes are promises, not terms seen");

        // Round 4: after its own vote for term 6, the next vote is for 7.
        elect(host, node4, 2, 3, 9, 3);
        host.fire(node4, VOTE_TIMER);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 9, 6, 0), new Sent(VOTE, 2, 0, 0, 7, 6)), drain(host));
    }

    @Test
    void candidateLeadsOnlyATermAMajorityOfVotesCoverAndOnlyAfterTheLastLeadSeen()
    {
        final ScriptedHost host = host();
        node1.onStart(context(host, 1, 5), Start.SETTLED, 5, 3);
        // Votes covering no more than the term it follows elect nobody: that term has a leader.
        vote(host, node1, 2, 2, 3);
        vote(host, node1, 3, 2, 3);
        vote(host, node1, 4, 2, 3);
        assertEquals(Role.FOLLOWER, node1.role());

        // Three votes, but two cover term 5 and one covers term 4.
        vote(host, node1, 2, 4, 5);
        vote(host, node1, 3, 3, 4);
        vote(host, node1, 4, 4, 5);
        assertEquals(Role.FOLLOWER, node1.role());
        vote(host, node1, 3, 4, 5);
        assertEquals(Role.LEADER, node1.role());
        assertEquals(5, node1.term());
        assertEquals(new Announcement(Role.LEADER, 1, 5), host.lastAnnouncement());
    }

    @Test
    void recoveredServerRemembersItsVotedTermFromDurableState()
    {
        final MutableDirectBuffer disk = ScriptedHost.newDurableState();
        final ScriptedHost before = host();
        node4.onStart(before.context(4, 5, true, SETTINGS, disk), Start.SETTLED, 5, 3);
        elect(before, node4, 2, 3, 0, 3);
        before.fire(node4, VOTE_TIMER);
        assertEquals(new Sent(VOTE, 2, 0, 0, 4, 3), drain(before).get(1));

        // It crashes and comes back as a new object on the same disk; the others never heard of term 4.
        final QuorumNode recovered = new QuorumNode(4, SETTINGS);
        final ScriptedHost after = host();
        recovered.onStart(after.context(4, 5, true, SETTINGS, disk), Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        assertEquals(List.of(new Announcement(Role.FOLLOWER, 0, 0)), after.announcements());
        assertEquals(3, recovered.highestTermSeen());
        elect(after, recovered, 3, 3, 0, 3);
        after.fire(recovered, VOTE_TIMER);
        // Its ballot (rule 7) is the first term it may lead, above the term 4 it voted in before.
        assertEquals(List.of(new Sent(ELECT, ALL, 0, 0, 5, 0), new Sent(VOTE, 3, 0, 0, 5, 4)), drain(after));
    }

    @Test
    void withoutDurableStateARecoveredServerForgetsItsVoteAndMayVoteInTheSameTermAgain()
    {
        final ScriptedHost before = host();
        node4.onStart(before.context(4, 5, true, SETTINGS, null), Start.SETTLED, 5, 3);
        elect(before, node4, 2, 3, 0, 3);
        before.fire(node4, VOTE_TIMER);
        assertEquals(new Sent(VOTE, 2, 0, 0, 4, 3), drain(before).get(1));

        final QuorumNode recovered = new QuorumNode(4, SETTINGS);
        final ScriptedHost after = host();
        recovered.onStart(after.context(4, 5, true, SETTINGS, null), Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        elect(after, recovered, 3, 3, 0, 3);
        after.fire(recovered, VOTE_TIMER);
        // The note's blank restart: safety then rests on stable storage outside the algorithm.
        assertEquals(new Sent(VOTE, 3, 0, 0, 4, 0), drain(after).get(1));
    }

    @Test
    void recoveredServerIgnoresLateVotesForATermItKnewBeforeItsCrash()
    {
        final MutableDirectBuffer disk = ScriptedHost.newDurableState();
        final ScriptedHost before = host();
        node1.onStart(before.context(1, 5, true, SETTINGS, disk), Start.SETTLED, 5, 3);
        before.fire(node1, WATCH_TIMER);
        before.fire(node1, VOTE_TIMER);
        vote(before, node1, 2, 3, 4);
        vote(before, node1, 3, 3, 4);
        assertEquals(Role.LEADER, node1.role());
        assertEquals(4, node1.term());

        // Crashed and back: votes for term 4 still in flight would make it lead term 4 a second time.
        final QuorumNode recovered = new QuorumNode(1, SETTINGS);
        final ScriptedHost after = host();
        recovered.onStart(after.context(1, 5, true, SETTINGS, disk), Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        vote(after, recovered, 2, 3, 4);
        vote(after, recovered, 3, 3, 4);
        vote(after, recovered, 4, 3, 4);
        assertEquals(Role.FOLLOWER, recovered.role());

        // Votes cast after hearing its ELECT are for a later term, and count.
        vote(after, recovered, 2, 4, 5);
        vote(after, recovered, 3, 4, 5);
        vote(after, recovered, 4, 4, 5);
        assertEquals(Role.LEADER, recovered.role());
        assertEquals(5, recovered.term());
    }

    @Test
    void settledAndColdStartsWriteTheirTermToDurableStateWhateverItHeld()
    {
        final MutableDirectBuffer disk = ScriptedHost.newDurableState();
        disk.putLong(DurableVote.HIGHEST_TERM_OFFSET, 77, MessageHeader.BYTE_ORDER);
        node3.onStart(host().context(3, 5, true, SETTINGS, disk), Start.SETTLED, 5, 2);
        assertEquals(2, disk.getLong(DurableVote.HIGHEST_TERM_OFFSET, MessageHeader.BYTE_ORDER));
        assertEquals(2, node3.highestTermSeen());

        final QuorumNode cold = new QuorumNode(3, SETTINGS);
        cold.onStart(host().context(3, 5, true, SETTINGS, disk), Start.COLD, ElectionNode.NO_LEADER, 0);
        assertEquals(0, disk.getLong(DurableVote.HIGHEST_TERM_OFFSET, MessageHeader.BYTE_ORDER));
    }

    @Test
    void olderTermLeaderStepsDownOnHigherTermElect()
    {
        final ScriptedHost host = host();
        node3.onStart(context(host, 3, 5), Start.SETTLED, 3, 4);
        drain(host);

        // Node 1 saw a LEAD of term 5, which never reached node 3.
        elect(host, node3, 1, 5, 2, 5);
        assertEquals(Role.CANDIDATE, node3.role());
        assertFalse(host.hasPendingTimer(HEARTBEAT_TIMER));
        assertEquals(List.of(new Sent(ELECT, ALL, 4, 1, 4, 0)), drain(host));

        // No longer leading, it votes: for the latest claim, in a term above every one seen.
        host.fire(node3, VOTE_TIMER);
        assertEquals(List.of(new Sent(VOTE, 1, 0, 0, 6, 4)), drain(host));
        assertEquals(List.of(
            new Announcement(Role.LEADER, 3, 4),
            new Announcement(Role.CANDIDATE, 0, 4),
            new Announcement(Role.FOLLOWER, 0, 4)), host.announcements());
    }

    @Test
    void leaderKeepsLeadingOnAnElectWithAHigherBallotButNoLaterLead()
    {
        final ScriptedHost host = host();
        node3.onStart(context(host, 3, 5), Start.SETTLED, 3, 4);
        drain(host);

        // Node 1 voted up to term 7 in rounds that elected nobody: no later leader exists.
        elect(host, node3, 1, 4, 1, 7);
        host.fire(node3, VOTE_TIMER);
        assertEquals(Role.LEADER, node3.role());
        assertEquals(List.of(new Sent(ELECT, ALL, 4, 1, 4, 0)), drain(host));
        assertEquals(List.of(new Announcement(Role.LEADER, 3, 4)), host.announcements());
    }

    @Test
    void staleOldLeaderLosesTheVoteToAClaimOfALaterTerm()
    {
        final ScriptedHost host = host();
        node4.onStart(context(host, 4, 5), Start.SETTLED, 5, 3);
        lead(host, node4, 5, 3, 6);

        // 5 is alive and claims, but node 2 saw a leader of term 4 after it.
        elect(host, node4, 5, 3, 7, 3);
        elect(host, node4, 2, 4, 1, 4);
        elect(host, node4, 1, 3, 7, 3);
        host.fire(node4, VOTE_TIMER);
        assertEquals(List.of(new Sent(ELECT, ALL, 3, 6, 3, 0), new Sent(VOTE, 2, 0, 0, 5, 3)), drain(host));
        assertEquals(new Announcement(Role.FOLLOWER, 0, 3), host.lastAnnouncement());
    }

    // ---- at rest (ElectionNode.restSilenceNs) ----

    @Test
    void atRestOnlyAfterASettledStartOrTheLeadersLeadAndNeverDuringARoundInBothVariants()
    {
        for (final boolean ballots : new boolean[] {true, false})
        {
            final ElectionSettings settings = SETTINGS.toBuilder().option(QuorumAlgorithm.BALLOTS, ballots).build();
            final String variant = "ballots " + ballots;
            final ScriptedHost host = host();
            final QuorumNode follower = new QuorumNode(4, settings);
            follower.onStart(host.context(4, 5, true, settings), Start.SETTLED, 5, 3);
            assertEquals(3 * HBT_NS, follower.restSilenceNs(), variant);
            lead(host, follower, 5, 3, 1);
            assertEquals(3 * HBT_NS, follower.restSilenceNs(), variant);

            // Its watch runs out: a round, then a vote for node 2, naming nobody until node 2 leads.
            host.fire(follower, WATCH_TIMER);
            assertEquals(ElectionNode.NOT_AT_REST, follower.restSilenceNs(), variant);
            elect(host, follower, 2, 3, 1, 3);
            host.fire(follower, VOTE_TIMER);
            assertEquals(QuorumState.WATCHING, follower.state(), variant);
            assertEquals(ElectionNode.NOT_AT_REST, follower.restSilenceNs(), variant);
            lead(host, follower, 2, 4, 1);
            assertEquals(new Announcement(Role.FOLLOWER, 2, 4), host.lastAnnouncement(), variant);
            assertEquals(3 * HBT_NS, follower.restSilenceNs(), variant);
            lead(host, follower, 2, 4, 2);
            assertEquals(3 * HBT_NS, follower.restSilenceNs(), variant);

            // The leader hears nothing back and acts on no silence; an ELECT opens a round it is not at rest in.
            final ScriptedHost leaderHost = host();
            final QuorumNode leader = new QuorumNode(3, settings);
            leader.onStart(leaderHost.context(3, 5, true, settings), Start.SETTLED, 3, 4);
            assertEquals(Long.MAX_VALUE, leader.restSilenceNs(), variant);
            leaderHost.fire(leader, HEARTBEAT_TIMER);
            assertEquals(Long.MAX_VALUE, leader.restSilenceNs(), variant);
            elect(leaderHost, leader, 2, 4, 0, 4);
            assertEquals(QuorumState.LEADING_VOTING, leader.state(), variant);
            assertEquals(ElectionNode.NOT_AT_REST, leader.restSilenceNs(), variant);
            leaderHost.fire(leader, VOTE_TIMER);
            assertEquals(Role.LEADER, leader.role(), variant);
            assertEquals(Long.MAX_VALUE, leader.restSilenceNs(), variant);
        }
    }

    @Test
    void followerBackFromARoundNamingItsOldLeaderRestsOnlyOnceThatLeaderLeadsAgain()
    {
        final ScriptedHost host = host();
        node4.onStart(context(host, 4, 5), Start.SETTLED, 5, 3);
        lead(host, node4, 5, 3, 6);
        elect(host, node4, 5, 3, 6, 3);
        host.fire(node4, VOTE_TIMER);
        assertEquals(new Announcement(Role.FOLLOWER, 5, 3), host.lastAnnouncement());
        // Its watch runs from the vote, 5 HBT, not from a LEAD.
        assertEquals(5 * HBT_NS, host.pendingDelayNs(WATCH_TIMER));
        assertEquals(ElectionNode.NOT_AT_REST, node4.restSilenceNs());

        lead(host, node4, 5, 3, 7);
        assertEquals(3 * HBT_NS, node4.restSilenceNs());
    }

    @Test
    void followerWithoutDetectorRestsForEverAndAColdNodeNotAtAll()
    {
        final ScriptedHost host = host();
        node3.onStart(host.context(3, 5, false, SETTINGS), Start.SETTLED, 5, 2);
        assertEquals(Long.MAX_VALUE, node3.restSilenceNs());
        lead(host, node3, 5, 2, 1);
        assertEquals(Long.MAX_VALUE, node3.restSilenceNs());

        assertEquals(ElectionNode.NOT_AT_REST, node1.restSilenceNs(), "not started");
        node1.onStart(context(host(), 1, 5), Start.COLD, ElectionNode.NO_LEADER, 0);
        assertEquals(ElectionNode.NOT_AT_REST, node1.restSilenceNs(), "watching, naming nobody");
    }
}
