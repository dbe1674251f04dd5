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
    void roundTripsOfTheFittedDelayHaveTheGivenMedianAndNinetyNinthPercentile()
    {
        for (final long[] given : new long[][] {{500_000, 2_000_000}, {40_000_000, 120_000_000}})
        {
            final NetworkFit fit = NetworkFit.fromPercentiles(given[0], given[1], 0);
            final SplittableRandom random = new SplittableRandom(3);
            final long[] roundTrips = new long[400_000];
            for (int i = 0; i < roundTrips.length; i++)
            {
                roundTrips[i] = fit.oneWay().sampleNs(random) + fit.oneWay().sampleNs(random);
            }
            Arrays.sort(roundTrips);
            final long p50 = roundTrips[roundTrips.length / 2];
            final long p99 = roundTrips[(int)(roundTrips.length * 0.99)];
            assertEquals(given[0], p50, given[0] * 0.01, fit.delaySpec() + " RTT p50");
            assertEquals(given[1], p99, given[1] * 0.02, fit.delaySpec() + " RTT p99");
        }
    }

    /**
     * Fits worked out by halving sigma's interval forty times, each quantile's fifty: Brent's
     * method must give the same delay law to the digits it is printed with, from a spread of 1 (no
     * tail) to one near {@link NetworkFit#MAX_SPREAD}.
     */
    @Test
    void theFitGivesTheDelayLawThatHalvingTheIntervalGave()
    {
        final String[] fits = {
            "27638706 27638706 lognormal:13800us,0.0000",
            "13447145 14119502 lognormal:6720us,0.0297",
            "31382929 34521221 lognormal:15700us,0.0581",
            "29128882 33498214 lognormal:14500us,0.0851",
            "43888954 59250087 lognormal:21800us,0.1823",
            "34244065 59927113 lognormal:16700us,0.3359",
            "43802498 1629883220 lognormal:12400us,1.9063",
            "933422 33060363 lognormal:268us,1.8818",
            "29078976 33735383 lognormal:14500us,0.0905",
            "34068585 1464230190 lognormal:9360us,1.9781",
            "6043379 49369631 lognormal:2350us,1.1474",
            "506393 3470253 lognormal:203us,1.0580",
            "35754499 44735205 lognormal:17800us,0.1364",
            "42742950 392594356 lognormal:16200us,1.2068",
            "8047734 184840307 lognormal:2540us,1.6660",
            "8471686 8502397 lognormal:4240us,0.0022",
            "8635195 91681295 lognormal:3190us,1.2799",
            "17371367 261739441 lognormal:5990us,1.4556",
            "19960685 313226227 lognormal:6820us,1.4759"
        };
        for (final String fit : fits)
        {
            final String[] parts = fit.split(" ");
            assertEquals(parts[2], NetworkFit.fromPercentiles(Long.parseLong(parts[0]), Long.parseLong(parts[1]), 0).delaySpec(), fit);
        }
        assertEquals(NetworkFit.MAX_SIGMA, NetworkFit.sigmaForSpread(1e6), 0.0, "a spread past the widest sigma's");
    }

    @Test
    void implausibleRoundTripsAreRejectedNamingTheFlags()
    {
        final IllegalArgumentException spread =
            assertThrows(IllegalArgumentException.class, () -> NetworkFit.fromPercentiles(100_000, 10_000_000_000L, 0));
        assertTrue(spread.getMessage().contains("--rtt-p99") && spread.getMessage().contains("--loss"), spread.getMessage());
        final IllegalArgumentException huge =
            assertThrows(IllegalArgumentException.class, () -> NetworkFit.fromPercentiles(300_000_000_000L, 600_000_000_000L, 0));
        assertTrue(huge.getMessage().startsWith("--rtt-p99 600s"), huge.getMessage());
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
