package org.electbench.cli;

import static org.electbench.cli.SimulateCommandTest.electbench;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * probe between two processes on loopback: a listener in a JVM of its own, the pinger here; the
 * log it writes is what {@code tune --rtt-hist} then fits.
 */
class ProbeCommandTest
{
    @Test
    void probeBetweenTwoProcessesWritesALogThatTuneReads(@TempDir final Path directory) throws Exception
    {
        final int port = freeUdpPort();
        final Process listener = startListener(port, directory);
        try
        {
            final Path log = directory.resolve("rtt.hlog");
            final SimulateCommandTest.Outcome probe = electbench("probe", "--to", "127.0.0.1:" + port, "--count", "400",
                "--warmup", "100", "--interval", "0ns", "--connect-timeout", "60s", "--reply-port", "0", "--out", log.toString());
            assertEquals(0, probe.exitCode(), probe.err() + probe.out());
            assertTrue(probe.out().contains("p50") && probe.out().contains("p99") && probe.out().contains("max"), probe.out());

            final Histogram total = assertLogHoldsEveryAnsweredPing(log, probe.out(), 400);
            assertTuneFitsTheLog(log, total, 5);
        }
        finally
        {
            listener.destroy();
            if (!listener.waitFor(30, TimeUnit.SECONDS))
            {
                listener.destroyForcibly();
            }
        }
    }

    @Test
    void probeWithoutListenOrTargetIsAnError()
    {
        final SimulateCommandTest.Outcome outcome = electbench("probe");
        assertEquals(2, outcome.exitCode());
        assertTrue(outcome.err().contains("probe needs --listen PORT"), outcome.err());
        final SimulateCommandTest.Outcome malformed = electbench("probe", "--to", "localhost");
        assertEquals(2, malformed.exitCode());
        assertTrue(malformed.err().contains("expected HOST:PORT"), malformed.err());
    }

    @Test
    void pongsComeBackToTheProbedPortPlusOneAndAHeldPortIsRefusedInOneLine(@TempDir final Path directory) throws Exception
    {
        try (DatagramSocket held = new DatagramSocket(new InetSocketAddress("127.0.0.1", 0)))
        {
            final int replyPort = held.getLocalPort();
            final SimulateCommandTest.Outcome byDefault = electbench("probe", "--to", "127.0.0.1:" + (replyPort - 1));
            assertEquals(2, byDefault.exitCode(), byDefault.err() + byDefault.out());
            assertTrue(byDefault.err().contains("UDP port " + replyPort + " on 127.0.0.1, where the pongs come back, is in use") &&
                byDefault.err().contains("--reply-port"), byDefault.err());
            assertFalse(byDefault.err().contains("at org."), byDefault.err());

            final Path cluster = directory.resolve("cluster.txt");
            Files.writeString(cluster, "algorithm bully\nnode 1 127.0.0.1:" + (replyPort - 1002) + "\nnode 2 127.0.0.1:" +
                (replyPort - 1001) + "\n", StandardCharsets.UTF_8);
            final SimulateCommandTest.Outcome fromCluster = electbench("probe", "--cluster", cluster.toString(), "--to", "2");
            assertEquals(2, fromCluster.exitCode(), fromCluster.err() + fromCluster.out());
            assertTrue(fromCluster.err().contains("UDP port " + replyPort + " on 127.0.0.1, where the pongs come back"), fromCluster.err());

            final SimulateCommandTest.Outcome given = electbench("probe", "--to", "127.0.0.1:40500", "--reply-port", String.valueOf(replyPort));
            assertEquals(2, given.exitCode(), given.err());
            assertTrue(given.err().contains("UDP port " + replyPort + " "), given.err());
        }
        final SimulateCommandTest.Outcome outOfRange = electbench("probe", "--to", "127.0.0.1:40500", "--reply-port", "65536");
        assertEquals(2, outOfRange.exitCode());
        assertTrue(outOfRange.err().contains("'--reply-port': a UDP port in 0..65535"), outOfRange.err());
        final SimulateCommandTest.Outcome noPortAbove = electbench("probe", "--to", "127.0.0.1:65535");
        assertEquals(2, noPortAbove.exitCode());
        assertTrue(noPortAbove.err().contains("give --reply-port PORT"), noPortAbove.err());
    }

    /**
     * @param out   what the probe printed.
     * @param count the pings it measured.
     * @return the log's round trips, which must be the pings measured less those the probe reported lost.
     */
    static Histogram assertLogHoldsEveryAnsweredPing(final Path log, final String out, final int count) throws IOException
    {
        final Histogram total = new Histogram(3);
        try (HistogramLogReader reader = new HistogramLogReader(log.toFile()))
        {
            EncodableHistogram interval;
            while (null != (interval = reader.nextIntervalHistogram()))
            {
                total.add((Histogram)interval);
            }
        }
        final String lost = out.replaceAll("(?s).*round trips, (\\d+) lost.*", "$1");
        assertEquals(count, total.getTotalCount() + Long.parseLong(lost), out);
        assertTrue(total.getTotalCount() > 0, out);
        return total;
    }

    /** `tune --rtt-hist` on the log must fit the log's own p50, p99 and max, for the cluster's size. */
    static void assertTuneFitsTheLog(final Path log, final Histogram total, final int nodes) throws IOException
    {
        final SimulateCommandTest.Outcome tune = electbench("tune", "--rtt-hist", log.toString(), "--nodes", String.valueOf(nodes),
            "--algorithm", "bully", "--sweep", "1,1", "--failover-runs", "50", "--format", "json", "--chart", "none");
        assertEquals(0, tune.exitCode(), tune.err());
        final JsonNode json = new ObjectMapper().readTree(tune.out());
        final JsonNode network = json.get("network");
        assertEquals(total.getValueAtPercentile(50), network.get("rttP50Ns").asLong());
        assertEquals(total.getValueAtPercentile(99), network.get("rttP99Ns").asLong());
        assertEquals(total.getMaxValue(), network.get("rttMaxNs").asLong());
        assertEquals(nodes, network.get("nodes").asInt(), tune.out());
    }

    private static Process startListener(final int port, final Path directory) throws IOException
    {
        final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        final ProcessBuilder builder = new ProcessBuilder(java,
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
            "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
            "-cp", System.getProperty("java.class.path"),
            Main.class.getName(), "probe", "--listen", String.valueOf(port), "--idle-exit", "20s");
        builder.redirectOutput(directory.resolve("listener.out").toFile());
        builder.redirectError(directory.resolve("listener.err").toFile());
        return builder.start();
    }

    private static int freeUdpPort() throws IOException
    {
        try (DatagramSocket socket = new DatagramSocket(0))
        {
            return socket.getLocalPort();
        }
    }
}
