package org.electbench.aeron;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/** Waits for a condition with a deadline, doing a step of work between checks; never a fixed sleep. */
final class Await
{
    static final long DEFAULT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(20);

    private Await()
    {
    }

    static void until(final BooleanSupplier condition, final IntSupplierStep step, final Supplier<String> whatFailed)
    {
        final IdleStrategy idle = new BackoffIdleStrategy();
        final long deadlineNs = System.nanoTime() + DEFAULT_TIMEOUT_NS;
        while (!condition.getAsBoolean())
        {
            if (deadlineNs - System.nanoTime() <= 0)
            {
                fail("not reached within " + TimeUnit.NANOSECONDS.toSeconds(DEFAULT_TIMEOUT_NS) + " s: " + whatFailed.get());
            }
            idle.idle(step.doWork());
        }
    }

    /** One step of work between checks, returning how much it did. */
    @FunctionalInterface
    interface IntSupplierStep
    {
        int doWork();
    }
}
