package org.electbench.ring;

import static org.electbench.ring.RingMessages.ACK;
import static org.electbench.ring.RingMessages.ELECTED;
import static org.electbench.ring.RingMessages.ELECTION;
import static org.electbench.ring.RingMessages.HEARTBEAT;
import static org.electbench.spi.MessageHeader.BYTE_ORDER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Consumer;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.RecoveryPolicy;
import org.electbench.spi.RingArrangement;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.transport.host.Host;
import org.electbench.transport.host.HostedContext;
import org.electbench.transport.host.SendBuffer;
import org.junit.jupiter.api.Test;

/**
 * {@link RingAlgorithm#nodesStartAfresh()}: a node that lived one run, left in any state, then
 * started again behaves call for call as a node made new and started the same way, on the next
 * run's arrangement seed. Each life runs on a host that writes down every call the node makes
 * (sends with their bytes, schedules with kind and delay, cancels, announcements, transitions)
 * and the node's belief after every step, so the two transcripts must be equal.
 */
class RingNodeStartsAfreshTest
{
    private static final int N = 7;
    private static final int SELF = 3;
    private static final long RANDOM_SEED = 11;
    private static final long SEED_A = 1;
    private static final long SEED_B = 2;

    private static ElectionSettings settings(final boolean acknowledgements, final RecoveryPolicy recovery, final long seed)
    {
        return ElectionSettings.builder()
            .heartbeatIntervalNs(50_000_000L)
            .detectionTimeoutNs(150_000_000L)
            .electionTimeoutNs(10_000_000L)
            .coordinatorTimeoutNs(100_000_000L)
            .option(RingAlgorithm.ACK, acknowledgements)
            .option(RingAlgorithm.RECOVERY, recovery)
            .option(RingAlgorithm.ARRANGEMENT, RingArrangement.RANDOM)
            .arrangementSeed(seed)
            .build();
    }

    /** One life of a node: its context, on a host that writes down everything the node does. */
    private static final class Life implements Host
    {
        final List<String> log = new ArrayList<>();
        final RingNode node;
        final HostedContext ctx;
        final RingTopology ring;
        final boolean acknowledgements;
        private final SendBuffer claim = new SendBuffer();
        private final UnsafeBuffer inbound = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);
        /** Pending timers by id: {due, kind}. */
        private final TreeMap<Long, long[]> pending = new TreeMap<>();
        private final List<UnsafeBuffer> sent = new ArrayList<>();
        private long nowNs;
        private long nextTimerId = 1;
        private long nextLap = (5L << 32) | 100;

        Life(final RingNode node, final ElectionSettings settings, final boolean detector)
        {
            this.node = node;
            ctx = new HostedContext(this, claim, SELF, N, 1, detector, settings, new SplittableRandom(RANDOM_SEED), null);
            ring = RingTopology.of(RingArrangement.RANDOM, settings.arrangementSeed(), N);
            acknowledgements = settings.get(RingAlgorithm.ACK);
        }

        int predecessor()
        {
            for (int id = 1; id <= N; id++)
            {
                if (ring.successorOf(id) == SELF)
                {
                    return id;
                }
            }
            throw new AssertionError("no predecessor in " + ring);
        }

        Life start(final Start start, final int leaderId, final long term)
        {
            log.add("start " + start + " " + leaderId + " " + term);
            node.onStart(ctx, start, leaderId, term);
            observe();
            return this;
        }

        void observe()
        {
            log.add("  belief " + node.role() + " " + node.leaderId() + " " + node.term() + " " + node.state() +
                " changed@" + node.stateChangedNs() + " participant=" + node.participant() + " pendingHops=" + node.pendingHops() +
                " rest=" + node.restSilenceNs());
        }

