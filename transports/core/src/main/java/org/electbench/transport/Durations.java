package org.electbench.transport;

/**
 * Durations at the edges, as the SPI's {@link org.electbench.spi.Durations} reads and writes
 * them, so a flag, a cluster-file key and an algorithm's declared option accept one form.
 */
public final class Durations
{
    public static final String ACCEPTED = org.electbench.spi.Durations.ACCEPTED;

    private Durations()
    {
    }

    /** @see org.electbench.spi.Durations#parseNs(String) */
    public static long parseNs(final String text)
    {
        return org.electbench.spi.Durations.parseNs(text);
    }

    /** @see org.electbench.spi.Durations#format(long) */
    public static String format(final long ns)
    {
        return org.electbench.spi.Durations.format(ns);
    }
}
