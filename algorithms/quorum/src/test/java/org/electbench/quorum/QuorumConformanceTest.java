package org.electbench.quorum;

import static org.electbench.quorum.QuorumMessages.ELECT;
import static org.electbench.quorum.QuorumMessages.LEAD;
import static org.electbench.quorum.QuorumMessages.VOTE;
import static org.electbench.quorum.QuorumNode.HEARTBEAT_TIMER;
import static org.electbench.quorum.QuorumNode.VOTE_TIMER;
import static org.electbench.quorum.QuorumNode.WATCH_TIMER;
import static org.electbench.quorum.QuorumPeers.elect;
import static org.electbench.quorum.QuorumPeers.lead;
import static org.electbench.quorum.QuorumPeers.sourceVote;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import org.agrona.MutableDirectBuffer;
import org.electbench.conformance.AllocationConformance;
import org.electbench.conformance.ChaosConformance;
import org.electbench.conformance.DecoderFuzzConformance;
import org.electbench.conformance.DerivedSettingsConformance;
import org.electbench.conformance.MessageCountConformance;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.spi.Terms;
import org.electbench.testkit.ScriptedHost;
import org.electbench.transport.DelayDistribution;
import org.electbench.transport.Detectors;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Nested;

/**
 * The ELECT/VOTE majority election against the conformance kit: every figure the kit checks, in
 * one place (its forged-term test stays in {@link QuorumTermLimitTest}, as its terms are judged
 * field by field).
 */
class QuorumConformanceTest
{
    static final long MS = 1_000_000L;
    static final int NODES = 5;

    @Nested
    class DecoderFuzz extends DecoderFuzzConformance
    {
        DecoderFuzz()
        {
            super(QuorumAlgorithm::new, 4096);
        }

        @Override
        protected Stream<FuzzCase> cases()
        {
            return Stream.of(new FuzzCase("defaults", ElectionSettings.defaults(), 4), new FuzzCase("defaults", ElectionSettings.defaults(), 44));
        }

        @Override
        protected int bodyLength(final int type, final ElectionSettings settings)
        {
            return type < QuorumMessages.NAMES.size() ? QuorumMessages.bodyLength(type) : -1;
        }

        /**
         * Writes every term at most {@link Terms#MAX_JUMP}, which the node believes whatever it holds, as
         * its own terms never pass 2<sup>32</sup> + 1 here; then, half the time, one field no honest server
         * sends: a negative one, or a term of 2<sup>62</sup> or more.
         */
        @Override
        protected boolean fields(final Frame frame)
        {
            final SplittableRandom random = frame.random();
            final MutableDirectBuffer buffer = frame.buffer();
            final int frameOffset = frame.offset();
            final int[] terms = switch (frame.type())
            {
                case QuorumMessages.ELECT -> new int[]{QuorumMessages.TERM_OFFSET, QuorumMessages.BALLOT_OFFSET};
                case QuorumMessages.VOTE -> new int[]{QuorumMessages.VOTE_TERM_OFFSET};
                default -> new int[]{QuorumMessages.TERM_OFFSET};
            };
            final int counter = QuorumMessages.VOTE == frame.type() ? QuorumMessages.VOTE_PREVIOUS_OFFSET : QuorumMessages.MSG_OFFSET;
            for (final int offset : terms)
            {
                buffer.putLong(frameOffset + offset, random.nextLong(Terms.MAX_JUMP + 1), MessageHeader.BYTE_ORDER);
            }
            buffer.putLong(frameOffset + counter, random.nextLong(Long.MAX_VALUE), MessageHeader.BYTE_ORDER);
            if (random.nextBoolean())
            {
                return true;
            }
            final int wrong = random.nextInt(terms.length + 1);
            final long value = wrong < terms.length && random.nextBoolean() ?
                random.nextLong(1L << 62, Long.MAX_VALUE) : random.nextLong(Long.MIN_VALUE, 0);
            buffer.putLong(frameOffset + (wrong < terms.length ? terms[wrong] : counter), value, MessageHeader.BYTE_ORDER);
            return false;
        }
    }

    /** Rounds of: the leader falls silent, node 1 is elected by itself, 2 and 3, leads for two heartbeats, and is deposed. */
    @Nested
    class Allocation extends AllocationConformance
    {
        Allocation()
        {
            super(20_000, 20_000, 0);
        }

