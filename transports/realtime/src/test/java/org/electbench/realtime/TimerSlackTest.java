package org.electbench.realtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.concurrent.atomic.AtomicLong;

import org.agrona.concurrent.NoOpIdleStrategy;
import org.junit.jupiter.api.Test;

class TimerSlackTest
{
    @Test
    void aThreadSetsItsOwnSlackAndNoOtherThreads() throws InterruptedException
    {
        final AtomicLong untouched = new AtomicLong();
        final AtomicLong set = new AtomicLong();
        final Thread before = new Thread(() -> untouched.set(TimerSlack.ofThisThread()));
        before.start();
        before.join();
        assumeTrue(untouched.get() > 0, "this platform has no per-thread timer slack to set");
        final Thread setter = new Thread(() ->
        {
            TimerSlack.setForThisThread(untouched.get() + 7);
            set.set(TimerSlack.ofThisThread());
        });
        setter.start();
        setter.join();
        assertEquals(untouched.get() + 7, set.get());
        final AtomicLong after = new AtomicLong();
        final Thread other = new Thread(() -> after.set(TimerSlack.ofThisThread()));
        other.start();
        other.join();
        assertEquals(untouched.get(), after.get(), "another thread keeps the slack it was born with");
    }

    @Test
    void anIdleStrategysThreadGetsTheTightSlackTheFirstTimeItIdles() throws InterruptedException
    {
        assumeTrue(TimerSlack.ofThisThread() > 0, "this platform has no per-thread timer slack to set");
        final TightSlackIdleStrategy idle = new TightSlackIdleStrategy(NoOpIdleStrategy.INSTANCE);
        final AtomicLong beforeIdle = new AtomicLong();
        final AtomicLong afterIdle = new AtomicLong();
        final Thread driver = new Thread(() ->
        {
            beforeIdle.set(TimerSlack.ofThisThread());
            idle.idle(0);
            afterIdle.set(TimerSlack.ofThisThread());
        });
        driver.start();
        driver.join();
        assertNotEquals(TimerSlack.TIGHT_NS, beforeIdle.get());
        assertEquals(TimerSlack.TIGHT_NS, afterIdle.get());
    }

    @Test
    void aSlackBelowOneNanosecondIsRefused()
    {
        assertThrows(IllegalArgumentException.class, () -> TimerSlack.setForThisThread(0));
    }
}
