package org.electbench.aeron;

import java.util.concurrent.locks.Lock;

import io.aeron.Aeron;
import org.agrona.concurrent.AgentInvoker;

/**
 * The duty cycles of a media driver and of its client where they run on their callers' threads
 * (Aeron's invoker mode, {@link EmbeddedDriver.Builder#invokedByCallers()}): run once by whoever
 * calls {@link #run()}, one thread at a time under the client's own lock, which the client's
 * calls hold too while they wait for the driver's answers.
 */
final class CallerCycles
{
    /** What {@link #tryRun()} returns when the cycles did not run on the calling thread. */
    static final int NOT_RUN = -1;
    private static final CallerCycles NONE = new CallerCycles(null, null, null);

    private final AgentInvoker driver;
    private final AgentInvoker client;
    private final Lock lock;

    private CallerCycles(final AgentInvoker driver, final AgentInvoker client, final Lock lock)
    {
        this.driver = driver;
        this.client = client;
        this.lock = lock;
    }

    /** @return the cycles of this client's driver; ones that never run where the driver has its own thread. */
    static CallerCycles of(final Aeron aeron)
    {
        final AgentInvoker driver = aeron.context().driverAgentInvoker();
        return null == driver ? NONE : new CallerCycles(driver, aeron.conductorAgentInvoker(), aeron.context().clientLock());
    }

    /** @return whether the driver runs on its callers' threads. */
    boolean present()
    {
        return null != driver;
    }

    /**
     * Runs the driver's duty cycle and then the client's, once, unless another thread is running
     * them right now or the driver is closed.
     *
     * @return work done: frames sent and received, commands handled; 0 when they did not run.
     */
    int run()
    {
        return Math.max(0, tryRun());
    }

    /**
     * @return work done, as {@link #run()}, or {@link #NOT_RUN} when the cycles did not run on this
     * thread: the driver has its own thread, another thread holds the client's lock, or it is closed.
     */
    int tryRun()
    {
        if (null == driver || !lock.tryLock())
        {
            return NOT_RUN;
        }
        try
        {
            return driver.isClosed() ? NOT_RUN : driver.invoke() + client.invoke();
        }
        finally
        {
            lock.unlock();
        }
    }

    /** @return whether the driver's cycle was closed: by the driver's close, or by an interrupt of a thread running it. */
    boolean closed()
    {
        return null != driver && driver.isClosed();
    }
}
