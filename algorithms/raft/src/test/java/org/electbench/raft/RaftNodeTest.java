package org.electbench.raft;

import static org.electbench.raft.RaftMessages.HEARTBEAT;
import static org.electbench.raft.RaftMessages.HEARTBEAT_RESPONSE;
import static org.electbench.raft.RaftMessages.PRE_VOTE;
import static org.electbench.raft.RaftMessages.PRE_VOTE_RESPONSE;
import static org.electbench.raft.RaftMessages.REQUEST_VOTE;
import static org.electbench.raft.RaftMessages.VOTE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.raft.RaftScript.Announcement;
import org.electbench.raft.RaftScript.Sent;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.testkit.ScriptedHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * One raft node driven by hand: the cluster is five nodes, T = 50 ms, HBT = 10 ms.
 */
class RaftNodeTest
{
    private static final long MS = 1_000_000L;
    private static final long T_NS = 50 * MS;
    private static final long HBT_NS = 10 * MS;
    private static final int NODES = 5;
    private static final ElectionSettings SETTINGS = ElectionSettings.builder()
        .heartbeatIntervalNs(HBT_NS)
        .detectionTimeoutNs(T_NS)
        .build();

    private static RaftNode node(final int selfId, final ElectionSettings settings)
    {
        return (RaftNode)new RaftAlgorithm().newNode(selfId, settings);
    }

    /** Node 3 following node 5, the settled leader of term 1. */
    private static RaftScript settledFollower(final RaftNode node, final MutableDirectBuffer disk)
    {
        final RaftScript ctx = new RaftScript();
        node.onStart(ctx.context(3, NODES, true, SETTINGS, disk), Start.SETTLED, 5, 1);
        return ctx;
    }

    @ParameterizedTest(name = "spreadMs={0}")
    @ValueSource(longs = {0, 7, 50})
    void followerDrawsEachElectionTimeoutUniformlyFromTToTPlusSpreadOnEveryReset(final long spreadMs)
    {
        final long spreadNs = spreadMs * MS;
        final RaftNode node = node(3, RaftOptions.spread(SETTINGS, spreadNs));
        final RaftScript ctx = settledFollower(node, ScriptedHost.newDurableState());
        final int draws = 20_000;
        long minNs = Long.MAX_VALUE;
        long maxNs = Long.MIN_VALUE;
        double sumNs = 0;
        for (int i = 0; i < draws; i++)
        {
            ctx.advanceNs(HBT_NS);
            ctx.deliver(node, 5, HEARTBEAT, 1);
            final RaftScript.Timer timer = ctx.timer(RaftNode.ELECTION_TIMER);
            assertEquals(ctx.nowNs(), timer.armedNs());
            final long delayNs = timer.dueNs() - timer.armedNs();
            minNs = Math.min(minNs, delayNs);
            maxNs = Math.max(maxNs, delayNs);
            sumNs += delayNs;
        }
        // One pending election timer at a time: every reset cancelled the one before.
        assertEquals(1, ctx.pendingTimers());
        if (0 == spreadNs)
        {
            assertEquals(T_NS, minNs);
            assertEquals(T_NS, maxNs);
        }
        else
        {
            assertTrue(minNs >= T_NS && minNs < T_NS + spreadNs / 100, "min " + minNs);
            assertTrue(maxNs < T_NS + spreadNs && maxNs > T_NS + spreadNs * 99 / 100, "max " + maxNs);
            final double meanNs = sumNs / draws;
            assertEquals(T_NS + spreadNs / 2.0, meanNs, spreadNs * 0.02);
        }
    }

