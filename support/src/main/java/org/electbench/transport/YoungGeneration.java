package org.electbench.transport;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;
import java.util.Locale;

/**
 * Room in the young generation before a real run, so that no collection pauses the run: a young
 * collection stops every thread, and one inside an election adds its pause to the convergence. A
 * run's workers allocate nothing, but between runs the harness and the simulator's floor do; so
 * when the young generation is over half full before a run, the heap is collected then, between
 * runs, as JMH's {@code -gc true} does between iterations, outside any run's clock.
 */
public final class YoungGeneration
{
    private static final List<MemoryPoolMXBean> EDEN = ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(pool -> MemoryType.HEAP == pool.getType() && pool.getName().toLowerCase(Locale.ROOT).contains("eden"))
        .toList();

    private YoungGeneration()
    {
    }

    /**
     * @return the share of the young generation's space in use, 0 to 1; 0 under a collector that
     * has no young generation to read.
     */
    public static double usedShare()
    {
        long used = 0;
        long size = 0;
        for (final MemoryPoolMXBean pool : EDEN)
        {
            final MemoryUsage usage = pool.getUsage();
            used += usage.getUsed();
            // What is committed now, not the maximum the collector may grow it to: it collects when this is full.
            size += usage.getCommitted();
        }
        return size > 0 ? (double)used / size : 0;
    }

    /**
     * Collects the heap when the young generation is over half full: call it between runs, never
     * in one, and outside what a benchmark times (the harness before each real run, a JMH
     * benchmark in its invocation's set-up).
     */
    public static void makeRoom()
    {
        if (usedShare() > 0.5)
        {
            System.gc();
        }
    }
}
