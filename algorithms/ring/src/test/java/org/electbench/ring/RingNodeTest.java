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

import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.RecoveryPolicy;
import org.electbench.spi.RingArrangement;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.junit.jupiter.api.Test;

class RingNodeTest
{
    private static final long HBT_NS = 50_000_000L;
    private static final long DETECT_NS = 150_000_000L;
    private static final long T_ELEC_NS = 10_000_000L;
    private static final long T_COORD_NS = 100_000_000L;

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

    private FakeContext ctx;
    private RingNode node;

    private void start(final int selfId, final int n, final boolean detector, final ElectionSettings settings,
        final Start start, final int leaderId, final long term)
    {
        ctx = new FakeContext(selfId, n, detector, settings);
        node = new RingNode(selfId, settings);
        node.onStart(ctx, start, leaderId, term);
    }

    private void cold(final int selfId, final int n, final boolean detector, final ElectionSettings settings)
    {
        start(selfId, n, detector, settings, Start.COLD, ElectionNode.NO_LEADER, 0);
    }

    private long nextLap = (3L << 32) | 1000;

    private static UnsafeBuffer lap(final int type, final int fromId, final int id, final long term, final long hop,
        final long lap, final boolean acknowledgements)
    {
        final int bodyLength = !acknowledgements ? RingMessages.LAP_BODY_LENGTH : type == ELECTION ?
            RingMessages.ACKNOWLEDGED_ELECTION_BODY_LENGTH : RingMessages.ACKNOWLEDGED_ELECTED_BODY_LENGTH;
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[MessageHeader.LENGTH + bodyLength]);
        MessageHeader.write(buffer, 0, type, bodyLength, fromId);
        buffer.putInt(MessageHeader.LENGTH + RingMessages.ID_OFFSET, id, BYTE_ORDER);
        buffer.putLong(MessageHeader.LENGTH + RingMessages.TERM_OFFSET, term, BYTE_ORDER);
        if (acknowledgements)
        {
            buffer.putLong(MessageHeader.LENGTH + RingMessages.HOP_OFFSET, hop, BYTE_ORDER);
            if (type == ELECTION)
            {
                buffer.putLong(MessageHeader.LENGTH + RingMessages.LAP_OFFSET, lap, BYTE_ORDER);
            }
        }
        return buffer;
    }

    private void receive(final int type, final int fromId, final int id, final long term)
    {
        receive(type, fromId, id, term, nextLap++);
    }

    private void receive(final int type, final int fromId, final int id, final long term, final long lapNumber)
    {
        final UnsafeBuffer buffer = lap(type, fromId, id, term, 99, lapNumber, ctx.settings().get(RingAlgorithm.ACK));
        node.onMessage(fromId, buffer, 0, buffer.capacity());
    }

    private void receiveHeartbeat(final int fromId, final long term)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[MessageHeader.LENGTH + RingMessages.HEARTBEAT_BODY_LENGTH]);
        MessageHeader.write(buffer, 0, HEARTBEAT, RingMessages.HEARTBEAT_BODY_LENGTH, fromId);
        buffer.putLong(MessageHeader.LENGTH + RingMessages.HEARTBEAT_TERM_OFFSET, term, BYTE_ORDER);
        node.onMessage(fromId, buffer, 0, buffer.capacity());
    }

    private void receiveAck(final int fromId, final long hop)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[MessageHeader.LENGTH + RingMessages.ACK_BODY_LENGTH]);
        MessageHeader.write(buffer, 0, ACK, RingMessages.ACK_BODY_LENGTH, fromId);
        buffer.putLong(MessageHeader.LENGTH + RingMessages.ACK_HOP_OFFSET, hop, BYTE_ORDER);
        node.onMessage(fromId, buffer, 0, buffer.capacity());
    }

    private static void assertSent(final FakeContext.Sent sent, final int toId, final int type, final int id, final long term)
    {
        assertEquals(toId, sent.toId(), "receiver");
        assertEquals(type, sent.type(), "type");
        assertEquals(id, sent.id(), "id");
        assertEquals(term, sent.term(), "term");
    }

    @Test
    void coldInitiatorSendsItsOwnIdToItsSuccessorAlongTheArrangement()
    {
        cold(3, 5, true, TEXTBOOK);
        final List<FakeContext.Sent> increasing = ctx.drain();
        assertEquals(1, increasing.size());
        assertSent(increasing.get(0), 4, ELECTION, 3, 0);
        assertEquals(RingMessages.LAP_BODY_LENGTH, increasing.get(0).bodyLength());
        assertTrue(node.participant());
        assertEquals(new FakeContext.Announcement(Role.CANDIDATE, ElectionNode.NO_LEADER, 0), ctx.lastAnnouncement());

        cold(3, 5, true, settings(false, RingArrangement.DECREASING));
        assertSent(ctx.drain().get(0), 2, ELECTION, 3, 0);

        cold(5, 5, true, TEXTBOOK);
        assertSent(ctx.drain().get(0), 1, ELECTION, 5, 0);

        cold(1, 5, true, settings(false, RingArrangement.DECREASING));
        assertSent(ctx.drain().get(0), 5, ELECTION, 1, 0);
    }

    @Test
    void coldNodeWithoutDetectorWaitsSilently()
    {
        cold(3, 5, false, ACKED);
        assertTrue(ctx.sent.isEmpty());
        assertTrue(ctx.timers.isEmpty());
        assertTrue(ctx.announcements.isEmpty());
        assertFalse(node.participant());
    }

    @Test
    void largerIdIsForwardedUnchangedAndMakesTheNodeAParticipant()
    {
        cold(3, 5, false, TEXTBOOK);
        receive(ELECTION, 2, 5, 0);
        final List<FakeContext.Sent> sent = ctx.drain();
        assertEquals(1, sent.size());
        assertSent(sent.get(0), 4, ELECTION, 5, 0);
        assertTrue(node.participant());
        assertTrue(ctx.announcements.isEmpty(), "relaying a larger id changes no belief");
    }

    @Test
    void smallerIdIsReplacedByOwnIdByANonParticipant()
    {
        cold(3, 5, false, TEXTBOOK);
        receive(ELECTION, 2, 1, 0);
        final List<FakeContext.Sent> sent = ctx.drain();
        assertEquals(1, sent.size());
        assertSent(sent.get(0), 4, ELECTION, 3, 0);
        assertTrue(node.participant());
    }

    @Test
    void smallerIdIsSwallowedByAParticipant()
    {
        cold(3, 5, true, TEXTBOOK);
        ctx.drain();
        receive(ELECTION, 2, 2, 0);
        receive(ELECTION, 2, 1, 0);
        assertTrue(ctx.sent.isEmpty());
    }

    @Test
    void ownIdBackMakesTheLeaderOfTheHighestTermSeenPlusOneAndSendsElected()
    {
        start(4, 5, true, TEXTBOOK, Start.SETTLED, 5, 7);
        ctx.fire(node, RingNode.DETECTION_TIMER);
        assertSent(ctx.drain().get(0), 5, ELECTION, 4, 7);
        // Another node had seen term 9: the lap carried it home.
        receive(ELECTION, 3, 4, 9);
        assertEquals(Role.LEADER, node.role());
        assertEquals(4, node.leaderId());
        assertEquals(10, node.term());
        assertEquals(new FakeContext.Announcement(Role.LEADER, 4, 10), ctx.lastAnnouncement());
        final List<FakeContext.Sent> sent = ctx.drain();
        assertEquals(1, sent.size());
        assertSent(sent.get(0), 5, ELECTED, 4, 10);
        assertEquals(1, ctx.timers(RingNode.HEARTBEAT_TIMER).size(), "heartbeats start");
        assertTrue(ctx.timers(RingNode.DETECTION_TIMER).isEmpty(), "a leader watches nobody");
    }

    @Test
    void electedIsRecordedAndForwardedOnceAndEndsTheLapAtTheLeader()
    {
        cold(2, 5, true, TEXTBOOK);
        ctx.drain();
        receive(ELECTED, 1, 5, 1);
        assertEquals(new FakeContext.Announcement(Role.FOLLOWER, 5, 1), ctx.lastAnnouncement());
        assertFalse(node.participant());
        final List<FakeContext.Sent> sent = ctx.drain();
        assertEquals(1, sent.size());
        assertSent(sent.get(0), 3, ELECTED, 5, 1);
        assertEquals(1, ctx.timers(RingNode.DETECTION_TIMER).size(), "a follower watches its new leader");

        receive(ELECTED, 1, 5, 1);
        assertTrue(ctx.sent.isEmpty(), "a second copy of the same lap goes no further");

        cold(5, 5, true, TEXTBOOK);
        receive(ELECTION, 4, 5, 0);
        ctx.drain();
        receive(ELECTED, 4, 5, 1);
        assertTrue(ctx.sent.isEmpty(), "the lap ends at the leader");
        assertFalse(node.participant());
        assertEquals(Role.LEADER, node.role());
    }

    @Test
    void electedOrHeartbeatOfAnOlderTermIsIgnored()
    {
        start(2, 5, true, TEXTBOOK, Start.SETTLED, 5, 4);
        final int announced = ctx.announcements.size();
        receive(ELECTED, 1, 3, 3);
        receiveHeartbeat(3, 3);
        assertTrue(ctx.sent.isEmpty());
        assertEquals(announced, ctx.announcements.size());
        assertEquals(5, node.leaderId());
        assertEquals(4, node.term());
    }

    @Test
    void textbookHopsCarryNoHopNumberAndAreNeverAcknowledged()
    {
        cold(3, 5, false, TEXTBOOK);
        receive(ELECTION, 2, 5, 0);
        receive(ELECTED, 2, 5, 1);
        for (final FakeContext.Sent sent : ctx.drain())
        {
            assertEquals(RingMessages.LAP_BODY_LENGTH, sent.bodyLength());
            assertTrue(sent.type() != ACK);
        }
        assertTrue(ctx.timers(RingNode.HOP_TIMER).isEmpty());
        assertTrue(ctx.timers(RingNode.LAP_TIMER).isEmpty());
    }

    @Test
    void everyHopIsAcknowledgedToItsSenderAfterItIsForwarded()
    {
        cold(3, 5, false, ACKED);
        receive(ELECTION, 2, 5, 0);
        final List<FakeContext.Sent> sent = ctx.drain();
        assertEquals(2, sent.size());
        assertSent(sent.get(0), 4, ELECTION, 5, 0);
        assertEquals(RingMessages.ACKNOWLEDGED_ELECTION_BODY_LENGTH, sent.get(0).bodyLength());
        assertEquals(ACK, sent.get(1).type());
        assertEquals(2, sent.get(1).toId());
        assertEquals(99, sent.get(1).hop());

        receive(ELECTION, 2, 1, 0);
        final List<FakeContext.Sent> swallowed = ctx.drain();
        assertEquals(1, swallowed.size(), "a swallowed hop is still acknowledged");
        assertEquals(ACK, swallowed.get(0).type());
    }

    @Test
    void secondCopyOfALapIsAcknowledgedButGoesNoFurther()
    {
        cold(3, 5, false, ACKED);
        receive(ELECTION, 2, 5, 0, (3L << 32) | 42);
        final List<FakeContext.Sent> first = ctx.drain();
        final long lapNumber = new UnsafeBuffer(first.get(0).bytes()).getLong(
            MessageHeader.LENGTH + RingMessages.LAP_OFFSET, BYTE_ORDER);
        assertEquals((3L << 32) | 42, lapNumber, "a relay keeps the candidate's lap number");
        receive(ELECTED, 2, 5, 1);
        ctx.drain();
        receive(ELECTION, 1, 5, 0, (3L << 32) | 42);
        final List<FakeContext.Sent> copy = ctx.drain();
        assertEquals(1, copy.size());
        assertEquals(ACK, copy.get(0).type());
        assertFalse(node.participant(), "a stray copy after the election starts nothing");

        receive(ELECTION, 2, 5, 1, (3L << 32) | 41);
        assertEquals(1, ctx.drain().size(), "a lap the candidate has since restarted is spent too");

        receive(ELECTION, 2, 5, 1, (3L << 32) | 43);
        assertSent(ctx.drain().get(0), 4, ELECTION, 5, 1);

        receive(ELECTION, 2, 5, 1, (7L << 32) | 1);
        assertEquals(2, ctx.drain().size(), "the first lap of a new incarnation is new");
    }

    @Test
    void copyOfAnEarlierElectionsOwnLapDoesNotWinALaterOne()
    {
        start(3, 5, true, ACKED, Start.SETTLED, 5, 1);
        ctx.fire(node, RingNode.DETECTION_TIMER);
        final long earlierLap = lapOf(ctx.drain().get(0));
        receive(ELECTED, 2, 4, 2);
        ctx.drain();
        ctx.fire(node, RingNode.DETECTION_TIMER);
        final long laterLap = lapOf(ctx.drain().get(0));

        receive(ELECTION, 2, 3, 2, earlierLap);
        assertEquals(Role.CANDIDATE, node.role(), "a stray copy from the election 4 won");
        receive(ELECTION, 2, 3, 2, laterLap);
        assertEquals(Role.LEADER, node.role());
        assertEquals(3, node.term());
    }

    private static long lapOf(final FakeContext.Sent sent)
    {
        assertEquals(ELECTION, sent.type());
        return new UnsafeBuffer(sent.bytes()).getLong(MessageHeader.LENGTH + RingMessages.LAP_OFFSET, BYTE_ORDER);
    }

    @Test
    void acknowledgedHopIsNotResent()
    {
        cold(3, 5, true, ACKED);
        final FakeContext.Sent election = ctx.drain().get(0);
        assertEquals(1, node.pendingHops());
        receiveAck(4, election.hop());
        assertEquals(0, node.pendingHops());
        assertTrue(ctx.timers(RingNode.HOP_TIMER).isEmpty());
    }

    @Test
    void unacknowledgedHopGoesToTheNextSuccessorAfterTheElectionTimeout()
    {
        cold(3, 6, true, ACKED);
        final FakeContext.Sent first = ctx.drain().get(0);
        assertSent(first, 4, ELECTION, 3, 0);
        ctx.fire(node, RingNode.HOP_TIMER);
        assertEquals(T_ELEC_NS, ctx.nowNs());
        final FakeContext.Sent second = ctx.drain().get(0);
        assertSent(second, 5, ELECTION, 3, 0);
        assertTrue(second.hop() != first.hop(), "each attempt has its own hop number");

        receiveAck(4, first.hop());
        assertEquals(1, node.pendingHops(), "a late ACK for an abandoned attempt changes nothing");
        ctx.fire(node, RingNode.HOP_TIMER);
        assertSent(ctx.drain().get(0), 6, ELECTION, 3, 0);
    }

    @Test
    void electionNamingTheSilentNodeIsDroppedAndItsSenderStandsInstead()
    {
        cold(3, 6, false, ACKED);
        receive(ELECTION, 2, 4, 2);
        final List<FakeContext.Sent> sent = ctx.drain();
        assertSent(sent.get(0), 4, ELECTION, 4, 2);
        ctx.fire(node, RingNode.HOP_TIMER);
        final List<FakeContext.Sent> after = ctx.drain();
        assertEquals(1, after.size());
        assertSent(after.get(0), 4, ELECTION, 3, 0);
        assertEquals(Role.CANDIDATE, node.role());
    }

    @Test
    void electedWhoseLeaderIsSilentEndsItsLap()
    {
        cold(3, 6, false, ACKED);
        receive(ELECTED, 2, 4, 1);
        ctx.drain();
        ctx.fire(node, RingNode.HOP_TIMER);
        assertTrue(ctx.sent.isEmpty());
        assertEquals(0, node.pendingHops());
    }

    @Test
    void nodeWhoseEveryPeerIsSilentElectsItselfWithoutSendingToItself()
    {
        cold(2, 3, true, ACKED);
        assertSent(ctx.drain().get(0), 3, ELECTION, 2, 0);
        ctx.fire(node, RingNode.HOP_TIMER);
        assertSent(ctx.drain().get(0), 1, ELECTION, 2, 0);
        ctx.fire(node, RingNode.HOP_TIMER);
        assertEquals(Role.LEADER, node.role());
        assertEquals(1, node.term());
        assertSent(ctx.drain().get(0), 3, ELECTED, 2, 1);
        ctx.fire(node, RingNode.HOP_TIMER);
        assertSent(ctx.drain().get(0), 1, ELECTED, 2, 1);
        ctx.fire(node, RingNode.HOP_TIMER);
        assertTrue(ctx.sent.isEmpty());
        assertFalse(node.participant(), "the ELECTED lap came home");
    }

    @Test
    void lapThatDoesNotCompleteRestartsTheElectionAndBacksOff()
    {
        cold(3, 5, true, ACKED);
        final FakeContext.Sent first = ctx.drain().get(0);
        receiveAck(4, first.hop());
        ctx.fire(node, RingNode.LAP_TIMER);
        assertEquals(T_COORD_NS, ctx.nowNs());
        assertSent(ctx.drain().get(0), 4, ELECTION, 3, 0);
        assertEquals(T_COORD_NS + 2 * T_COORD_NS, ctx.timers(RingNode.LAP_TIMER).get(0).dueNs());

        receive(ELECTED, 2, 5, 1);
        assertTrue(ctx.timers(RingNode.LAP_TIMER).isEmpty(), "ELECTED ends the lap clock");
    }

    @Test
    void staleTimerIdsAreIgnored()
    {
        start(2, 5, true, ACKED, Start.SETTLED, 5, 1);
        final FakeContext.Timer detection = ctx.timers(RingNode.DETECTION_TIMER).get(0);
        ctx.advanceTo(DETECT_NS * 3);
        node.onTimer(detection.id() + 1000, RingNode.DETECTION_TIMER);
        node.onTimer(detection.id() + 1000, RingNode.HEARTBEAT_TIMER);
        node.onTimer(detection.id() + 1000, RingNode.LAP_TIMER);
        node.onTimer(detection.id() + 1000, RingNode.HOP_TIMER);
        node.onTimer(detection.id(), RingNode.LAP_TIMER);
        assertTrue(ctx.sent.isEmpty());
        assertEquals(Role.FOLLOWER, node.role());
    }

    @Test
    void settledLeaderHeartbeatsEveryPeerAtOnceAndEveryInterval()
    {
        start(5, 5, true, ACKED, Start.SETTLED, 5, 3);
        assertEquals(new FakeContext.Announcement(Role.LEADER, 5, 3), ctx.lastAnnouncement());
        final List<FakeContext.Sent> sent = ctx.drain();
        assertEquals(1, sent.size());
        assertEquals(FakeContext.BROADCAST, sent.get(0).toId());
        assertEquals(HEARTBEAT, sent.get(0).type());
        assertEquals(3, sent.get(0).term());
        ctx.fire(node, RingNode.HEARTBEAT_TIMER);
        assertEquals(HBT_NS, ctx.nowNs());
        assertEquals(HEARTBEAT, ctx.drain().get(0).type());
        assertEquals(1, ctx.timers(RingNode.HEARTBEAT_TIMER).size());
    }

    @Test
    void followerStartsAnElectionOnlyAfterTheLeaderIsSilentForTheDetectionTimeout()
    {
        start(2, 5, true, ACKED, Start.SETTLED, 5, 1);
        assertEquals(new FakeContext.Announcement(Role.FOLLOWER, 5, 1), ctx.lastAnnouncement());
        ctx.advanceTo(HBT_NS);
        receiveHeartbeat(5, 1);
        ctx.fire(node, RingNode.DETECTION_TIMER);
        assertTrue(ctx.sent.isEmpty(), "heard the leader since: not yet");
        assertEquals(HBT_NS + DETECT_NS, ctx.timers(RingNode.DETECTION_TIMER).get(0).dueNs());
        ctx.fire(node, RingNode.DETECTION_TIMER);
        assertSent(ctx.drain().get(0), 3, ELECTION, 2, 1);
        assertEquals(new FakeContext.Announcement(Role.CANDIDATE, ElectionNode.NO_LEADER, 1), ctx.lastAnnouncement());
    }

    @Test
    void followerWithoutDetectorNeverActsOnSilence()
    {
        start(2, 5, false, ACKED, Start.SETTLED, 5, 1);
        assertTrue(ctx.timers.isEmpty());
    }

    @Test
    void heartbeatOfANewerTermEndsParticipation()
    {
        start(2, 5, true, ACKED, Start.SETTLED, 5, 1);
        ctx.fire(node, RingNode.DETECTION_TIMER);
        assertTrue(node.participant());
        receiveHeartbeat(5, 1);
        assertTrue(node.participant(), "the suspected leader's own term does not end the election");
        receiveHeartbeat(4, 2);
        assertFalse(node.participant());
        assertEquals(new FakeContext.Announcement(Role.FOLLOWER, 4, 2), ctx.lastAnnouncement());
        assertTrue(ctx.timers(RingNode.LAP_TIMER).isEmpty());
    }

    @Test
    void leaderStepsDownForANewerTerm()
    {
        start(4, 5, true, ACKED, Start.SETTLED, 4, 1);
        ctx.drain();
        receive(ELECTED, 3, 5, 2);
        assertEquals(Role.FOLLOWER, node.role());
        assertEquals(5, node.leaderId());
        assertTrue(ctx.timers(RingNode.HEARTBEAT_TIMER).isEmpty());
    }

    @Test
    void recoveredNodeStartsAnElectionUnderTheBullyPolicy()
    {
        start(3, 5, true, ACKED, Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        assertSent(ctx.drain().get(0), 4, ELECTION, 3, 0);
        assertEquals(Role.CANDIDATE, node.role());
    }

    @Test
    void recoveredNodeListensFirstUnderTheDeferPolicy()
    {
        final ElectionSettings defer = ACKED.toBuilder().option(RecoveryPolicy.OPTION, RecoveryPolicy.DEFER).build();
        start(5, 5, true, defer, Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        assertTrue(ctx.sent.isEmpty());
        receiveHeartbeat(4, 3);
        assertEquals(new FakeContext.Announcement(Role.FOLLOWER, 4, 3), ctx.lastAnnouncement());
        assertTrue(ctx.sent.isEmpty(), "defers to a live lower leader");

        start(5, 5, true, defer, Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        ctx.fire(node, RingNode.DETECTION_TIMER);
        assertSent(ctx.drain().get(0), 1, ELECTION, 5, 0);
    }

    @Test
    void nodeThatOutranksTheLeaderItLearnsOfStandsAgain()
    {
        start(5, 5, false, ACKED, Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        assertTrue(ctx.sent.isEmpty());
        receiveHeartbeat(4, 3);
        final List<FakeContext.Sent> sent = ctx.drain();
        assertEquals(1, sent.size());
        assertSent(sent.get(0), 1, ELECTION, 5, 3);
        assertEquals(Role.CANDIDATE, node.role());
    }

    @Test
    void badStartsAreRejectedWithTheAcceptedRange()
    {
        final RingNode ring = new RingNode(3, TEXTBOOK);
        final IllegalArgumentException settled = assertThrows(IllegalArgumentException.class,
            () -> ring.onStart(new FakeContext(3, 5, true, TEXTBOOK), Start.SETTLED, 9, 1));
        assertEquals("a settled start needs a leader in 1..5 and a term >= 0, got leader 9 term 1", settled.getMessage());
        final IllegalArgumentException outside = assertThrows(IllegalArgumentException.class,
            () -> new RingNode(7, TEXTBOOK).onStart(new FakeContext(7, 5, true, TEXTBOOK), Start.COLD, 0, 0));
        assertEquals("node id 7 is outside 1..5", outside.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new RingNode(0, TEXTBOOK));
    }
}
