package org.electbench.bully;

import static org.electbench.bully.BullyMessages.COORDINATOR;
import static org.electbench.bully.BullyMessages.ELECTION;
import static org.electbench.bully.BullyMessages.HEARTBEAT;
import static org.electbench.bully.BullyMessages.OK;
import static org.electbench.bully.BullyNode.COORDINATOR_TIMER;
import static org.electbench.bully.BullyNode.DETECTION_TIMER;
import static org.electbench.bully.BullyNode.ELECTION_TIMER;
import static org.electbench.bully.BullyNode.HEARTBEAT_TIMER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.bully.RecordingContext.Announcement;
import org.electbench.bully.RecordingContext.Sent;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.RecoveryPolicy;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.junit.jupiter.api.Test;

class BullyNodeTest
{
    private static final long MS = 1_000_000L;
    private static final ElectionSettings SETTINGS = ElectionSettings.builder()
        .heartbeatIntervalNs(50 * MS)
        .detectionTimeoutNs(150 * MS)
        .electionTimeoutNs(10 * MS)
        .coordinatorTimeoutNs(30 * MS)
        .build();

    private RecordingContext ctx;

    private BullyNode node(final int selfId, final int clusterSize, final boolean detector, final ElectionSettings settings)
    {
        ctx = new RecordingContext(selfId, clusterSize, detector, settings);
        return (BullyNode)new BullyAlgorithm().newNode(selfId, settings);
    }

    private BullyNode started(final int selfId, final int clusterSize, final boolean detector, final Start start)
    {
        final BullyNode node = node(selfId, clusterSize, detector, SETTINGS);
        node.onStart(ctx, start, ElectionNode.NO_LEADER, 0);
        return node;
    }

    private BullyNode settled(final int selfId, final int clusterSize, final boolean detector, final int leaderId, final long term)
    {
        final BullyNode node = node(selfId, clusterSize, detector, SETTINGS);
        node.onStart(ctx, Start.SETTLED, leaderId, term);
        return node;
    }

    @Test
    void coldStartWithDetectorSendsElectionToEveryHigherIdAndWaitsElectionTimeout()
    {
        final BullyNode node = started(2, 5, true, Start.COLD);

        assertEquals(List.of(3, 4, 5), ctx.receiversOf(ELECTION));
        assertEquals(3, ctx.sent.size());
        assertEquals(BullyNode.State.CANDIDATE, node.state());
        assertEquals(10 * MS, ctx.pendingOfKind(ELECTION_TIMER).delayNs());
        assertNull(ctx.pendingOfKind(DETECTION_TIMER));
        assertEquals(List.of(new Announcement(Role.CANDIDATE, ElectionNode.NO_LEADER, 0)), ctx.announcements);
    }

    @Test
    void coldStartWithoutDetectorWaitsSilently()
    {
        final BullyNode node = started(2, 5, false, Start.COLD);

        assertTrue(ctx.sent.isEmpty());
        assertTrue(ctx.pending.isEmpty());
        assertEquals(BullyNode.State.FOLLOWER, node.state());
        assertEquals(List.of(new Announcement(Role.FOLLOWER, ElectionNode.NO_LEADER, 0)), ctx.announcements);
    }

    @Test
    void highestIdHasNobodyToAskYetWaitsTheElectionTimeoutBeforeCoordinatingLowerIds()
    {
        final BullyNode node = started(5, 5, true, Start.COLD);

        assertTrue(ctx.sent.isEmpty(), "no higher id to send ELECTION to");
        assertEquals(BullyNode.State.CANDIDATE, node.state());
        assertEquals(10 * MS, ctx.pendingOfKind(ELECTION_TIMER).delayNs());
        assertEquals(List.of(new Announcement(Role.CANDIDATE, ElectionNode.NO_LEADER, 0)), ctx.announcements);

        ctx.fire(node, ELECTION_TIMER);

        assertEquals(List.of(1, 2, 3, 4), ctx.receiversOf(COORDINATOR));
        assertEquals(List.of(1, 2, 3, 4), ctx.receiversOf(HEARTBEAT));
        assertTrue(ctx.receiversOf(ELECTION).isEmpty());
        assertEquals(BullyNode.State.LEADER, node.state());
        assertEquals(5, node.leaderId());
        assertEquals(1, node.term());
        assertEquals(50 * MS, ctx.pendingOfKind(HEARTBEAT_TIMER).delayNs());
        assertEquals(new Announcement(Role.LEADER, 5, 1), ctx.lastAnnouncement());
    }

