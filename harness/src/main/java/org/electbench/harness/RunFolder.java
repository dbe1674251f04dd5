package org.electbench.harness;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.electbench.transport.AtomicOutput;

/**
 * One run of the benchmark on disk: {@code results/runs/<UTC timestamp>-<short commit>/}.
 * <pre>
 * 20261122T193725Z-e68f81d/
 *   incomplete              present from the start until the run finished; an interrupted run keeps it
 *   command.txt             the command line that made the run
 *   environment.json        {@link Environment}
 *   jmh.json                JMH's results (-rf json), when the run drove the benchmark jar
 *   jmh.log                 JMH's own output
 *   tables.md               the comparison tables as printed
 *   reports/&lt;prefix&gt;.json     one {@link RunReport} per parameter combination
 *   histograms/&lt;prefix&gt;.hlog  one HdrHistogram log per parameter combination: one interval per
 *                           distribution metric, tagged with the metric's name, values in ns,
 *                           every election recorded (not a handful of JMH iterations)
 * </pre>
 * {@code <prefix>} is {@link Parameters#fileNamePrefix}. A folder is created, never reused: two
 * runs in the same second get {@code -2}, {@code -3}... Every file is written whole beside its
 * place and moved in, and none is ever replaced: a second file for the same prefix (another
 * fork) gets {@code .2}, {@code .3}... before its extension.
 */
public final class RunFolder
{
    public static final String INCOMPLETE = "incomplete";
    public static final String COMMAND = "command.txt";
    public static final String ENVIRONMENT = "environment.json";
    public static final String JMH_JSON = "jmh.json";
    public static final String JMH_LOG = "jmh.log";
    public static final String TABLES = "tables.md";
    /** The benchmarks that failed and have no row, one a line. */
    public static final String FAILURES = "failures.txt";
    public static final String REPORTS = "reports";
    public static final String HISTOGRAMS = "histograms";
    /** The system property through which a benchmark fork learns the run folder to write into. */
    public static final String PROPERTY = "electbench.run.dir";

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private final Path directory;

    private RunFolder(final Path directory)
    {
        this.directory = directory;
    }

    /**
     * Creates a new run folder, marked incomplete, with the command line and environment in it.
     *
     * @param runsDirectory the parent, e.g. {@code results/runs} (created if missing).
     * @param environment   the run's environment (its commit names the folder).
     * @return the folder.
     * @throws IOException when it cannot be created.
     */
    public static RunFolder create(final Path runsDirectory, final Environment environment) throws IOException
    {
        Files.createDirectories(runsDirectory);
        final String name = STAMP.format(Instant.now()) + "-" + environment.commit().replaceAll("[^A-Za-z0-9.-]", "+");
        Path directory = runsDirectory.resolve(name);
        for (int attempt = 2; ; attempt++)
        {
            try
            {
                Files.createDirectory(directory);
                break;
            }
            catch (final FileAlreadyExistsException ex)
            {
                directory = runsDirectory.resolve(name + "-" + attempt);
            }
        }
        final RunFolder folder = new RunFolder(directory);
        Files.writeString(directory.resolve(INCOMPLETE), "started " + environment.startedUtc() + "\n", StandardCharsets.UTF_8);
        Files.createDirectory(directory.resolve(REPORTS));
        Files.createDirectory(directory.resolve(HISTOGRAMS));
        folder.write(COMMAND, (environment.commandLine() + "\n").getBytes(StandardCharsets.UTF_8));
        folder.write(ENVIRONMENT, RunReportCodec.toJson(environment).getBytes(StandardCharsets.UTF_8));
        return folder;
    }

    /**
     * @param directory an existing run folder, such as a benchmark fork is told of through {@link #PROPERTY}.
     * @return the folder, to add reports and histogram logs to.
     */
    public static RunFolder open(final Path directory)
    {
        if (!Files.isDirectory(directory))
        {
            throw new IllegalArgumentException("not a run folder: " + directory);
        }
        return new RunFolder(directory);
    }