    @Test
    void timeoutMakesACandidateOfTheNextTermThatVotesForItselfDurablyAndAsksEveryPeer()
    {
        final MutableDirectBuffer disk = ScriptedHost.newDurableState();
        final RaftNode node = node(3, SETTINGS);
        final RaftScript ctx = settledFollower(node, disk);
        ctx.fire(node, RaftNode.ELECTION_TIMER);

        assertEquals(RaftNode.State.CANDIDATE, node.state());
        assertEquals(2, node.term());
        assertEquals(3, node.votedFor());
        assertEquals(2, disk.getLong(RaftNode.DURABLE_TERM_OFFSET, MessageHeader.BYTE_ORDER));
        assertEquals(3, disk.getInt(RaftNode.DURABLE_VOTED_FOR_OFFSET, MessageHeader.BYTE_ORDER));
        assertEquals(List.of(new Sent(ctx.nowNs(), REQUEST_VOTE, ScriptedHost.ALL, 2, false)), ctx.sent());
        assertEquals(new Announcement(ctx.nowNs(), Role.CANDIDATE, 0, 2), ctx.lastAnnouncement());
        assertTrue(null != ctx.timer(RaftNode.ELECTION_TIMER), "a candidate times out too");
    }

    @Test
    void candidateLeadsOnVotesFromAMajorityOfTheConfiguredClusterCountingEachVoterOnce()
    {
        final RaftNode node = node(3, SETTINGS);
        final RaftScript ctx = settledFollower(node, ScriptedHost.newDurableState());
        ctx.fire(node, RaftNode.ELECTION_TIMER);
        ctx.clearSent();

        ctx.deliver(node, 1, VOTE, 2, true);
        ctx.deliver(node, 1, VOTE, 2, true);
        ctx.deliver(node, 2, VOTE, 2, false);
        ctx.deliver(node, 4, VOTE, 1, true);
        assertEquals(RaftNode.State.CANDIDATE, node.state(), "two votes of five, its own included, do not win");

        ctx.deliver(node, 4, VOTE, 2, true);
        assertEquals(RaftNode.State.LEADER, node.state());
        assertEquals(List.of(new Sent(ctx.nowNs(), HEARTBEAT, ScriptedHost.ALL, 2, false)), ctx.sent());
        assertEquals(new Announcement(ctx.nowNs(), Role.LEADER, 3, 2), ctx.lastAnnouncement());
        assertNull(ctx.timer(RaftNode.ELECTION_TIMER));
        assertEquals(HBT_NS, ctx.timer(RaftNode.HEARTBEAT_TIMER).dueNs() - ctx.nowNs());
    }

