package org.electbench.bully;

import static org.electbench.bully.BullyMessages.COORDINATOR;
import static org.electbench.bully.BullyMessages.ELECTION;
import static org.electbench.bully.BullyMessages.HEARTBEAT;
import static org.electbench.bully.BullyMessages.OK;
import static org.electbench.bully.BullyNode.COORDINATOR_TIMER;
import static org.electbench.bully.BullyNode.DETECTION_TIMER;
import static org.electbench.bully.BullyNode.ELECTION_TIMER;
import static org.electbench.bully.BullyNode.HEARTBEAT_TIMER;
import static org.electbench.bully.BullyScript.isPending;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;

import org.agrona.MutableDirectBuffer;
import org.electbench.bully.BullyScript.Sent;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.RecoveryPolicy;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.testkit.ScriptedHost;
import org.electbench.testkit.ScriptedHost.Announcement;
import org.electbench.transport.host.HostedContext;
import org.junit.jupiter.api.Test;

/**
 * One bully node at a time on a {@link ScriptedHost}, the test playing the rest of the cluster:
 * what it sends (type, receiver, term), which timers it arms and cancels, and what it announces,
 * for each rule of the algorithm.
 */
class BullyNodeTest
{
    private static final long MS = 1_000_000L;
    private static final ElectionSettings SETTINGS = ElectionSettings.builder()
        .heartbeatIntervalNs(50 * MS)
        .detectionTimeoutNs(150 * MS)
        .electionTimeoutNs(10 * MS)
        .coordinatorTimeoutNs(30 * MS)
        .build();

    private ScriptedHost host;
    private HostedContext ctx;

