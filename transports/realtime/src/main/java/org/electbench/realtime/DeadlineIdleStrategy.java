package org.electbench.realtime;

import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.IdleStrategy;

/**
 * Backoff that knows the worker's next deadline: spin, then yield, then park for a doubling
 * time up to the maximum — but never past the next held event's due time less the kernel's
 * timer slack, and within that slack of it only yield. A timer then fires within about one
 * yield of its deadline instead of up to a whole park (plus the slack) after it, while a worker
 * with nothing due soon still sleeps as plain backoff would. Messages from other workers or
 * the network are not known in advance: they wait at most one park, as with plain backoff.
 * <p>
 * Not thread safe: one per worker, like Agrona's {@link org.agrona.concurrent.BackoffIdleStrategy}.
 */
final class DeadlineIdleStrategy implements IdleStrategy
{
    /** What the strategy needs from its worker: the clock and the earliest due time it holds. */
    interface Deadlines
    {
        /** @return the run-clock instant the earliest held event is due, or {@link Long#MAX_VALUE}. */
        long nextDueNs();

        /** @return the run clock now. */
        long clockNs();
    }

    /**
     * How long before a deadline a worker stops parking: Linux lets a parked thread oversleep by
     * its timer slack, 50 us by default, so a park that ends closer to the deadline than that may end after it.
     */
    static final long WAKE_EARLY_NS = 60_000;

    private static final int NOT_IDLE = 0;
    private static final int SPINNING = 1;
    private static final int YIELDING = 2;
    private static final int PARKING = 3;

    private final Deadlines deadlines;
    private final long maxSpins;
    private final long maxYields;
    private final long minParkPeriodNs;
    private final long maxParkPeriodNs;

    private int state = NOT_IDLE;
    private long spins;
    private long yields;
    private long parkPeriodNs;

    DeadlineIdleStrategy(
        final Deadlines deadlines, final long maxSpins, final long maxYields, final long minParkPeriodNs, final long maxParkPeriodNs)
    {
        this.deadlines = deadlines;
        this.maxSpins = maxSpins;
        this.maxYields = maxYields;
        this.minParkPeriodNs = minParkPeriodNs;
        this.maxParkPeriodNs = maxParkPeriodNs;
    }

    @Override
    public void idle(final int workCount)
    {
        if (workCount > 0)
        {
            reset();
        }
        else
        {
            idle();
        }
    }

    @Override
    public void idle()
    {
        switch (state)
        {
            case NOT_IDLE:
                state = SPINNING;
                spins++;
                break;
            case SPINNING:
                Thread.onSpinWait();
                if (++spins > maxSpins)
                {
                    state = YIELDING;
                    yields = 0;
                }
                break;
            case YIELDING:
                if (++yields > maxYields)
                {
                    state = PARKING;
                    parkPeriodNs = minParkPeriodNs;
                }
                else
                {
                    Thread.yield();
                }
                break;
            default:
                park();
                break;
        }
    }

    private void park()
    {
        final long nextDueNs = deadlines.nextDueNs();
        long parkNs = parkPeriodNs;
        if (Long.MAX_VALUE != nextDueNs)
        {
            final long untilWakeNs = nextDueNs - deadlines.clockNs() - WAKE_EARLY_NS;
            if (untilWakeNs < parkNs)
            {
                parkNs = untilWakeNs;
            }
        }
        if (parkNs < minParkPeriodNs)
        {
            // The next deadline is within the timer slack: a park could overshoot it.
            Thread.yield();
            return;
        }
        LockSupport.parkNanos(parkNs);
        parkPeriodNs = Math.min(parkPeriodNs << 1, maxParkPeriodNs);
    }

    @Override
    public void reset()
    {
        spins = 0;
        yields = 0;
        parkPeriodNs = minParkPeriodNs;
        state = NOT_IDLE;
    }

    @Override
    public String alias()
    {
        return "deadline-backoff";
    }
}