    @Test
    void highestIdLeadsAtOnceUnderTheImmediateDeclareVariant()
    {
        final BullyNode node = node(5, 5, true, SETTINGS.toBuilder().option(BullyAlgorithm.IMMEDIATE_DECLARE, true).build());
        node.onStart(ctx, Start.COLD, ElectionNode.NO_LEADER, 0);

        assertEquals(List.of(1, 2, 3, 4), ctx.receiversOf(COORDINATOR));
        assertEquals(BullyNode.State.LEADER, node.state());
        assertNull(ctx.pendingOfKind(ELECTION_TIMER));
        assertEquals(List.of(new Announcement(Role.LEADER, 5, 1)), ctx.announcements);
    }

    @Test
    void candidateWithoutOkBecomesLeaderAndCoordinatesLowerIds()
    {
        final BullyNode node = started(3, 5, true, Start.COLD);
        ctx.clear();

        ctx.fire(node, ELECTION_TIMER);

        assertEquals(BullyNode.State.LEADER, node.state());
        assertEquals(List.of(1, 2), ctx.receiversOf(COORDINATOR));
        assertEquals(List.of(1, 2, 4, 5), ctx.receiversOf(HEARTBEAT));
        assertEquals(List.of(new Announcement(Role.LEADER, 3, 1)), ctx.announcements);
        assertNotNull(ctx.pendingOfKind(HEARTBEAT_TIMER));
    }

    @Test
    void okMovesCandidateToElectingWithoutAnnouncingOrSending()
    {
        final BullyNode node = started(3, 5, true, Start.COLD);
        final long electionTimerId = ctx.pendingOfKind(ELECTION_TIMER).timerId();
        ctx.clear();

        ctx.deliver(node, OK, 4, 0);

        assertEquals(BullyNode.State.ELECTING, node.state());
        assertEquals(Role.CANDIDATE, node.role());
        assertTrue(ctx.cancelled.contains(electionTimerId));
        assertNull(ctx.pendingOfKind(ELECTION_TIMER));
        assertEquals(30 * MS, ctx.pendingOfKind(COORDINATOR_TIMER).delayNs());
        assertTrue(ctx.sent.isEmpty());
        assertTrue(ctx.announcements.isEmpty());

        ctx.deliver(node, OK, 5, 0);
        assertEquals(BullyNode.State.ELECTING, node.state());
        assertEquals(1, ctx.pending.size(), "a second OK arms nothing more");
    }

    @Test
    void coordinatorTimeoutRestartsTheElection()
    {
        final BullyNode node = started(3, 5, true, Start.COLD);
        ctx.deliver(node, OK, 5, 0);
        ctx.clear();

        ctx.fire(node, COORDINATOR_TIMER);

        assertEquals(BullyNode.State.CANDIDATE, node.state());
        assertEquals(List.of(4, 5), ctx.receiversOf(ELECTION));
        assertNotNull(ctx.pendingOfKind(ELECTION_TIMER));
        assertTrue(ctx.announcements.isEmpty(), "still a candidate naming no leader: no change of belief");
    }

    @Test
    void followerWithLeaderAnswersLowerElectionWithOkAndHoldsItsOwn()
    {
        final BullyNode node = settled(3, 5, true, 5, 4);
        ctx.clear();

        ctx.deliver(node, ELECTION, 1, 4);

        assertEquals(List.of(new Sent(OK, 1, 4), new Sent(ELECTION, 4, 4), new Sent(ELECTION, 5, 4)), ctx.sent);
        assertEquals(BullyNode.State.CANDIDATE, node.state());
        assertNull(ctx.pendingOfKind(DETECTION_TIMER));
        assertEquals(List.of(new Announcement(Role.CANDIDATE, ElectionNode.NO_LEADER, 4)), ctx.announcements);
    }

    @Test
    void candidateAnswersLowerElectionWithOkWithoutRestarting()
    {
        final BullyNode node = started(3, 5, true, Start.COLD);
        ctx.clear();

        ctx.deliver(node, ELECTION, 2, 0);
        ctx.deliver(node, OK, 4, 0);
        ctx.deliver(node, ELECTION, 1, 0);

        assertEquals(List.of(new Sent(OK, 2, 0), new Sent(OK, 1, 0)), ctx.sent);
        assertEquals(BullyNode.State.ELECTING, node.state());
    }

