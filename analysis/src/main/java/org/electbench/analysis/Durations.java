package org.electbench.analysis;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the durations the parameters spell ({@code 150ms}, {@code 1.5s}, {@code 500us}) for
 * the x axis of the settings charts.
 */
final class Durations
{
    private static final Pattern DURATION = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(ns|us|\u00b5s|ms|s)?\\s*");

    private Durations()
    {
    }

    /**
     * @return a duration setting in the unit a reader takes in at a glance ({@code 30100us} as
     *     {@code 30.1ms}, {@code 1500ms} as {@code 1.5s}); any other text as it is.
     */
    static String readable(final String text)
    {
        final Matcher matcher = DURATION.matcher(text);
        if (!matcher.matches() || null == matcher.group(2))
        {
            return text;
        }
        final double ms = toMillis(text);
        if (ms == 0)
        {
            return "0";
        }
        if (ms >= 1000)
        {
            return Numbers.format(ms / 1000) + "s";
        }
        if (ms >= 1)
        {
            return Numbers.format(ms) + "ms";
        }
        if (ms >= 1e-3)
        {
            return Numbers.format(ms * 1000) + "us";
        }
        return Numbers.format(ms * 1e6) + "ns";
    }

    /** @return the duration in milliseconds, or NaN when the text is not one. */
    static double toMillis(final String text)
    {
        final Matcher matcher = DURATION.matcher(text);
        if (!matcher.matches())
        {
            return Double.NaN;
        }
        final double value = Double.parseDouble(matcher.group(1));
        final String unit = null == matcher.group(2) ? "ms" : matcher.group(2);
        switch (unit)
        {
            case "ns":
                return value / 1e6;
            case "us":
            case "\u00b5s":
                return value / 1e3;
            case "s":
                return value * 1e3;
            default:
                return value;
        }
    }
}
