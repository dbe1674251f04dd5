package org.electbench.spi;

import java.util.Locale;

/**
 * Durations at the edges (flags, cluster files, declared options): {@code 150ms}, {@code 2.5s}, {@code 40us}, {@code 900ns}. Inside,
 * everything is long nanoseconds.
 */
public final class Durations
{
    public static final String ACCEPTED = "a number with a unit: ns, us, ms or s (e.g. 150ms, 2.5s)";

    private Durations()
    {
    }

    /**
     * @param text a duration such as {@code 150ms}.
     * @return nanoseconds.
     * @throws IllegalArgumentException naming the accepted form.
     */
    public static long parseNs(final String text)
    {
        final String value = text.trim().toLowerCase(Locale.ROOT);
        final long unitNs;
        final String number;
        if (value.endsWith("ns"))
        {
            unitNs = 1L;
            number = value.substring(0, value.length() - 2);
        }
        else if (value.endsWith("us") || value.endsWith("µs"))
        {
            unitNs = 1_000L;
            number = value.substring(0, value.length() - 2);
        }
        else if (value.endsWith("ms"))
        {
            unitNs = 1_000_000L;
            number = value.substring(0, value.length() - 2);
        }
        else if (value.endsWith("s"))
        {
            unitNs = 1_000_000_000L;
            number = value.substring(0, value.length() - 1);
        }
        else
        {
            throw new IllegalArgumentException("'" + text + "' is not a duration: expected " + ACCEPTED);
        }
        final double amount;
        try
        {
            amount = Double.parseDouble(number);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("'" + text + "' is not a duration: expected " + ACCEPTED, ex);
        }
        if (!Double.isFinite(amount) || amount < 0)
        {
            throw new IllegalArgumentException("'" + text + "' is not a duration: expected a non-negative " + ACCEPTED);
        }
        return Math.round(amount * unitNs);
    }

    /** @return a short human form, for tables and messages. */
    public static String format(final long ns)
    {
        if (ns % 1_000_000_000L == 0 && ns != 0)
        {
            return ns / 1_000_000_000L + "s";
        }
        if (ns % 1_000_000L == 0 && ns != 0)
        {
            return ns / 1_000_000L + "ms";
        }
        if (ns % 1_000L == 0 && ns != 0)
        {
            return ns / 1_000L + "us";
        }
        return ns + "ns";
    }

    /**
     * @return a short form for people, exact to the nanosecond and readable by {@link #parseNs}:
     *         {@code 52.1ms}, {@code 1013.142ms}, {@code 2s}, {@code 40us}.
     */
    public static String human(final long ns)
    {
        if (ns % 1_000_000L == 0 || Math.abs(ns) < 1_000_000L)
        {
            return format(ns);
        }
        return java.math.BigDecimal.valueOf(ns, 6).stripTrailingZeros().toPlainString() + "ms";
    }
}