    @Test
    void leaderAnswersLowerElectionWithOkAndReassertsWithCoordinatorAfterItsOwnElection()
    {
        final BullyNode node = settled(5, 5, true, 5, 2);
        ctx.clear();

        ctx.deliver(node, ELECTION, 2, 2);
        ctx.deliver(node, ELECTION, 1, 2);

        assertEquals(List.of(new Sent(OK, 2, 2), new Sent(OK, 1, 2)), ctx.sent, "one election, however many ask");
        assertEquals(BullyNode.State.LEADER, node.state(), "it keeps leading while it holds its election");
        assertTrue(ctx.announcements.isEmpty());
        ctx.clear();

        ctx.fire(node, ELECTION_TIMER);

        assertEquals(List.of(1, 2, 3, 4), ctx.receiversOf(COORDINATOR));
        assertEquals(2, node.term(), "the same leadership: no newer term was heard");
        assertTrue(ctx.announcements.isEmpty());
    }

    @Test
    void lowerLeaderAskedByALowerCandidateAsksHigherIdsAndYieldsOnAnOk()
    {
        final BullyNode node = settled(3, 5, true, 3, 2);
        ctx.clear();

        ctx.deliver(node, ELECTION, 1, 2);
        assertEquals(List.of(new Sent(OK, 1, 2), new Sent(ELECTION, 4, 2), new Sent(ELECTION, 5, 2)), ctx.sent);
        assertEquals(BullyNode.State.LEADER, node.state());

        ctx.deliver(node, OK, 4, 2);

        assertEquals(BullyNode.State.ELECTING, node.state());
        assertNull(ctx.pendingOfKind(HEARTBEAT_TIMER));
        assertEquals(30 * MS, ctx.pendingOfKind(COORDINATOR_TIMER).delayNs());
        assertEquals(List.of(new Announcement(Role.CANDIDATE, ElectionNode.NO_LEADER, 2)), ctx.announcements);
    }

    @Test
    void electionFromHigherIdIsIgnored()
    {
        final BullyNode node = settled(2, 5, true, 5, 1);
        ctx.clear();

        ctx.deliver(node, ELECTION, 4, 1);

        assertTrue(ctx.sent.isEmpty());
        assertEquals(BullyNode.State.FOLLOWER, node.state());
    }

    @Test
    void okOutsideCandidacyIsIgnored()
    {
        final BullyNode follower = settled(2, 5, true, 5, 1);
        ctx.clear();
        ctx.deliver(follower, OK, 4, 1);
        assertEquals(BullyNode.State.FOLLOWER, follower.state());
        assertNull(ctx.pendingOfKind(COORDINATOR_TIMER));

        final BullyNode leader = settled(5, 5, true, 5, 1);
        ctx.deliver(leader, OK, 4, 1);
        assertEquals(BullyNode.State.LEADER, leader.state());
        assertNull(ctx.pendingOfKind(COORDINATOR_TIMER));
    }

    @Test
    void higherCoordinatorIsFollowedAdoptingItsTermAndStoppingTheElection()
    {
        final BullyNode node = started(2, 5, true, Start.COLD);
        ctx.deliver(node, OK, 5, 0);
        final long coordinatorTimerId = ctx.pendingOfKind(COORDINATOR_TIMER).timerId();
        ctx.clear();

        ctx.deliver(node, COORDINATOR, 4, 7);

        assertEquals(BullyNode.State.FOLLOWER, node.state());
        assertEquals(4, node.leaderId());
        assertEquals(7, node.term());
        assertTrue(ctx.cancelled.contains(coordinatorTimerId));
        assertNull(ctx.pendingOfKind(COORDINATOR_TIMER));
        assertEquals(150 * MS, ctx.pendingOfKind(DETECTION_TIMER).delayNs());
        assertTrue(ctx.sent.isEmpty());
        assertEquals(List.of(new Announcement(Role.FOLLOWER, 4, 7)), ctx.announcements);
    }

    @Test
    void liveHigherFollowerBulliesALowerCoordinator()
    {
        final BullyNode node = settled(4, 5, true, 5, 3);
        ctx.clear();

        ctx.deliver(node, COORDINATOR, 2, 4);

        assertEquals(List.of(5), ctx.receiversOf(ELECTION));
        assertEquals(BullyNode.State.CANDIDATE, node.state());
    }

