package org.electbench.bully;

import static org.electbench.bully.BullyMessages.COORDINATOR;
import static org.electbench.bully.BullyMessages.ELECTION;
import static org.electbench.bully.BullyMessages.HEARTBEAT;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.agrona.MutableDirectBuffer;
import org.electbench.conformance.DecoderFuzzConformance;
import org.electbench.conformance.DerivedSettingsConformance;
import org.electbench.conformance.MessageCountConformance;
import org.electbench.conformance.TermLimitConformance;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Start;
import org.electbench.testkit.ForgingAlgorithm;
import org.electbench.testkit.ScriptedHost;
import org.electbench.transport.DelayDistribution;
import org.electbench.transport.Detectors;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Nested;

/** The bully against the conformance kit: every figure the kit checks, in one place. */
class BullyConformanceTest
{
    static final long MS = 1_000_000L;
    static final int NODES = 5;
    /** Timeouts short enough for a leader crash of a few tens of milliseconds. */
    static final ElectionSettings SETTINGS = ElectionSettings.builder()
        .heartbeatIntervalNs(10 * MS)
        .detectionTimeoutNs(35 * MS)
        .electionTimeoutNs(5 * MS)
        .coordinatorTimeoutNs(12 * MS)
        .build();

    @Nested
    class TermLimits extends TermLimitConformance
    {
        TermLimits()
        {
            super(BullyAlgorithm::new, SETTINGS, 4);
        }

        /** A COORDINATOR as the leader 5 before it crashes, an ELECTION as node 1 or a HEARTBEAT as node 3 during the election. */
        @Override
        protected Stream<Forgery> forgeries()
        {
            return Stream.of(
                new Forgery(Long.MAX_VALUE - 1, 5, COORDINATOR, -5), new Forgery(Long.MAX_VALUE, 5, COORDINATOR, -5),
                new Forgery(Long.MAX_VALUE - 1, 1, ELECTION, 1), new Forgery(Long.MAX_VALUE, 1, ELECTION, 1),
                new Forgery(Long.MAX_VALUE - 1, 3, HEARTBEAT, 20), new Forgery(Long.MAX_VALUE, 3, HEARTBEAT, 20));
        }

        @Override
        protected byte[] body(final int type, final int fromId, final long term)
        {
            return ForgingAlgorithm.longBody(term);
        }

        @Override
        protected TermProbe settledNode(final int selfId, final long term)
        {
            final ScriptedHost host = new ScriptedHost();
            final BullyNode node = (BullyNode)new BullyAlgorithm().newNode(selfId, SETTINGS);
            node.onStart(host.context(selfId, NODES, true, SETTINGS), Start.SETTLED, NODES, term);
            return new TermProbe(node, host, (type, fromId, deliveredTerm) -> BullyScript.deliver(host, node, type, fromId, deliveredTerm),
                node::highestTermSeen);
        }

        @Override
        protected Stream<Integer> typesWithTerms()
        {
            return Stream.of(ELECTION, BullyMessages.OK, COORDINATOR, HEARTBEAT);
        }
    }

    @Nested
    class DecoderFuzz extends DecoderFuzzConformance
    {
        DecoderFuzz()
        {
            super(BullyAlgorithm::new);
        }

        @Override
        protected Stream<FuzzCase> cases()
        {
            return Stream.of(new FuzzCase("defaults", ElectionSettings.defaults(), 8),
                new FuzzCase("defaults", ElectionSettings.defaults(), 88));
        }

        @Override
        protected int bodyLength(final int type, final ElectionSettings settings)
        {
            return type < BullyMessages.NAMES.size() ? BullyMessages.BODY_LENGTH : -1;
        }

        /** Every bully message is one term: not negative, and not more than 2^32 above the node's highest. */
        @Override
        protected boolean fields(final Frame frame)
        {
            final SplittableRandom random = frame.random();
            final MutableDirectBuffer buffer = frame.buffer();
            final int frameOffset = frame.offset();
            final long highestTermSeen = ((BullyNode)frame.node()).highestTermSeen();
            if (random.nextBoolean())
            {
                buffer.putLong(frameOffset + BullyMessages.TERM_OFFSET, highestTermSeen + random.nextLong(-2, 3), MessageHeader.BYTE_ORDER);
            }
            final long term = buffer.getLong(frameOffset + BullyMessages.TERM_OFFSET, MessageHeader.BYTE_ORDER);
            return term >= 0 && term - highestTermSeen <= 1L << 32;
        }

