package org.electbench.realtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** The timer store driven with deadlines on a fake clock: no thread, no real time. */
class TimersTest
{
    private static final long MS = 1_000_000L;

    private final DelayQueue queue = new DelayQueue(4);
    private final Timers timers = new Timers(queue, 1);

    /** Pops the earliest event, which must be a timer still standing, and returns its slot. */
    private int popStandingTimer()
    {
        final int event = queue.pop();
        assertEquals(DelayQueue.TIMER, queue.kind[event]);
        final int slot = queue.timerSlot[event];
        assertTrue(timers.isQueued(slot, queue.timerGeneration[event]));
        queue.free(event);
        return slot;
    }

    @Test
    void aTimerIsDueAtItsExactDeadline()
    {
        final long timerId = timers.schedule(3, 1, 7, 5 * MS + 17, 0);
        assertEquals(5 * MS + 17, queue.peekDueNs());
        final int slot = popStandingTimer();
        assertEquals(timerId, timers.timerId(slot));
        assertEquals(3, timers.nodeId[slot]);
        assertEquals(7, timers.kind[slot]);
    }

    @Test
    void timersLeaveInDeadlineOrderAndTiesInTheOrderScheduled()
    {
        final SplittableRandom random = new SplittableRandom(42);
        final int count = 2_000;
        for (int i = 0; i < count; i++)
        {
            // Few distinct deadlines, so many ties.
            timers.schedule(1 + i % 5, 1, i, random.nextInt(50) * MS, 0);
        }
        long lastDeadlineNs = Long.MIN_VALUE;
        int lastKind = -1;
        for (int i = 0; i < count; i++)
        {
            final long dueNs = queue.peekDueNs();
            final int slot = popStandingTimer();
            assertEquals(timers.deadlineNs[slot], dueNs);
            assertTrue(dueNs >= lastDeadlineNs, "deadline order at " + i);
            if (dueNs == lastDeadlineNs)
            {
                assertTrue(timers.kind[slot] > lastKind, "ties leave in the order scheduled, at " + i);
            }
            lastDeadlineNs = dueNs;
            lastKind = timers.kind[slot];
            timers.release(slot);
        }
        assertTrue(queue.isEmpty());
        assertEquals(0, timers.pending());
    }

    @Test
    void aPeriodicTimerReArmedFromItsCallbackKeepsItsPeriodHoweverLateItFires()
    {
        final long periodNs = MS;
        final long startNs = 123_456;
        final int periods = 10_000;
        final SplittableRandom random = new SplittableRandom(7);
        timers.schedule(1, 1, 0, periodNs, startNs);
        long lateFires = 0;
        for (int fired = 1; fired <= periods; fired++)
        {
            final long dueNs = queue.peekDueNs();
            assertEquals(startNs + fired * periodNs, dueNs, "deadline of period " + fired);
            final int slot = popStandingTimer();
            timers.release(slot);
            // The host fires it late, by up to most of a period.
            final long latenessNs = random.nextLong(periodNs * 9 / 10);
            lateFires += latenessNs > 0 ? 1 : 0;
            timers.firing(dueNs, 0);
            timers.schedule(1, 1, 0, periodNs, dueNs + latenessNs);
            timers.fired();
        }
        assertEquals(startNs + (periods + 1) * periodNs, queue.peekDueNs(), "no drift after " + periods + " periods");
        assertTrue(lateFires > periods / 2);
    }

    @Test
    void afterAStallLongerThanThePeriodTheNextDeadlineCountsFromNowNotAtOnce()
    {
        timers.firing(10 * MS, 0);
        timers.schedule(1, 1, 0, 2 * MS, 15 * MS);
        timers.fired();
        assertEquals(17 * MS, queue.peekDueNs());
    }

    @Test
    void aTimeoutArmedInAnotherTimersCallbackCountsFromNow()
    {
        timers.firing(10 * MS, 0);
        timers.schedule(1, 1, 1, 20 * MS, 13 * MS);
        timers.fired();
        assertEquals(33 * MS, queue.peekDueNs());
    }

    @Test
    void outsideATimerCallbackADelayCountsFromNow()
    {
        timers.firing(10 * MS, 0);
        timers.fired();
        timers.schedule(1, 1, 0, 2 * MS, 11 * MS);
        assertEquals(13 * MS, queue.peekDueNs());
    }

    @Test
    void aStaleCancelNeverHitsTheTimerThatReusedTheSlot()
    {
        final long first = timers.schedule(1, 1, 0, MS, 0);
        final int slot = popStandingTimer();
        timers.release(slot);
        final long second = timers.schedule(1, 1, 0, 2 * MS, 0);
        assertEquals((int)first, (int)second, "the slot is reused");
        assertNotEquals(first, second, "under a new generation");
        assertFalse(timers.cancel(1, first));
        assertTrue(timers.cancel(1, second));
        assertFalse(timers.cancel(1, second));
    }

    @Test
    void aCancelledTimerLeavesTheQueueAtOnce()
    {
        final long first = timers.schedule(2, 1, 0, MS, 0);
        final long second = timers.schedule(2, 1, 1, 3 * MS, 0);
        timers.schedule(2, 1, 2, 2 * MS, 0);
        assertTrue(timers.cancel(2, first));
        assertTrue(timers.cancel(2, second));
        assertEquals(1, queue.size());
        assertEquals(2 * MS, queue.peekDueNs());
        assertEquals(2, timers.kind[popStandingTimer()]);
    }

    @Test
    void reArmingATimeoutOnEveryMessageHoldsOneEntry()
    {
        long timerId = timers.schedule(1, 1, 0, 1000 * MS, 0);
        for (int message = 1; message <= 10_000; message++)
        {
            assertTrue(timers.cancel(1, timerId));
            timerId = timers.schedule(1, 1, 0, 1000 * MS, message);
        }
        assertEquals(1, queue.size());
        assertEquals(1000 * MS + 10_000, queue.peekDueNs());
    }

    @Test
    void aNodeCannotCancelAnotherNodesTimer()
    {
        final long timerId = timers.schedule(2, 1, 0, MS, 0);
        assertFalse(timers.cancel(3, timerId));
        popStandingTimer();
    }

    @Test
    void aCrashStopsEveryTimerOfThatNodeOnly()
    {
        for (int i = 1; i <= 20; i++)
        {
            timers.schedule(1 + i % 2, 1, i, i * MS, 0);
        }
        timers.cancelAll(1);
        assertEquals(10, queue.size());
        while (!queue.isEmpty())
        {
            final int slot = popStandingTimer();
            assertEquals(2, timers.nodeId[slot]);
        }
    }
}