    @Test
    void highestLeaderHearingALowerCoordinatorReassertsWithANewTerm()
    {
        final BullyNode node = settled(5, 5, true, 5, 3);
        ctx.clear();

        ctx.deliver(node, COORDINATOR, 3, 4);
        assertTrue(ctx.sent.isEmpty(), "it holds its own election first");
        ctx.fire(node, ELECTION_TIMER);

        assertEquals(List.of(1, 2, 3, 4), ctx.receiversOf(COORDINATOR));
        assertEquals(BullyNode.State.LEADER, node.state());
        assertEquals(5, node.term(), "highest term seen (4) plus one");
        assertEquals(List.of(new Announcement(Role.LEADER, 5, 5)), ctx.announcements);
    }

    @Test
    void followerIgnoresACoordinatorFromBelowItsLiveLeader()
    {
        final BullyNode node = settled(2, 5, false, 5, 3);
        ctx.clear();

        ctx.advanceNs(150 * MS - 1);
        ctx.deliver(node, COORDINATOR, 4, 4);

        assertEquals(5, node.leaderId(), "ignored in favour of the eventual higher-priority announcement");
        assertTrue(ctx.sent.isEmpty());
        assertTrue(ctx.announcements.isEmpty());

        ctx.advanceNs(1);
        ctx.deliver(node, COORDINATOR, 4, 4);

        assertEquals(4, node.leaderId(), "its leader has been silent for the detection timeout");
        assertEquals(4, node.term());
    }

    @Test
    void lowerLeaderStepsDownOnAHigherHeartbeatOfATermNotOlderThanItsOwn()
    {
        final BullyNode node = settled(3, 5, true, 3, 2);
        final long heartbeatTimerId = ctx.pendingOfKind(HEARTBEAT_TIMER).timerId();
        ctx.clear();

        ctx.deliver(node, HEARTBEAT, 5, 1);
        assertEquals(BullyNode.State.LEADER, node.state(), "an older higher leader is a leftover or a zombie");

        ctx.deliver(node, HEARTBEAT, 5, 3);

        assertEquals(BullyNode.State.FOLLOWER, node.state());
        assertEquals(5, node.leaderId());
        assertEquals(3, node.term(), "followers adopt their leader's term");
        assertTrue(ctx.cancelled.contains(heartbeatTimerId));
        assertNull(ctx.pendingOfKind(HEARTBEAT_TIMER));
        assertNotNull(ctx.pendingOfKind(DETECTION_TIMER));
        assertTrue(ctx.sent.isEmpty());
    }

    @Test
    void highestLeaderHearingALowerHeartbeatReasserts()
    {
        final BullyNode node = settled(5, 5, true, 5, 2);
        ctx.clear();

        ctx.deliver(node, HEARTBEAT, 3, 4);
        ctx.fire(node, ELECTION_TIMER);

        assertEquals(List.of(1, 2, 3, 4), ctx.receiversOf(COORDINATOR));
        assertEquals(5, node.term());
        assertEquals(BullyNode.State.LEADER, node.state());
    }

    @Test
    void highestLeaderAnswersEachLowerLeaderTermOnlyOnce()
    {
        final BullyNode node = settled(5, 5, true, 5, 2);
        ctx.deliver(node, HEARTBEAT, 3, 4);
        ctx.fire(node, ELECTION_TIMER);
        assertEquals(5, node.term());
        ctx.clear();

        ctx.deliver(node, HEARTBEAT, 3, 4);
        ctx.deliver(node, HEARTBEAT, 2, 3);
        assertNull(ctx.pendingOfKind(ELECTION_TIMER), "older-term heartbeats of superseded leaders are not answered again");

        ctx.deliver(node, HEARTBEAT, 3, 5);
        ctx.fire(node, ELECTION_TIMER);
        assertEquals(List.of(1, 2, 3, 4), ctx.receiversOf(COORDINATOR), "a lower leader of the same term is");
        assertEquals(6, node.term());
    }

    @Test
    void followerHearingAHeartbeatFromBelowItselfStartsAnElection()
    {
        final BullyNode node = settled(3, 5, true, 5, 1);
        ctx.clear();

        ctx.deliver(node, HEARTBEAT, 2, 2);

        assertEquals(List.of(4, 5), ctx.receiversOf(ELECTION));
        assertEquals(BullyNode.State.CANDIDATE, node.state());
    }

