package org.electbench.transport;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * Durations at the edges: {@code 150ms}, {@code 2.5s}, {@code 40us}, {@code 900ns}. Inside,
 * everything is long nanoseconds.
 */
public final class Durations
{
    public static final String ACCEPTED = "a number with a unit: ns, us, ms or s (e.g. 150ms, 2.5s)";

    private static final BigDecimal MAX_NS = BigDecimal.valueOf(Long.MAX_VALUE);
    private static final double HOUR_NS = 3600e9;
    private static final double DAY_NS = 24 * HOUR_NS;
    private static final double YEAR_NS = 365 * DAY_NS;

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
     * @return a span in the unit a person reads it in, to three figures: {@code 300 ms},
     * {@code 4.17 days}, {@code 1586 years}.
     */
    public static String describe(final double ns)
    {
        if (ns > YEAR_NS)
        {
            return figures(ns / YEAR_NS) + " years";
        }
        if (ns >= DAY_NS)
        {
            return figures(ns / DAY_NS) + " days";
        }
        if (ns >= HOUR_NS)
        {
            return figures(ns / HOUR_NS) + " hours";
        }
        if (ns >= 1e9)
        {
            return figures(ns / 1e9) + " s";
        }
        if (ns >= 1e6)
        {
            return figures(ns / 1e6) + " ms";
        }
        if (ns >= 1e3)
        {
            return figures(ns / 1e3) + " us";
        }
        return figures(ns) + " ns";
    }

    private static String figures(final double value)
    {
        if (value >= 100)
        {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        return BigDecimal.valueOf(value).round(new MathContext(3)).stripTrailingZeros().toPlainString();
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
}