    @ParameterizedTest(name = "durable={0}")
    @ValueSource(booleans = {true, false})
    void restartedNodeGrantsNoSecondVoteInATermOnlyWhenItsVoteIsDurable(final boolean durable)
    {
        final MutableDirectBuffer disk = durable ? ScriptedHost.newDurableState() : null;
        final RaftNode node = node(3, SETTINGS);
        final RaftScript before = settledFollower(node, disk);
        before.deliver(node, 1, REQUEST_VOTE, 4);
        before.deliver(node, 2, REQUEST_VOTE, 4);
        assertEquals(List.of(new Sent(0, VOTE, 1, 4, true), new Sent(0, VOTE, 2, 4, false)), before.sent());

        // A crash and a restart with the same disk: candidate 2 asks again in term 4.
        final RaftNode restarted = node(3, SETTINGS);
        final RaftScript after = new RaftScript();
        restarted.onStart(after.context(3, NODES, true, SETTINGS, disk), Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        after.deliver(restarted, 2, REQUEST_VOTE, 4);

        assertEquals(List.of(new Sent(0, VOTE, 2, 4, !durable)), after.sent());
        assertEquals(new Announcement(0, Role.FOLLOWER, 0, 4), after.lastAnnouncement());
    }

    @Test
    void anyHigherTermStepsALeaderDownButAPreVoteOfAHigherTermDoesNot()
    {
        final RaftNode node = node(5, RaftOptions.preVote(SETTINGS, true));
        final RaftScript ctx = new RaftScript();
        node.onStart(ctx.context(5, NODES, true, SETTINGS, ScriptedHost.newDurableState()), Start.SETTLED, 5, 1);

        ctx.deliver(node, 1, PRE_VOTE, 7);
        assertEquals(RaftNode.State.LEADER, node.state());
        assertEquals(1, node.term());
        assertEquals(List.of(new Sent(0, PRE_VOTE_RESPONSE, 1, 1, false)), ctx.sent());

        ctx.deliver(node, 2, HEARTBEAT_RESPONSE, 3);
        assertEquals(RaftNode.State.FOLLOWER, node.state());
        assertEquals(3, node.term());
        assertEquals(ElectionNode.NO_LEADER, node.votedFor());
        assertEquals(new Announcement(0, Role.FOLLOWER, 0, 3), ctx.lastAnnouncement());
        assertNull(ctx.timer(RaftNode.HEARTBEAT_TIMER));
        assertTrue(null != ctx.timer(RaftNode.ELECTION_TIMER));
    }

    @Test
    void preVoteIsGrantedOnlyWhenNoLeaderWasHeardForTAndMovesNoTermNorVoteNorTimer()
    {
        final RaftNode node = node(3, RaftOptions.preVote(SETTINGS, true));
        final RaftScript ctx = settledFollower(node, ScriptedHost.newDurableState());
        ctx.advanceNs(HBT_NS);
        ctx.deliver(node, 5, HEARTBEAT, 1);
        final RaftScript.Timer timer = ctx.timer(RaftNode.ELECTION_TIMER);

        ctx.advanceNs(T_NS - 1);
        ctx.deliver(node, 1, PRE_VOTE, 2);
        ctx.advanceNs(1);
        ctx.deliver(node, 1, PRE_VOTE, 2);
        ctx.deliver(node, 2, PRE_VOTE, 1);

        assertEquals(List.of(
            new Sent(HBT_NS + T_NS - 1, PRE_VOTE_RESPONSE, 1, 1, false),
            new Sent(HBT_NS + T_NS, PRE_VOTE_RESPONSE, 1, 2, true),
            new Sent(HBT_NS + T_NS, PRE_VOTE_RESPONSE, 2, 1, false)), ctx.sent());
        assertEquals(1, node.term());
        assertEquals(5, node.votedFor());
        assertEquals(5, node.leaderId());
        assertEquals(timer, ctx.timer(RaftNode.ELECTION_TIMER));
    }

    @Test
    void preCandidateRaisesItsTermOnlyOnPreVotesFromAMajority()
    {
        final RaftNode node = node(3, RaftOptions.preVote(SETTINGS, true));
        final RaftScript ctx = settledFollower(node, ScriptedHost.newDurableState());
        ctx.fire(node, RaftNode.ELECTION_TIMER);

        assertEquals(RaftNode.State.PRE_CANDIDATE, node.state());
        assertEquals(1, node.term());
        assertEquals(List.of(new Sent(ctx.nowNs(), PRE_VOTE, ScriptedHost.ALL, 2, false)), ctx.sent());
        assertEquals(new Announcement(ctx.nowNs(), Role.CANDIDATE, 0, 1), ctx.lastAnnouncement());

        ctx.deliver(node, 1, PRE_VOTE_RESPONSE, 2, true);
        ctx.deliver(node, 2, PRE_VOTE_RESPONSE, 1, false);
        assertEquals(RaftNode.State.PRE_CANDIDATE, node.state());
        ctx.deliver(node, 4, PRE_VOTE_RESPONSE, 2, true);

        assertEquals(RaftNode.State.CANDIDATE, node.state());
        assertEquals(2, node.term());
        assertEquals(new Sent(ctx.nowNs(), REQUEST_VOTE, ScriptedHost.ALL, 2, false), ctx.lastSent());
    }

    @Test
    void preCandidateThatGrantsAVoteFollowsWithAFreshTimerInsteadOfStandingItself()
    {
        final RaftNode node = node(3, RaftOptions.preVote(SETTINGS, true));
        final RaftScript ctx = settledFollower(node, ScriptedHost.newDurableState());
        // Term 2 learnt with no vote cast in it; then a pre-vote round of its own for term 3.
        ctx.deliver(node, 4, HEARTBEAT_RESPONSE, 2);
        ctx.fire(node, RaftNode.ELECTION_TIMER);
        assertEquals(RaftNode.State.PRE_CANDIDATE, node.state());
        ctx.deliver(node, 2, REQUEST_VOTE, 2);

        assertEquals(RaftNode.State.FOLLOWER, node.state());
        assertEquals(2, node.votedFor());
        assertEquals(new Sent(ctx.nowNs(), VOTE, 2, 2, true), ctx.lastSent());
        assertEquals(ctx.nowNs(), ctx.timer(RaftNode.ELECTION_TIMER).armedNs());
        // Its own round is over: late grants of its pre-vote change nothing.
        ctx.deliver(node, 1, PRE_VOTE_RESPONSE, 3, true);
        ctx.deliver(node, 4, PRE_VOTE_RESPONSE, 3, true);
        assertEquals(RaftNode.State.FOLLOWER, node.state());
        assertEquals(2, node.term());
    }

    @Test
    void refusedPreVoteOfAHigherTermMakesThePreCandidateFollowThatTerm()
    {
        final RaftNode node = node(3, RaftOptions.preVote(SETTINGS, true));
        final RaftScript ctx = settledFollower(node, ScriptedHost.newDurableState());
        ctx.fire(node, RaftNode.ELECTION_TIMER);
        ctx.deliver(node, 1, PRE_VOTE_RESPONSE, 6, false);

        assertEquals(RaftNode.State.FOLLOWER, node.state());
        assertEquals(6, node.term());
        assertEquals(new Announcement(ctx.nowNs(), Role.FOLLOWER, 0, 6), ctx.lastAnnouncement());
    }

    @Test
    void heartbeatOfAnOlderTermIsAnsweredWithTheNewerTermAndFollowsNobody()
    {
        final RaftNode node = node(3, SETTINGS);
        final RaftScript ctx = settledFollower(node, ScriptedHost.newDurableState());
        ctx.deliver(node, 4, HEARTBEAT, 3);
        ctx.clearSent();

        ctx.deliver(node, 5, HEARTBEAT, 1);
        assertEquals(List.of(new Sent(0, HEARTBEAT_RESPONSE, 5, 3, false)), ctx.sent());
        assertEquals(4, node.leaderId());
        assertEquals(new Announcement(0, Role.FOLLOWER, 4, 3), ctx.lastAnnouncement());
    }

    @Test
    void checkQuorumLeaderStepsDownExactlyTAfterTheLastInstantAMajorityHadBeenHeard()
    {
        final RaftNode node = node(5, RaftOptions.checkQuorum(SETTINGS, true));
        final RaftScript ctx = new RaftScript();
        node.onStart(ctx.context(5, NODES, true, SETTINGS, ScriptedHost.newDurableState()), Start.SETTLED, 5, 1);

        ctx.advanceNs(10 * MS);
        ctx.deliver(node, 1, HEARTBEAT_RESPONSE, 1);
        ctx.deliver(node, 2, HEARTBEAT_RESPONSE, 1);
        ctx.advanceNs(20 * MS);
        ctx.deliver(node, 1, HEARTBEAT_RESPONSE, 1);
        // Answers of an older term are no contact.
        ctx.deliver(node, 3, HEARTBEAT_RESPONSE, 0);

        // At T the majority (5, 1 and 2) was last heard together at 10 ms: the next check is at 10 ms + T.
        ctx.fire(node, RaftNode.QUORUM_TIMER);
        assertEquals(T_NS, ctx.nowNs());
        assertEquals(RaftNode.State.LEADER, node.state());
        assertEquals(10 * MS + T_NS, ctx.timer(RaftNode.QUORUM_TIMER).dueNs());

        ctx.fire(node, RaftNode.QUORUM_TIMER);
        assertEquals(RaftNode.State.FOLLOWER, node.state());
        assertEquals(new Announcement(10 * MS + T_NS, Role.FOLLOWER, 0, 1), ctx.lastAnnouncement());
        assertNull(ctx.timer(RaftNode.HEARTBEAT_TIMER));
        assertNull(ctx.timer(RaftNode.QUORUM_TIMER));
    }

    @ParameterizedTest(name = "checkQuorum={0}")
    @ValueSource(booleans = {false, true})
    void settledFollowerRestsForTAndItsLeaderForeverOrTWithCheckQuorumWhateverHeartbeatsAndAnswersArrive(
        final boolean checkQuorum)
    {
        final ElectionSettings settings = RaftOptions.checkQuorum(SETTINGS, checkQuorum);
        final long leaderSilenceNs = checkQuorum ? T_NS : Long.MAX_VALUE;
        final RaftNode leader = node(5, settings);
        final RaftScript leaderCtx = new RaftScript();
        leader.onStart(leaderCtx.context(5, NODES, true, settings, ScriptedHost.newDurableState()), Start.SETTLED, 5, 1);
        final RaftNode follower = node(3, settings);
        final RaftScript followerCtx = new RaftScript();
        follower.onStart(followerCtx.context(3, NODES, true, settings, ScriptedHost.newDurableState()), Start.SETTLED, 5, 1);

        // T, the floor of [T, 2T), not the draw armed now: the next heartbeat may draw T itself.
        assertTrue(followerCtx.timer(RaftNode.ELECTION_TIMER).dueNs() > T_NS, "a draw above T (seeded)");
        assertEquals(T_NS, follower.restSilenceNs());
        assertEquals(leaderSilenceNs, leader.restSilenceNs());

        for (int round = 0; round < 3; round++)
        {
            leaderCtx.fire(leader, RaftNode.HEARTBEAT_TIMER);
            followerCtx.advanceNs(HBT_NS);
            followerCtx.deliver(follower, 5, HEARTBEAT, 1);
            assertEquals(T_NS, follower.restSilenceNs());
            // An answer of the leader's term, late or not, and a stale one of an older term.
            leaderCtx.deliver(leader, 3, HEARTBEAT_RESPONSE, 1);
            leaderCtx.deliver(leader, 2, HEARTBEAT_RESPONSE, 0);
            assertEquals(leaderSilenceNs, leader.restSilenceNs());
        }
        assertEquals(RaftNode.State.LEADER, leader.state());
        assertEquals(List.of(new Announcement(0, Role.LEADER, 5, 1)), leaderCtx.announcements());
        assertEquals(List.of(new Announcement(0, Role.FOLLOWER, 5, 1)), followerCtx.announcements());
        // The follower's steady sends: an answer to each heartbeat with CheckQuorum, nothing without.
        assertEquals(checkQuorum ? List.of(
            new Sent(HBT_NS, HEARTBEAT_RESPONSE, 5, 1, false),
            new Sent(2 * HBT_NS, HEARTBEAT_RESPONSE, 5, 1, false),
            new Sent(3 * HBT_NS, HEARTBEAT_RESPONSE, 5, 1, false)) : List.of(), followerCtx.sent());
    }

    @ParameterizedTest(name = "preVote={0}")
    @ValueSource(booleans = {false, true})
    void nodeIsNotAtRestFromItsTimeoutUntilItLeadsOrFollowsTheNewLeader(final boolean preVote)
    {
        final ElectionSettings settings = RaftOptions.preVote(SETTINGS, preVote);
        final RaftNode candidate = node(3, settings);
        final RaftScript candidateCtx = new RaftScript();
        candidate.onStart(candidateCtx.context(3, NODES, true, settings, ScriptedHost.newDurableState()), Start.SETTLED, 5, 1);
        final RaftNode voter = node(2, settings);
        final RaftScript voterCtx = new RaftScript();
        voter.onStart(voterCtx.context(2, NODES, true, settings, ScriptedHost.newDurableState()), Start.SETTLED, 5, 1);
        assertEquals(T_NS, candidate.restSilenceNs());
        assertEquals(T_NS, voter.restSilenceNs());

        candidateCtx.fire(candidate, RaftNode.ELECTION_TIMER);
        assertEquals(preVote ? RaftNode.State.PRE_CANDIDATE : RaftNode.State.CANDIDATE, candidate.state());
        assertEquals(ElectionNode.NOT_AT_REST, candidate.restSilenceNs());
        if (preVote)
        {
            candidateCtx.deliver(candidate, 1, PRE_VOTE_RESPONSE, 2, true);
            candidateCtx.deliver(candidate, 2, PRE_VOTE_RESPONSE, 2, true);
            assertEquals(RaftNode.State.CANDIDATE, candidate.state());
            assertEquals(ElectionNode.NOT_AT_REST, candidate.restSilenceNs());
        }

        // The voter moves to term 2 with no leader known: it follows nobody yet.
        voterCtx.advanceNs(T_NS);
        voterCtx.deliver(voter, 3, REQUEST_VOTE, 2);
        assertEquals(new Sent(T_NS, VOTE, 3, 2, true), voterCtx.lastSent());
        assertEquals(ElectionNode.NOT_AT_REST, voter.restSilenceNs());

        candidateCtx.deliver(candidate, 1, VOTE, 2, true);
        assertEquals(ElectionNode.NOT_AT_REST, candidate.restSilenceNs(), "one vote of three needed");
        candidateCtx.deliver(candidate, 2, VOTE, 2, true);
        assertEquals(RaftNode.State.LEADER, candidate.state());
        assertEquals(Long.MAX_VALUE, candidate.restSilenceNs());

        voterCtx.deliver(voter, 3, HEARTBEAT, 2);
        assertEquals(new Announcement(T_NS, Role.FOLLOWER, 3, 2), voterCtx.lastAnnouncement());
        assertEquals(T_NS, voter.restSilenceNs());
    }

    @Test
    void followerIsNotAtRestOnceItsLeaderIsSilentForTOrHeartbeatsInAnOlderTerm()
    {
        final RaftNode node = node(3, SETTINGS);
        final RaftScript ctx = settledFollower(node, ScriptedHost.newDurableState());
        // Its timer, drawn above T, has not fired at T; its leader is no longer live all the same.
        ctx.advanceNs(T_NS - 1);
        assertEquals(T_NS, node.restSilenceNs());
        ctx.advanceNs(1);
        assertTrue(ctx.timer(RaftNode.ELECTION_TIMER).dueNs() > ctx.nowNs());
        assertEquals(ElectionNode.NOT_AT_REST, node.restSilenceNs());
        ctx.deliver(node, 5, HEARTBEAT, 1);
        assertEquals(T_NS, node.restSilenceNs());

        // Term 2 led by 4; then 4 heartbeats in term 1 (a restart without a disk, say): answering deposes it.
        ctx.deliver(node, 4, HEARTBEAT, 2);
        assertEquals(T_NS, node.restSilenceNs());
        ctx.deliver(node, 4, HEARTBEAT, 1);
        assertEquals(new Sent(T_NS, HEARTBEAT_RESPONSE, 4, 2, false), ctx.lastSent());
        assertEquals(4, node.leaderId());
        assertEquals(ElectionNode.NOT_AT_REST, node.restSilenceNs());
        // A stale heartbeat of a leader it does not name is answered too, but leaves it at rest.
        ctx.deliver(node, 4, HEARTBEAT, 2);
        ctx.deliver(node, 5, HEARTBEAT, 1);
        assertEquals(new Sent(T_NS, HEARTBEAT_RESPONSE, 5, 2, false), ctx.lastSent());
        assertEquals(T_NS, node.restSilenceNs());
    }

    @Test
    void followerWithoutADetectorRestsForeverAndACheckQuorumLeaderThatStepsDownNotAtAll()
    {
        final RaftNode follower = node(3, SETTINGS);
        final RaftScript followerCtx = new RaftScript();
        follower.onStart(followerCtx.context(3, NODES, false, SETTINGS, ScriptedHost.newDurableState()), Start.SETTLED, 5, 1);
        assertEquals(Long.MAX_VALUE, follower.restSilenceNs());

        final ElectionSettings settings = RaftOptions.checkQuorum(SETTINGS, true);
        final RaftNode leader = node(5, settings);
        final RaftScript leaderCtx = new RaftScript();
        leader.onStart(leaderCtx.context(5, NODES, true, settings, ScriptedHost.newDurableState()), Start.SETTLED, 5, 1);
        assertEquals(T_NS, leader.restSilenceNs());
        leaderCtx.fire(leader, RaftNode.QUORUM_TIMER);
        assertEquals(RaftNode.State.FOLLOWER, leader.state());
        assertEquals(ElectionNode.NOT_AT_REST, leader.restSilenceNs());
    }

    @Test
    void followerWithoutADetectorVotesAndFollowsButNeverCampaigns()
    {
        final RaftNode node = node(3, SETTINGS);
        final RaftScript ctx = new RaftScript();
        node.onStart(ctx.context(3, NODES, false, SETTINGS, ScriptedHost.newDurableState()), Start.SETTLED, 5, 1);
        ctx.deliver(node, 2, REQUEST_VOTE, 2);
        ctx.deliver(node, 2, HEARTBEAT, 2);

        assertEquals(0, ctx.pendingTimers());
        assertEquals(List.of(new Sent(0, VOTE, 2, 2, true)), ctx.sent());
        assertEquals(new Announcement(0, Role.FOLLOWER, 2, 2), ctx.lastAnnouncement());
    }

    @Test
    void malformedFramesAreDroppedAndCountedWithoutChangingAnything()
    {
        final RaftNode node = node(3, SETTINGS);
        final RaftScript ctx = settledFollower(node, ScriptedHost.newDurableState());
        final UnsafeBuffer frame = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);

        // Truncated header; unknown type; a body one byte short; one byte long; a forged sender;
        // a negative term; a term no honest peer could hold; a granted byte of 2; a sender outside the cluster.
        node.onMessage(5, frame, 0, MessageHeader.LENGTH - 1);
        MessageHeader.write(frame, 0, RaftMessages.TYPE_LIMIT, 8, 5);
        node.onMessage(5, frame, 0, MessageHeader.LENGTH + 8);
        MessageHeader.write(frame, 0, HEARTBEAT, 7, 5);
        node.onMessage(5, frame, 0, MessageHeader.LENGTH + 7);
        MessageHeader.write(frame, 0, HEARTBEAT, 9, 5);
        node.onMessage(5, frame, 0, MessageHeader.LENGTH + 9);
        MessageHeader.write(frame, 0, HEARTBEAT, 8, 4);
        frame.putLong(RaftMessages.TERM_OFFSET, 9, MessageHeader.BYTE_ORDER);
        node.onMessage(5, frame, 0, MessageHeader.LENGTH + 8);
        MessageHeader.write(frame, 0, HEARTBEAT, 8, 5);
        frame.putLong(RaftMessages.TERM_OFFSET, -9, MessageHeader.BYTE_ORDER);
        node.onMessage(5, frame, 0, MessageHeader.LENGTH + 8);
        frame.putLong(RaftMessages.TERM_OFFSET, Long.MAX_VALUE, MessageHeader.BYTE_ORDER);
        node.onMessage(5, frame, 0, MessageHeader.LENGTH + 8);
        MessageHeader.write(frame, 0, VOTE, 9, 5);
        frame.putLong(RaftMessages.TERM_OFFSET, 9, MessageHeader.BYTE_ORDER);
        frame.putByte(RaftMessages.GRANTED_OFFSET, (byte)2);
        node.onMessage(5, frame, 0, MessageHeader.LENGTH + 9);
        MessageHeader.write(frame, 0, HEARTBEAT, 8, 6);
        node.onMessage(6, frame, 0, MessageHeader.LENGTH + 8);

        assertEquals(9, node.malformedMessages());
        assertEquals(1, node.term());
        assertEquals(5, node.leaderId());
        assertTrue(ctx.sent().isEmpty());
        assertEquals(1, ctx.announcements().size());
    }
}
