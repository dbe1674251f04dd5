package org.electbench.ring;

import static org.electbench.ring.RingMessages.ACK;
import static org.electbench.ring.RingMessages.ELECTED;
import static org.electbench.ring.RingMessages.ELECTION;
import static org.electbench.ring.RingMessages.HEARTBEAT;
import static org.electbench.spi.MessageHeader.BYTE_ORDER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.agrona.MutableDirectBuffer;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.RecoveryPolicy;
import org.electbench.spi.RingArrangement;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.testkit.ScriptedHost;
import org.electbench.testkit.ScriptedHost.Announcement;
import org.electbench.testkit.ScriptedHost.Sent;
import org.electbench.transport.host.HostedContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One ring node on a {@link ScriptedHost}, the test playing the rest of the ring: what the node
 * sends, schedules and announces for each message and timer, field by field.
 */
class RingNodeTest
{
    private static final long HBT_NS = 50_000_000L;
    private static final long DETECT_NS = 150_000_000L;
    private static final long T_ELEC_NS = 10_000_000L;
    private static final long T_COORD_NS = 100_000_000L;
    /** The hop number every ELECTION and ELECTED the test delivers carries. */
    private static final long DELIVERED_HOP = 99;

    private static ElectionSettings settings(final boolean acknowledgements, final RingArrangement arrangement)
    {
        return ElectionSettings.builder()
            .heartbeatIntervalNs(HBT_NS)
            .detectionTimeoutNs(DETECT_NS)
            .electionTimeoutNs(T_ELEC_NS)
            .coordinatorTimeoutNs(T_COORD_NS)
            .option(RingAlgorithm.ACK, acknowledgements)
            .option(RingAlgorithm.ARRANGEMENT, arrangement)
            .build();
    }

    private static final ElectionSettings TEXTBOOK = settings(false, RingArrangement.INCREASING);
    private static final ElectionSettings ACKED = settings(true, RingArrangement.INCREASING);

    private ScriptedHost host;
    private HostedContext ctx;
    private RingNode node;

    private void start(final int selfId, final int n, final boolean detector, final ElectionSettings settings,
        final Start start, final int leaderId, final long term)
    {
        host = new ScriptedHost();
        host.recordBroadcastsAsOne();
        ctx = host.context(selfId, n, detector, settings);
        node = new RingNode(selfId, settings);
        node.onStart(ctx, start, leaderId, term);
    }

    private void cold(final int selfId, final int n, final boolean detector, final ElectionSettings settings)
    {
        start(selfId, n, detector, settings, Start.COLD, ElectionNode.NO_LEADER, 0);
    }

    private long nextLap = (3L << 32) | 1000;

    private void receive(final int type, final int fromId, final int id, final long term)
    {
        receive(type, fromId, id, term, nextLap++);
    }

    private void receive(final int type, final int fromId, final int id, final long term, final long lap)
    {
        final boolean acknowledgements = ctx.settings().get(RingAlgorithm.ACK);
        final int bodyLength = !acknowledgements ? RingMessages.LAP_BODY_LENGTH : type == ELECTION ?
            RingMessages.ACKNOWLEDGED_ELECTION_BODY_LENGTH : RingMessages.ACKNOWLEDGED_ELECTED_BODY_LENGTH;
        final MutableDirectBuffer buffer = host.inbound(type, bodyLength, fromId);
        buffer.putInt(MessageHeader.LENGTH + RingMessages.ID_OFFSET, id, BYTE_ORDER);
        buffer.putLong(MessageHeader.LENGTH + RingMessages.TERM_OFFSET, term, BYTE_ORDER);
        if (acknowledgements)
        {
            buffer.putLong(MessageHeader.LENGTH + RingMessages.HOP_OFFSET, DELIVERED_HOP, BYTE_ORDER);
            if (type == ELECTION)
            {
                buffer.putLong(MessageHeader.LENGTH + RingMessages.LAP_OFFSET, lap, BYTE_ORDER);
            }
        }
        host.deliver(node, fromId);
    }

