package org.electbench.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;

import org.electbench.spi.ElectionSettings;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.testkit.ScriptedHost;
import org.junit.jupiter.api.Test;

/**
 * The message path allocates nothing once warm: elections won and lost, pre-votes, heartbeats
 * and their answers, quorum checks and step-downs, on a host that keeps no announcements and
 * reads its sends' count only.
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
        final RaftScript ctx = new RaftScript();
        final ScriptedHost host = ctx.host();
        host.countAnnouncementsOnly();
        node.onStart(ctx.context(1, NODES, true, settings, ScriptedHost.newDurableState()), Start.SETTLED, NODES, 1);

        // Warm up first, twice over, so the JIT has compiled the rounds before they are measured.
        long term = rounds(node, ctx, 1, 2 * ROUNDS);
        final long threadId = Thread.currentThread().getId();
        final long beforeBytes = threads.getThreadAllocatedBytes(threadId);
        final long announcementsBefore = host.announceCount();
        final long sendsBefore = host.sentCount();
        term = rounds(node, ctx, term, ROUNDS);
        final long allocatedBytes = threads.getThreadAllocatedBytes(threadId) - beforeBytes;

        // The smallest object is 16 bytes: under one byte per round, no round allocates. (A few
        // hundred bytes once, from the JIT recompiling under a loaded machine, are not the node's.)
        assertTrue(allocatedBytes < ROUNDS, allocatedBytes + " bytes allocated over " + ROUNDS + " rounds");
        assertEquals(Role.FOLLOWER, node.role());
        assertEquals(term, node.term());
        // Per round: pre-candidate, candidate, leader, follower naming nobody (quorum lost), follower of 4.
        assertEquals(5L * ROUNDS, host.announceCount() - announcementsBefore);
        // Per round: PRE_VOTE and REQUEST_VOTE broadcasts, a first heartbeat, one more after HBT,
        // and the answer to node 4's heartbeat.
        assertEquals(5L * ROUNDS, host.sentCount() - sendsBefore);
        assertEquals(0, node.malformedMessages());
    }

    /**
     * One round: node 1's timer fires, 2 and 3 grant its pre-vote and then its vote for the
     * next term, it leads and heartbeats, hears nobody, steps down at its quorum check and
     * follows node 4, which leads the term after.
     */
    private static long rounds(final RaftNode node, final RaftScript ctx, final long startTerm, final int count)
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
}