    /** @return the folder a benchmark fork was told of, or null when it runs outside {@code ./electbench run}. */
    public static RunFolder fromSystemProperty()
    {
        final String path = System.getProperty(PROPERTY);
        return null == path || path.isBlank() ? null : open(Path.of(path));
    }

    public Path directory()
    {
        return directory;
    }

    /** @return whether the run finished (no incomplete marker). */
    public boolean isComplete()
    {
        return !Files.exists(directory.resolve(INCOMPLETE));
    }

    /** Removes the incomplete marker: the run finished and everything is in place. */
    public void complete() throws IOException
    {
        Files.deleteIfExists(directory.resolve(INCOMPLETE));
    }

    /**
     * @param relative a path inside the folder.
     * @param bytes    its content.
     * @return where it was written (another name when the first was taken, see the class comment).
     */
    public Path write(final String relative, final byte[] bytes) throws IOException
    {
        return AtomicOutput.creatingFolders(directory.resolve(relative)).writeNew(out -> out.write(bytes));
    }

    /** @return whether the folder holds a report of that prefix already. */
    public boolean hasReport(final String prefix)
    {
        return Files.exists(directory.resolve(REPORTS).resolve(prefix + ".json"));
    }

    /** Writes a report as {@code reports/<prefix>.json}. */
    public Path writeReport(final RunReport report) throws IOException
    {
        return write(REPORTS + "/" + report.fileNamePrefix() + ".json", RunReportCodec.toJson(report).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Writes {@code histograms/<prefix>.hlog}: one interval per histogram, tagged with its metric's name.
     *
     * @param prefix      the parameters' file name prefix.
     * @param histograms  metric name to its histogram of every election, in ns.
     * @param startMs     when recording started, epoch milliseconds.
     * @param endMs       when it ended.
     * @return where it was written.
     */
    public Path writeHistograms(final String prefix, final Map<String, Histogram> histograms, final long startMs, final long endMs)
        throws IOException
    {
        return write(HISTOGRAMS + "/" + prefix + ".hlog", histogramLog(histograms, startMs, endMs));
    }

    /** @return an HdrHistogram log, one tagged interval per histogram. */
    public static byte[] histogramLog(final Map<String, Histogram> histograms, final long startMs, final long endMs)
    {
        final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (OutputStream out = bytes; java.io.PrintStream print = new java.io.PrintStream(out, true, StandardCharsets.UTF_8))
        {
            final HistogramLogWriter writer = new HistogramLogWriter(print);
            writer.outputComment("electbench: one interval per metric, tag = metric name, values in nanoseconds");
            writer.outputLogFormatVersion();
            writer.outputStartTime(startMs);
            writer.setBaseTime(startMs);
            writer.outputLegend();
            for (final Map.Entry<String, Histogram> entry : histograms.entrySet())
            {
                final Histogram histogram = entry.getValue().copy();
                histogram.setTag(entry.getKey());
                histogram.setStartTimeStamp(startMs);
                histogram.setEndTimeStamp(Math.max(startMs, endMs));
                writer.outputIntervalHistogram(histogram);
            }
        }
        catch (final IOException ex)
        {
            throw new java.io.UncheckedIOException(ex);
        }
        return bytes.toByteArray();
    }

    /** @return the distribution metrics' histograms of a report, by metric name, for {@link #writeHistograms}. */
    public static Map<String, Histogram> histograms(final RunReport report)
    {
        final Map<String, Histogram> histograms = new java.util.LinkedHashMap<>();
        for (final MetricValue metric : report.metrics())
        {
            final Histogram histogram = metric.decodeHistogram();
            if (null != histogram)
            {
                histograms.put(metric.name(), histogram);
            }
        }
        return histograms;
    }

    /** @return the run folders under a runs directory, oldest first. */
    public static List<Path> list(final Path runsDirectory) throws IOException
    {
        if (!Files.isDirectory(runsDirectory))
        {
            return List.of();
        }
        try (var entries = Files.list(runsDirectory))
        {
            return entries.filter(Files::isDirectory).sorted().toList();
        }
    }
}
