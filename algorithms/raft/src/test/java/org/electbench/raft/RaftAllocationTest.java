package org.electbench.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.junit.jupiter.api.Test;

/**
 * The message path allocates nothing once warm: elections won and lost, pre-votes, heartbeats
 * and their answers, quorum checks and step-downs, through a context that itself allocates
 * nothing (one armed timer per kind, as the node keeps).
 */
class RaftAllocationTest
{
    private static final long MS = 1_000_000L;
    private static final int NODES = 5;
    private static final int ROUNDS = 20_000;

    @Test
    void warmElectionsPreVotesHeartbeatsAndQuorumChecksAllocateNothing()
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported());
        threads.setThreadAllocatedMemoryEnabled(true);

        final ElectionSettings settings = RaftOptions.checkQuorum(RaftOptions.preVote(ElectionSettings.builder()
            .heartbeatIntervalNs(10 * MS).detectionTimeoutNs(50 * MS).build(), true), true);
        final RaftNode node = (RaftNode)new RaftAlgorithm().newNode(1, settings);
        final QuietContext ctx = new QuietContext(settings);
        node.onStart(ctx, Start.SETTLED, NODES, 1);

        // Warm up first, twice over, so the JIT has compiled the rounds before they are measured.
        long term = rounds(node, ctx, 1, 2 * ROUNDS);
        final long threadId = Thread.currentThread().getId();
        final long beforeBytes = threads.getThreadAllocatedBytes(threadId);
        final int announcementsBefore = ctx.announcements;
        final long sendsBefore = ctx.sends;
        term = rounds(node, ctx, term, ROUNDS);
        final long allocatedBytes = threads.getThreadAllocatedBytes(threadId) - beforeBytes;

        assertEquals(0, allocatedBytes, "bytes allocated over " + ROUNDS + " rounds");
        assertEquals(Role.FOLLOWER, node.role());
        assertEquals(term, node.term());
        // Per round: pre-candidate, candidate, leader, follower naming nobody (quorum lost), follower of 4.
        assertEquals(5 * ROUNDS, ctx.announcements - announcementsBefore);
        // Per round: PRE_VOTE and REQUEST_VOTE broadcasts, a first heartbeat, one more after HBT,
        // and the answer to node 4's heartbeat.
        assertEquals(5L * ROUNDS, ctx.sends - sendsBefore);
        assertEquals(0, node.malformedMessages());
    }

    /**
     * One round: node 1's timer fires, 2 and 3 grant its pre-vote and then its vote for the
     * next term, it leads and heartbeats, hears nobody, steps down at its quorum check and
     * follows node 4, which leads the term after.
     */
    private static long rounds(final RaftNode node, final QuietContext ctx, final long startTerm, final int count)
    {
        long term = startTerm;
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
            ctx.deliver(node, 4, RaftMessages.HEARTBEAT, term, false);
        }
        return term;
    }

    /** A context for one node that allocates nothing: counts sends and announcements, one timer per kind. */
    private static final class QuietContext implements NodeContext
    {
        private static final int KINDS = 3;

        private final ElectionSettings settings;
        private final UnsafeBuffer sendBuffer = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);
        private final UnsafeBuffer receiveBuffer = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);
        private final MutableDirectBuffer disk = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);
        private final RandomGenerator random = new SplittableRandom(3);
        private final long[] timerIds = new long[KINDS];
        private final long[] dueNs = new long[KINDS];
        private long nextTimerId = 1;
        private long nowNs;
        int announcements;
        long sends;

        QuietContext(final ElectionSettings settings)
        {
            this.settings = settings;
        }

        void fire(final RaftNode node, final int kind)
        {
            final long timerId = timerIds[kind];
            timerIds[kind] = 0;
            nowNs = Math.max(nowNs, dueNs[kind]);
            node.onTimer(timerId, kind);
        }

        void deliver(final RaftNode node, final int fromId, final int type, final long term, final boolean granted)
        {
            final int bodyLength = RaftMessages.bodyLength(type);
            MessageHeader.write(receiveBuffer, 0, type, bodyLength, fromId);
            receiveBuffer.putLong(RaftMessages.TERM_OFFSET, term, MessageHeader.BYTE_ORDER);
            receiveBuffer.putByte(RaftMessages.GRANTED_OFFSET, granted ? (byte)1 : (byte)0);
            node.onMessage(fromId, receiveBuffer, 0, MessageHeader.LENGTH + bodyLength);
        }

        @Override
        public int selfId()
        {
            return 1;
        }

        @Override
        public int clusterSize()
        {
            return NODES;
        }

        @Override
        public boolean detectorEnabled()
        {
            return true;
        }

        @Override
        public ElectionSettings settings()
        {
            return settings;
        }

        @Override
        public long nowNs()
        {
            return nowNs;
        }

        @Override
        public RandomGenerator random()
        {
            return random;
        }

        @Override
        public MutableDirectBuffer claim(final int type, final int bodyLength)
        {
            MessageHeader.write(sendBuffer, 0, type, bodyLength, 1);
            return sendBuffer;
        }

        @Override
        public void send(final int toId)
        {
            sends++;
        }

        @Override
        public void broadcast()
        {
            sends++;
        }

        @Override
        public long schedule(final long delayNs, final int kind)
        {
            timerIds[kind] = nextTimerId++;
            dueNs[kind] = nowNs + delayNs;
            return timerIds[kind];
        }

        @Override
        public boolean cancel(final long timerId)
        {
            for (int kind = 0; kind < KINDS; kind++)
            {
                if (timerIds[kind] == timerId)
                {
                    timerIds[kind] = 0;
                    return true;
                }
            }
            return false;
        }

        @Override
        public MutableDirectBuffer durableState()
        {
            return disk;
        }

        @Override
        public void announce(final Role role, final int leaderId, final long term)
        {
            announcements++;
        }
    }
}
