package org.electbench.raft;

import static org.electbench.raft.RaftMessages.HEARTBEAT;
import static org.electbench.raft.RaftMessages.REQUEST_VOTE;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.agrona.MutableDirectBuffer;
import org.electbench.conformance.AllocationConformance;
import org.electbench.conformance.ChaosConformance;
import org.electbench.conformance.DecoderFuzzConformance;
import org.electbench.conformance.MessageCountConformance;
import org.electbench.conformance.TermLimitConformance;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.testkit.ForgingAlgorithm;
import org.electbench.testkit.ScriptedHost;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Nested;

/** The Raft-style election against the conformance kit: every figure the kit checks, in one place. */
class RaftConformanceTest
{
    static final long MS = 1_000_000L;
    static final int NODES = 5;
    static final ElectionSettings SETTINGS = ElectionSettings.builder()
        .heartbeatIntervalNs(10 * MS)
        .detectionTimeoutNs(50 * MS)
        .build();

    @Nested
    class TermLimits extends TermLimitConformance
    {
        /** Node 2 is the first follower to time out under seed 20. */
        TermLimits()
        {
            super(RaftAlgorithm::new, SETTINGS, 2);
        }

        /** The attack: one REQUEST_VOTE as node 1, before the leader crashes or just after. */
        @Override
        protected Stream<Forgery> forgeries()
        {
            return Stream.of(
                new Forgery(Long.MAX_VALUE - 1, 1, REQUEST_VOTE, -5), new Forgery(Long.MAX_VALUE, 1, REQUEST_VOTE, -5),
                new Forgery(Long.MAX_VALUE - 1, 1, REQUEST_VOTE, 1), new Forgery(Long.MAX_VALUE, 1, REQUEST_VOTE, 1));
        }

        @Override
        protected byte[] body(final int type, final int fromId, final long term)
        {
            return ForgingAlgorithm.longBody(term);
        }

        @Override
        protected int sender()
        {
            return 1;
        }

        @Override
        protected TermProbe settledNode(final int selfId, final long term)
        {
            final RaftScript script = new RaftScript();
            final RaftNode node = (RaftNode)new RaftAlgorithm().newNode(selfId, SETTINGS);
            node.onStart(script.context(selfId, NODES, true, SETTINGS, ScriptedHost.newDurableState()), Start.SETTLED, NODES, term);
            return TermProbe.of(node, script.host(), (type, fromId, deliveredTerm) -> script.deliver(node, fromId, type, deliveredTerm, true));
        }

        @Override
        protected Stream<Integer> typesWithTerms()
        {
            return Stream.of(REQUEST_VOTE, RaftMessages.VOTE, RaftMessages.PRE_VOTE, RaftMessages.PRE_VOTE_RESPONSE, HEARTBEAT,
                RaftMessages.HEARTBEAT_RESPONSE);
        }

        /** Whatever the refused type, a HEARTBEAT of the largest plausible jump is followed, and its sender believed leader. */
        @Override
        protected void believesTheLargestPlausibleJump(final TermProbe probe, final int type, final long term)
        {
            super.believesTheLargestPlausibleJump(probe, HEARTBEAT, term);
            assertEquals(sender(), probe.node().leaderId());
        }
    }

    /** Plain, and with pre-vote and CheckQuorum; timers fire now and then, so frames reach the node in every state. */
    @Nested
    class DecoderFuzz extends DecoderFuzzConformance
    {
        DecoderFuzz()
        {
            super(RaftAlgorithm::new);
        }

        @Override
        protected Stream<FuzzCase> cases()
        {
            final ElectionSettings plain = ElectionSettings.defaults();
            return Stream.of(new FuzzCase("plain", plain, 11),
                new FuzzCase("preVote+checkQuorum", RaftOptions.checkQuorum(RaftOptions.preVote(plain, true), true), 11));
        }

        @Override
        protected int bodyLength(final int type, final ElectionSettings settings)
        {
            return type < RaftMessages.TYPE_LIMIT ? RaftMessages.bodyLength(type) : -1;
        }

        /** A term (not negative, not more than 2^32 above the node's), a granted byte of 0 or 1 in answers, and the header naming the sender. */
        @Override
        protected boolean fields(final Frame frame)
        {
            final SplittableRandom random = frame.random();
            final MutableDirectBuffer buffer = frame.buffer();
            final int frameOffset = frame.offset();
            final int sender = random.nextInt(16) == 0 ? random.nextInt() : frame.fromId();
            buffer.putInt(frameOffset + MessageHeader.SENDER_OFFSET, sender, MessageHeader.BYTE_ORDER);
            final long term = random.nextInt(16) == 0 ? random.nextLong() : random.nextLong(4);
            buffer.putLong(frameOffset + RaftMessages.TERM_OFFSET, term, MessageHeader.BYTE_ORDER);
            final int granted = random.nextInt(16) == 0 ? random.nextInt(256) : random.nextInt(2);
            buffer.putByte(frameOffset + RaftMessages.GRANTED_OFFSET, (byte)granted);
            final boolean answer = RaftMessages.ANSWER_BODY_LENGTH == RaftMessages.bodyLength(frame.type());
            return sender == frame.fromId() && term >= 0 && term - frame.node().term() <= 1L << 32 && (!answer || granted <= 1);
        }

