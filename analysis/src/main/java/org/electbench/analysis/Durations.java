package org.electbench.analysis;

/**
 * Reads the durations the parameters spell ({@code 150ms}, {@code 1.5s}, {@code 500us}) for
 * the x axis of the settings charts and for table cells, through the one duration parser every
 * input goes through ({@link org.electbench.spi.Durations#parseNs}); text that is not a duration
 * (a bare number, a word) is not one here either.
 */
final class Durations
{
    private Durations()
    {
    }

    /**
     * @return a duration setting in the unit a reader takes in at a glance ({@code 30100us} as
     *     {@code 30.1ms}, {@code 1500ms} as {@code 1.5s}); any other text as it is.
     */
    static String readable(final String text)
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
        try
        {
            return org.electbench.spi.Durations.parseNs(text) / 1e6;
        }
        catch (final IllegalArgumentException ex)
        {
            return Double.NaN;
        }
    }
}
