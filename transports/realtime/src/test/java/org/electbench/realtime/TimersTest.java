package org.electbench.realtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TimersTest
{
    private static final long MS = 1_000_000L;

    private final DelayQueue queue = new DelayQueue(4);
    private final Timers timers = new Timers(queue, 1);

    private int expire(final long nowNs)
    {
        return timers.poll(nowNs);
    }

    @Test
    void anExpiredTimerMovesToTheQueueAtItsDeadlineNotBefore()
    {
        final long timerId = timers.schedule(3, 1, 7, 5 * MS);
        assertEquals(0, expire(5 * MS - 1));
        assertTrue(queue.isEmpty());
        assertEquals(1, expire(5 * MS));
        assertEquals(5 * MS, queue.peekDueNs());
        final int event = queue.pop();
        assertEquals(DelayQueue.TIMER, queue.kind[event]);
        assertEquals(3, queue.nodeId[event]);
        final int slot = queue.timerSlot[event];
        assertTrue(timers.isQueued(slot, queue.timerGeneration[event]));
        assertEquals(timerId, timers.timerId(slot));
        assertEquals(7, timers.kind[slot]);
    }

    @Test
    void aTimerFarBeyondOneTurnOfTheWheelFiresOnlyAtItsDeadline()
    {
        timers.schedule(1, 1, 0, 500 * MS);
        for (long nowNs = 0; nowNs < 500 * MS; nowNs += 3 * MS)
        {
            assertEquals(0, expire(nowNs), "at " + nowNs);
        }
        assertEquals(1, expire(500 * MS));
    }

    @Test
    void aStaleCancelNeverHitsTheTimerThatReusedTheSlot()
    {
        final long first = timers.schedule(1, 1, 0, MS);
        assertEquals(1, expire(MS));
        final int event = queue.pop();
        timers.release(queue.timerSlot[event]);
        final long second = timers.schedule(1, 1, 0, 2 * MS);
        assertEquals((int)first, (int)second, "the slot is reused");
        assertNotEquals(first, second, "under a new generation");
        assertFalse(timers.cancel(1, first));
        assertTrue(timers.cancel(1, second));
        assertFalse(timers.cancel(1, second));
        assertEquals(0, expire(10 * MS));
    }

    @Test
    void cancellingAnExpiredTimerThatWaitsInTheQueueStopsIt()
    {
        final long timerId = timers.schedule(2, 1, 0, MS);
        expire(MS);
        assertTrue(timers.cancel(2, timerId));
        final int event = queue.pop();
        assertFalse(timers.isQueued(queue.timerSlot[event], queue.timerGeneration[event]));
    }

    @Test
    void aNodeCannotCancelAnotherNodesTimer()
    {
        final long timerId = timers.schedule(2, 1, 0, MS);
        assertFalse(timers.cancel(3, timerId));
        assertEquals(1, expire(MS));
    }

    @Test
    void aCrashStopsEveryTimerOfThatNodeOnly()
    {
        for (int i = 1; i <= 20; i++)
        {
            timers.schedule(1 + i % 2, 1, i, i * MS);
        }
        timers.cancelAll(1);
        assertEquals(10, expire(100 * MS));
        while (!queue.isEmpty())
        {
            assertEquals(2, queue.nodeId[queue.pop()]);
        }
    }
}
