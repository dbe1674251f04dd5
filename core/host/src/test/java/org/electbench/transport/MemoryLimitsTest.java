package org.electbench.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MemoryLimitsTest
{
    @Test
    void maxNodesIsTheLargestClusterWhoseLinearAndQuadraticCostFits()
    {
        // 100 n + 10 n^2 <= 1_000_000: n = 311 costs 998,310; n = 312 costs 1,004,640.
        assertEquals(311, MemoryLimits.maxNodes(1_000_000, 100, 10));
        // Linear only: 1 MiB at 64 KiB a node.
        assertEquals(16, MemoryLimits.maxNodes(1 << 20, 64 * 1024, 0));
        assertEquals(0, MemoryLimits.maxNodes(0, 100, 10));
        assertEquals(0, MemoryLimits.maxNodes(-5, 100, 10));
    }

    @Test
    void maxNodesNeverPassesTheLargestClusterWhoseLinkArrayIsIndexableByInt()
    {
        assertEquals(MemoryLimits.HARD_MAX_NODES, MemoryLimits.maxNodes(Long.MAX_VALUE, 1, 1));
        final long links = (long)(MemoryLimits.HARD_MAX_NODES + 1) * (MemoryLimits.HARD_MAX_NODES + 1);
        assertTrue(links <= Integer.MAX_VALUE);
        assertTrue((long)(MemoryLimits.HARD_MAX_NODES + 2) * (MemoryLimits.HARD_MAX_NODES + 2) > Integer.MAX_VALUE);
    }

    @Test
    void defaultRuntimeLimitFollowsTheHeapAndNamesIt()
    {
        final ClusterRuntime runtime = new ClusterRuntime()
        {
            @Override
            public String name()
            {
                return "test";
            }

            @Override
            public ElectionResult run(final Scenario scenario)
            {
                throw new UnsupportedOperationException();
            }
        };
        final long budget = (long)(MemoryLimits.freeHeapBytes() * MemoryLimits.HEAP_SHARE);
        final long n = runtime.maxNodes();
        assertTrue(n >= 2, "a test JVM holds a small cluster");
        assertTrue(ClusterRuntime.DEFAULT_HEAP_BYTES_PER_NODE * n + ClusterRuntime.DEFAULT_HEAP_BYTES_PER_PAIR * n * n <= budget * 1.05,
            "within the heap share, allowing for what the heap did meanwhile");
        assertTrue(runtime.maxNodesBound().contains("-Xmx"), runtime.maxNodesBound());
    }

    @Test
    void formatBytesUsesBinaryUnits()
    {
        assertEquals("512 B", MemoryLimits.formatBytes(512));
        assertEquals("64.0 KiB", MemoryLimits.formatBytes(64 * 1024));
        assertEquals("1.5 GiB", MemoryLimits.formatBytes(3L << 29));
    }
}