    private void receiveHeartbeat(final int fromId, final long term)
    {
        host.inbound(HEARTBEAT, RingMessages.HEARTBEAT_BODY_LENGTH, fromId)
            .putLong(MessageHeader.LENGTH + RingMessages.HEARTBEAT_TERM_OFFSET, term, BYTE_ORDER);
        host.deliver(node, fromId);
    }

    private void receiveAck(final int fromId, final long hop)
    {
        host.inbound(ACK, RingMessages.ACK_BODY_LENGTH, fromId)
            .putLong(MessageHeader.LENGTH + RingMessages.ACK_HOP_OFFSET, hop, BYTE_ORDER);
        host.deliver(node, fromId);
    }

    /**
     * @return what was sent since the start or the last drain, and forget it; checks first that
     * the node sent nothing to itself or to no node since its start, which the context drops
     * before the host records a message and the host only counts.
     */
    private List<Sent> drain()
    {
        assertEquals(0, host.refusedSends(), "sends to the node itself or to no node");
        return host.drain();
    }

    /** Nothing was sent since the start or the last drain, not even to the node itself or to no node. */
    private void assertNothingSent(final String message)
    {
        assertEquals(0, host.sentCount(), message);
        assertEquals(0, host.refusedSends(), message + ": to the node itself or to no node");
    }

    private void assertNothingSent()
    {
        assertNothingSent("sent");
    }

    private void advanceTo(final long timeNs)
    {
        host.advanceNs(timeNs - host.nowNs());
    }

    /** @return when the one pending timer of that kind is due. */
    private long dueNs(final int kind)
    {
        return host.nowNs() + host.pendingDelayNs(kind);
    }

    private static int bodyLength(final Sent sent)
    {
        return MessageHeader.bodyLength(sent.message(), 0);
    }

    /** @return ELECTION's candidate or ELECTED's leader. */
    private static int id(final Sent sent)
    {
        return sent.intAt(MessageHeader.LENGTH + RingMessages.ID_OFFSET);
    }

    private static long term(final Sent sent)
    {
        final int offset = sent.type() == HEARTBEAT ? RingMessages.HEARTBEAT_TERM_OFFSET : RingMessages.TERM_OFFSET;
        return sent.longAt(MessageHeader.LENGTH + offset);
    }

    /** @return the hop number an ELECTION or ELECTED carries, or the one an ACK echoes. */
    private static long hop(final Sent sent)
    {
        final int offset = sent.type() == ACK ? RingMessages.ACK_HOP_OFFSET : RingMessages.HOP_OFFSET;
        return sent.longAt(MessageHeader.LENGTH + offset);
    }

    private static long lapOf(final Sent sent)
    {
        assertEquals(ELECTION, sent.type());
        return sent.longAt(MessageHeader.LENGTH + RingMessages.LAP_OFFSET);
    }

    private static void assertSent(final Sent sent, final int toId, final int type, final int id, final long term)
    {
        assertEquals(toId, sent.toId(), "receiver");
        assertEquals(type, sent.type(), "type");
        assertEquals(id, id(sent), "id");
        assertEquals(term, term(sent), "term");
    }

    @Test
    void coldInitiatorSendsItsOwnIdToItsSuccessorAlongTheArrangement()
    {
        cold(3, 5, true, TEXTBOOK);
        final List<Sent> increasing = drain();
        assertEquals(1, increasing.size());
        assertSent(increasing.get(0), 4, ELECTION, 3, 0);
        assertEquals(RingMessages.LAP_BODY_LENGTH, bodyLength(increasing.get(0)));
        assertTrue(node.participant());
        assertEquals(new Announcement(Role.CANDIDATE, ElectionNode.NO_LEADER, 0), host.lastAnnouncement());

        cold(3, 5, true, settings(false, RingArrangement.DECREASING));
        assertSent(drain().get(0), 2, ELECTION, 3, 0);

        cold(5, 5, true, TEXTBOOK);
        assertSent(drain().get(0), 1, ELECTION, 5, 0);

        cold(1, 5, true, settings(false, RingArrangement.DECREASING));
        assertSent(drain().get(0), 5, ELECTION, 1, 0);
    }

