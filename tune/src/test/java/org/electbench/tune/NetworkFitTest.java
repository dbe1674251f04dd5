package org.electbench.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NetworkFitTest
{
    @Test
    void fittedOneWayDelayHasHalfTheRoundTripPercentiles()
    {
        final NetworkFit fit = NetworkFit.fromPercentiles(500_000, 2_000_000, 0);
        assertEquals("lognormal:250us,0.5959", fit.delaySpec());
        final SplittableRandom random = new SplittableRandom(3);
        final long[] samples = new long[200_000];
        for (int i = 0; i < samples.length; i++)
        {
            samples[i] = fit.oneWay().sampleNs(random);
        }
        Arrays.sort(samples);
        final long p50 = samples[samples.length / 2];
        final long p99 = samples[(int)(samples.length * 0.99)];
        assertEquals(250_000, p50, 250_000 * 0.02, "one-way p50");
        assertEquals(1_000_000, p99, 1_000_000 * 0.03, "one-way p99");
    }

    @Test
    void percentilesOutOfOrderAreRejectedNamingTheFlags()
    {
        final IllegalArgumentException ex =
            assertThrows(IllegalArgumentException.class, () -> NetworkFit.fromPercentiles(2_000_000, 500_000, 0));
        assertTrue(ex.getMessage().contains("--rtt-p99") && ex.getMessage().contains("--rtt-p50"), ex.getMessage());
    }

    @Test
    void histogramLogIsFittedFromItsMedianAndNinetyNinthPercentile(@TempDir final Path directory) throws IOException
    {
        final Path log = directory.resolve("rtt.hlog");
        final Histogram first = new Histogram(3);
        final Histogram second = new Histogram(3);
        for (int i = 1; i <= 1000; i++)
        {
            (i % 2 == 0 ? first : second).recordValue(i * 10_000L);
        }
        try (PrintStream out = new PrintStream(Files.newOutputStream(log), false, "US-ASCII"))
        {
            final HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputStartTime(0);
            writer.outputLegend();
            first.setStartTimeStamp(0);
            first.setEndTimeStamp(1000);
            writer.outputIntervalHistogram(first);
            second.setStartTimeStamp(1000);
            second.setEndTimeStamp(2000);
            writer.outputIntervalHistogram(second);
        }
        final NetworkFit fit = NetworkFit.fromHistogramLog(log, 0.01);
        final Histogram both = first.copy();
        both.add(second);
        assertEquals(both.getValueAtPercentile(50), fit.rttP50Ns());
        assertEquals(both.getValueAtPercentile(99), fit.rttP99Ns());
        assertEquals(both.getMaxValue(), fit.rttMaxNs());
        assertEquals(1000, fit.samples());
        assertEquals(0.01, fit.model().lossProbability());
    }

    @Test
    void fileThatIsNoHistogramLogIsRejectedNamingTheFlag(@TempDir final Path directory) throws IOException
    {
        final Path log = Files.writeString(directory.resolve("not.hlog"), "hello\n");
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> NetworkFit.fromHistogramLog(log, 0));
        assertTrue(ex.getMessage().startsWith("--rtt-hist"), ex.getMessage());
    }
}