        @Override
        protected Workload workload()
        {
            final ElectionSettings settings = ElectionSettings.builder()
                .heartbeatIntervalNs(10 * MS).detectionTimeoutNs(30 * MS).electionTimeoutNs(4 * MS).coordinatorTimeoutNs(4 * MS).build();
            final QuorumNode node = new QuorumNode(1, settings);
            final ScriptedHost host = new ScriptedHost();
            node.onStart(host.context(1, NODES, true, settings), Start.SETTLED, NODES, 1);
            lead(host, node, 5, 1, 1);
            host.countAnnouncementsOnly();
            return new Workload()
            {
                private long term = 1;
                private int totalRounds;

                @Override
                public void rounds(final int count)
                {
                    for (int i = 0; i < count; i++)
                    {
                        host.fire(node, WATCH_TIMER);
                        elect(host, node, 2, term, 1, term);
                        elect(host, node, 3, term, 1, term);
                        host.fire(node, VOTE_TIMER);
                        sourceVote(host, node, 2, term, 1);
                        sourceVote(host, node, 3, term, 1);
                        host.fire(node, HEARTBEAT_TIMER);
                        host.fire(node, HEARTBEAT_TIMER);
                        term += 2;
                        lead(host, node, 4, term, 1);
                        host.clearSent();
                    }
                    totalRounds += count;
                }

                /** Per round: CANDIDATE, FOLLOWER naming nobody (old leader dead), LEADER, FOLLOWER of the next. */
                @Override
                public void assertWhatTheRoundsDid(final int measuredRounds)
                {
                    assertEquals(Role.FOLLOWER, node.role());
                    assertEquals(1 + 4 * totalRounds, host.announceCount());
                }
            };
        }
    }

    /** The voting window (T_elec) above twice the largest one-way delay. */
    @Nested
    class DerivedSettings extends DerivedSettingsConformance
    {
        /** uniform(1 ms, 11 ms) is bounded: its largest delay is 11 ms; twice that is 22 ms; the window opens just above. */
        DerivedSettings()
        {
            super(new Derived(22_100_000L, ElectionSettings.DEFAULT_COORDINATOR_TIMEOUT_NS,
                "HBT 50ms, D 150ms, T_elec 22.1ms (derived), T_coord 30ms, ballots off",
                10 * MS, "--election-timeout 10ms is not above twice the largest one-way delay (22ms)"));
        }
        @Override
        protected Scenario scenario(final ElectionSettings settings)
        {
            return Scenario.builder().algorithm(QuorumAlgorithm.NAME).nodes(NODES).settings(settings)
                .network(NetworkModel.of(DelayDistribution.uniform(1 * MS, 11 * MS))).build();
        }
    }

    /**
     * With the safety additions ({@code --ballots on}); seed 2's textbook schedules include two in which 3 of 5 servers
     * crash for good: no majority is left to vote. The source's rule alone is not safe here: {@link QuorumSourceRuleTest}.
     */
    @Nested
    class Chaos extends ChaosConformance
    {
        Chaos()
        {
            super(QuorumAlgorithm::new, 2_000, 2);
        }

        @Override
        protected ElectionSettings settings()
        {
            return QuorumChaosTest.BALLOTS;
        }
    }

    /**
     * On a constant 2 ms delay with the voting window above its round trip, every ELECT of a round
     * reaches every live server before any window closes: each live server broadcasts once, every
     * server but the winner votes once (the winner's own vote is no message), and the winner's first
     * LEAD round announces it.
     */
    @Nested
    class MessageCounts extends MessageCountConformance
    {
        private static final ElectionSettings COUNTED = ElectionSettings.builder()
            .heartbeatIntervalNs(10 * MS).detectionTimeoutNs(30 * MS).electionTimeoutNs(5 * MS).coordinatorTimeoutNs(5 * MS).build();

        @Override
        protected Stream<Textbook> textbookCases()
        {
            final Stream<Textbook> crashes = Stream.of(Detectors.values()).flatMap(detect -> Stream.of(3, 4, 5, 8, 17).map(n ->
                // The N-1 live servers broadcast to all N-1 peers, the crashed leader included.
                textbook(n, ScenarioKind.LEADER_CRASH, detect, (long)(n - 1) * (n - 1), n - 2)));
            final Stream<Textbook> coldStarts = Stream.of(Detectors.ALL, Detectors.LOWEST, Detectors.HIGHEST).map(detect ->
                textbook(NODES, ScenarioKind.COLD_START, detect, (long)NODES * (NODES - 1), NODES - 1));
            return Stream.concat(crashes, coldStarts);
        }

        private static Textbook textbook(final int n, final ScenarioKind kind, final Detectors detect, final long elects, final long votes)
        {
            final Scenario scenario = Scenario.builder().algorithm(new QuorumAlgorithm()).nodes(n).settings(COUNTED)
                .network(NetworkModel.constant(2 * MS)).kind(kind).detect(detect).seed(17).build();
            return new Textbook(kind.cliName() + ", detect=" + detect + ", n=" + n, scenario, 1, Map.of(ELECT, elects, VOTE, votes, LEAD, n - 1L));
        }
    }
}
