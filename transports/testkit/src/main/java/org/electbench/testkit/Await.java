package org.electbench.testkit;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

/**
 * Waits for a condition with a deadline, as a test on real threads or processes must (never a
 * sleep for an outcome): the condition is checked, then {@code eachTurn} runs (e.g. polling a
 * single-threaded observer on this thread), then the thread idles a millisecond. Past the deadline
 * it fails with an {@link AssertionError} naming what was not reached.
 */
public final class Await
{
    private Await()
    {
    }

    public static void until(final long timeoutNs, final BooleanSupplier condition, final Supplier<String> failure)
    {
        until(timeoutNs, () -> { }, condition, failure);
    }

    public static void until(final long timeoutNs, final Runnable eachTurn, final BooleanSupplier condition, final Supplier<String> failure)
    {
        final IdleStrategy idle = new SleepingMillisIdleStrategy(1);
        final long deadlineNs = System.nanoTime() + timeoutNs;
        while (!condition.getAsBoolean())
        {
            if (deadlineNs - System.nanoTime() <= 0)
            {
                throw new AssertionError("not reached within " + TimeUnit.NANOSECONDS.toSeconds(timeoutNs) + " s: " + failure.get());
            }
            eachTurn.run();
            idle.idle();
        }
    }
}