    @Test
    void followerIgnoresANewerHeartbeatFromBetweenItselfAndItsLiveLeader()
    {
        final BullyNode node = settled(2, 5, true, 5, 1);
        ctx.clear();

        ctx.deliver(node, HEARTBEAT, 3, 2);

        assertTrue(ctx.sent.isEmpty(), "a sender above itself provokes no election");
        assertEquals(5, node.leaderId(), "its live leader hears that sender and re-asserts");
    }

    @Test
    void followerFollowsAHigherNewerLeaderWhoseHeartbeatOvertakesItsCoordinator()
    {
        final BullyNode node = settled(1, 5, false, 5, 1);
        ctx.clear();

        ctx.advanceNs(150 * MS);
        ctx.deliver(node, HEARTBEAT, 4, 2);
        ctx.deliver(node, COORDINATOR, 4, 2);

        assertTrue(ctx.sent.isEmpty(), "no ELECTION, no OK: node 4 is higher than node 1 and newer than node 5");
        assertEquals(4, node.leaderId());
        assertEquals(2, node.term());
        assertEquals(List.of(new Announcement(Role.FOLLOWER, 4, 2)), ctx.announcements);
    }

    @Test
    void followerOfALiveLeaderIgnoresADeposedLowerLeadersOlderTermHeartbeat()
    {
        final BullyNode node = settled(1, 5, false, 5, 3);
        ctx.clear();

        ctx.deliver(node, HEARTBEAT, 4, 2);
        ctx.advanceNs(150 * MS - 1);
        ctx.deliver(node, HEARTBEAT, 4, 2);

        assertTrue(ctx.sent.isEmpty());
        assertEquals(5, node.leaderId());
    }

    @Test
    void followerBulliesAnOlderTermLowerLeaderOnceItsOwnLeaderHasBeenSilentForTheDetectionTimeout()
    {
        final BullyNode node = settled(3, 5, false, 5, 3);
        ctx.clear();

        ctx.advanceNs(150 * MS);
        ctx.deliver(node, HEARTBEAT, 2, 1);

        assertEquals(List.of(4, 5), ctx.receiversOf(ELECTION));
        assertEquals(BullyNode.State.CANDIDATE, node.state());
    }

    @Test
    void followerWhoseLeaderFellSilentFollowsAHigherLeaderOfAnyTerm()
    {
        final BullyNode node = settled(1, 5, false, 5, 3);
        ctx.clear();

        ctx.advanceNs(150 * MS);
        ctx.deliver(node, HEARTBEAT, 4, 1);

        assertTrue(ctx.sent.isEmpty(), "only a sender below itself provokes an election");
        assertEquals(4, node.leaderId());
    }

    @Test
    void candidateIgnoresALowerHeartbeatButFollowsAHigherOne()
    {
        final BullyNode node = started(3, 5, true, Start.COLD);
        ctx.clear();

        ctx.deliver(node, HEARTBEAT, 2, 1);
        assertEquals(BullyNode.State.CANDIDATE, node.state());
        assertTrue(ctx.sent.isEmpty());

        ctx.deliver(node, HEARTBEAT, 4, 1);
        assertEquals(BullyNode.State.FOLLOWER, node.state());
        assertEquals(4, node.leaderId());
        assertNull(ctx.pendingOfKind(ELECTION_TIMER));
    }

    @Test
    void followerWithoutLeaderFollowsTheFirstHigherHeartbeatAndBulliesALowerOne()
    {
        final BullyNode node = started(3, 5, false, Start.COLD);
        ctx.clear();

        ctx.deliver(node, HEARTBEAT, 4, 3);

        assertEquals(BullyNode.State.FOLLOWER, node.state());
        assertEquals(4, node.leaderId());
        assertEquals(3, node.term());
        assertNull(ctx.pendingOfKind(DETECTION_TIMER), "a disabled detector is never armed");

        final BullyNode other = started(3, 5, false, Start.COLD);
        ctx.deliver(other, HEARTBEAT, 2, 3);

        assertEquals(List.of(4, 5), ctx.receiversOf(ELECTION));
    }

    @Test
    void eachLeaderHeartbeatRearmsDetection()
    {
        final BullyNode node = settled(2, 5, true, 5, 1);
        final long first = ctx.pendingOfKind(DETECTION_TIMER).timerId();
        ctx.clear();

        ctx.deliver(node, HEARTBEAT, 5, 1);

        assertTrue(ctx.cancelled.contains(first));
        final long second = ctx.pendingOfKind(DETECTION_TIMER).timerId();
        assertTrue(second != first);
        assertTrue(ctx.announcements.isEmpty(), "same leader and term: no change of belief");
    }

