package org.electbench.ring;

import static org.electbench.ring.RingMessages.ELECTED;
import static org.electbench.ring.RingMessages.ELECTION;
import static org.electbench.ring.RingMessages.HEARTBEAT;
import static org.electbench.spi.MessageHeader.BYTE_ORDER;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.conformance.AllocationConformance;
import org.electbench.conformance.DecoderFuzzConformance;
import org.electbench.conformance.DerivedSettingsConformance;
import org.electbench.conformance.MessageCountConformance;
import org.electbench.conformance.TermLimitConformance;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.RingArrangement;
import org.electbench.spi.Start;
import org.electbench.testkit.ScriptedHost;
import org.electbench.transport.Detectors;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Nested;

/** The Chang–Roberts ring against the conformance kit: every figure the kit checks, in one place. */
class RingConformanceTest
{
    static final long MS = 1_000_000L;
    static final int NODES = 5;
    /** Acknowledged hops on an increasing ring, with laps and heartbeats far apart. */
    static final ElectionSettings SETTINGS = ElectionSettings.builder()
        .heartbeatIntervalNs(100 * MS)
        .detectionTimeoutNs(300 * MS)
        .electionTimeoutNs(5 * MS)
        .coordinatorTimeoutNs(300 * MS)
        .option(RingAlgorithm.ACK, true)
        .option(RingAlgorithm.ARRANGEMENT, RingArrangement.INCREASING)
        .build();

    /** @return the body of an acknowledged ring message naming {@code id}, with a made-up hop and lap. */
    static byte[] body(final int type, final int id, final long term)
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

    @Nested
    class TermLimits extends TermLimitConformance
    {
        TermLimits()
        {
            super(RingAlgorithm::new, SETTINGS, 4);
        }

        /** A HEARTBEAT as the leader 5 before it crashes, an ELECTION as node 1 or an ELECTED as node 2 (each naming itself) during the election. */
        @Override
        protected Stream<Forgery> forgeries()
        {
            return Stream.of(
                new Forgery(Long.MAX_VALUE - 1, 5, HEARTBEAT, -5), new Forgery(Long.MAX_VALUE, 5, HEARTBEAT, -5),
                new Forgery(Long.MAX_VALUE - 1, 1, ELECTION, 1), new Forgery(Long.MAX_VALUE, 1, ELECTION, 1),
                new Forgery(Long.MAX_VALUE - 1, 2, ELECTED, 1), new Forgery(Long.MAX_VALUE, 2, ELECTED, 1));
        }

        @Override
        protected byte[] body(final int type, final int fromId, final long term)
        {
            return RingConformanceTest.body(type, fromId, term);
        }

        @Override
        protected TermProbe settledNode(final int selfId, final long term)
        {
            final ScriptedHost host = new ScriptedHost();
            final RingNode node = new RingNode(selfId, SETTINGS);
            node.onStart(host.context(selfId, NODES, true, SETTINGS), Start.SETTLED, NODES, term);
            return TermProbe.of(node, host, (type, fromId, deliveredTerm) ->
            {
                final byte[] body = RingConformanceTest.body(type, fromId, deliveredTerm);
                host.inbound(type, body.length, fromId).putBytes(MessageHeader.LENGTH, body);
                host.deliver(node, fromId);
            });
        }

        @Override
        protected Stream<Integer> typesWithTerms()
        {
            return Stream.of(ELECTION, ELECTED, HEARTBEAT);
        }

        /** Not even the top term itself is believed from a jump. */
        @Override
        protected List<Long> refusedTerms(final long ownTerm)
        {
            return List.of(-1L, Long.MIN_VALUE, ownTerm + MAX_JUMP + 1, Long.MAX_VALUE);
        }

        /** An ELECTION with a plausible term is passed on (and acknowledged) rather than followed. */
        @Override
        protected void believesTheLargestPlausibleJump(final TermProbe probe, final int type, final long term)
        {
            if (ELECTION != type)
            {
                super.believesTheLargestPlausibleJump(probe, type, term);
                return;
            }
            probe.deliver(type, sender(), term);
            assertEquals(List.of(ELECTION, RingMessages.ACK), probe.host().sent().stream().map(ScriptedHost.Sent::type).toList(), "passed on");
        }
    }

    /** With and without acknowledgements; the node restarts every few thousand frames, so the hops valid frames leave unacknowledged stay few. */
    @Nested
    class DecoderFuzz extends DecoderFuzzConformance
    {
        DecoderFuzz()
        {
            super(RingAlgorithm::new, 4096);
        }