    @Test
    void coldNodeWithoutDetectorWaitsSilently()
    {
        cold(3, 5, false, ACKED);
        assertNothingSent();
        assertEquals(0, host.pendingTimers());
        assertTrue(host.announcements().isEmpty());
        assertFalse(node.participant());
    }

    @Test
    void largerIdIsForwardedUnchangedAndMakesTheNodeAParticipant()
    {
        cold(3, 5, false, TEXTBOOK);
        receive(ELECTION, 2, 5, 0);
        final List<Sent> sent = drain();
        assertEquals(1, sent.size());
        assertSent(sent.get(0), 4, ELECTION, 5, 0);
        assertTrue(node.participant());
        assertTrue(host.announcements().isEmpty(), "relaying a larger id changes no belief");
    }

    @Test
    void smallerIdIsReplacedByOwnIdByANonParticipant()
    {
        cold(3, 5, false, TEXTBOOK);
        receive(ELECTION, 2, 1, 0);
        final List<Sent> sent = drain();
        assertEquals(1, sent.size());
        assertSent(sent.get(0), 4, ELECTION, 3, 0);
        assertTrue(node.participant());
    }

    @Test
    void smallerIdIsSwallowedByAParticipant()
    {
        cold(3, 5, true, TEXTBOOK);
        drain();
        receive(ELECTION, 2, 2, 0);
        receive(ELECTION, 2, 1, 0);
        assertNothingSent();
    }

    @Test
    void ownIdBackMakesTheLeaderOfTheHighestTermSeenPlusOneAndSendsElected()
    {
        start(4, 5, true, TEXTBOOK, Start.SETTLED, 5, 7);
        host.fire(node, RingNode.DETECTION_TIMER);
        assertSent(drain().get(0), 5, ELECTION, 4, 7);
        // Another node had seen term 9: the lap carried it home.
        receive(ELECTION, 3, 4, 9);
        assertEquals(Role.LEADER, node.role());
        assertEquals(4, node.leaderId());
        assertEquals(10, node.term());
        assertEquals(new Announcement(Role.LEADER, 4, 10), host.lastAnnouncement());
        final List<Sent> sent = drain();
        assertEquals(1, sent.size());
        assertSent(sent.get(0), 5, ELECTED, 4, 10);
        assertTrue(host.hasPendingTimer(RingNode.HEARTBEAT_TIMER), "heartbeats start");
        assertFalse(host.hasPendingTimer(RingNode.DETECTION_TIMER), "a leader watches nobody");
    }

    @Test
    void electedIsRecordedAndForwardedOnceAndEndsTheLapAtTheLeader()
    {
        cold(2, 5, true, TEXTBOOK);
        drain();
        receive(ELECTED, 1, 5, 1);
        assertEquals(new Announcement(Role.FOLLOWER, 5, 1), host.lastAnnouncement());
        assertFalse(node.participant());
        final List<Sent> sent = drain();
        assertEquals(1, sent.size());
        assertSent(sent.get(0), 3, ELECTED, 5, 1);
        assertTrue(host.hasPendingTimer(RingNode.DETECTION_TIMER), "a follower watches its new leader");

        receive(ELECTED, 1, 5, 1);
        assertNothingSent("a second copy of the same lap goes no further");

        cold(5, 5, true, TEXTBOOK);
        receive(ELECTION, 4, 5, 0);
        drain();
        receive(ELECTED, 4, 5, 1);
        assertNothingSent("the lap ends at the leader");
        assertFalse(node.participant());
        assertEquals(Role.LEADER, node.role());
    }

