package org.electbench.realtime;

import java.util.concurrent.atomic.AtomicInteger;

import org.electbench.spi.Role;
import org.electbench.transport.ConvergenceMonitor;
import org.electbench.transport.ElectionResult;

/**
 * The one way into the single-threaded {@link ConvergenceMonitor}: every call takes a short spin
 * lock and reads the run clock inside it, so the monitor sees the nodes' starts, crashes and
 * beliefs in one total order whose times never go backwards, and a send that caused an announce
 * is always counted before it. A planned crash or recovery is seen at its planned instant (or at
 * the latest instant already seen, if later), not when a worker got to apply it.
 * <p>
 * A spin lock rather than a {@link java.util.concurrent.locks.ReentrantLock}: the critical
 * sections are a few array updates, and a contended ReentrantLock allocates a queue node, which
 * the message path must not. Once the run ends the gate is frozen and ignores everything, so
 * what workers do while they stop cannot change the result.
 */
final class MonitorGate
{
    private static final int SPINS_BEFORE_YIELD = 64;

    private final AtomicInteger lock = new AtomicInteger();
    private final ConvergenceMonitor monitor;
    private final long referenceNs;
    /** The instant of an event that happens as it is reported: the run clock now. */
    static final long NOW = Long.MIN_VALUE;

    private long runStartNs;
    /** The latest instant the monitor was told of an event at. */
    private long lastSeenNs;
    private boolean frozen;

    MonitorGate(final ConvergenceMonitor monitor, final long referenceNs)
    {
        this.monitor = monitor;
        this.referenceNs = referenceNs;
    }

    /** Anchor the run clock at now and bring every node up in the monitor at 0. */
    void start(final int nodes)
    {
        runStartNs = System.nanoTime();
        lock();
        try
        {
            for (int id = 1; id <= nodes; id++)
            {
                monitor.onStart(id, 0);
            }
        }
        finally
        {
            unlock();
        }
    }

    /** @return nanoseconds since the run started. */
    long nowNs()
    {
        return System.nanoTime() - runStartNs;
    }

    /**
     * A node came up.
     *
     * @param plannedNs the instant its recovery was planned for; the monitor sees it then, or at
     *                  the latest instant it has already seen when that is later (its times never
     *                  go backwards).
     */
    void onStart(final int nodeId, final long plannedNs)
    {
        lock();
        try
        {
            if (!frozen)
            {
                monitor.onStart(nodeId, instant(plannedNs));
            }
        }
        finally
        {
            unlock();
        }
    }

    /**
     * A node went down.
     *
     * @param plannedNs the instant its crash was planned for (a worker applies a fault edge a
     *                  little after it: the monitor must not see the cluster as it was before the
     *                  crash at the fault's own instant, as if the crash had not happened yet), or
     *                  {@link #NOW} for a crash that happens as it is reported.
     */
    void onCrash(final int nodeId, final long plannedNs)
    {
        lock();
        try
        {
            if (!frozen)
            {
                monitor.onCrash(nodeId, instant(plannedNs));
            }
        }
        finally
        {
            unlock();
        }
    }

    /**
     * Call under the lock.
     *
     * @param asOfNs the event's own instant, or {@link #NOW} for the run clock now.
     * @return when the monitor sees the event: that instant, or the latest already seen if later.
     */
    private long instant(final long asOfNs)
    {
        lastSeenNs = Math.max(lastSeenNs, NOW == asOfNs ? nowNs() : asOfNs);
        return lastSeenNs;
    }

    /**
     * A node's belief changed.
     *
     * @param asOfNs the instant the node's clock read (a boot's planned instant, or the due time of
     *               an event run late before a fault edge), or {@link #NOW}.
     */
    void onAnnounce(final int nodeId, final Role role, final int leaderId, final long term, final long asOfNs)
    {
        lock();
        try
        {
            if (!frozen)
            {
                monitor.onAnnounce(nodeId, instant(asOfNs), role, leaderId, term);
            }
        }
        finally
        {
            unlock();
        }
    }

    void onSend(final int fromId, final int type, final int length)
    {
        // The monitor ignores sends before the reference instant: no need to take the lock for them.
        if (nowNs() - referenceNs < 0)
        {
            return;
        }
        lock();
        try
        {
            if (!frozen)
            {
                monitor.onSend(fromId, nowNs(), type, length);
            }
        }
        finally
        {
            unlock();
        }
    }

    /**
     * Settling is judged at the workers' progress, not at the clock: a worker the host has not
     * scheduled for a while has not yet applied the faults or run the timeouts that fell due
     * meanwhile, and agreement that holds only because nobody has run is no agreement.
     *
     * @param progressNs  the instant up to which every worker has run everything due, or -1.
     * @param lastFaultNs when the last fault's effect ends.
     * @param budgetEndNs when an unsettled run is given up (on the clock).
     * @return the instant the run ends, freezing the gate, or -1 while it goes on.
     */
    long tryEnd(final long progressNs, final long lastFaultNs, final long budgetEndNs)
    {
        lock();
        try
        {
            if (progressNs >= 0 && monitor.settled(progressNs, lastFaultNs))
            {
                frozen = true;
                return progressNs;
            }
            final long nowNs = nowNs();
            if (nowNs - budgetEndNs >= 0)
            {
                frozen = true;
                return nowNs;
            }
            return -1;
        }
        finally
        {
            unlock();
        }
    }

    /** @return the instant the run is stopped at, freezing the gate. */
    long freeze()
    {
        lock();
        try
        {
            frozen = true;
            return nowNs();
        }
        finally
        {
            unlock();
        }
    }

    ElectionResult finish(final long endNs, final long events)
    {
        lock();
        try
        {
            return monitor.finish(endNs, events);
        }
        finally
        {
            unlock();
        }
    }

    private void lock()
    {
        int spins = 0;
        while (!lock.compareAndSet(0, 1))
        {
            if (++spins < SPINS_BEFORE_YIELD)
            {
                Thread.onSpinWait();
            }
            else
            {
                // The holder may have been descheduled: let it run rather than burn its core.
                Thread.yield();
            }
        }
    }

    private void unlock()
    {
        lock.setRelease(0);
    }
}