    @Test
    void detectionTimeoutStartsAnElection()
    {
        final BullyNode node = settled(2, 5, true, 5, 1);
        ctx.clear();

        ctx.fire(node, DETECTION_TIMER);

        assertEquals(List.of(3, 4, 5), ctx.receiversOf(ELECTION));
        assertEquals(List.of(new Announcement(Role.CANDIDATE, ElectionNode.NO_LEADER, 1)), ctx.announcements);
    }

    @Test
    void followerWithDisabledDetectorNeverArmsIt()
    {
        final BullyNode node = settled(2, 5, false, 5, 1);
        ctx.deliver(node, HEARTBEAT, 5, 1);
        ctx.advanceNs(150 * MS);
        ctx.deliver(node, COORDINATOR, 4, 2);

        assertTrue(ctx.pending.isEmpty());
        assertEquals(4, node.leaderId());
    }

    @Test
    void staleTimersAreIgnored()
    {
        final BullyNode node = started(3, 5, true, Start.COLD);
        final long electionTimerId = ctx.pendingOfKind(ELECTION_TIMER).timerId();
        ctx.deliver(node, OK, 4, 0);
        ctx.clear();

        node.onTimer(electionTimerId, ELECTION_TIMER);
        node.onTimer(12345L, COORDINATOR_TIMER);
        node.onTimer(electionTimerId, 99);

        assertEquals(BullyNode.State.ELECTING, node.state());
        assertTrue(ctx.sent.isEmpty());
        assertTrue(ctx.announcements.isEmpty());
    }

    @Test
    void settledLeaderHeartbeatsAtOnceAndEveryInterval()
    {
        final BullyNode node = settled(4, 4, true, 4, 3);

        assertEquals(List.of(new Sent(HEARTBEAT, 1, 3), new Sent(HEARTBEAT, 2, 3), new Sent(HEARTBEAT, 3, 3)), ctx.sent);
        assertTrue(ctx.receiversOf(COORDINATOR).isEmpty());
        assertEquals(List.of(new Announcement(Role.LEADER, 4, 3)), ctx.announcements);
        ctx.clear();

        ctx.fire(node, HEARTBEAT_TIMER);
        ctx.fire(node, HEARTBEAT_TIMER);

        assertEquals(List.of(1, 2, 3, 1, 2, 3), ctx.receiversOf(HEARTBEAT));
        assertEquals(50 * MS, ctx.pendingOfKind(HEARTBEAT_TIMER).delayNs());
    }

    @Test
    void settledFollowerArmsDetectionAndNamesTheLeader()
    {
        final BullyNode node = settled(1, 4, true, 4, 3);

        assertTrue(ctx.sent.isEmpty());
        assertEquals(150 * MS, ctx.pendingOfKind(DETECTION_TIMER).delayNs());
        assertEquals(List.of(new Announcement(Role.FOLLOWER, 4, 3)), ctx.announcements);
        assertEquals(4, node.leaderId());
    }

    @Test
    void newLeaderTakesTheHighestTermSeenPlusOne()
    {
        final BullyNode node = settled(3, 5, true, 5, 2);
        ctx.deliver(node, ELECTION, 1, 6);
        ctx.clear();

        ctx.fire(node, ELECTION_TIMER);

        assertEquals(7, node.term());
        assertEquals(List.of(new Sent(COORDINATOR, 1, 7), new Sent(COORDINATOR, 2, 7)), ctx.sent.subList(0, 2));
    }

    @Test
    void recoveredUnderBullyPolicyChecksForACoordinatorThenBulliesALowerOneWithANewerTerm()
    {
        final BullyNode top = started(5, 5, false, Start.RECOVERED);
        assertTrue(ctx.sent.isEmpty());
        assertEquals(BullyNode.State.FOLLOWER, top.state());
        assertEquals(150 * MS, ctx.pendingOfKind(DETECTION_TIMER).delayNs(), "checked even with the detector off");

        ctx.deliver(top, HEARTBEAT, 4, 7);
        assertEquals(BullyNode.State.CANDIDATE, top.state());
        ctx.fire(top, ELECTION_TIMER);

        assertEquals(BullyNode.State.LEADER, top.state());
        assertEquals(8, top.term(), "the lower leader's term plus one, never a term it led");
        assertEquals(List.of(1, 2, 3, 4), ctx.receiversOf(COORDINATOR));
    }