    @Test
    void electedOrHeartbeatOfAnOlderTermIsIgnored()
    {
        start(2, 5, true, TEXTBOOK, Start.SETTLED, 5, 4);
        final int announced = host.announcements().size();
        receive(ELECTED, 1, 3, 3);
        receiveHeartbeat(3, 3);
        assertNothingSent();
        assertEquals(announced, host.announcements().size());
        assertEquals(5, node.leaderId());
        assertEquals(4, node.term());
    }

    @Test
    void textbookHopsCarryNoHopNumberAndAreNeverAcknowledged()
    {
        cold(3, 5, false, TEXTBOOK);
        receive(ELECTION, 2, 5, 0);
        receive(ELECTED, 2, 5, 1);
        for (final Sent sent : drain())
        {
            assertEquals(RingMessages.LAP_BODY_LENGTH, bodyLength(sent));
            assertTrue(sent.type() != ACK);
        }
        assertFalse(host.hasPendingTimer(RingNode.HOP_TIMER));
        assertFalse(host.hasPendingTimer(RingNode.LAP_TIMER));
    }

    @Test
    void everyHopIsAcknowledgedToItsSenderAfterItIsForwarded()
    {
        cold(3, 5, false, ACKED);
        receive(ELECTION, 2, 5, 0);
        final List<Sent> sent = drain();
        assertEquals(2, sent.size());
        assertSent(sent.get(0), 4, ELECTION, 5, 0);
        assertEquals(RingMessages.ACKNOWLEDGED_ELECTION_BODY_LENGTH, bodyLength(sent.get(0)));
        assertEquals(ACK, sent.get(1).type());
        assertEquals(2, sent.get(1).toId());
        assertEquals(DELIVERED_HOP, hop(sent.get(1)));

        receive(ELECTION, 2, 1, 0);
        final List<Sent> swallowed = drain();
        assertEquals(1, swallowed.size(), "a swallowed hop is still acknowledged");
        assertEquals(ACK, swallowed.get(0).type());
    }

    @Test
    void secondCopyOfALapIsAcknowledgedButGoesNoFurther()
    {
        cold(3, 5, false, ACKED);
        receive(ELECTION, 2, 5, 0, (3L << 32) | 42);
        final List<Sent> first = drain();
        final long lapNumber = lapOf(first.get(0));
        assertEquals((3L << 32) | 42, lapNumber, "a relay keeps the candidate's lap number");
        receive(ELECTED, 2, 5, 1);
        drain();
        receive(ELECTION, 1, 5, 0, (3L << 32) | 42);
        final List<Sent> copy = drain();
        assertEquals(1, copy.size());
        assertEquals(ACK, copy.get(0).type());
        assertFalse(node.participant(), "a stray copy after the election starts nothing");

        receive(ELECTION, 2, 5, 1, (3L << 32) | 41);
        assertEquals(1, drain().size(), "a lap the candidate has since restarted is spent too");

        receive(ELECTION, 2, 5, 1, (3L << 32) | 43);
        assertSent(drain().get(0), 4, ELECTION, 5, 1);

        receive(ELECTION, 2, 5, 1, (7L << 32) | 1);
        assertEquals(2, drain().size(), "the first lap of a new incarnation is new");
    }

    @Test
    void copyOfAnEarlierElectionsOwnLapDoesNotWinALaterOne()
    {
        start(3, 5, true, ACKED, Start.SETTLED, 5, 1);
        host.fire(node, RingNode.DETECTION_TIMER);
        final long earlierLap = lapOf(drain().get(0));
        receive(ELECTED, 2, 4, 2);
        drain();
        host.fire(node, RingNode.DETECTION_TIMER);
        final long laterLap = lapOf(drain().get(0));

        receive(ELECTION, 2, 3, 2, earlierLap);
        assertEquals(Role.CANDIDATE, node.role(), "a stray copy from the election 4 won");
        receive(ELECTION, 2, 3, 2, laterLap);
        assertEquals(Role.LEADER, node.role());
        assertEquals(3, node.term());
    }

