package org.electbench.aeron;

/**
 * Outcomes of offers counted by {@link AeronEndpoint}. A send is either {@link #SENT} or one of
 * the drops; retries are counted on top, one per failed attempt that was tried again.
 */
public enum SendCounter
{
    /** Frames Aeron accepted. */
    SENT,
    /** Attempts refused because the receiver's window was full, then tried again. */
    BACK_PRESSURE_RETRIES,
    /** Attempts refused because no subscriber had connected, then tried again. */
    NOT_CONNECTED_RETRIES,
    /** Attempts refused while the log rotated a term, then tried again. */
    ADMIN_ACTION_RETRIES,
    /** Frames dropped still back pressured after the last retry. */
    BACK_PRESSURE_DROPS,
    /** Frames dropped with the peer still not connected after the last retry: the peer is down or not up yet. */
    NOT_CONNECTED_DROPS,
    /** Frames dropped still in admin action after the last retry. */
    ADMIN_ACTION_DROPS,
    /** Frames dropped because the publication was closed. */
    CLOSED_DROPS,
    /** Frames dropped because the publication reached its maximum position. */
    MAX_POSITION_DROPS;

    private static final SendCounter[] VALUES = values();

    static SendCounter[] all()
    {
        return VALUES;
    }

    /** @return whether this counts frames that were given up on. */
    public boolean isDrop()
    {
        return ordinal() >= BACK_PRESSURE_DROPS.ordinal();
    }
}