    @Test
    void recoveredUnderBullyPolicyFollowsAHigherLeaderOrElectsWhenNothingIsHeard()
    {
        final BullyNode middle = started(3, 5, true, Start.RECOVERED);
        ctx.deliver(middle, HEARTBEAT, 5, 4);
        assertEquals(5, middle.leaderId());
        assertTrue(ctx.sent.isEmpty());

        final BullyNode silent = started(3, 5, true, Start.RECOVERED);
        ctx.fire(silent, DETECTION_TIMER);
        assertEquals(List.of(4, 5), ctx.receiversOf(ELECTION));
        assertEquals(BullyNode.State.CANDIDATE, silent.state());
    }

    @Test
    void recoveredNodeKeepsItsHighestTermSeenInDurableStateAndNeverLeadsATermItKnew()
    {
        final BullyNode node = node(5, 5, true, SETTINGS);
        ctx.durable = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);
        node.onStart(ctx, Start.SETTLED, 5, 6);
        ctx.deliver(node, ELECTION, 2, 9);
        assertEquals(9, node.highestTermSeen());

        final RecordingContext restarted = new RecordingContext(5, 5, true, SETTINGS);
        restarted.durable = ctx.durable;
        node.onStart(restarted, Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        assertEquals(9, node.highestTermSeen());
        restarted.fire(node, DETECTION_TIMER);
        restarted.fire(node, ELECTION_TIMER);

        assertEquals(10, node.term());
        assertEquals(new Announcement(Role.LEADER, 5, 10), restarted.lastAnnouncement());

        final RecordingContext wiped = new RecordingContext(5, 5, true, SETTINGS);
        node.onStart(wiped, Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        assertEquals(0, node.highestTermSeen(), "without durable state a restart is blank");
    }

    @Test
    void recoveredUnderDeferPolicyFollowsTheFirstLeaderItHearsEvenALowerOne()
    {
        final ElectionSettings defer = SETTINGS.toBuilder().option(RecoveryPolicy.OPTION, RecoveryPolicy.DEFER).build();
        final BullyNode node = node(5, 5, true, defer);
        node.onStart(ctx, Start.RECOVERED, ElectionNode.NO_LEADER, 0);

        assertTrue(ctx.sent.isEmpty());
        assertEquals(List.of(new Announcement(Role.FOLLOWER, ElectionNode.NO_LEADER, 0)), ctx.announcements);
        assertEquals(150 * MS, ctx.pendingOfKind(DETECTION_TIMER).delayNs());

        ctx.deliver(node, HEARTBEAT, 4, 2);
        ctx.deliver(node, HEARTBEAT, 4, 2);

        assertTrue(ctx.sent.isEmpty());
        assertEquals(4, node.leaderId());
        assertEquals(2, node.term());
        assertEquals(BullyNode.State.FOLLOWER, node.state());
    }

    @Test
    void recoveredUnderDeferPolicyFollowsALowerCoordinator()
    {
        final ElectionSettings defer = SETTINGS.toBuilder().option(RecoveryPolicy.OPTION, RecoveryPolicy.DEFER).build();
        final BullyNode node = node(5, 5, true, defer);
        node.onStart(ctx, Start.RECOVERED, ElectionNode.NO_LEADER, 0);

        ctx.deliver(node, COORDINATOR, 3, 4);

        assertTrue(ctx.sent.isEmpty());
        assertEquals(3, node.leaderId());
    }

    @Test
    void recoveredUnderDeferPolicyElectsWhenNothingIsHeard()
    {
        final ElectionSettings defer = SETTINGS.toBuilder().option(RecoveryPolicy.OPTION, RecoveryPolicy.DEFER).build();
        final BullyNode node = node(3, 5, true, defer);
        node.onStart(ctx, Start.RECOVERED, ElectionNode.NO_LEADER, 0);

        ctx.fire(node, DETECTION_TIMER);

        assertEquals(List.of(4, 5), ctx.receiversOf(ELECTION));
        assertEquals(BullyNode.State.CANDIDATE, node.state());
    }

    @Test
    void recoveryForgetsTheEarlierLife()
    {
        final BullyNode node = settled(3, 5, true, 3, 4);
        final long oldHeartbeatTimer = ctx.pendingOfKind(HEARTBEAT_TIMER).timerId();
        final RecordingContext fresh = new RecordingContext(3, 5, false, SETTINGS);

        node.onStart(fresh, Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        node.onTimer(oldHeartbeatTimer, HEARTBEAT_TIMER);
        assertTrue(fresh.sent.isEmpty());
        fresh.fire(node, DETECTION_TIMER);

        assertEquals(List.of(new Sent(ELECTION, 4, 0), new Sent(ELECTION, 5, 0)), fresh.sent);
        assertEquals(0, node.term());
        assertEquals(BullyNode.State.CANDIDATE, node.state());
    }

    @Test
    void truncatedForeignAndSelfFramesAreIgnored()
    {
        final BullyNode node = settled(2, 5, true, 5, 1);
        ctx.clear();
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);

        MessageHeader.write(buffer, 0, ELECTION, 0, 1);
        node.onMessage(1, buffer, 0, MessageHeader.LENGTH);
        MessageHeader.write(buffer, 0, 17, Long.BYTES, 1);
        node.onMessage(1, buffer, 0, MessageHeader.LENGTH + Long.BYTES);
        ctx.deliver(node, ELECTION, 2, 1);
        ctx.deliver(node, ELECTION, 0, 1);
        ctx.deliver(node, HEARTBEAT, 9, 1);

        assertTrue(ctx.sent.isEmpty());
        assertTrue(ctx.announcements.isEmpty());
        assertEquals(BullyNode.State.FOLLOWER, node.state());
    }

    @Test
    void settledStartRejectsALeaderOutsideTheCluster()
    {
        final BullyNode node = node(2, 5, true, SETTINGS);
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> node.onStart(ctx, Start.SETTLED, 6, 1));
        assertEquals("a settled start needs a leader in 1..5 and a term of at least 0, was leader 6 term 1", ex.getMessage());
    }