    @Test
    void acknowledgedHopIsNotResent()
    {
        cold(3, 5, true, ACKED);
        final Sent election = drain().get(0);
        assertEquals(1, node.pendingHops());
        receiveAck(4, hop(election));
        assertEquals(0, node.pendingHops());
        assertFalse(host.hasPendingTimer(RingNode.HOP_TIMER));
    }

    @Test
    void unacknowledgedHopGoesToTheNextSuccessorAfterTheElectionTimeout()
    {
        cold(3, 6, true, ACKED);
        final Sent first = drain().get(0);
        assertSent(first, 4, ELECTION, 3, 0);
        host.fire(node, RingNode.HOP_TIMER);
        assertEquals(T_ELEC_NS, host.nowNs());
        final Sent second = drain().get(0);
        assertSent(second, 5, ELECTION, 3, 0);
        assertTrue(hop(second) != hop(first), "each attempt has its own hop number");

        receiveAck(4, hop(first));
        assertEquals(1, node.pendingHops(), "a late ACK for an abandoned attempt changes nothing");
        host.fire(node, RingNode.HOP_TIMER);
        assertSent(drain().get(0), 6, ELECTION, 3, 0);
    }

    @Test
    void electionNamingTheSilentNodeIsDroppedAndItsSenderStandsInstead()
    {
        cold(3, 6, false, ACKED);
        receive(ELECTION, 2, 4, 2);
        final List<Sent> sent = drain();
        assertSent(sent.get(0), 4, ELECTION, 4, 2);
        host.fire(node, RingNode.HOP_TIMER);
        final List<Sent> after = drain();
        assertEquals(1, after.size());
        assertSent(after.get(0), 4, ELECTION, 3, 0);
        assertEquals(Role.CANDIDATE, node.role());
    }

    @Test
    void electedWhoseLeaderIsSilentEndsItsLap()
    {
        cold(3, 6, false, ACKED);
        receive(ELECTED, 2, 4, 1);
        drain();
        host.fire(node, RingNode.HOP_TIMER);
        assertNothingSent();
        assertEquals(0, node.pendingHops());
    }

    @Test
    void nodeWhoseEveryPeerIsSilentElectsItselfWithoutSendingToItself()
    {
        cold(2, 3, true, ACKED);
        assertSent(drain().get(0), 3, ELECTION, 2, 0);
        host.fire(node, RingNode.HOP_TIMER);
        assertSent(drain().get(0), 1, ELECTION, 2, 0);
        host.fire(node, RingNode.HOP_TIMER);
        assertEquals(Role.LEADER, node.role());
        assertEquals(1, node.term());
        assertSent(drain().get(0), 3, ELECTED, 2, 1);
        host.fire(node, RingNode.HOP_TIMER);
        assertSent(drain().get(0), 1, ELECTED, 2, 1);
        host.fire(node, RingNode.HOP_TIMER);
        assertNothingSent();
        assertEquals(0, host.refusedSends(), "the lap skipped the node's own id each time round");
        assertFalse(node.participant(), "the ELECTED lap came home");
    }

    @Test
    void lapThatDoesNotCompleteRestartsTheElectionAndBacksOff()
    {
        cold(3, 5, true, ACKED);
        final Sent first = drain().get(0);
        receiveAck(4, hop(first));
        host.fire(node, RingNode.LAP_TIMER);
        assertEquals(T_COORD_NS, host.nowNs());
        assertSent(drain().get(0), 4, ELECTION, 3, 0);
        assertEquals(T_COORD_NS + 2 * T_COORD_NS, dueNs(RingNode.LAP_TIMER));

        receive(ELECTED, 2, 5, 1);
        assertFalse(host.hasPendingTimer(RingNode.LAP_TIMER), "ELECTED ends the lap clock");
    }

