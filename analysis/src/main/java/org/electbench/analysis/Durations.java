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
