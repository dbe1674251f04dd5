package org.electbench.quorum;

import static org.electbench.quorum.QuorumNode.HEARTBEAT_TIMER;
import static org.electbench.quorum.QuorumNode.VOTE_TIMER;
import static org.electbench.quorum.QuorumNode.WATCH_TIMER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;

import org.electbench.spi.ElectionSettings;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.junit.jupiter.api.Test;

class QuorumAllocationTest
{
    private static final ElectionSettings SETTINGS = ElectionSettings.builder()
        .heartbeatIntervalNs(10_000_000L)
        .detectionTimeoutNs(30_000_000L)
        .electionTimeoutNs(4_000_000L)
        .coordinatorTimeoutNs(4_000_000L)
        .build();

    @Test
    void warmElectionsAndHeartbeatsAllocateNothing()
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported());
        threads.setThreadAllocatedMemoryEnabled(true);

        final QuorumNode node = new QuorumNode(1, SETTINGS);
        final FakeContext ctx = new FakeContext(1, 5, true, SETTINGS);
        node.onStart(ctx, Start.SETTLED, 5, 1);
        ctx.lead(node, 5, 1, 1);
        ctx.countAnnouncementsOnly();

        // Warm up first: the JIT and the fake's own buffers settle.
        long term = rounds(node, ctx, 1, 20_000);
        final long threadId = Thread.currentThread().getId();
        final long beforeBytes = threads.getThreadAllocatedBytes(threadId);
        term = rounds(node, ctx, term, 20_000);
        final long allocatedBytes = threads.getThreadAllocatedBytes(threadId) - beforeBytes;
        final int announceCount = ctx.announceCount();

        assertEquals(0, allocatedBytes, "bytes allocated over 20000 elections");
        assertEquals(Role.FOLLOWER, node.role());
        // Per round: CANDIDATE, FOLLOWER naming nobody (old leader dead), LEADER, FOLLOWER of the next.
        assertEquals(1 + 4 * 40_000, announceCount);
    }

    /**
     * One round: the leader of {@code term} falls silent, node 1 is elected for the next term
     * by itself, 2 and 3, leads for a few heartbeats, then a leader of a higher term deposes it.
     */
    private static long rounds(final QuorumNode node, final FakeContext ctx, final long startTerm, final int count)
    {
        long term = startTerm;
        for (int i = 0; i < count; i++)
        {
            ctx.fire(node, WATCH_TIMER);
            ctx.elect(node, 2, term, 1, term);
            ctx.elect(node, 3, term, 1, term);
            ctx.fire(node, VOTE_TIMER);
            ctx.vote(node, 2, term, term + 1);
            ctx.vote(node, 3, term, term + 1);
            ctx.fire(node, HEARTBEAT_TIMER);
            ctx.fire(node, HEARTBEAT_TIMER);
            term += 2;
            ctx.lead(node, 4, term, 1);
            ctx.clearSent();
        }
        return term;
    }
}