    /**
     * A leader from a settled start never passed through an election, yet the first election it
     * joins gets T_coord and backs off from it. Its lap clock once started at zero and doubled
     * zero, so every restart was due at the same instant and a simulator spun there forever.
     */
    @Test
    @Timeout(10)
    void settledLeaderJoiningAnElectionWaitsTCoordAndBacksOff()
    {
        start(3, 5, true, ACKED, Start.SETTLED, 3, 2);
        drain();
        advanceTo(HBT_NS / 2);
        receive(ELECTION, 2, 5, 2);
        assertEquals(RingNode.State.CONTESTED, node.state());
        assertEquals(HBT_NS / 2 + T_COORD_NS, dueNs(RingNode.LAP_TIMER));

        host.fire(node, RingNode.LAP_TIMER);
        assertEquals(HBT_NS / 2 + T_COORD_NS, host.nowNs());
        assertEquals(HBT_NS / 2 + 3 * T_COORD_NS, dueNs(RingNode.LAP_TIMER));
    }

    @Test
    void staleTimerIdsAreIgnored()
    {
        start(2, 5, true, ACKED, Start.SETTLED, 5, 1);
        final long detection = host.pendingTimer(RingNode.DETECTION_TIMER);
        advanceTo(DETECT_NS * 3);
        node.onTimer(detection + 1000, RingNode.DETECTION_TIMER);
        node.onTimer(detection + 1000, RingNode.HEARTBEAT_TIMER);
        node.onTimer(detection + 1000, RingNode.LAP_TIMER);
        node.onTimer(detection + 1000, RingNode.HOP_TIMER);
        node.onTimer(detection, RingNode.LAP_TIMER);
        assertNothingSent();
        assertEquals(Role.FOLLOWER, node.role());
    }

    @Test
    void settledLeaderHeartbeatsEveryPeerAtOnceAndEveryInterval()
    {
        start(5, 5, true, ACKED, Start.SETTLED, 5, 3);
        assertEquals(new Announcement(Role.LEADER, 5, 3), host.lastAnnouncement());
        final List<Sent> sent = drain();
        assertEquals(1, sent.size());
        assertEquals(ScriptedHost.ALL, sent.get(0).toId());
        assertEquals(HEARTBEAT, sent.get(0).type());
        assertEquals(3, term(sent.get(0)));
        host.fire(node, RingNode.HEARTBEAT_TIMER);
        assertEquals(HBT_NS, host.nowNs());
        assertEquals(HEARTBEAT, drain().get(0).type());
        assertTrue(host.hasPendingTimer(RingNode.HEARTBEAT_TIMER));
    }

    @Test
    void followerStartsAnElectionOnlyAfterTheLeaderIsSilentForTheDetectionTimeout()
    {
        start(2, 5, true, ACKED, Start.SETTLED, 5, 1);
        assertEquals(new Announcement(Role.FOLLOWER, 5, 1), host.lastAnnouncement());
        advanceTo(HBT_NS);
        receiveHeartbeat(5, 1);
        host.fire(node, RingNode.DETECTION_TIMER);
        assertNothingSent("heard the leader since: not yet");
        assertEquals(HBT_NS + DETECT_NS, dueNs(RingNode.DETECTION_TIMER));
        host.fire(node, RingNode.DETECTION_TIMER);
        assertSent(drain().get(0), 3, ELECTION, 2, 1);
        assertEquals(new Announcement(Role.CANDIDATE, ElectionNode.NO_LEADER, 1), host.lastAnnouncement());
    }

    @Test
    void followerWithoutDetectorNeverActsOnSilence()
    {
        start(2, 5, false, ACKED, Start.SETTLED, 5, 1);
        assertEquals(0, host.pendingTimers());
    }

