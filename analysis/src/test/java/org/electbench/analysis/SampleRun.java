package org.electbench.analysis;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A hand-made run folder with known numbers: the JMH JSON of bully and ring at n = 5 (resource
 * {@code jmh/two-algorithms.json}) and, per algorithm, a histogram log whose convergence
 * interval holds 100 elections: bully's at 1, 2, … 100 ms, ring's at 2, 4, … 200 ms (times a
 * slowdown, for the comparison tests).
 */
public final class SampleRun
{
    public static final String BULLY_LOG = "histograms/bully_sim_n5_leader-crash_detect-lowest.hlog";
    public static final String RING_LOG = "histograms/ring_sim_n5_leader-crash_detect-lowest.hlog";

    private SampleRun()
    {
    }

    public static Path create(final Path folder) throws IOException
    {
        return create(folder, 1.0, 1.0);
    }

    /**
     * @param bullySlowdown factor on bully's convergence times.
     * @param ringSlowdown factor on ring's.
     */
    public static Path create(final Path folder, final double bullySlowdown, final double ringSlowdown) throws IOException
    {
        Files.createDirectories(folder.resolve("histograms"));
        try (InputStream jmh = SampleRun.class.getResourceAsStream("/jmh/two-algorithms.json"))
        {
            Files.write(folder.resolve("jmh.json"), jmh.readAllBytes());
        }
        writeLog(folder.resolve(BULLY_LOG), 1_000_000, bullySlowdown);
        writeLog(folder.resolve(RING_LOG), 2_000_000, ringSlowdown);
        Files.writeString(folder.resolve("environment.json"),
            "{\"javaVersion\":\"17.0.13\",\"javaVm\":\"OpenJDK 64-Bit Server VM\",\"jvmFlags\":[\"-XX:+UseParallelGC\"]," +
            "\"cores\":2,\"os\":\"Linux 6.1 amd64\",\"commit\":\"abc1234\",\"seed\":1," +
            "\"commandLine\":\"./electbench run --quick\",\"startedUtc\":\"2026-11-22T19:00:00Z\"}", StandardCharsets.UTF_8);
        Files.writeString(folder.resolve("command.txt"), "./electbench run --quick\n", StandardCharsets.UTF_8);
        return folder;
    }

    private static void writeLog(final Path file, final long stepNs, final double slowdown) throws IOException
    {
        final Histogram histogram = new Histogram(3);
        for (int k = 1; k <= 100; k++)
        {
            histogram.recordValue((long)(k * stepNs * slowdown));
        }
        histogram.setTag("convergence");
        histogram.setStartTimeStamp(1_000);
        histogram.setEndTimeStamp(2_000);
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8))
        {
            final HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputLegend();
            writer.outputIntervalHistogram(histogram);
        }
    }
}