        @Override
        protected Stream<FuzzCase> cases()
        {
            return Stream.of(new FuzzCase("acknowledgements=true", ElectionSettings.builder().option(RingAlgorithm.ACK, true).build(), 9),
                new FuzzCase("acknowledgements=false", ElectionSettings.builder().option(RingAlgorithm.ACK, false).build(), 99));
        }

        @Override
        protected int bodyLength(final int type, final ElectionSettings settings)
        {
            return RingMessages.bodyLength(type, settings.get(RingAlgorithm.ACK));
        }

        /** Every type but ACK carries a term (not negative, not more than 2^32 above the node's); ELECTION and ELECTED an id in 1..N. */
        @Override
        protected boolean fields(final Frame frame)
        {
            final SplittableRandom random = frame.random();
            final MutableDirectBuffer buffer = frame.buffer();
            final int frameOffset = frame.offset();
            final int body = frameOffset + MessageHeader.LENGTH;
            if (random.nextBoolean())
            {
                buffer.putInt(body + RingMessages.ID_OFFSET, random.nextInt(-1, NODES + 2), BYTE_ORDER);
            }
            final int termOffset = body + (HEARTBEAT == frame.type() ? RingMessages.HEARTBEAT_TERM_OFFSET : RingMessages.TERM_OFFSET);
            if (random.nextBoolean())
            {
                buffer.putLong(termOffset, frame.node().term() + random.nextLong(-2, 3), BYTE_ORDER);
            }
            if (RingMessages.ACK == frame.type())
            {
                return true;
            }
            final int id = buffer.getInt(body + RingMessages.ID_OFFSET, BYTE_ORDER);
            final long term = buffer.getLong(termOffset, BYTE_ORDER);
            return (HEARTBEAT == frame.type() || (id >= 1 && id <= NODES)) && term >= 0 && term - frame.node().term() <= 1L << 32;
        }
    }

    /** A relay's whole election, message by message: ELECTION for 5 forwarded and acknowledged, its hop acknowledged, ELECTED, heartbeat. */
    @Nested
    class Allocation extends AllocationConformance
    {
        Allocation()
        {
            super(100_000, 100_000, 1023);
        }

        @Override
        protected Workload workload()
        {
            return new RelayWorkload();
        }
    }

    /** T_elec above twice the largest one-way delay; T_coord above two laps of 17 hops past the dead leader. */
    @Nested
    class DerivedSettings extends DerivedSettingsConformance
    {
        /**
         * T_elec, waited out at the dead leader's hop, derived just above the 2 ms round trip; T_coord: two laps of 17 hops
         * at 1 ms, each skipping the dead leader at that 2.1 ms hop timeout, 2 (17 + 2.1) ms, rounded above.
         */
        DerivedSettings()
        {
            super(new Derived(2_100_000L, 38_300_000L,
                "HBT 50ms, D 150ms, T_elec 2.1ms (derived), T_coord 38.3ms (derived), recovery bully, arrangement increasing, ack on",
                MS, "--election-timeout 1ms is not above twice the largest one-way delay (2ms)"));
        }
        @Override
        protected Scenario scenario(final ElectionSettings settings)
        {
            return Scenario.builder().algorithm(RingAlgorithm.NAME).nodes(17).settings(settings)
                .network(NetworkModel.constant(MS)).kind(ScenarioKind.LEADER_CRASH).detect(Detectors.ALL).seed(17).build();
        }
    }

    /** A relay, node 3 of 5 with acknowledgements, on a host that records broadcasts as one and keeps no announcements. */
    private static final class RelayWorkload implements AllocationConformance.Workload
    {
        private final ScriptedHost host = new ScriptedHost();
        private final RingNode node;
        private final UnsafeBuffer election = frame(RingMessages.ELECTION, RingMessages.ACKNOWLEDGED_ELECTION_BODY_LENGTH, 2);
        private final UnsafeBuffer elected = frame(RingMessages.ELECTED, RingMessages.ACKNOWLEDGED_ELECTED_BODY_LENGTH, 2);
        private final UnsafeBuffer ack = frame(RingMessages.ACK, RingMessages.ACK_BODY_LENGTH, 4);
        private final UnsafeBuffer heartbeat = frame(RingMessages.HEARTBEAT, RingMessages.HEARTBEAT_BODY_LENGTH, 5);
        private int term;
        private int totalRounds;

