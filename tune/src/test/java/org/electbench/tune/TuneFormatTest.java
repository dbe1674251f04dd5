package org.electbench.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** How tune writes a number and a duration: three significant digits, no trailing zeros. */
class TuneFormatTest
{
    @Test
    void aNumberKeepsThreeSignificantDigitsWithoutTrailingZeros()
    {
        assertEquals("0", TuneFormat.number(0));
        assertEquals("16.3", TuneFormat.number(16.3));
        assertEquals("15", TuneFormat.number(15.0));
        assertEquals("1", TuneFormat.number(1.0004));
        assertEquals("0.125", TuneFormat.number(0.125));
        assertEquals("0.1", TuneFormat.number(0.1));
        assertEquals("1.00e+03", TuneFormat.number(999.7));
        assertEquals("2.1e-10", TuneFormat.number(2.1e-10));
        assertEquals("1.2e+04", TuneFormat.number(12_345));
        assertEquals("16.3ms", TuneFormat.duration(16_300_000));
        assertEquals("220us", TuneFormat.duration(220_000));
    }

    @Test
    void aNumberIsWhatStrippingTheFormattedDigitsByRegularExpressionsGave()
    {
        final SplittableRandom random = new SplittableRandom(34);
        for (int i = 0; i < 20_000; i++)
        {
            final double value = Math.pow(10, random.nextDouble(-3, 3)) * (random.nextBoolean() ? 1 : -1);
            final String text = String.format(Locale.ROOT, "%.3g", value);
            final String expected = Math.abs(value) >= 1000 || value < 0.001 ?
                String.format(Locale.ROOT, "%.2g", value) :
                text.contains(".") ? text.replaceAll("0+$", "").replaceAll("\\.$", "") : text;
            assertEquals(expected, TuneFormat.number(value), () -> Double.toString(value));
        }
    }
}
