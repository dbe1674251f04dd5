package org.electbench.transport;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * Durations written for people: spans in the unit one reads them in. Every duration read at an
 * edge goes through the one parser, {@link org.electbench.spi.Durations#parseNs}.
 */
public final class Durations
{
    private static final double HOUR_NS = 3600e9;
    private static final double DAY_NS = 24 * HOUR_NS;
    private static final double YEAR_NS = 365 * DAY_NS;

    private Durations()
    {
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

    /** @see org.electbench.spi.Durations#format(long) */
    public static String format(final long ns)
    {
        return org.electbench.spi.Durations.format(ns);
    }
}
