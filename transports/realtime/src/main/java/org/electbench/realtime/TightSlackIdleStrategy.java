package org.electbench.realtime;

import org.agrona.concurrent.IdleStrategy;

/**
 * An idle strategy whose thread runs with a tight timer slack ({@link TimerSlack}): set by the
 * thread itself the first time it idles, since only a thread may set its own without
 * privileges. For threads whose start this project does not run, such as a media driver's.
 */
public final class TightSlackIdleStrategy implements IdleStrategy
{
    private final IdleStrategy delegate;
    private Thread tightened;

    /** @param delegate the strategy that decides when and how long to idle. */
    public TightSlackIdleStrategy(final IdleStrategy delegate)
    {
        this.delegate = delegate;
    }

    @Override
    public void idle(final int workCount)
    {
        tighten();
        delegate.idle(workCount);
    }

    @Override
    public void idle()
    {
        tighten();
        delegate.idle();
    }

    @Override
    public void reset()
    {
        delegate.reset();
    }

    @Override
    public String alias()
    {
        return delegate.alias();
    }

    private void tighten()
    {
        final Thread current = Thread.currentThread();
        if (current != tightened)
        {
            tightened = current;
            TimerSlack.setForThisThread(TimerSlack.TIGHT_NS);
        }
    }
}
