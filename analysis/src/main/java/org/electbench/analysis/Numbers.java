package org.electbench.analysis;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * How figures are printed: the same value always prints the same text, on any machine and
 * locale, so a regenerated table is byte-identical.
 */
final class Numbers
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
    static String format(final double value)
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
    static String exact(final double value)
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
}
