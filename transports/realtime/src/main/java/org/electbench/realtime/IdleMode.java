package org.electbench.realtime;

import java.util.Locale;

import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

/**
 * What a worker thread does when a duty cycle found nothing to do. Backoff is the default: on a
 * machine shared by several runs a spinning worker steals the core another one needs.
 */
public enum IdleMode
{
    /** Spin: lowest timer lateness, one core per worker. */
    BUSY_SPIN,
    /** Thread.yield() between cycles. */
    YIELD,
    /** Spin, then yield, then park for up to the configured maximum, never past the next timer's deadline. */
    BACKOFF;

    public static final String ACCEPTED = "busy-spin, yield, backoff";

    private static final long BACKOFF_MAX_SPINS = 10;
    private static final long BACKOFF_MAX_YIELDS = 20;
    private static final long BACKOFF_MIN_PARK_NS = 1_000;

    /** @return the name on the command line: busy-spin, yield, backoff. */
    public String cliName()
    {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * @param text busy-spin, yield or backoff (case and '_' for '-' ignored).
     * @return the mode.
     * @throws IllegalArgumentException naming the accepted values.
     */
    public static IdleMode parse(final String text)
    {
        final String value = null == text ? "" : text.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        for (final IdleMode mode : values())
        {
            if (mode.cliName().equals(value))
            {
                return mode;
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not an idle strategy: expected one of " + ACCEPTED);
    }

    /**
     * @param deadlines        the worker's clock and next deadline, which a backing-off worker never parks past.
     * @param backoffMaxParkNs the longest a backing-off worker parks.
     * @return a fresh strategy: backoff strategies keep state, so every worker gets its own.
     */
    IdleStrategy newStrategy(final DeadlineIdleStrategy.Deadlines deadlines, final long backoffMaxParkNs)
    {
        switch (this)
        {
            case BUSY_SPIN:
                return new BusySpinIdleStrategy();
            case YIELD:
                return new YieldingIdleStrategy();
            case BACKOFF:
                return new DeadlineIdleStrategy(
                    deadlines, BACKOFF_MAX_SPINS, BACKOFF_MAX_YIELDS, Math.min(BACKOFF_MIN_PARK_NS, backoffMaxParkNs), backoffMaxParkNs);
            default:
                throw new IllegalStateException(name());
        }
    }
}