        RelayWorkload()
        {
            final ElectionSettings settings = ElectionSettings.builder().option(RingAlgorithm.ACK, true).build();
            host.recordBroadcastsAsOne();
            host.countAnnouncementsOnly();
            node = new RingNode(3, settings);
            node.onStart(host.context(3, NODES, true, settings), Start.COLD, 0, 0);
            acknowledgeLastHop(); // the boot ELECTION's hop
        }

        private static UnsafeBuffer frame(final int type, final int bodyLength, final int senderId)
        {
            final UnsafeBuffer frame = new UnsafeBuffer(new byte[MessageHeader.LENGTH + bodyLength]);
            MessageHeader.write(frame, 0, type, bodyLength, senderId);
            return frame;
        }

        /** Acknowledges the hop of the last ELECTION or ELECTED sent, found without allocating. */
        private void acknowledgeLastHop()
        {
            int i = host.sentCount() - 1;
            while (host.sentType(i) != RingMessages.ELECTION && host.sentType(i) != RingMessages.ELECTED)
            {
                i--;
            }
            ack.putLong(MessageHeader.LENGTH + RingMessages.ACK_HOP_OFFSET, host.sentLong(i, MessageHeader.LENGTH + RingMessages.HOP_OFFSET),
                BYTE_ORDER);
            node.onMessage(4, ack, 0, ack.capacity());
        }

        @Override
        public void rounds(final int count)
        {
            for (int i = 0; i < count; i++)
            {
                term++;
                election.putInt(MessageHeader.LENGTH + RingMessages.ID_OFFSET, 5, BYTE_ORDER);
                election.putLong(MessageHeader.LENGTH + RingMessages.TERM_OFFSET, term - 1, BYTE_ORDER);
                election.putLong(MessageHeader.LENGTH + RingMessages.LAP_OFFSET, (9L << 32) | term, BYTE_ORDER);
                node.onMessage(2, election, 0, election.capacity());
                acknowledgeLastHop();
                elected.putInt(MessageHeader.LENGTH + RingMessages.ID_OFFSET, 5, BYTE_ORDER);
                elected.putLong(MessageHeader.LENGTH + RingMessages.TERM_OFFSET, term, BYTE_ORDER);
                node.onMessage(2, elected, 0, elected.capacity());
                acknowledgeLastHop();
                heartbeat.putLong(MessageHeader.LENGTH + RingMessages.HEARTBEAT_TERM_OFFSET, term, BYTE_ORDER);
                node.onMessage(5, heartbeat, 0, heartbeat.capacity());
            }
            totalRounds += count;
        }

        @Override
        public void assertWhatTheRoundsDid(final int measuredRounds)
        {
            assertEquals(4L * totalRounds + 1, host.sentCount(), "forward and ACK per ELECTION and ELECTED, plus the boot ELECTION");
            assertEquals(0, host.refusedSends(), "sends to the node itself or to no node, which the count above leaves out");
            assertEquals(0, node.pendingHops());
            assertEquals(5, node.leaderId());
        }
    }

    /**
     * Chang and Roberts' counts with every node initiating at once at cold start, hops unacknowledged
     * and heartbeats too slow to tell the news before ELECTED does, on a constant 1 ms delay.
     */
    @Nested
    class MessageCounts extends MessageCountConformance
    {
        @Override
        protected Stream<Textbook> textbookCases()
        {
            return IntStream.of(3, 5, 8, 16, 64).boxed().flatMap(n -> Stream.of(
                // Only n's message survives its first hop: n first sends, then n-1 hops from 1 back round to n.
                textbook(RingArrangement.INCREASING, n, 2L * n - 1),
                // k's message goes k hops, down through 1 and round to n, which swallows all but its own.
                textbook(RingArrangement.DECREASING, n, (long)n * (n + 1) / 2)));
        }

        /** ELECTED goes n-1 hops before every node names n; the hop closing its lap comes after agreement. */
        private static Textbook textbook(final RingArrangement arrangement, final int n, final long elections)
        {
            final ElectionSettings textbook = ElectionSettings.builder()
                .heartbeatIntervalNs(1_000 * MS).detectionTimeoutNs(3_000 * MS)
                .option(RingAlgorithm.ACK, false).option(RingAlgorithm.ARRANGEMENT, arrangement).build();
            final Scenario scenario = Scenario.builder().algorithm(RingAlgorithm.NAME).nodes(n).settings(textbook)
                .network(NetworkModel.constant(MS)).kind(ScenarioKind.COLD_START).detect(Detectors.ALL).build();
            return new Textbook(arrangement + " ring, n=" + n, scenario, n, Map.of(ELECTION, elections, ELECTED, n - 1L));
        }
    }
}