    /**
     * A settled follower outlasts D of silence, and its leader any silence; neither its leader's
     * heartbeat nor a stale ACK moves it. Once the watch fires it stands and is not at rest until
     * it follows the winner and its successor has acknowledged the ELECTED it passed on.
     */
    @Test
    void followerIsAtRestForTheDetectionTimeoutOnlyOutsideAnElection()
    {
        start(5, 5, true, ACKED, Start.SETTLED, 5, 1);
        assertEquals(Long.MAX_VALUE, node.restSilenceNs(), "a leader acts on no silence");

        start(2, 5, true, ACKED, Start.SETTLED, 5, 1);
        assertEquals(DETECT_NS, node.restSilenceNs());
        advanceTo(HBT_NS);
        receiveHeartbeat(5, 1);
        receiveAck(3, 777);
        assertEquals(DETECT_NS, node.restSilenceNs());
        assertEquals(new Announcement(Role.FOLLOWER, 5, 1), host.lastAnnouncement());
        assertNothingSent();

        host.fire(node, RingNode.DETECTION_TIMER);
        host.fire(node, RingNode.DETECTION_TIMER);
        final Sent election = drain().get(0);
        assertSent(election, 3, ELECTION, 2, 1);
        assertEquals(ElectionNode.NOT_AT_REST, node.restSilenceNs(), "a candidate awaiting its ACK");
        receiveAck(3, hop(election));
        assertEquals(ElectionNode.NOT_AT_REST, node.restSilenceNs(), "a candidate awaiting its lap");

        receive(ELECTED, 1, 4, 2);
        final Sent elected = drain().get(0);
        assertSent(elected, 3, ELECTED, 4, 2);
        assertEquals(Role.FOLLOWER, node.role());
        assertEquals(ElectionNode.NOT_AT_REST, node.restSilenceNs(), "the ELECTED passed on is not yet acknowledged");
        receiveAck(3, hop(elected));
        assertEquals(DETECT_NS, node.restSilenceNs());
        receiveHeartbeat(4, 2);
        receiveAck(3, hop(elected));
        assertEquals(DETECT_NS, node.restSilenceNs());
        assertEquals(new Announcement(Role.FOLLOWER, 4, 2), host.lastAnnouncement());

        start(2, 5, true, ACKED, Start.SETTLED, 5, 1);
        receive(ELECTION, 1, 4, 1);
        assertEquals(RingNode.State.RELAYING, node.state());
        receiveAck(3, hop(drain().get(0)));
        assertEquals(ElectionNode.NOT_AT_REST, node.restSilenceNs(), "relaying an election passing by");
    }

    /** A winner is at rest once its ELECTED came home and its successor acknowledged it, and not before. */
    @Test
    void winnerIsAtRestOnlyOnceItsElectedCameHomeAcknowledged()
    {
        start(5, 5, true, ACKED, Start.SETTLED, 5, 3);
        receive(ELECTION, 4, 4, 3);
        assertEquals(RingNode.State.CONTESTED, node.state());
        assertEquals(ElectionNode.NOT_AT_REST, node.restSilenceNs(), "a leader in an election");

        start(4, 5, true, ACKED, Start.SETTLED, 5, 7);
        host.fire(node, RingNode.DETECTION_TIMER);
        final Sent election = drain().get(0);
        receiveAck(5, hop(election));
        receive(ELECTION, 3, 4, 7, lapOf(election));
        assertEquals(RingNode.State.ANNOUNCING, node.state());
        final Sent elected = drain().get(0);
        assertSent(elected, 5, ELECTED, 4, 8);
        assertEquals(ElectionNode.NOT_AT_REST, node.restSilenceNs(), "announcing");
        receive(ELECTED, 3, 4, 8);
        assertEquals(RingNode.State.LEADER, node.state());
        assertEquals(ElectionNode.NOT_AT_REST, node.restSilenceNs(), "its ELECTED is not yet acknowledged");
        receiveAck(5, hop(elected));
        assertEquals(Long.MAX_VALUE, node.restSilenceNs());
    }