    @Test
    void startRejectsAContextOfAnotherNode()
    {
        final BullyNode node = (BullyNode)new BullyAlgorithm().newNode(7, SETTINGS);
        final RecordingContext other = new RecordingContext(7, 5, true, SETTINGS);
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> node.onStart(other, Start.COLD, ElectionNode.NO_LEADER, 0));
        assertEquals("node 7 started with a context for node 7 of a cluster of 5 (ids are 1..N)", ex.getMessage());
    }

    @Test
    void messagePathAllocatesNothing()
    {
        final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final BullyNode follower = settled(2, 5, true, 5, 1);
        final RecordingContext followerCtx = ctx;
        final BullyNode leader = settled(5, 5, true, 5, 1);
        final RecordingContext leaderCtx = ctx;
        followerCtx.recording = false;
        leaderCtx.recording = false;
        exercise(follower, followerCtx, leader, leaderCtx, 20_000);

        final long beforeBytes = threads.getCurrentThreadAllocatedBytes();
        exercise(follower, followerCtx, leader, leaderCtx, 100_000);
        final long allocatedBytes = threads.getCurrentThreadAllocatedBytes() - beforeBytes;

        assertEquals(0, allocatedBytes, "bytes allocated over 100,000 rounds of election, OK, heartbeat and timers");
    }

    private static void exercise(
        final BullyNode follower, final RecordingContext followerCtx,
        final BullyNode leader, final RecordingContext leaderCtx, final int rounds)
    {
        for (int i = 0; i < rounds; i++)
        {
            followerCtx.deliver(follower, HEARTBEAT, 5, 1);
            followerCtx.deliver(follower, ELECTION, 1, 1);
            followerCtx.deliver(follower, OK, 4, 1);
            followerCtx.deliver(follower, COORDINATOR, 5, 1);
            follower.onTimer(followerCtx.lastScheduledTimerId(), DETECTION_TIMER);
            followerCtx.deliver(follower, OK, 4, 1);
            follower.onTimer(followerCtx.lastScheduledTimerId(), COORDINATOR_TIMER);
            follower.onTimer(followerCtx.lastScheduledTimerId(), ELECTION_TIMER);
            followerCtx.deliver(follower, HEARTBEAT, 5, 1);
            leaderCtx.deliver(leader, ELECTION, 3, 1);
            leader.onTimer(leaderCtx.lastScheduledTimerId(), HEARTBEAT_TIMER);
        }
    }
}