        void ring(final int type, final int fromId, final int id, final long term, final long lap)
        {
            final int bodyLength = !acknowledgements ? RingMessages.LAP_BODY_LENGTH : type == ELECTION ?
                RingMessages.ACKNOWLEDGED_ELECTION_BODY_LENGTH : RingMessages.ACKNOWLEDGED_ELECTED_BODY_LENGTH;
            final MutableDirectBuffer buffer = inbound(type, bodyLength, fromId);
            buffer.putInt(MessageHeader.LENGTH + RingMessages.ID_OFFSET, id, BYTE_ORDER);
            buffer.putLong(MessageHeader.LENGTH + RingMessages.TERM_OFFSET, term, BYTE_ORDER);
            if (acknowledgements)
            {
                buffer.putLong(MessageHeader.LENGTH + RingMessages.HOP_OFFSET, 77, BYTE_ORDER);
                if (type == ELECTION)
                {
                    buffer.putLong(MessageHeader.LENGTH + RingMessages.LAP_OFFSET, lap, BYTE_ORDER);
                }
            }
            deliver(fromId, "ring " + type + " from " + fromId + " id " + id + " term " + term + " lap " + lap);
        }

        void election(final int fromId, final int candidate, final long term)
        {
            ring(ELECTION, fromId, candidate, term, nextLap++);
        }

        void elected(final int fromId, final int leader, final long term)
        {
            ring(ELECTED, fromId, leader, term, 0);
        }

        void heartbeat(final int fromId, final long term)
        {
            inbound(HEARTBEAT, RingMessages.HEARTBEAT_BODY_LENGTH, fromId)
                .putLong(MessageHeader.LENGTH + RingMessages.HEARTBEAT_TERM_OFFSET, term, BYTE_ORDER);
            deliver(fromId, "heartbeat from " + fromId + " term " + term);
        }

        void ack(final int fromId, final long hop)
        {
            inbound(ACK, RingMessages.ACK_BODY_LENGTH, fromId).putLong(MessageHeader.LENGTH + RingMessages.ACK_HOP_OFFSET, hop, BYTE_ORDER);
            deliver(fromId, "ack from " + fromId + " hop " + hop);
        }

        void malformed(final int fromId)
        {
            inbound(ELECTION, 3, fromId);
            deliver(fromId, "malformed from " + fromId);
        }

        /** Hands back, from the predecessor, the last message of that type this node sent, as if it came round the ring. */
        void echoLast(final int type)
        {
            for (int i = sent.size() - 1; i >= 0; i--)
            {
                final UnsafeBuffer message = sent.get(i);
                if (MessageHeader.type(message, 0) == type)
                {
                    inbound.putBytes(0, message, 0, message.capacity());
                    MessageHeader.write(inbound, 0, type, message.capacity() - MessageHeader.LENGTH, predecessor());
                    deliver(predecessor(), "echo of " + type);
                    return;
                }
            }
            log.add("no " + type + " to echo");
        }

        /** Fires the earliest pending timers, the clock moving to each, at most {@code count} of them. */
        void fire(final int count)
        {
            for (int i = 0; i < count && !pending.isEmpty(); i++)
            {
                long timerId = -1;
                long dueNs = Long.MAX_VALUE;
                for (final var entry : pending.entrySet())
                {
                    if (entry.getValue()[0] < dueNs)
                    {
                        dueNs = entry.getValue()[0];
                        timerId = entry.getKey();
                    }
                }
                final int kind = (int)pending.remove(timerId)[1];
                nowNs = Math.max(nowNs, dueNs);
                log.add("@" + nowNs + " fire " + timerId + " kind " + kind);
                node.onTimer(timerId, kind);
                observe();
            }
        }

        void advanceNs(final long deltaNs)
        {
            nowNs += deltaNs;
        }

        private MutableDirectBuffer inbound(final int type, final int bodyLength, final int fromId)
        {
            MessageHeader.write(inbound, 0, type, bodyLength, fromId);
            return inbound;
        }

        private void deliver(final int fromId, final String what)
        {
            log.add("@" + nowNs + " " + what);
            node.onMessage(fromId, inbound, 0, MessageHeader.messageLength(inbound, 0));
            observe();
        }

        @Override
        public long nowNs()
        {
            return nowNs;
        }

