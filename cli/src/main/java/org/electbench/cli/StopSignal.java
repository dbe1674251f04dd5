package org.electbench.cli;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C (SIGINT) or SIGTERM as a request to stop and report what a command has so far: a
 * shutdown hook raises {@link #requested()} and holds the JVM open until {@link #close()} says
 * the report is out, or a bound passes. Install it around the work, in try-with-resources.
 */
final class StopSignal implements AutoCloseable
{
    private final CountDownLatch reported = new CountDownLatch(1);
    private final Thread hook;
    private volatile boolean requested;

    /**
     * @param name   names the hook's thread.
     * @param waitNs how long the JVM waits for the report after a signal, at most.
     */
    StopSignal(final String name, final long waitNs)
    {
        hook = new Thread(() ->
        {
            requested = true;
            try
            {
                reported.await(waitNs, TimeUnit.NANOSECONDS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        }, name);
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** @return whether a signal asked the command to stop. */
    boolean requested()
    {
        return requested;
    }

    /** The report is out: a signal that came meanwhile may now end the JVM. */
    @Override
    public void close()
    {
        reported.countDown();
        try
        {
            Runtime.getRuntime().removeShutdownHook(hook);
        }
        catch (final IllegalStateException ex)
        {
            // Already shutting down: the hook has seen the latch.
        }
    }
}