        @Override
        protected void tick(final ElectionNode node, final ScriptedHost host, final SplittableRandom random, final int frame)
        {
            final int kind = random.nextInt(3);
            if (host.hasPendingTimer(kind))
            {
                host.fire(node, kind);
            }
            host.clear();
        }
    }

    /**
     * Rounds of: node 1's timer fires, 2 and 3 grant its pre-vote and then its vote for the next term,
     * it leads and heartbeats, hears nobody, steps down at its quorum check and follows node 4, which
     * leads the term after.
     */
    @Nested
    class Allocation extends AllocationConformance
    {
        /** The smallest object is 16 bytes: under one byte per round, no round allocates (the JIT may, once). */
        Allocation()
        {
            super(40_000, 20_000, 20_000 - 1);
        }

        @Override
        protected Workload workload()
        {
            final ElectionSettings settings = RaftOptions.checkQuorum(RaftOptions.preVote(SETTINGS, true), true);
            final RaftNode node = (RaftNode)new RaftAlgorithm().newNode(1, settings);
            final RaftScript ctx = new RaftScript();
            final ScriptedHost host = ctx.host();
            host.countAnnouncementsOnly();
            node.onStart(ctx.context(1, NODES, true, settings, ScriptedHost.newDurableState()), Start.SETTLED, NODES, 1);
            return new Workload()
            {
                private long term = 1;
                private long announcementsBefore;
                private long sendsBefore;

                @Override
                public void rounds(final int count)
                {
                    announcementsBefore = host.announceCount();
                    sendsBefore = host.sentCount();
                    for (int i = 0; i < count; i++)
                    {
                        ctx.fire(node, RaftNode.ELECTION_TIMER);
                        ctx.deliver(node, 2, RaftMessages.PRE_VOTE_RESPONSE, term + 1, true);
                        ctx.deliver(node, 3, RaftMessages.PRE_VOTE_RESPONSE, term + 1, true);
                        term++;
                        ctx.deliver(node, 2, RaftMessages.VOTE, term, true);
                        ctx.deliver(node, 3, RaftMessages.VOTE, term, true);
                        ctx.fire(node, RaftNode.HEARTBEAT_TIMER);
                        ctx.fire(node, RaftNode.QUORUM_TIMER);
                        term++;
                        ctx.deliver(node, 4, HEARTBEAT, term, false);
                    }
                }

                /**
                 * Per round, five announcements (pre-candidate, candidate, leader, follower naming nobody as
                 * the quorum is lost, follower of 4) and five sends (PRE_VOTE and REQUEST_VOTE broadcasts, a
                 * first heartbeat, one more after HBT, and the answer to node 4's heartbeat).
                 */
                @Override
                public void assertWhatTheRoundsDid(final int measuredRounds)
                {
                    assertEquals(Role.FOLLOWER, node.role());
                    assertEquals(term, node.term());
                    assertEquals(5L * measuredRounds, host.announceCount() - announcementsBefore);
                    assertEquals(5L * measuredRounds, host.sentCount() - sendsBefore);
                    assertEquals(0, node.malformedMessages());
                }
            };
        }
    }

    /**
     * Every fault kind, crashes with recovery too (the simulator keeps each node's term and vote across
     * restarts, as a disk would); seed 2's textbook schedules include two that lose a majority for good.
     */
    @Nested
    class Chaos extends ChaosConformance
    {
        Chaos()
        {
            super(RaftAlgorithm::new, 10_000, 2);
        }
    }

    /**
     * A leader crash on a constant 1 ms delay: the first follower to time out (a random draw, so the
     * closed form names no winner) broadcasts REQUEST_VOTE to the N-1 others, the crashed leader
     * included, each of the N-2 live followers grants its VOTE, and the winner's first HEARTBEAT round
     * announces it; no pre-vote and no heartbeat answer before agreement.
     */
    @Nested
    class MessageCounts extends MessageCountConformance
    {
        @Override
        protected Stream<Textbook> textbookCases()
        {
            return IntStream.of(3, 4, 5, 7, 9, 17).mapToObj(n -> new Textbook("leader crash, n=" + n,
                Scenario.builder().algorithm(new RaftAlgorithm()).nodes(n).settings(SETTINGS).network(NetworkModel.constant(MS))
                    .kind(ScenarioKind.LEADER_CRASH).seed(17L * n).build(),
                ANY_LEADER, Map.of(REQUEST_VOTE, n - 1L, RaftMessages.VOTE, n - 2L, HEARTBEAT, n - 1L)));
        }
    }
}
