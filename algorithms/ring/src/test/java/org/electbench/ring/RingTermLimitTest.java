package org.electbench.ring;

import static org.electbench.ring.RingMessages.ELECTED;
import static org.electbench.ring.RingMessages.ELECTION;
import static org.electbench.ring.RingMessages.HEARTBEAT;
import static org.electbench.spi.MessageHeader.BYTE_ORDER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.sim.SimRuntime;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.RingArrangement;
import org.electbench.spi.Start;
import org.electbench.testkit.Forging;
import org.electbench.testkit.ScriptedHost;
import org.electbench.testkit.StateTrace;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Terms at the top of their range. The ring's terms only label leaderships (the highest id wins),
 * so a forged jump is refused (one frame must not move every later winner's term) and a winner at
 * the top saturates instead of wrapping; see {@link org.electbench.spi.Terms}.
 */
class RingTermLimitTest
{
    private static final long MS = 1_000_000L;
    private static final int NODES = 5;
    private static final ElectionSettings SETTINGS = ElectionSettings.builder()
        .heartbeatIntervalNs(100 * MS)
        .detectionTimeoutNs(300 * MS)
        .electionTimeoutNs(5 * MS)
        .coordinatorTimeoutNs(300 * MS)
        .option(RingAlgorithm.ACK, true)
        .option(RingAlgorithm.ARRANGEMENT, RingArrangement.INCREASING)
        .build();

    private static Scenario.Builder leaderCrash()
    {
        return Scenario.builder()
            .algorithm(new RingAlgorithm())
            .nodes(NODES)
            .settings(SETTINGS)
            .network(NetworkModel.constant(MS))
            .kind(ScenarioKind.LEADER_CRASH)
            .seed(20);
    }

    /**
     * A HEARTBEAT as the leader 5 before it crashes, an ELECTION as node 1 or an ELECTED as node 2
     * (each naming itself) during the election, each with a term of 2^63-2 or 2^63-1. Every live
     * peer drops it as forged, unacknowledged, and the ring elects 4 exactly as it does without it:
     * at the same instant, in term 2, with the same messages.
     */
    @ParameterizedTest(name = "term={0} from={1} type={2} atCrashPlusMs={3}")
    @CsvSource({
        "9223372036854775806,5," + HEARTBEAT + ",-5",
        "9223372036854775807,5," + HEARTBEAT + ",-5",
        "9223372036854775806,1," + ELECTION + ",1",
        "9223372036854775807,1," + ELECTION + ",1",
        "9223372036854775806,2," + ELECTED + ",1",
        "9223372036854775807,2," + ELECTED + ",1"})
    void aForgedFrameNearTheTopTermIsDroppedAndTheRingElectsAsWithoutIt(
        final long forgedTerm, final int fromId, final int type, final long atCrashPlusMs)
    {
        final Scenario honest = leaderCrash().build();
        final ElectionResult expected = new SimRuntime().run(honest);
        final long forgedAtNs = honest.plan().referenceNs() + atCrashPlusMs * MS;

        final Forging forging = new Forging(new RingAlgorithm()).forge(fromId, forgedAtNs, type, body(type, fromId, forgedTerm));
        final StateTrace trace = new StateTrace();
        final ElectionResult result = new SimRuntime().trace(trace).run(leaderCrash().algorithm(forging).build());

        assertTrue(result.converged(), result::toString);
        assertEquals(4, result.finalLeader(), result::toString);
        assertEquals(expected.convergenceNs(), result.convergenceNs(), result::toString);
        assertEquals(0, result.sameTermLeaders(), result::toString);
        final boolean afterCrash = atCrashPlusMs >= 0;
        assertEquals(afterCrash ? NODES - 2 : NODES - 1, forging.malformedMessages(), "every live peer dropped the forged frame");
        for (int t = 0; t < RingMessages.TYPE_NAMES.size(); t++)
        {
            final long forgedSends = afterCrash && t == type ? NODES - 1 : 0;
            assertEquals(expected.messages(t) + forgedSends, result.messages(t), RingMessages.TYPE_NAMES.get(t) + " " + result);
        }
        assertEquals(List.of(1L, 2L), trace.terms(), "terms believed");
    }

    /** A lap that gathered the top term wins the top term again: never a negative one. */
    @ParameterizedTest(name = "acknowledgements={0}")
    @ValueSource(booleans = {false, true})
    void aWinnerAtTheTopTermSaturatesThere(final boolean acknowledgements)
    {
        final ElectionSettings settings = SETTINGS.toBuilder().option(RingAlgorithm.ACK, acknowledgements).build();
        final ScriptedHost host = new ScriptedHost();
        final RingNode node = new RingNode(4, settings);
        node.onStart(host.context(4, NODES, true, settings), Start.SETTLED, NODES, Long.MAX_VALUE);

        host.fire(node, RingNode.DETECTION_TIMER);
        final ScriptedHost.Sent stood = host.drain().get(0);
        assertEquals(ELECTION, stood.type());
        assertEquals(Long.MAX_VALUE, stood.longAt(MessageHeader.LENGTH + RingMessages.TERM_OFFSET));
        // Its lap comes home, as the ring passes it on unchanged.
        final MutableDirectBuffer inbound = host.inbound(ELECTION, stood.message().capacity() - MessageHeader.LENGTH, 3);
        inbound.putBytes(MessageHeader.LENGTH, stood.message(), MessageHeader.LENGTH, stood.message().capacity() - MessageHeader.LENGTH);
        host.deliver(node, 3);

        assertEquals(RingNode.State.ANNOUNCING, node.state());
        assertEquals(host.nowNs(), node.stateChangedNs());
        assertEquals(Long.MAX_VALUE, node.term());
        final ScriptedHost.Sent elected = host.sentOfType(ELECTED).get(0);
        assertEquals(4, elected.intAt(MessageHeader.LENGTH + RingMessages.ID_OFFSET));
        assertEquals(Long.MAX_VALUE, elected.longAt(MessageHeader.LENGTH + RingMessages.TERM_OFFSET));
        assertTrue(host.announcements().stream().allMatch(a -> a.term() == Long.MAX_VALUE), host.announcements()::toString);
        assertEquals(0, node.malformedMessages());
    }

    /** Negative terms are malformed and a jump of more than 2^32 forged, in every message that carries a term. */
    @ParameterizedTest(name = "type={0}")
    @ValueSource(ints = {ELECTION, ELECTED, HEARTBEAT})
    void aNegativeTermOrAJumpOfMoreThanTwoToTheThirtyTwoIsDroppedAndCounted(final int type)
    {
        final ScriptedHost host = new ScriptedHost();
        final RingNode node = new RingNode(3, SETTINGS);
        node.onStart(host.context(3, NODES, true, SETTINGS), Start.SETTLED, NODES, 7);
        host.clear();

        for (final long term : new long[] {-1, Long.MIN_VALUE, 7 + (1L << 32) + 1, Long.MAX_VALUE})
        {
            deliver(host, node, type, 4, term);
        }
        assertEquals(4, node.malformedMessages());
        assertEquals(7, node.term());
        assertEquals(List.of(), host.sent(), "not even acknowledged");
        assertEquals(List.of(), host.announcements());

        // The largest plausible jump is believed.
        deliver(host, node, type, 4, 7 + (1L << 32));
        assertEquals(4, node.malformedMessages());
        if (ELECTION == type)
        {
            assertEquals(List.of(ELECTION, RingMessages.ACK), host.sent().stream().map(ScriptedHost.Sent::type).toList(), "passed on");
        }
        else
        {
            assertEquals(7 + (1L << 32), node.term(), "followed");
        }
    }

    private static void deliver(final ScriptedHost host, final RingNode node, final int type, final int fromId, final long term)
    {
        final byte[] body = body(type, fromId, term);
        host.inbound(type, body.length, fromId).putBytes(MessageHeader.LENGTH, body);
        host.deliver(node, fromId);
    }

    /** @return the body of an acknowledged ring message naming {@code id}, with a made-up hop and lap. */
    private static byte[] body(final int type, final int id, final long term)
    {
        final UnsafeBuffer body = new UnsafeBuffer(new byte[RingMessages.bodyLength(type, true)]);
        if (HEARTBEAT == type)
        {
            body.putLong(RingMessages.HEARTBEAT_TERM_OFFSET, term, BYTE_ORDER);
            return body.byteArray();
        }
        body.putInt(RingMessages.ID_OFFSET, id, BYTE_ORDER);
        body.putLong(RingMessages.TERM_OFFSET, term, BYTE_ORDER);
        body.putLong(RingMessages.HOP_OFFSET, 77, BYTE_ORDER);
        if (ELECTION == type)
        {
            body.putLong(RingMessages.LAP_OFFSET, (9L << 32) | 5, BYTE_ORDER);
        }
        return body.byteArray();
    }
}
