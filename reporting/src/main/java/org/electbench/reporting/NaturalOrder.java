package org.electbench.reporting;

import java.math.BigDecimal;
import java.util.Comparator;

/**
 * Orders text as a reader does: numbers inside it by their value ({@code n=9} before {@code n=17}), other characters
 * as they are.
 */
public final class NaturalOrder
{
    /** Numbers and durations by their value: {@code 30ms} before {@code 30.1ms}, {@code 900ms} before {@code 1s}. */
    public static final Comparator<String> TEXT = (a, b) -> compare(a, b, true);
    /** Runs of digits by their value, all else as characters (the tables' row order: {@code 30.1ms} before {@code 30ms}). */
    public static final Comparator<String> DIGITS = (a, b) -> compare(a, b, false);

    private static final String[] UNITS = {"ns", "us", "ms", "s"};
    private static final long[] UNIT_NS = {1L, 1_000L, 1_000_000L, 1_000_000_000L};

    private NaturalOrder()
    {
    }

    private static int compare(final String a, final String b, final boolean values)
    {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length())
        {
            final char ca = a.charAt(i);
            final char cb = b.charAt(j);
            if (Character.isDigit(ca) && Character.isDigit(cb))
            {
                final int endA = numberEnd(a, i, values);
                final int endB = numberEnd(b, j, values);
                final int unitA = values ? unit(a, endA) : -1;
                final int unitB = values ? unit(b, endB) : -1;
                BigDecimal x = new BigDecimal(a.substring(i, endA));
                BigDecimal y = new BigDecimal(b.substring(j, endB));
                if (unitA >= 0 && unitB >= 0)
                {
                    x = x.multiply(BigDecimal.valueOf(UNIT_NS[unitA]));
                    y = y.multiply(BigDecimal.valueOf(UNIT_NS[unitB]));
                }
                final int byValue = x.compareTo(y);
                if (byValue != 0)
                {
                    return byValue;
                }
                i = unitA >= 0 && unitB >= 0 ? endA + UNITS[unitA].length() : endA;
                j = unitA >= 0 && unitB >= 0 ? endB + UNITS[unitB].length() : endB;
            }
            else
            {
                if (ca != cb)
                {
                    return Character.compare(ca, cb);
                }
                i++;
                j++;
            }
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    /** @return the end of the number from {@code from}: digits, and (with {@code fraction}) a fraction where a digit follows the point. */
    private static int numberEnd(final String text, final int from, final boolean fraction)
    {
        int end = from;
        while (end < text.length() && Character.isDigit(text.charAt(end)))
        {
            end++;
        }
        if (fraction && end + 1 < text.length() && text.charAt(end) == '.' && Character.isDigit(text.charAt(end + 1)))
        {
            end++;
            while (end < text.length() && Character.isDigit(text.charAt(end)))
            {
                end++;
            }
        }
        return end;
    }

    /** @return the index of the duration unit at {@code at} that no letter follows, or -1. */
    private static int unit(final String text, final int at)
    {
        for (int u = 0; u < UNITS.length; u++)
        {
            final int end = at + UNITS[u].length();
            if (text.startsWith(UNITS[u], at) && (end == text.length() || !Character.isLetter(text.charAt(end))))
            {
                return u;
            }
        }
        return -1;
    }
}
