package org.electbench.spi;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * Durations at the edges (flags, cluster files, declared options): {@code 150ms}, {@code 2.5s}, {@code 40us}, {@code 900ns}. Inside,
 * everything is long nanoseconds.
 */
public final class Durations
{
    public static final String ACCEPTED = "a number with a unit: ns, us, ms or s (e.g. 150ms, 2.5s, 40us)";
    /**
     * The shortest duration a timer may be set to from the edges (a heartbeat, a timeout, a fault's
     * length): below a microsecond a timer fires more often than any network delivers a message,
     * and a run only spins through events.
     */
    public static final long MIN_TIMER_NS = 1_000L;

    private static final BigDecimal MAX_NS = BigDecimal.valueOf(Long.MAX_VALUE);

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
        // Exact decimal arithmetic: 0.1us is 100 ns, not 100.00000000000001, and nothing overflows silently.
        final BigDecimal amount;
        try
        {
            amount = new BigDecimal(number.trim());
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("'" + text + "' is not a duration: expected " + ACCEPTED, ex);
        }
        if (amount.signum() < 0)
        {
            throw new IllegalArgumentException("'" + text + "' is not a duration: expected a non-negative number with a unit");
        }
        final BigDecimal ns = amount.multiply(BigDecimal.valueOf(unitNs));
        if (ns.compareTo(MAX_NS) > 0)
        {
            throw new IllegalArgumentException("'" + text + "' is too long: at most " + MAX_NS.movePointLeft(9).toBigInteger() +
                "s (about 292 years)");
        }
        if (ns.stripTrailingZeros().scale() > 0)
        {
            throw new IllegalArgumentException("'" + text + "' is finer than a nanosecond: durations are whole nanoseconds");
        }
        return ns.longValueExact();
    }

    /**
     * @param text  a duration that sets a timer.
     * @param minNs the shortest accepted, e.g. {@link #MIN_TIMER_NS}.
     * @return nanoseconds, at least {@code minNs}.
     * @throws IllegalArgumentException naming the accepted form or the minimum.
     */
    public static long parseNs(final String text, final long minNs)
    {
        final long ns = parseNs(text);
        if (ns < minNs)
        {
            throw new IllegalArgumentException("'" + text + "' is too short: at least " + format(minNs) +
                " (a timer that fires more often only spins the run)");
        }
        return ns;
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
        return BigDecimal.valueOf(ns, 6).stripTrailingZeros().toPlainString() + "ms";
    }
}
