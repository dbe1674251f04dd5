package org.electbench.conformance;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;

import org.junit.jupiter.api.Test;

/**
 * The message path allocates nothing once warm: the fixture scripts rounds of whole elections at
 * one node on a {@link org.electbench.testkit.ScriptedHost} that records without allocating; the
 * kit warms them up, measures the bytes the thread allocates over the measured rounds, and hands
 * back to the fixture to check what the rounds did (sends, announcements, the node's state), so
 * that a round that silently did nothing cannot pass.
 */
public abstract class AllocationConformance
{
    /** One node on its scripted host, ready to run rounds. */
    public interface Workload
    {
        /** Runs {@code count} rounds, each a whole election as this node sees it. */
        void rounds(int count);

        /** Checks what the measured rounds did, with figures that could be wrong. */
        void assertWhatTheRoundsDid(int measuredRounds);
    }

    /** @return a fresh workload: a node started on its host. */
    protected abstract Workload workload();

    private final int warmUpRounds;
    private final int measuredRounds;
    private final long toleratedBytes;

    /** @param toleratedBytes the bytes tolerated over the measured rounds: below one object per round, so no round allocates. */
    protected AllocationConformance(final int warmUpRounds, final int measuredRounds, final long toleratedBytes)
    {
        this.warmUpRounds = warmUpRounds;
        this.measuredRounds = measuredRounds;
        this.toleratedBytes = toleratedBytes;
    }

    @Test
    void warmMessagePathAllocatesNothing()
    {
        final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported());
        threads.setThreadAllocatedMemoryEnabled(true);

        final Workload workload = workload();
        // Warm up first: the JIT and the host's own records settle.
        workload.rounds(warmUpRounds);
        final long threadId = Thread.currentThread().getId();
        final long beforeBytes = threads.getThreadAllocatedBytes(threadId);
        workload.rounds(measuredRounds);
        final long allocatedBytes = threads.getThreadAllocatedBytes(threadId) - beforeBytes;

        assertTrue(allocatedBytes <= toleratedBytes, allocatedBytes + " bytes allocated over " + measuredRounds + " rounds");
        workload.assertWhatTheRoundsDid(measuredRounds);
    }
}
