package org.electbench.transport;

import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.util.Locale;

import com.sun.management.HotSpotDiagnosticMXBean;

/**
 * What this JVM's memory allows a runtime to host, reckoned before anything is allocated, so a
 * command can refuse a cluster it cannot hold, naming the limit, rather than die part-way with
 * {@link OutOfMemoryError}.
 * <p>
 * A runtime's memory grows as {@code perNode * n + perPair * n^2}: arrays and objects per node,
 * and per pair of nodes the messages one election can have in flight (a bully election at cold
 * start has about n^2 / 2), per-link state and the per-peer arrays some algorithms keep. Only a
 * fraction of the free heap is counted, leaving the collector room to copy and arrays room to
 * grow by doubling.
 */
public final class MemoryLimits
{
    /**
     * Node ids and link indices are ints, and per-link state is an array of (n+1)^2 entries, so no
     * runtime can go past the largest n whose (n+1)^2 is still an int, whatever the memory.
     */
    public static final int HARD_MAX_NODES = 46_339;
    /** Share of the free heap a cluster may take: the rest is the collector's room to copy and arrays' room to grow. */
    public static final double HEAP_SHARE = 0.5;
    /** Share of the free direct memory a runtime's buffers may take. */
    public static final double DIRECT_SHARE = 0.75;

    private MemoryLimits()
    {
    }

    /** @return heap bytes this JVM may still allocate: its maximum less what is in use now. */
    public static long freeHeapBytes()
    {
        final Runtime runtime = Runtime.getRuntime();
        return runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory());
    }

    /** @return the heap's maximum, as set by {@code -Xmx} or the JVM's default. */
    public static long maxHeapBytes()
    {
        return Runtime.getRuntime().maxMemory();
    }

    /**
     * @return the direct memory this JVM may reserve: {@code -XX:MaxDirectMemorySize}, or the
     * heap's maximum when it is unset (the JVM's own default).
     */
    public static long maxDirectBytes()
    {
        try
        {
            final HotSpotDiagnosticMXBean hotSpot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            final long configured = null == hotSpot ? 0 : Long.parseLong(hotSpot.getVMOption("MaxDirectMemorySize").getValue());
            return configured > 0 ? configured : maxHeapBytes();
        }
        catch (final RuntimeException ex)
        {
            return maxHeapBytes();
        }
    }

    /** @return direct memory bytes this JVM may still reserve. */
    public static long freeDirectBytes()
    {
        long used = 0;
        for (final BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class))
        {
            if ("direct".equals(pool.getName()))
            {
                used = Math.max(0, pool.getMemoryUsed());
            }
        }
        return Math.max(0, maxDirectBytes() - used);
    }

    /**
     * @param budgetBytes  memory the cluster may take.
     * @param perNodeBytes what each node costs.
     * @param perPairBytes what each ordered pair of nodes costs.
     * @return the largest n with {@code perNode * n + perPair * n^2 <= budget}, within
     * [0, {@link #HARD_MAX_NODES}].
     */
    public static int maxNodes(final long budgetBytes, final long perNodeBytes, final long perPairBytes)
    {
        if (budgetBytes <= 0)
        {
            return 0;
        }
        final double a = perPairBytes;
        final double b = perNodeBytes;
        final double n = a > 0 ? (-b + Math.sqrt(b * b + 4 * a * budgetBytes)) / (2 * a) : budgetBytes / Math.max(1.0, b);
        return (int)Math.min(HARD_MAX_NODES, Math.max(0, Math.floor(n)));
    }

    /** @return the largest cluster the default figures allow on {@link #HEAP_SHARE} of the free heap. */
    public static int maxNodesOnHeap(final long perNodeBytes, final long perPairBytes)
    {
        return maxNodes((long)(freeHeapBytes() * HEAP_SHARE), perNodeBytes, perPairBytes);
    }

    /** @return bytes in a short human form: {@code 5.9 GiB}, {@code 640 KiB}. */
    public static String formatBytes(final long bytes)
    {
        final String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1)
        {
            value /= 1024;
            unit++;
        }
        return 0 == unit ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }
}