    /** Without a detector a follower never acts; a recovered node naming no leader is not at rest until it hears one. */
    @Test
    void followerWithoutDetectorOutlastsAnySilenceAndANodeNamingNoLeaderNone()
    {
        start(2, 5, false, TEXTBOOK, Start.SETTLED, 5, 1);
        assertEquals(Long.MAX_VALUE, node.restSilenceNs());

        final ElectionSettings defer = ACKED.toBuilder().option(RecoveryPolicy.OPTION, RecoveryPolicy.DEFER).build();
        start(3, 5, true, defer, Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        assertEquals(ElectionNode.NOT_AT_REST, node.restSilenceNs());
        receiveHeartbeat(5, 2);
        assertEquals(DETECT_NS, node.restSilenceNs());
    }

    @Test
    void heartbeatOfANewerTermEndsParticipation()
    {
        start(2, 5, true, ACKED, Start.SETTLED, 5, 1);
        host.fire(node, RingNode.DETECTION_TIMER);
        assertTrue(node.participant());
        receiveHeartbeat(5, 1);
        assertTrue(node.participant(), "the suspected leader's own term does not end the election");
        receiveHeartbeat(4, 2);
        assertFalse(node.participant());
        assertEquals(new Announcement(Role.FOLLOWER, 4, 2), host.lastAnnouncement());
        assertFalse(host.hasPendingTimer(RingNode.LAP_TIMER));
    }

    @Test
    void leaderStepsDownForANewerTerm()
    {
        start(4, 5, true, ACKED, Start.SETTLED, 4, 1);
        drain();
        receive(ELECTED, 3, 5, 2);
        assertEquals(Role.FOLLOWER, node.role());
        assertEquals(5, node.leaderId());
        assertFalse(host.hasPendingTimer(RingNode.HEARTBEAT_TIMER));
    }

    @Test
    void recoveredNodeStartsAnElectionUnderTheBullyPolicy()
    {
        start(3, 5, true, ACKED, Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        assertSent(drain().get(0), 4, ELECTION, 3, 0);
        assertEquals(Role.CANDIDATE, node.role());
    }

    @Test
    void recoveredNodeListensFirstUnderTheDeferPolicy()
    {
        final ElectionSettings defer = ACKED.toBuilder().option(RecoveryPolicy.OPTION, RecoveryPolicy.DEFER).build();
        start(5, 5, true, defer, Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        assertNothingSent();
        receiveHeartbeat(4, 3);
        assertEquals(new Announcement(Role.FOLLOWER, 4, 3), host.lastAnnouncement());
        assertNothingSent("defers to a live lower leader");

        start(5, 5, true, defer, Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        host.fire(node, RingNode.DETECTION_TIMER);
        assertSent(drain().get(0), 1, ELECTION, 5, 0);
    }

    @Test
    void nodeThatOutranksTheLeaderItLearnsOfStandsAgain()
    {
        start(5, 5, false, ACKED, Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        assertNothingSent();
        receiveHeartbeat(4, 3);
        final List<Sent> sent = drain();
        assertEquals(1, sent.size());
        assertSent(sent.get(0), 1, ELECTION, 5, 3);
        assertEquals(Role.CANDIDATE, node.role());
    }

    @Test
    void badStartsAreRejectedWithTheAcceptedRange()
    {
        final RingNode ring = new RingNode(3, TEXTBOOK);
        final HostedContext three = new ScriptedHost().context(3, 5, true, TEXTBOOK);
        final IllegalArgumentException settled = assertThrows(IllegalArgumentException.class,
            () -> ring.onStart(three, Start.SETTLED, 9, 1));
        assertEquals("a settled start needs a leader in 1..5 and a term >= 0, got leader 9 term 1", settled.getMessage());
        // The shared context refuses an id outside its cluster, so node 7 is handed a valid one of a cluster of 5.
        final HostedContext ofFive = new ScriptedHost().context(5, 5, true, TEXTBOOK);
        final IllegalArgumentException outside = assertThrows(IllegalArgumentException.class,
            () -> new RingNode(7, TEXTBOOK).onStart(ofFive, Start.COLD, 0, 0));
        assertEquals("node id 7 is outside 1..5", outside.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new RingNode(0, TEXTBOOK));
    }
}
