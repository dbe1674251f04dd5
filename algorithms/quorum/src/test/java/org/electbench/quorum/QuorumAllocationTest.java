package org.electbench.quorum;

import static org.electbench.quorum.QuorumNode.HEARTBEAT_TIMER;
import static org.electbench.quorum.QuorumNode.VOTE_TIMER;
import static org.electbench.quorum.QuorumNode.WATCH_TIMER;
import static org.electbench.quorum.QuorumPeers.elect;
import static org.electbench.quorum.QuorumPeers.lead;
import static org.electbench.quorum.QuorumPeers.vote;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;

import org.electbench.spi.ElectionSettings;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.testkit.ScriptedHost;
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
        final ScriptedHost host = new ScriptedHost();
        node.onStart(host.context(1, 5, true, SETTINGS), Start.SETTLED, 5, 1);
        lead(host, node, 5, 1, 1);
        host.countAnnouncementsOnly();

        // Warm up first: the JIT and the host's own records settle.
        long term = rounds(node, host, 1, 20_000);
        final long threadId = Thread.currentThread().getId();
        final long beforeBytes = threads.getThreadAllocatedBytes(threadId);
        term = rounds(node, host, term, 20_000);
        final long allocatedBytes = threads.getThreadAllocatedBytes(threadId) - beforeBytes;
        final int announceCount = host.announceCount();

        assertEquals(0, allocatedBytes, "bytes allocated over 20000 elections");
        assertEquals(Role.FOLLOWER, node.role());
        // Per round: CANDIDATE, FOLLOWER naming nobody (old leader dead), LEADER, FOLLOWER of the next.
        assertEquals(1 + 4 * 40_000, announceCount);
    }

    /**
     * One round: the leader of {@code term} falls silent, node 1 is elected for the next term
     * by itself, 2 and 3, leads for a few heartbeats, then a leader of a higher term deposes it.
     */
    private static long rounds(final QuorumNode node, final ScriptedHost host, final long startTerm, final int count)
    {
        long term = startTerm;
        for (int i = 0; i < count; i++)
        {
            host.fire(node, WATCH_TIMER);
            elect(host, node, 2, term, 1, term);
            elect(host, node, 3, term, 1, term);
            host.fire(node, VOTE_TIMER);
            vote(host, node, 2, term, term + 1);
            vote(host, node, 3, term, term + 1);
            host.fire(node, HEARTBEAT_TIMER);
            host.fire(node, HEARTBEAT_TIMER);
            term += 2;
            lead(host, node, 4, term, 1);
            host.clearSent();
        }
        return term;
    }
}