        @Override
        public long schedule(final HostedContext node, final long delayNs, final int kind)
        {
            final long timerId = nextTimerId++;
            pending.put(timerId, new long[] {nowNs + delayNs, kind});
            log.add("  schedule " + timerId + " kind " + kind + " in " + delayNs);
            return timerId;
        }

        @Override
        public boolean cancel(final HostedContext node, final long timerId)
        {
            final boolean cancelled = null != pending.remove(timerId);
            log.add("  cancel " + timerId + " " + cancelled);
            return cancelled;
        }

        @Override
        public void emit(final HostedContext from, final int toId, final SendBuffer message)
        {
            final UnsafeBuffer copy = new UnsafeBuffer(new byte[message.length()]);
            copy.putBytes(0, message.buffer(), 0, message.length());
            sent.add(copy);
            log.add("  send to " + toId + " " + HexFormat.of().formatHex(copy.byteArray()));
        }

        @Override
        public void onRefusedSend(final HostedContext from, final int toId)
        {
            log.add("  refused send to " + toId);
        }

        @Override
        public void announce(final HostedContext node, final Role role, final int leaderId, final long term)
        {
            log.add("  announce " + role + " " + leaderId + " " + term);
        }

        @Override
        public void transition(final HostedContext node, final String state)
        {
            log.add("  transition " + state);
        }
    }

    /** What the node is put through after its start, alike for the new node and the reused one: every path that reads state. */
    private static void followUp(final Life life)
    {
        final int pred = life.predecessor();
        final int succ = life.ring.successorOf(SELF);
        life.advanceNs(1_000_000);
        life.elected(pred, N, 0); // term 0 is no winner's, but a new node follows and forwards it
        life.heartbeat(N, 9);
        life.heartbeat(N, 9);
        life.elected(pred, N, 9); // forwarded only if this life has not forwarded it yet
        life.election(pred, N, 9);
        life.ring(ELECTION, pred, N, 9, life.nextLap - 1); // a copy: a spent lap with acknowledgements
        life.election(pred, 1, 9);
        life.ack(succ, 1);
        life.ack(succ, 2);
        life.fire(6);
        life.echoLast(ELECTION);
        life.elected(pred, N, 10);
        life.elected(pred, N, 10);
        life.heartbeat(N, 10);
        life.advanceNs(3_000_000);
        life.heartbeat(N, 10);
        life.fire(12);
        life.echoLast(ELECTION);
        life.echoLast(ELECTED);
        life.fire(12);
    }

    /** A node that won an election, led, took a malformed frame and heartbeats: LEADER, term 1, heartbeat timer armed. */
    private static void won(final Life life)
    {
        life.start(Start.COLD, ElectionNode.NO_LEADER, 0);
        life.malformed(2);
        life.echoLast(ELECTION);
        life.echoLast(ELECTED);
        life.fire(3);
        assertEquals(Role.LEADER, life.node.role());
    }

    /** A follower that relayed, followed, forwarded ELECTED, then stood again with hops pending and its lap clock backed off. */
    private static void midElection(final Life life)
    {
        final int pred = life.predecessor();
        life.start(Start.SETTLED, 6, 4);
        life.heartbeat(6, 4);
        life.election(pred, N, 4);
        life.elected(pred, N, 5);
        life.heartbeat(N, 5);
        life.advanceNs(500_000_000);
        life.fire(2); // detection: stands
        life.fire(2); // hop timers and the lap clock, doubled
        assertTrue(life.node.participant());
    }

    /** A follower watching its leader, which it learnt of from an ELECTED it forwarded: detection timer armed. */
    private static void following(final Life life)
    {
        final int pred = life.predecessor();
        life.start(Start.SETTLED, 6, 8);
        life.heartbeat(6, 8);
        life.elected(pred, N, 9);
        life.ack(life.ring.successorOf(SELF), 1);
        life.advanceNs(20_000_000);
        life.heartbeat(N, 9);
        assertEquals(N, life.node.leaderId());
    }

    private record Run(Start start, int leaderId, long term, boolean detector)
    {
    }

    private static final List<Run> STARTS = List.of(
        new Run(Start.COLD, ElectionNode.NO_LEADER, 0, true),
        new Run(Start.COLD, ElectionNode.NO_LEADER, 0, false),
        new Run(Start.SETTLED, SELF, 9, true),
        new Run(Start.SETTLED, N, 9, true),
        new Run(Start.SETTLED, N, 9, false),
        new Run(Start.RECOVERED, ElectionNode.NO_LEADER, 0, true));

    private static void assertStartsAfresh(final boolean acknowledgements, final RecoveryPolicy recovery,
        final Consumer<Life> dirty, final long nextSeed)
    {
        final ElectionSettings first = settings(acknowledgements, recovery, SEED_A);
        final ElectionSettings next = settings(acknowledgements, recovery, nextSeed);
        for (final Run run : STARTS)
        {
            final Life fresh = new Life(new RingNode(SELF, next), next, run.detector()).start(run.start(), run.leaderId(), run.term());
            followUp(fresh);

            final RingNode reused = new RingNode(SELF, first);
            final Life earlier = new Life(reused, first, true);
            dirty.accept(earlier);
            final int earlierCalls = earlier.log.size();
            final Life again = new Life(reused, next, run.detector()).start(run.start(), run.leaderId(), run.term());
            followUp(again);

            final String what = run + " ack=" + acknowledgements + " recovery=" + recovery + " seed " + SEED_A + "->" + nextSeed;
            assertEquals(String.join("\n", fresh.log), String.join("\n", again.log), what);
            assertEquals(earlierCalls, earlier.log.size(), what + ": the new life called into the old context");
        }
    }

    @Test
    void theSeedsDrawDifferentRings()
    {
        assertNotEquals(RingTopology.of(RingArrangement.RANDOM, SEED_A, N).successorOf(SELF),
            RingTopology.of(RingArrangement.RANDOM, SEED_B, N).successorOf(SELF));
        assertTrue(new RingAlgorithm().nodesStartAfresh());
    }

    @Test
    void aLeaderStartedAgainIsANewNode()
    {
        for (final boolean acknowledgements : new boolean[] {true, false})
        {
            for (final long seed : new long[] {SEED_A, SEED_B})
            {
                assertStartsAfresh(acknowledgements, RecoveryPolicy.BULLY, RingNodeStartsAfreshTest::won, seed);
                assertStartsAfresh(acknowledgements, RecoveryPolicy.DEFER, RingNodeStartsAfreshTest::won, seed);
            }
        }
    }

    @Test
    void aNodeMidElectionStartedAgainIsANewNode()
    {
        for (final boolean acknowledgements : new boolean[] {true, false})
        {
            for (final long seed : new long[] {SEED_A, SEED_B})
            {
                assertStartsAfresh(acknowledgements, RecoveryPolicy.BULLY, RingNodeStartsAfreshTest::midElection, seed);
                assertStartsAfresh(acknowledgements, RecoveryPolicy.DEFER, RingNodeStartsAfreshTest::midElection, seed);
            }
        }
    }

    @Test
    void aFollowerStartedAgainIsANewNode()
    {
        for (final boolean acknowledgements : new boolean[] {true, false})
        {
            for (final long seed : new long[] {SEED_A, SEED_B})
            {
                assertStartsAfresh(acknowledgements, RecoveryPolicy.BULLY, RingNodeStartsAfreshTest::following, seed);
                assertStartsAfresh(acknowledgements, RecoveryPolicy.DEFER, RingNodeStartsAfreshTest::following, seed);
            }
        }
    }

    @Test
    void theMalformedCountRunsOn()
    {
        final ElectionSettings settings = settings(true, RecoveryPolicy.BULLY, SEED_A);
        final RingNode node = new RingNode(SELF, settings);
        won(new Life(node, settings, true));
        assertEquals(1, node.malformedMessages());
        new Life(node, settings.withArrangementSeed(SEED_B), true).start(Start.COLD, ElectionNode.NO_LEADER, 0);
        assertEquals(1, node.malformedMessages());
    }
}
