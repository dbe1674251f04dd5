package org.electbench.realtime;

import org.agrona.concurrent.IdleStrategy;

/**
 * The real-clock engine's timers for a host that runs its nodes on one thread of its own, as the
 * node-per-process host does: every timer held at its exact deadline, periodic timers re-armed
 * from the deadline they fired for ({@link Timers}), and an idle strategy that parks no later
 * than the next deadline. Single-threaded.
 */
public final class TimerStore
{
    /** What fires a due timer: the node's callback. */
    @FunctionalInterface
    public interface Expiry
    {
        /**
         * @param nodeId  whose timer.
         * @param timerId the id its schedule returned.
         * @param kind    the node's label for it.
         */
        void onExpiry(int nodeId, long timerId, int kind);
    }

    private static final int INITIAL_TIMERS = 16;

    private final DelayQueue queue = new DelayQueue(INITIAL_TIMERS);
    private final Timers timers = new Timers(queue, INITIAL_TIMERS);

    /**
     * @param nodeId      the owner.
     * @param incarnation its life, so that a timer of an earlier life is never fired into a later one.
     * @param kind        the node's label.
     * @param delayNs     how long from now (or, re-arming its own kind from its callback, from the deadline it fired for).
     * @param nowNs       the clock now.
     * @return the id the node sees.
     */
    public long schedule(final int nodeId, final int incarnation, final int kind, final long delayNs, final long nowNs)
    {
        return timers.schedule(nodeId, incarnation, kind, delayNs, nowNs);
    }

    /** @return true when the timer was pending and now never fires. */
    public boolean cancel(final int nodeId, final long timerId)
    {
        return timers.cancel(nodeId, timerId);
    }

    /** Stops every timer of a node that crashed. */
    public void cancelAll(final int nodeId)
    {
        timers.cancelAll(nodeId);
    }

    /** @return the clock instant the earliest timer is due, or {@link Long#MAX_VALUE} with none. */
    public long nextDueNs()
    {
        return queue.isEmpty() ? Long.MAX_VALUE : queue.peekDueNs();
    }

    /** @return timers scheduled and neither fired nor cancelled. */
    public int pending()
    {
        return timers.pending();
    }

    /**
     * Fires, in deadline order, every timer due by {@code nowNs}, and those its callbacks
     * schedule that are due by then too.
     *
     * @param latenessNs where each fired timer's lateness behind its deadline goes, or null.
     * @return timers fired.
     */
    public int fireDue(final long nowNs, final Expiry expiry, final LatencyRecorder latenessNs)
    {
        int fired = 0;
        while (!queue.isEmpty() && queue.peekDueNs() - nowNs <= 0)
        {
            final long dueNs = queue.peekDueNs();
            final int entry = queue.pop();
            final int timerSlot = queue.timerSlot[entry];
            if (timers.isQueued(timerSlot, queue.timerGeneration[entry]))
            {
                final int nodeId = timers.nodeId[timerSlot];
                final int kind = timers.kind[timerSlot];
                final long timerId = timers.timerId(timerSlot);
                // Released first: a cancel from inside the callback is a no-op, and the slot may be reused at once.
                timers.release(timerSlot);
                if (null != latenessNs)
                {
                    latenessNs.record(nowNs - dueNs);
                }
                timers.firing(dueNs, kind);
                try
                {
                    expiry.onExpiry(nodeId, timerId, kind);
                }
                finally
                {
                    timers.fired();
                }
                fired++;
            }
            queue.free(entry);
        }
        return fired;
    }

    /**
     * @param clock        the clock the deadlines are on.
     * @param maxParkNs    the longest park when nothing is due sooner.
     * @return the engine's backoff, which parks no later than this store's next deadline less the kernel's timer
     * slack, for the thread that runs the timers.
     */
    public IdleStrategy idleStrategy(final Clock clock, final long maxParkNs)
    {
        return IdleMode.BACKOFF.newStrategy(new DeadlineIdleStrategy.Deadlines()
        {
            @Override
            public long nextDueNs()
            {
                return TimerStore.this.nextDueNs();
            }

            @Override
            public long clockNs()
            {
                return clock.nowNs();
            }
        }, maxParkNs);
    }

    /** The clock deadlines are read on. */
    @FunctionalInterface
    public interface Clock
    {
        long nowNs();
    }

    /** Where a fired timer's lateness goes. */
    @FunctionalInterface
    public interface LatencyRecorder
    {
        void record(long latenessNs);
    }
}
