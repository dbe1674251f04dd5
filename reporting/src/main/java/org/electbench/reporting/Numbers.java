package org.electbench.reporting;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The one formatter of figures for people: numbers, the durations the settings spell, and spans. The
 * same value always prints the same text, on any machine and locale, so a regenerated table is
 * byte-identical. Durations are read through the one parser every input goes through
 * ({@link org.electbench.spi.Durations#parseNs}), whose inverse it keeps for flags and cluster files.
 */
public final class Numbers
{
    private static final MathContext FOUR_DIGITS = new MathContext(4, RoundingMode.HALF_EVEN);

    private Numbers()
    {
    }

    /** Whole parts from here up are grouped in threes ({@code 66,544}); shorter ones read well as they are. */
    private static final double GROUPED_FROM = 10_000;

    /**
     * @return whole numbers whole, others to four significant digits, without exponent, whole parts of five
     *     digits or more grouped with commas; "" for NaN.
     */
    public static String format(final double value)
    {
        return Math.abs(value) >= GROUPED_FROM ? grouped(plain(value)) : plain(value);
    }

    private static String grouped(final String plain)
    {
        final int dot = plain.indexOf('.');
        final int end = dot < 0 ? plain.length() : dot;
        final int start = plain.startsWith("-") ? 1 : 0;
        final StringBuilder out = new StringBuilder(plain);
        for (int at = end - 3; at > start; at -= 3)
        {
            out.insert(at, ',');
        }
        return out.toString();
    }

    private static String plain(final double value)
    {
        if (Double.isNaN(value))
        {
            return "";
        }
        if (Double.isInfinite(value))
        {
            return value > 0 ? "inf" : "-inf";
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15)
        {
            return Long.toString((long)value);
        }
        return new BigDecimal(value).round(FOUR_DIGITS).stripTrailingZeros().toPlainString();
    }

    /** @return the value exactly as Java prints a double when it is not whole; whole numbers without ".0". */
    public static String exact(final double value)
    {
        if (Double.isNaN(value))
        {
            return "";
        }
        if (value == Math.rint(value) && Math.abs(value) < 1e15)
        {
            return Long.toString((long)value);
        }
        return Double.toString(value);
    }

    /**
     * @return a duration setting in the unit a reader takes in at a glance ({@code 30100us} as
     *     {@code 30.1ms}, {@code 1500ms} as {@code 1.5s}); any other text (a bare number, a word) as it is.
     */
    public static String readable(final String text)
    {
        final double ms = toMillis(text);
        if (Double.isNaN(ms))
        {
            return text;
        }
        if (ms == 0)
        {
            return "0";
        }
        if (ms >= 1000)
        {
            return format(ms / 1000) + "s";
        }
        if (ms >= 1)
        {
            return format(ms) + "ms";
        }
        if (ms >= 1e-3)
        {
            return format(ms * 1000) + "us";
        }
        return format(ms * 1e6) + "ns";
    }

    /** @return nanoseconds as {@link #readable} shows a duration setting: {@code 30.1ms}. */
    public static String readableNs(final long ns)
    {
        return readable(ns + "ns");
    }

    /** @return the duration in milliseconds, or NaN when the text is not one. */
    public static double toMillis(final String text)
    {
        try
        {
            return org.electbench.spi.Durations.parseNs(text) / 1e6;
        }
        catch (final IllegalArgumentException ex)
        {
            return Double.NaN;
        }
    }

    /**
     * @return a span in the unit a person reads it in, to three figures: {@code 300 ms}, {@code 4.17 days},
     *     {@code 1586 years}; the simulator's budget messages, a floor below this module, print spans the same way.
     */
    public static String span(final double ns)
    {
        return org.electbench.transport.Durations.describe(ns);
    }
}