    private BullyNode node(final int selfId, final int clusterSize, final boolean detector, final ElectionSettings settings)
    {
        host = new ScriptedHost();
        ctx = host.context(selfId, clusterSize, detector, settings);
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

    private void deliver(final ElectionNode node, final int type, final int fromId, final long term)
    {
        BullyScript.deliver(host, node, type, fromId, term);
    }

    private List<Sent> sent()
    {
        return BullyScript.sent(host);
    }

    @Test
    void coldStartWithDetectorSendsElectionToEveryHigherIdAndWaitsElectionTimeout()
    {
        final BullyNode node = started(2, 5, true, Start.COLD);

        assertEquals(List.of(3, 4, 5), host.receiversOf(ELECTION));
        assertEquals(3, host.sentCount());
        assertEquals(BullyNode.State.CANDIDATE, node.state());
        assertEquals(10 * MS, host.scheduledDelayNs(ELECTION_TIMER));
        assertFalse(host.hasPendingTimer(DETECTION_TIMER));
        assertEquals(List.of(new Announcement(Role.CANDIDATE, ElectionNode.NO_LEADER, 0)), host.announcements());
    }

    @Test
    void coldStartWithoutDetectorWaitsSilently()
    {
        final BullyNode node = started(2, 5, false, Start.COLD);

        assertEquals(List.of(), sent());
        assertEquals(0, host.pendingTimers());
        assertEquals(BullyNode.State.FOLLOWER, node.state());
        assertEquals(List.of(new Announcement(Role.FOLLOWER, ElectionNode.NO_LEADER, 0)), host.announcements());
    }

    @Test
    void highestIdHasNobodyToAskYetWaitsTheElectionTimeoutBeforeCoordinatingLowerIds()
    {
        final BullyNode node = started(5, 5, true, Start.COLD);

        assertEquals(List.of(), sent(), "no higher id to send ELECTION to");
        assertEquals(BullyNode.State.CANDIDATE, node.state());
        assertEquals(10 * MS, host.scheduledDelayNs(ELECTION_TIMER));
        assertEquals(List.of(new Announcement(Role.CANDIDATE, ElectionNode.NO_LEADER, 0)), host.announcements());

        host.fire(node, ELECTION_TIMER);

        assertEquals(List.of(1, 2, 3, 4), host.receiversOf(COORDINATOR));
        assertEquals(List.of(1, 2, 3, 4), host.receiversOf(HEARTBEAT));
        assertTrue(host.receiversOf(ELECTION).isEmpty());
        assertEquals(BullyNode.State.LEADER, node.state());
        assertEquals(5, node.leaderId());
        assertEquals(1, node.term());
        assertEquals(50 * MS, host.scheduledDelayNs(HEARTBEAT_TIMER));
        assertEquals(new Announcement(Role.LEADER, 5, 1), host.lastAnnouncement());
    }

    @Test
    void highestIdLeadsAtOnceUnderTheImmediateDeclareVariant()
    {
        final BullyNode node = node(5, 5, true, SETTINGS.toBuilder().option(BullyAlgorithm.IMMEDIATE_DECLARE, true).build());
        node.onStart(ctx, Start.COLD, ElectionNode.NO_LEADER, 0);

        assertEquals(List.of(1, 2, 3, 4), host.receiversOf(COORDINATOR));
        assertEquals(BullyNode.State.LEADER, node.state());
        assertFalse(host.hasPendingTimer(ELECTION_TIMER));
        assertEquals(List.of(new Announcement(Role.LEADER, 5, 1)), host.announcements());
    }

    @Test
    void candidateWithoutOkBecomesLeaderAndCoordinatesLowerIds()
    {
        final BullyNode node = started(3, 5, true, Start.COLD);
        host.clear();

        host.fire(node, ELECTION_TIMER);

        assertEquals(BullyNode.State.LEADER, node.state());
        assertEquals(List.of(1, 2), host.receiversOf(COORDINATOR));
        assertEquals(List.of(1, 2, 4, 5), host.receiversOf(HEARTBEAT));
        assertEquals(List.of(new Announcement(Role.LEADER, 3, 1)), host.announcements());
        assertTrue(host.hasPendingTimer(HEARTBEAT_TIMER));
    }

    @Test
    void okMovesCandidateToElectingWithoutAnnouncingOrSending()
    {
        final BullyNode node = started(3, 5, true, Start.COLD);
        final long electionTimerId = host.pendingTimer(ELECTION_TIMER);
        host.clear();

        deliver(node, OK, 4, 0);

        assertEquals(BullyNode.State.ELECTING, node.state());
        assertEquals(Role.CANDIDATE, node.role());
        assertFalse(isPending(host, electionTimerId), "cancelled");
        assertFalse(host.hasPendingTimer(ELECTION_TIMER));
        assertEquals(30 * MS, host.scheduledDelayNs(COORDINATOR_TIMER));
        assertEquals(List.of(), sent());
        assertEquals(List.of(), host.announcements());

        deliver(node, OK, 5, 0);
        assertEquals(BullyNode.State.ELECTING, node.state());
        assertEquals(1, host.pendingTimers(), "a second OK arms nothing more");
    }

    @Test
    void coordinatorTimeoutRestartsTheElection()
    {
        final BullyNode node = started(3, 5, true, Start.COLD);
        deliver(node, OK, 5, 0);
        host.clear();

        host.fire(node, COORDINATOR_TIMER);

        assertEquals(BullyNode.State.CANDIDATE, node.state());
        assertEquals(List.of(4, 5), host.receiversOf(ELECTION));
        assertTrue(host.hasPendingTimer(ELECTION_TIMER));
        assertEquals(List.of(), host.announcements(), "still a candidate naming no leader: no change of belief");
    }

    @Test
    void followerWithLeaderAnswersLowerElectionWithOkAndHoldsItsOwn()
    {
        final BullyNode node = settled(3, 5, true, 5, 4);
        host.clear();

        deliver(node, ELECTION, 1, 4);

        assertEquals(List.of(new Sent(OK, 1, 4), new Sent(ELECTION, 4, 4), new Sent(ELECTION, 5, 4)), sent());
        assertEquals(BullyNode.State.CANDIDATE, node.state());
        assertFalse(host.hasPendingTimer(DETECTION_TIMER));
        assertEquals(List.of(new Announcement(Role.CANDIDATE, ElectionNode.NO_LEADER, 4)), host.announcements());
    }

    @Test
    void candidateAnswersLowerElectionWithOkWithoutRestarting()
    {
        final BullyNode node = started(3, 5, true, Start.COLD);
        host.clear();

        deliver(node, ELECTION, 2, 0);
        deliver(node, OK, 4, 0);
        deliver(node, ELECTION, 1, 0);

        assertEquals(List.of(new Sent(OK, 2, 0), new Sent(OK, 1, 0)), sent());
        assertEquals(BullyNode.State.ELECTING, node.state());
    }

    @Test
    void leaderAnswersLowerElectionWithOkAndReassertsWithCoordinatorAfterItsOwnElection()
    {
        final BullyNode node = settled(5, 5, true, 5, 2);
        host.clear();

        deliver(node, ELECTION, 2, 2);
        deliver(node, ELECTION, 1, 2);

        assertEquals(List.of(new Sent(OK, 2, 2), new Sent(OK, 1, 2)), sent(), "one election, however many ask");
        assertEquals(BullyNode.State.LEADER, node.state(), "it keeps leading while it holds its election");
        assertEquals(List.of(), host.announcements());
        host.clear();

        host.fire(node, ELECTION_TIMER);

        assertEquals(List.of(1, 2, 3, 4), host.receiversOf(COORDINATOR));
        assertEquals(2, node.term(), "the same leadership: no newer term was heard");
        assertEquals(List.of(), host.announcements());
    }

    @Test
    void lowerLeaderAskedByALowerCandidateAsksHigherIdsAndYieldsOnAnOk()
    {
        final BullyNode node = settled(3, 5, true, 3, 2);
        host.clear();

        deliver(node, ELECTION, 1, 2);
        assertEquals(List.of(new Sent(OK, 1, 2), new Sent(ELECTION, 4, 2), new Sent(ELECTION, 5, 2)), sent());
        assertEquals(BullyNode.State.LEADER, node.state());

        deliver(node, OK, 4, 2);

        assertEquals(BullyNode.State.ELECTING, node.state());
        assertFalse(host.hasPendingTimer(HEARTBEAT_TIMER));
        assertEquals(30 * MS, host.scheduledDelayNs(COORDINATOR_TIMER));
        assertEquals(List.of(new Announcement(Role.CANDIDATE, ElectionNode.NO_LEADER, 2)), host.announcements());
    }

    @Test
    void electionFromHigherIdIsIgnored()
    {
        final BullyNode node = settled(2, 5, true, 5, 1);
        host.clear();

        deliver(node, ELECTION, 4, 1);

        assertEquals(List.of(), sent());
        assertEquals(BullyNode.State.FOLLOWER, node.state());
    }

    @Test
    void okOutsideCandidacyIsIgnored()
    {
        final BullyNode follower = settled(2, 5, true, 5, 1);
        host.clear();
        deliver(follower, OK, 4, 1);
        assertEquals(BullyNode.State.FOLLOWER, follower.state());
        assertFalse(host.hasPendingTimer(COORDINATOR_TIMER));

        final BullyNode leader = settled(5, 5, true, 5, 1);
        deliver(leader, OK, 4, 1);
        assertEquals(BullyNode.State.LEADER, leader.state());
        assertFalse(host.hasPendingTimer(COORDINATOR_TIMER));
    }

    @Test
    void higherCoordinatorIsFollowedAdoptingItsTermAndStoppingTheElection()
    {
        final BullyNode node = started(2, 5, true, Start.COLD);
        deliver(node, OK, 5, 0);
        final long coordinatorTimerId = host.pendingTimer(COORDINATOR_TIMER);
        host.clear();

        deliver(node, COORDINATOR, 4, 7);

        assertEquals(BullyNode.State.FOLLOWER, node.state());
        assertEquals(4, node.leaderId());
        assertEquals(7, node.term());
        assertFalse(isPending(host, coordinatorTimerId), "cancelled");
        assertFalse(host.hasPendingTimer(COORDINATOR_TIMER));
        assertEquals(150 * MS, host.scheduledDelayNs(DETECTION_TIMER));
        assertEquals(List.of(), sent());
        assertEquals(List.of(new Announcement(Role.FOLLOWER, 4, 7)), host.announcements());
    }

    @Test
    void liveHigherFollowerBulliesALowerCoordinator()
    {
        final BullyNode node = settled(4, 5, true, 5, 3);
        host.clear();

        deliver(node, COORDINATOR, 2, 4);

        assertEquals(List.of(5), host.receiversOf(ELECTION));
        assertEquals(BullyNode.State.CANDIDATE, node.state());
    }

    @Test
    void highestLeaderHearingALowerCoordinatorReassertsWithANewTerm()
    {
        final BullyNode node = settled(5, 5, true, 5, 3);
        host.clear();

        deliver(node, COORDINATOR, 3, 4);
        assertEquals(List.of(), sent(), "it holds its own election first");
        host.fire(node, ELECTION_TIMER);

        assertEquals(List.of(1, 2, 3, 4), host.receiversOf(COORDINATOR));
        assertEquals(BullyNode.State.LEADER, node.state());
        assertEquals(5, node.term(), "highest term seen (4) plus one");
        assertEquals(List.of(new Announcement(Role.LEADER, 5, 5)), host.announcements());
    }

    @Test
    void followerIgnoresACoordinatorFromBelowItsLiveLeader()
    {
        final BullyNode node = settled(2, 5, false, 5, 3);
        host.clear();

        host.advanceNs(150 * MS - 1);
        deliver(node, COORDINATOR, 4, 4);

        assertEquals(5, node.leaderId(), "ignored in favour of the eventual higher-priority announcement");
        assertEquals(List.of(), sent());
        assertEquals(List.of(), host.announcements());

        host.advanceNs(1);
        deliver(node, COORDINATOR, 4, 4);

        assertEquals(4, node.leaderId(), "its leader has been silent for the detection timeout");
        assertEquals(4, node.term());
    }

    @Test
    void lowerLeaderStepsDownOnAHigherHeartbeatOfATermNotOlderThanItsOwn()
    {
        final BullyNode node = settled(3, 5, true, 3, 2);
        final long heartbeatTimerId = host.pendingTimer(HEARTBEAT_TIMER);
        host.clear();

        deliver(node, HEARTBEAT, 5, 1);
        assertEquals(BullyNode.State.LEADER, node.state(), "an older higher leader is a leftover or a zombie");

        deliver(node, HEARTBEAT, 5, 3);

        assertEquals(BullyNode.State.FOLLOWER, node.state());
        assertEquals(5, node.leaderId());
        assertEquals(3, node.term(), "followers adopt their leader's term");
        assertFalse(isPending(host, heartbeatTimerId), "cancelled");
        assertFalse(host.hasPendingTimer(HEARTBEAT_TIMER));
        assertTrue(host.hasPendingTimer(DETECTION_TIMER));
        assertEquals(List.of(), sent());
    }

    @Test
    void highestLeaderHearingALowerHeartbeatReasserts()
    {
        final BullyNode node = settled(5, 5, true, 5, 2);
        host.clear();

        deliver(node, HEARTBEAT, 3, 4);
        host.fire(node, ELECTION_TIMER);

        assertEquals(List.of(1, 2, 3, 4), host.receiversOf(COORDINATOR));
        assertEquals(5, node.term());
        assertEquals(BullyNode.State.LEADER, node.state());
    }

    @Test
    void highestLeaderAnswersEachLowerLeaderTermOnlyOnce()
    {
        final BullyNode node = settled(5, 5, true, 5, 2);
        deliver(node, HEARTBEAT, 3, 4);
        host.fire(node, ELECTION_TIMER);
        assertEquals(5, node.term());
        host.clear();

        deliver(node, HEARTBEAT, 3, 4);
        deliver(node, HEARTBEAT, 2, 3);
        assertFalse(host.hasPendingTimer(ELECTION_TIMER), "older-term heartbeats of superseded leaders are not answered again");

        deliver(node, HEARTBEAT, 3, 5);
        host.fire(node, ELECTION_TIMER);
        assertEquals(List.of(1, 2, 3, 4), host.receiversOf(COORDINATOR), "a lower leader of the same term is");
        assertEquals(6, node.term());
    }

    @Test
    void followerHearingAHeartbeatFromBelowItselfStartsAnElection()
    {
        final BullyNode node = settled(3, 5, true, 5, 1);
        host.clear();

        deliver(node, HEARTBEAT, 2, 2);

        assertEquals(List.of(4, 5), host.receiversOf(ELECTION));
        assertEquals(BullyNode.State.CANDIDATE, node.state());
    }

    @Test
    void followerIgnoresANewerHeartbeatFromBetweenItselfAndItsLiveLeader()
    {
        final BullyNode node = settled(2, 5, true, 5, 1);
        host.clear();

        deliver(node, HEARTBEAT, 3, 2);

        assertEquals(List.of(), sent(), "a sender above itself provokes no election");
        assertEquals(5, node.leaderId(), "its live leader hears that sender and re-asserts");
    }

    @Test
    void followerFollowsAHigherNewerLeaderWhoseHeartbeatOvertakesItsCoordinator()
    {
        final BullyNode node = settled(1, 5, false, 5, 1);
        host.clear();

        host.advanceNs(150 * MS);
        deliver(node, HEARTBEAT, 4, 2);
        deliver(node, COORDINATOR, 4, 2);

        assertEquals(List.of(), sent(), "no ELECTION, no OK: node 4 is higher than node 1 and newer than node 5");
        assertEquals(4, node.leaderId());
        assertEquals(2, node.term());
        assertEquals(List.of(new Announcement(Role.FOLLOWER, 4, 2)), host.announcements());
    }

    @Test
    void followerOfALiveLeaderIgnoresADeposedLowerLeadersOlderTermHeartbeat()
    {
        final BullyNode node = settled(1, 5, false, 5, 3);
        host.clear();

        deliver(node, HEARTBEAT, 4, 2);
        host.advanceNs(150 * MS - 1);
        deliver(node, HEARTBEAT, 4, 2);

        assertEquals(List.of(), sent());
        assertEquals(5, node.leaderId());
    }

    @Test
    void followerBulliesAnOlderTermLowerLeaderOnceItsOwnLeaderHasBeenSilentForTheDetectionTimeout()
    {
        final BullyNode node = settled(3, 5, false, 5, 3);
        host.clear();

        host.advanceNs(150 * MS);
        deliver(node, HEARTBEAT, 2, 1);

        assertEquals(List.of(4, 5), host.receiversOf(ELECTION));
        assertEquals(BullyNode.State.CANDIDATE, node.state());
    }

    @Test
    void followerWhoseLeaderFellSilentFollowsAHigherLeaderOfAnyTerm()
    {
        final BullyNode node = settled(1, 5, false, 5, 3);
        host.clear();

        host.advanceNs(150 * MS);
        deliver(node, HEARTBEAT, 4, 1);

        assertEquals(List.of(), sent(), "only a sender below itself provokes an election");
        assertEquals(4, node.leaderId());
    }

    @Test
    void candidateIgnoresALowerHeartbeatButFollowsAHigherOne()
    {
        final BullyNode node = started(3, 5, true, Start.COLD);
        host.clear();

        deliver(node, HEARTBEAT, 2, 1);
        assertEquals(BullyNode.State.CANDIDATE, node.state());
        assertEquals(List.of(), sent());

        deliver(node, HEARTBEAT, 4, 1);
        assertEquals(BullyNode.State.FOLLOWER, node.state());
        assertEquals(4, node.leaderId());
        assertFalse(host.hasPendingTimer(ELECTION_TIMER));
    }

    @Test
    void followerWithoutLeaderFollowsTheFirstHigherHeartbeatAndBulliesALowerOne()
    {
        final BullyNode node = started(3, 5, false, Start.COLD);
        host.clear();

        deliver(node, HEARTBEAT, 4, 3);

        assertEquals(BullyNode.State.FOLLOWER, node.state());
        assertEquals(4, node.leaderId());
        assertEquals(3, node.term());
        assertFalse(host.hasPendingTimer(DETECTION_TIMER), "a disabled detector is never armed");

        final BullyNode other = started(3, 5, false, Start.COLD);
        deliver(other, HEARTBEAT, 2, 3);

        assertEquals(List.of(4, 5), host.receiversOf(ELECTION));
    }

    @Test
    void eachLeaderHeartbeatRearmsDetection()
    {
        final BullyNode node = settled(2, 5, true, 5, 1);
        final long first = host.pendingTimer(DETECTION_TIMER);
        host.clear();

        deliver(node, HEARTBEAT, 5, 1);

        assertFalse(isPending(host, first), "cancelled");
        final long second = host.pendingTimer(DETECTION_TIMER);
        assertTrue(second != first);
        assertEquals(List.of(), host.announcements(), "same leader and term: no change of belief");
    }

    @Test
    void detectionTimeoutStartsAnElection()
    {
        final BullyNode node = settled(2, 5, true, 5, 1);
        host.clear();

        host.fire(node, DETECTION_TIMER);

        assertEquals(List.of(3, 4, 5), host.receiversOf(ELECTION));
        assertEquals(List.of(new Announcement(Role.CANDIDATE, ElectionNode.NO_LEADER, 1)), host.announcements());
    }

    @Test
    void followerWithDisabledDetectorNeverArmsIt()
    {
        final BullyNode node = settled(2, 5, false, 5, 1);
        deliver(node, HEARTBEAT, 5, 1);
        host.advanceNs(150 * MS);
        deliver(node, COORDINATOR, 4, 2);

        assertEquals(0, host.pendingTimers());
        assertEquals(4, node.leaderId());
    }

    @Test
    void staleTimersAreIgnored()
    {
        final BullyNode node = started(3, 5, true, Start.COLD);
        final long electionTimerId = host.pendingTimer(ELECTION_TIMER);
        deliver(node, OK, 4, 0);
        host.clear();

        node.onTimer(electionTimerId, ELECTION_TIMER);
        node.onTimer(12345L, COORDINATOR_TIMER);
        node.onTimer(electionTimerId, 99);

        assertEquals(BullyNode.State.ELECTING, node.state());
        assertEquals(List.of(), sent());
        assertEquals(List.of(), host.announcements());
    }

    @Test
    void settledLeaderHeartbeatsAtOnceAndEveryInterval()
    {
        final BullyNode node = settled(4, 4, true, 4, 3);

        assertEquals(List.of(new Sent(HEARTBEAT, 1, 3), new Sent(HEARTBEAT, 2, 3), new Sent(HEARTBEAT, 3, 3)), sent());
        assertTrue(host.receiversOf(COORDINATOR).isEmpty());
        assertEquals(List.of(new Announcement(Role.LEADER, 4, 3)), host.announcements());
        host.clear();

        host.fire(node, HEARTBEAT_TIMER);
        host.fire(node, HEARTBEAT_TIMER);

        assertEquals(List.of(1, 2, 3, 1, 2, 3), host.receiversOf(HEARTBEAT));
        assertEquals(50 * MS, host.scheduledDelayNs(HEARTBEAT_TIMER));
    }

    @Test
    void settledFollowerArmsDetectionAndNamesTheLeader()
    {
        final BullyNode node = settled(1, 4, true, 4, 3);

        assertEquals(List.of(), sent());
        assertEquals(150 * MS, host.scheduledDelayNs(DETECTION_TIMER));
        assertEquals(List.of(new Announcement(Role.FOLLOWER, 4, 3)), host.announcements());
        assertEquals(4, node.leaderId());
    }

    @Test
    void newLeaderTakesTheHighestTermSeenPlusOne()
    {
        final BullyNode node = settled(3, 5, true, 5, 2);
        deliver(node, ELECTION, 1, 6);
        host.clear();

        host.fire(node, ELECTION_TIMER);

        assertEquals(7, node.term());
        assertEquals(List.of(new Sent(COORDINATOR, 1, 7), new Sent(COORDINATOR, 2, 7)), sent().subList(0, 2));
    }

    @Test
    void recoveredUnderBullyPolicyChecksForACoordinatorThenBulliesALowerOneWithANewerTerm()
    {
        final BullyNode top = started(5, 5, false, Start.RECOVERED);
        assertEquals(List.of(), sent());
        assertEquals(BullyNode.State.LISTENING, top.state());
        assertEquals(150 * MS, host.scheduledDelayNs(DETECTION_TIMER), "checked even with the detector off");

        deliver(top, HEARTBEAT, 4, 7);
        assertEquals(BullyNode.State.CANDIDATE, top.state());
        host.fire(top, ELECTION_TIMER);

        assertEquals(BullyNode.State.LEADER, top.state());
        assertEquals(8, top.term(), "the lower leader's term plus one, never a term it led");
        assertEquals(List.of(1, 2, 3, 4), host.receiversOf(COORDINATOR));
    }

    @Test
    void recoveredUnderBullyPolicyFollowsAHigherLeaderOrElectsWhenNothingIsHeard()
    {
        final BullyNode middle = started(3, 5, true, Start.RECOVERED);
        deliver(middle, HEARTBEAT, 5, 4);
        assertEquals(5, middle.leaderId());
        assertEquals(List.of(), sent());

        final BullyNode silent = started(3, 5, true, Start.RECOVERED);
        host.fire(silent, DETECTION_TIMER);
        assertEquals(List.of(4, 5), host.receiversOf(ELECTION));
        assertEquals(BullyNode.State.CANDIDATE, silent.state());
    }

    @Test
    void recoveredNodeKeepsItsHighestTermSeenInDurableStateAndNeverLeadsATermItKnew()
    {
        final BullyNode node = node(5, 5, true, SETTINGS);
        final MutableDirectBuffer disk = ctx.durableState();
        node.onStart(ctx, Start.SETTLED, 5, 6);
        deliver(node, ELECTION, 2, 9);
        assertEquals(9, node.highestTermSeen());

        final ScriptedHost restarted = new ScriptedHost();
        node.onStart(restarted.context(5, 5, true, SETTINGS, disk), Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        assertEquals(9, node.highestTermSeen());
        restarted.fire(node, DETECTION_TIMER);
        restarted.fire(node, ELECTION_TIMER);

        assertEquals(10, node.term());
        assertEquals(new Announcement(Role.LEADER, 5, 10), restarted.lastAnnouncement());

        final HostedContext wiped = new ScriptedHost().context(5, 5, true, SETTINGS, null);
        node.onStart(wiped, Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        assertEquals(0, node.highestTermSeen(), "without durable state a restart is blank");
    }

    @Test
    void recoveredUnderDeferPolicyFollowsTheFirstLeaderItHearsEvenALowerOne()
    {
        final ElectionSettings defer = SETTINGS.toBuilder().option(RecoveryPolicy.OPTION, RecoveryPolicy.DEFER).build();
        final BullyNode node = node(5, 5, true, defer);
        node.onStart(ctx, Start.RECOVERED, ElectionNode.NO_LEADER, 0);

        assertEquals(List.of(), sent());
        assertEquals(List.of(new Announcement(Role.FOLLOWER, ElectionNode.NO_LEADER, 0)), host.announcements());
        assertEquals(150 * MS, host.scheduledDelayNs(DETECTION_TIMER));

        deliver(node, HEARTBEAT, 4, 2);
        deliver(node, HEARTBEAT, 4, 2);

        assertEquals(List.of(), sent());
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

        deliver(node, COORDINATOR, 3, 4);

        assertEquals(List.of(), sent());
        assertEquals(3, node.leaderId());
    }

    @Test
    void recoveredUnderDeferPolicyElectsWhenNothingIsHeard()
    {
        final ElectionSettings defer = SETTINGS.toBuilder().option(RecoveryPolicy.OPTION, RecoveryPolicy.DEFER).build();
        final BullyNode node = node(3, 5, true, defer);
        node.onStart(ctx, Start.RECOVERED, ElectionNode.NO_LEADER, 0);

        host.fire(node, DETECTION_TIMER);

        assertEquals(List.of(4, 5), host.receiversOf(ELECTION));
        assertEquals(BullyNode.State.CANDIDATE, node.state());
    }

    @Test
    void recoveryForgetsTheEarlierLife()
    {
        final BullyNode node = settled(3, 5, true, 3, 4);
        final long oldHeartbeatTimer = host.pendingTimer(HEARTBEAT_TIMER);
        final ScriptedHost fresh = new ScriptedHost();

        node.onStart(fresh.context(3, 5, false, SETTINGS), Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        node.onTimer(oldHeartbeatTimer, HEARTBEAT_TIMER);
        assertEquals(List.of(), BullyScript.sent(fresh));
        fresh.fire(node, DETECTION_TIMER);

        assertEquals(List.of(new Sent(ELECTION, 4, 0), new Sent(ELECTION, 5, 0)), BullyScript.sent(fresh));
        assertEquals(0, node.term());
        assertEquals(BullyNode.State.CANDIDATE, node.state());
    }

    @Test
    void truncatedForeignAndSelfFramesAreIgnored()
    {
        final BullyNode node = settled(2, 5, true, 5, 1);
        host.clear();

        host.inbound(ELECTION, 0, 1);
        host.deliver(node, 1);
        host.inbound(17, Long.BYTES, 1);
        host.deliver(node, 1);
        deliver(node, ELECTION, 2, 1);
        deliver(node, ELECTION, 0, 1);
        deliver(node, HEARTBEAT, 9, 1);

        assertEquals(List.of(), sent());
        assertEquals(List.of(), host.announcements());
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
        final BullyNode node = (BullyNode)new BullyAlgorithm().newNode(3, SETTINGS);
        final HostedContext other = new ScriptedHost().context(2, 5, true, SETTINGS);
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> node.onStart(other, Start.COLD, ElectionNode.NO_LEADER, 0));
        assertEquals("node 3 started with a context for node 2 of a cluster of 5 (ids are 1..N)", ex.getMessage());
    }

    @Test
    void messagePathAllocatesNothing()
    {
        final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final BullyNode follower = settled(2, 5, true, 5, 1);
        final ScriptedHost followerHost = host;
        final HostedContext followerCtx = ctx;
        final BullyNode leader = settled(5, 5, true, 5, 1);
        final ScriptedHost leaderHost = host;
        final HostedContext leaderCtx = ctx;
        followerHost.countAnnouncementsOnly();
        leaderHost.countAnnouncementsOnly();
        MessagePath.exercise(follower, followerHost, followerCtx, leader, leaderHost, leaderCtx, 20_000);

        final long beforeBytes = threads.getCurrentThreadAllocatedBytes();
        MessagePath.exercise(follower, followerHost, followerCtx, leader, leaderHost, leaderCtx, 100_000);
        final long allocatedBytes = threads.getCurrentThreadAllocatedBytes() - beforeBytes;

        assertEquals(0, allocatedBytes, "bytes allocated over 100,000 rounds of election, OK, heartbeat and timers");
    }

    /**
     * The rounds the allocation test measures, in a class of their own: the first time the JIT
     * compiles a method of a class at its top tier, it resolves the string constants of that class
     * on the calling thread. This loop runs once a round and is compiled late, within the measured
     * rounds; in the test class it would allocate that class's assertion messages there.
     */
    private static final class MessagePath
    {
        private MessagePath()
        {
        }

        static void exercise(
            final BullyNode follower, final ScriptedHost followerHost, final HostedContext followerCtx,
            final BullyNode leader, final ScriptedHost leaderHost, final HostedContext leaderCtx, final int rounds)
        {
            for (int i = 0; i < rounds; i++)
            {
                BullyScript.deliver(followerHost, follower, HEARTBEAT, 5, 1);
                BullyScript.deliver(followerHost, follower, ELECTION, 1, 1);
                BullyScript.deliver(followerHost, follower, OK, 4, 1);
                BullyScript.deliver(followerHost, follower, COORDINATOR, 5, 1);
                fireLastScheduled(followerHost, followerCtx, follower, DETECTION_TIMER);
                BullyScript.deliver(followerHost, follower, OK, 4, 1);
                fireLastScheduled(followerHost, followerCtx, follower, COORDINATOR_TIMER);
                fireLastScheduled(followerHost, followerCtx, follower, ELECTION_TIMER);
                BullyScript.deliver(followerHost, follower, HEARTBEAT, 5, 1);
                BullyScript.deliver(leaderHost, leader, ELECTION, 3, 1);
                fireLastScheduled(leaderHost, leaderCtx, leader, HEARTBEAT_TIMER);
            }
        }

        /**
         * The last timer the node scheduled fires as {@code kind}, whatever kind it was armed as (a
         * stale fire when they differ), on a clock that stands still. The host drops it first, as a
         * runtime drops a timer it fires, so that a long run leaves no pending timers behind to slow
         * every later cancel.
         */
        private static void fireLastScheduled(final ScriptedHost host, final HostedContext ctx, final ElectionNode node, final int kind)
        {
            final long timerId = host.lastScheduledTimerId();
            host.cancel(ctx, timerId);
            node.onTimer(timerId, kind);
        }
    }

    @Test
    void atRestOnlyWhileSettledWithNothingButTheWatchOnTheLeaderArmed()
    {
        final BullyNode follower = settled(2, 5, true, 5, 1);
        assertEquals(150 * MS, follower.restSilenceNs(), "a follower acts after the detection timeout of silence");

        host.fire(follower, DETECTION_TIMER);
        assertEquals(BullyNode.State.CANDIDATE, follower.state());
        assertEquals(ElectionNode.NOT_AT_REST, follower.restSilenceNs(), "a candidate awaits OKs");

        deliver(follower, OK, 4, 1);
        assertEquals(ElectionNode.NOT_AT_REST, follower.restSilenceNs(), "awaiting a COORDINATOR");

        deliver(follower, COORDINATOR, 4, 2);
        assertEquals(BullyNode.State.FOLLOWER, follower.state());
        assertEquals(150 * MS, follower.restSilenceNs(), "following the new leader, at rest again");

        final BullyNode leader = settled(5, 5, true, 5, 1);
        assertEquals(Long.MAX_VALUE, leader.restSilenceNs(), "a heartbeating leader acts on no silence");
        deliver(leader, ELECTION, 3, 1);
        assertEquals(ElectionNode.NOT_AT_REST, leader.restSilenceNs(), "a leader holding its own election");

        assertEquals(Long.MAX_VALUE, settled(2, 5, false, 5, 1).restSilenceNs(), "a follower without a detector never acts");
    }

    @Test
    void aNodeStartedAgainAfterAnElectionDoesWhatANewNodeDoes()
    {
        final BullyNode used = settled(2, 5, true, 5, 1);
        host.fire(used, DETECTION_TIMER);
        deliver(used, OK, 4, 1);
        deliver(used, COORDINATOR, 4, 2);
        deliver(used, HEARTBEAT, 4, 2);
        assertEquals(BullyNode.State.FOLLOWER, used.state());

        for (final Start start : List.of(Start.COLD, Start.SETTLED))
        {
            node(2, 5, true, SETTINGS);
            final List<String> fresh = afterStart(new BullyAlgorithm().newNode(2, SETTINGS), start);
            node(2, 5, true, SETTINGS);
            assertEquals(fresh, afterStart(used, start), start + ": the node started again, as a new one");
        }
    }

    /** Starts the node on the current host and plays a few steps: what it sent, announced and armed after each. */
    private List<String> afterStart(final ElectionNode node, final Start start)
    {
        node.onStart(ctx, start, Start.SETTLED == start ? 5 : ElectionNode.NO_LEADER, Start.SETTLED == start ? 1 : 0);
        final StringBuilder steps = new StringBuilder();
        step(steps, node);
        deliver(node, OK, 3, 1);
        step(steps, node);
        deliver(node, COORDINATOR, 5, 3);
        step(steps, node);
        host.advanceNs(200 * MS);
        if (host.hasPendingTimer(DETECTION_TIMER))
        {
            host.fire(node, DETECTION_TIMER);
        }
        step(steps, node);
        return List.of(steps.toString().split("\n"));
    }

    private void step(final StringBuilder steps, final ElectionNode node)
    {
        steps.append(sent()).append(' ').append(host.announcements()).append(' ').append(node.role()).append(' ')
            .append(node.leaderId()).append(' ').append(node.term()).append(' ').append(node.restSilenceNs());
        for (final int kind : List.of(ELECTION_TIMER, COORDINATOR_TIMER, DETECTION_TIMER, HEARTBEAT_TIMER))
        {
            steps.append(' ').append(host.hasPendingTimer(kind) ? host.pendingDelayNs(kind) : -1);
        }
        steps.append('\n');
    }
}
