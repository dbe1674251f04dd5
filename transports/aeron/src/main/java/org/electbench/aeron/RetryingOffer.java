package org.electbench.aeron;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.IntSupplier;

import io.aeron.ExclusivePublication;
import io.aeron.Publication;
import io.aeron.ReservedValueSupplier;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * Offers a frame to a publication, retrying a bounded number of times when Aeron reports back
 * pressure, no connection or an admin action, and counts every outcome in {@link SendCounter}.
 * One per sending thread; the counts may be read from any thread.
 */
final class RetryingOffer
{
    private static final int BACK_PRESSURE_YIELDS = 4;
    private static final long BACK_PRESSURE_MIN_PARK_NS = 1_000;
    private static final long BACK_PRESSURE_MAX_PARK_NS = 100_000;

    private final int maxRetries;
    private final IntSupplier driverCycle;
    private final AtomicLongArray counts = new AtomicLongArray(SendCounter.all().length);
    private final IdleStrategy backPressureIdle = new BackoffIdleStrategy(
        0, BACK_PRESSURE_YIELDS, BACK_PRESSURE_MIN_PARK_NS, BACK_PRESSURE_MAX_PARK_NS);

    /** @param maxRetries offers tried again after a refusal before the frame is dropped, at least 0. */
    RetryingOffer(final int maxRetries)
    {
        this(maxRetries, () -> CallerCycles.NOT_RUN);
    }

    /**
     * @param maxRetries  offers tried again after a refusal before the frame is dropped, at least 0.
     * @param driverCycle runs the driver's duty cycle where it runs on its callers' threads
     *                    ({@link CallerCycles#tryRun()}): the work it did, or a negative value when
     *                    it did not run on this thread; back pressure clears only when it runs.
     */
    RetryingOffer(final int maxRetries, final IntSupplier driverCycle)
    {
        if (maxRetries < 0)
        {
            throw new IllegalArgumentException("maxSendRetries must be at least 0, was " + maxRetries);
        }
        this.maxRetries = maxRetries;
        this.driverCycle = driverCycle;
    }

    /**
     * @param reservedValue what the frame's reserved header field carries, or null for none.
     * @return whether Aeron accepted the frame.
     */
    boolean offer(
        final ExclusivePublication publication,
        final DirectBuffer frame,
        final int frameLength,
        final ReservedValueSupplier reservedValue)
    {
        return offer(publication, frame, frameLength, reservedValue, false);
    }

    /**
     * @param readByCaller whether the only reader of the publication's frames is the calling thread
     *                     (a worker sending to its own lane): then back pressure that the driver's
     *                     cycle, run here, cannot move is the caller's own unread frames, which no
     *                     wait clears, and the frame is dropped at once.
     * @see #offer(ExclusivePublication, DirectBuffer, int, ReservedValueSupplier)
     */
    boolean offer(
        final ExclusivePublication publication,
        final DirectBuffer frame,
        final int frameLength,
        final ReservedValueSupplier reservedValue,
        final boolean readByCaller)
    {
        int retries = 0;
        backPressureIdle.reset();
        while (true)
        {
            final long result = publication.offer(frame, 0, frameLength, reservedValue);
            if (result > 0)
            {
                increment(SendCounter.SENT);
                return true;
            }

            final SendCounter retry;
            final SendCounter drop;
            if (Publication.BACK_PRESSURED == result)
            {
                retry = SendCounter.BACK_PRESSURE_RETRIES;
                drop = SendCounter.BACK_PRESSURE_DROPS;
            }
            else if (Publication.NOT_CONNECTED == result)
            {
                retry = SendCounter.NOT_CONNECTED_RETRIES;
                drop = SendCounter.NOT_CONNECTED_DROPS;
            }
            else if (Publication.ADMIN_ACTION == result)
            {
                retry = SendCounter.ADMIN_ACTION_RETRIES;
                drop = SendCounter.ADMIN_ACTION_DROPS;
            }
            else
            {
                increment(Publication.CLOSED == result ? SendCounter.CLOSED_DROPS : SendCounter.MAX_POSITION_DROPS);
                return false;
            }

            if (retries >= maxRetries)
            {
                increment(drop);
                return false;
            }
            // An admin action clears on the next offer. A connection is the driver's to make and
            // a lost peer will not come back within a send, so only yield. Back pressure can be
            // the driver not having run rather than a full receiver: the publication limit only
            // moves when its duty cycle runs, so run it here where it runs on its callers'
            // threads, else back off long enough to outlast its thread's longest park. A cycle
            // that moved nothing leaves a full receiver window, which only its reader clears: if
            // that is this thread, waiting stalls it to no end (a storm on one lane held its worker
            // past the run's end, until the runner's close interrupted it and so closed the
            // driver), so the frame is dropped now, as the retries would drop it.
            if (SendCounter.BACK_PRESSURE_RETRIES == retry)
            {
                final int work = driverCycle.getAsInt();
                if (0 == work && readByCaller)
                {
                    increment(drop);
                    return false;
                }
                if (work <= 0)
                {
                    backPressureIdle.idle();
                }
            }
            else if (SendCounter.NOT_CONNECTED_RETRIES == retry)
            {
                Thread.yield();
            }
            retries++;
            increment(retry);
        }
    }

    private void increment(final SendCounter counter)
    {
        final int index = counter.ordinal();
        counts.setRelease(index, counts.getPlain(index) + 1);
    }

    long count(final SendCounter counter)
    {
        return counts.get(counter.ordinal());
    }

    void snapshot(final long[] into)
    {
        for (int i = 0, size = counts.length(); i < size; i++)
        {
            into[i] = counts.get(i);
        }
    }
}
