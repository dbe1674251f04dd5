package org.electbench.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Measured pause laws read from what operators have, with the tail's source and its sampling
 * bound: a Prometheus histogram, a JVM GC log, an HdrHistogram log; and the heavy-tailed laws
 * through two percentiles.
 */
class PauseSourcesTest
{
    private static final long MS = 1_000_000L;

    @Test
    void prometheusBucketsGiveTheCountAboveEachBoundAndItsBound(@TempDir final Path directory) throws IOException
    {
        final Path text = directory.resolve("metrics.txt");
        Files.writeString(text, String.join("\n",
            "# HELP etcd_disk_wal_fsync_duration_seconds The latency distributions of fsync called by WAL.",
            "# TYPE etcd_disk_wal_fsync_duration_seconds histogram",
            "etcd_disk_wal_fsync_duration_seconds_bucket{le=\"0.001\"} 600",
            "etcd_disk_wal_fsync_duration_seconds_bucket{le=\"0.01\"} 950",
            "etcd_disk_wal_fsync_duration_seconds_bucket{le=\"0.1\"} 998",
            "etcd_disk_wal_fsync_duration_seconds_bucket{le=\"1\"} 1000",
            "etcd_disk_wal_fsync_duration_seconds_bucket{le=\"+Inf\"} 1000",
            "etcd_disk_wal_fsync_duration_seconds_sum 3.2",
            "etcd_disk_wal_fsync_duration_seconds_count 1000",
            "etcd_network_peer_round_trip_time_seconds_bucket{To=\"a\",le=\"0.1\"} 7",
            ""));
        final PauseModel pauses = PauseSources.prometheus(text, "etcd_disk_wal_fsync_duration_seconds", 60);
        assertEquals(0.05, pauses.survival(10 * MS), 1e-12);
        assertEquals(0.002, pauses.survival(100 * MS), 1e-12);
        assertEquals(0, pauses.survival(1000 * MS), 1e-12);
        // Between bounds the estimate interpolates; the bound counts the whole bucket above and its sampling error.
        assertEquals((50 - 0.5 * 48) / 1000.0, pauses.survival(55 * MS), 1e-12);
        assertEquals(PoissonBound.upper(50) / 1000, pauses.survivalUpper(55 * MS), 1e-12);
        assertEquals(1000, pauses.samples());
        assertTrue(pauses.tailSource().contains("etcd_disk_wal_fsync_duration_seconds"), pauses.tailSource());
        final IllegalArgumentException several = assertThrows(IllegalArgumentException.class, () -> PauseSources.prometheus(text, null, 60));
        assertTrue(several.getMessage().startsWith("--pause-metric"), several.getMessage());
    }

    @Test
    void etcdPeerRoundTripHistogramGivesTheNetwork(@TempDir final Path directory) throws IOException
    {
        final Path text = directory.resolve("metrics.txt");
        // 100 round trips: 60 under 0.8 ms, 99 under 3.2 ms, one under 6.4 ms.
        Files.writeString(text, String.join("\n",
            "# TYPE etcd_network_peer_round_trip_time_seconds histogram",
            "etcd_network_peer_round_trip_time_seconds_bucket{To=\"a\",le=\"0.0004\"} 0",
            "etcd_network_peer_round_trip_time_seconds_bucket{To=\"a\",le=\"0.0008\"} 60",
            "etcd_network_peer_round_trip_time_seconds_bucket{To=\"a\",le=\"0.0016\"} 90",
            "etcd_network_peer_round_trip_time_seconds_bucket{To=\"a\",le=\"0.0032\"} 99",
            "etcd_network_peer_round_trip_time_seconds_bucket{To=\"a\",le=\"0.0064\"} 100",
            "etcd_network_peer_round_trip_time_seconds_bucket{To=\"a\",le=\"+Inf\"} 100", ""));
        final NetworkFit network = PauseSources.prometheusRtt(text, null, 0);
        assertEquals(800_000, network.rttP50Ns());
        assertEquals(3_200_000, network.rttP99Ns());
        final IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
            () -> PauseSources.prometheusRtt(text, "etcd_disk_wal_fsync_duration_seconds", 0));
        assertTrue(missing.getMessage().startsWith("--rtt-metric: no histogram"), missing.getMessage());
    }

    @Test
    void gcLogPausesAndTheirRateComeFromTheLog(@TempDir final Path directory) throws IOException
    {
        final Path log = directory.resolve("gc.log");
        Files.writeString(log, String.join("\n",
            "[0.010s][info][gc] Using G1",
            "[10.000s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 3.000ms",
            "[20.000s][info][gc] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 28M->5M(256M) 5.000ms",
            "[25.000s][info][gc] GC(2) Concurrent Mark Cycle 12.000ms",
            "[30.000s][info][gc] GC(3) Pause Full (System.gc()) 30M->3M(256M) 40.000ms",
            ""));
        final PauseModel pauses = PauseSources.gcLog(log, Double.NaN);
        assertEquals(3, pauses.samples(), "the concurrent phase is no pause");
        // Three pauses 20 s apart end to end: two intervals in 20 s.
        assertEquals(2 / (20 / 3600.0), pauses.ratePerHour(), 1e-9);
        assertEquals(1 / 3.0, pauses.survival(5 * MS), 1e-12);
        assertEquals(0, pauses.survival(41 * MS), 1e-12);
        assertEquals(PoissonBound.upper(0) / 3, pauses.survivalUpper(41 * MS), 1e-12);
    }

    @Test
    void hdrHistogramLogOfPausesIsReadWhole(@TempDir final Path directory) throws IOException
    {
        final Path log = directory.resolve("pauses.hlog");
        final Histogram histogram = new Histogram(3);
        for (int i = 1; i <= 100; i++)
        {
            histogram.recordValue(i * MS);
        }
        try (PrintStream out = new PrintStream(Files.newOutputStream(log), false, "US-ASCII"))
        {
            final HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputLegend();
            writer.outputIntervalHistogram(histogram);
        }
        final PauseModel pauses = PauseSources.histogramLog(log, 6);
        assertEquals(100, pauses.samples());
        assertEquals(0.5, pauses.survival(histogram.highestEquivalentValue(50 * MS)), 1e-12);
    }

    @Test
    void heavyTailedLawsGoThroughBothPercentiles()
    {
        for (final String law : new String[] {"lognormal", "pareto"})
        {
            final PauseModel pauses = PauseModel.heavy(law, 6, 10 * MS, 200 * MS);
            assertEquals(0.5, pauses.survival(10 * MS), 1e-9, law);
            assertEquals(0.01, pauses.survival(200 * MS), 1e-9, law);
        }
        // Far heavier than the exponential through the same p99.
        assertTrue(PauseModel.heavy("pareto", 6, 10 * MS, 200 * MS).survival(2000 * MS) > 1e-4);
        assertTrue(PauseModel.of(6, 200 * MS).survival(2000 * MS) < 1e-19);
    }
}