        @Override
        protected void tick(final ElectionNode node, final ScriptedHost host, final SplittableRandom random, final int frame)
        {
            node.onTimer(host.lastScheduledTimerId(), frame % 4);
        }
    }

    /** T_elec above twice the one-way delay bound (p99.9 of an unbounded delay) and T_coord above T_elec plus that round trip. */
    @Nested
    class DerivedSettings extends DerivedSettingsConformance
    {
        /** p99.9 of exponential(110 ms) is 110 ms ln 1000 = 759.853 ms; twice that is 1519.706 ms. */
        DerivedSettings()
        {
            super(new Derived(1_519_800_000L, 3_039_600_000L,
                "HBT 50ms, D 150ms, T_elec 1519.8ms (derived), T_coord 3039.6ms (derived), recovery bully, " +
                "immediate-declare off; derived from the p99.9 one-way delay",
                10 * MS, "--election-timeout 10ms is not above twice the p99.9 one-way delay (1519.706162ms): " +
                "a candidate stops waiting for OK before a live higher node's answer arrives"));
        }
        @Override
        protected Scenario scenario(final ElectionSettings settings)
        {
            return Scenario.builder().algorithm(BullyAlgorithm.NAME).nodes(NODES).settings(settings)
                .network(NetworkModel.of(DelayDistribution.exponential(110 * MS))).build();
        }

        /** T_coord was left to the algorithm: above the explicit T_elec plus the round trip. */
        @Override
        protected void assertAroundExplicitElectionTimeout(final Scenario scenario)
        {
            assertEquals(1_529_800_000L, scenario.settings().coordinatorTimeoutNs());
        }
    }

    /**
     * The bully's closed forms on a constant 1 ms delay with T_elec above its round trip, the
     * paper's assumption: a live higher node's OK always beats the election timeout. The new leader
     * heartbeats the N-1 others, the crashed one included, as it sends COORDINATOR, so that first
     * round is sent before agreement too.
     */
    @Nested
    class MessageCounts extends MessageCountConformance
    {
        @Override
        protected Stream<Textbook> textbookCases()
        {
            return IntStream.of(3, 5, 8, 16, 64).boxed().flatMap(n -> Stream.of(
                // Node n-1 asks only the crashed n, then tells the n-2 below it.
                textbook("highest detects a crash", n, ScenarioKind.LEADER_CRASH, Detectors.HIGHEST, n - 1, 1, 0, n - 2),
                // Node 1 wakes every higher node, each asks every node above it and each live one answers those below.
                textbook("lowest detects a crash", n, ScenarioKind.LEADER_CRASH, Detectors.LOWEST, n - 1,
                    n * (n - 1) / 2, (n - 1) * (n - 2) / 2, n - 2),
                // Everyone at once costs what the lowest alone does: each node asks every node above it once.
                textbook("all detect a crash", n, ScenarioKind.LEADER_CRASH, Detectors.ALL, n - 1,
                    n * (n - 1) / 2, (n - 1) * (n - 2) / 2, n - 2),
                // As a crash seen by the lowest, with node n alive to answer and to announce.
                textbook("lowest alone at cold start", n, ScenarioKind.COLD_START, Detectors.LOWEST, n,
                    n * (n - 1) / 2, n * (n - 1) / 2, n - 1)));
        }

        private static Textbook textbook(final String name, final int n, final ScenarioKind kind, final Detectors detect,
            final int leader, final long elections, final long oks, final long coordinators)
        {
            final Scenario scenario = Scenario.builder().algorithm(BullyAlgorithm.NAME).nodes(n).settings(SETTINGS)
                .network(NetworkModel.constant(MS)).kind(kind).detect(detect).seed(42L + n).build();
            return new Textbook(name + ", n=" + n, scenario, leader,
                Map.of(ELECTION, elections, BullyMessages.OK, oks, COORDINATOR, coordinators, HEARTBEAT, n - 1L));
        }
    }
}
