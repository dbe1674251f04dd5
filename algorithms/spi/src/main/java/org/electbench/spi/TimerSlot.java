package org.electbench.spi;

/**
 * One timer of one kind for a node: at most one armed id at a time, so a timer that fires with
 * any other id is stale (cancelled too late, or from an earlier life) and is ignored. Saves each
 * algorithm the same bookkeeping; allocation-free once made.
 */
public final class TimerSlot
{
    private final int kind;
    private boolean armed;
    private long timerId;

    /** @param kind the kind handed to {@link NodeContext#schedule(long, int)} and back on expiry. */
    public TimerSlot(final int kind)
    {
        this.kind = kind;
    }

    /** Cancel what is armed and arm the timer afresh. */
    public void arm(final NodeContext ctx, final long delayNs)
    {
        cancel(ctx);
        timerId = ctx.schedule(delayNs, kind);
        armed = true;
    }

    public void cancel(final NodeContext ctx)
    {
        if (armed)
        {
            armed = false;
            ctx.cancel(timerId);
        }
    }

    /** Forget the armed timer without cancelling it, as on a restart with a new context: the slot is as a new one. */
    public void forget()
    {
        armed = false;
        timerId = 0;
    }

    public boolean isArmed()
    {
        return armed;
    }

    /**
     * @param firedTimerId the id of a timer that fired.
     * @return true when it is the armed one, which is now spent.
     */
    public boolean fired(final long firedTimerId)
    {
        if (armed && firedTimerId == timerId)
        {
            armed = false;
            return true;
        }
        return false;
    }
}
