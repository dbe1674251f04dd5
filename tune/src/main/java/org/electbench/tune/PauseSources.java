package org.electbench.tune;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogReader;
import org.electbench.transport.InputFiles;

/**
 * Measured pause lengths, read from what operators already have: an HdrHistogram log (integer
 * nanoseconds), a JVM GC log, or a Prometheus histogram's text exposition (cumulative
 * {@code _bucket{le="…"}} counts in seconds, such as etcd's
 * {@code etcd_disk_wal_fsync_duration_seconds_bucket}).
 */
public final class PauseSources
{
    private static final double NANOS_PER_SECOND = 1e9;
    private static final double NANOS_PER_HOUR = 3600e9;
    /** JDK 9+ unified logging: {@code [12.345s][info][gc] GC(7) Pause Young (Normal) (G1 Evacuation Pause) 24M->4M(256M) 3.456ms}. */
    private static final Pattern UNIFIED_PAUSE = Pattern.compile("Pause.*?([0-9]+(?:\\.[0-9]+)?)ms\\s*$");
    /** JDK 8 safepoints: {@code Total time for which application threads were stopped: 0.0123 seconds}. */
    private static final Pattern STOPPED = Pattern.compile("threads were stopped: ([0-9]+(?:\\.[0-9]+)?) seconds");
    /** JDK 8 GC lines: {@code [Times: user=0.03 sys=0.00, real=0.01 secs]}. */
    private static final Pattern REAL = Pattern.compile("real=([0-9]+(?:\\.[0-9]+)?) secs");
    /** An uptime decoration, {@code [12.345s]}, or JDK 8's leading {@code 12.345:}. */
    private static final Pattern UPTIME = Pattern.compile("\\[([0-9]+(?:\\.[0-9]+)?)s\\]|^([0-9]+\\.[0-9]+): ");
    private static final Pattern BUCKET = Pattern.compile("^([A-Za-z_:][A-Za-z0-9_:]*)_bucket\\{(.*)\\}\\s+([0-9.eE+-]+|\\+Inf|NaN)");
    private static final Pattern LE = Pattern.compile("le=\"([^\"]*)\"");

    private PauseSources()
    {
    }

    /**
     * @param log         an HdrHistogram log of pause lengths in nanoseconds, every interval added up.
     * @param ratePerHour pauses per node per hour.
     * @return the measured law.
     * @throws IllegalArgumentException naming the flag when the file cannot be read or holds no pause.
     */
    public static PauseModel histogramLog(final Path log, final double ratePerHour)
    {
        final String flag = "--pause-hist " + log.getFileName();
        final String tooLarge = InputFiles.tooLarge(log);
        if (null != tooLarge)
        {
            throw new IllegalArgumentException(flag + ": " + tooLarge);
        }
        final String malformed = InputFiles.malformedHistogramLogLine(log);
        if (null != malformed)
        {
            throw new IllegalArgumentException(flag + ": " + malformed);
        }
        final Histogram total = new Histogram(3);
        try (HistogramLogReader reader = new HistogramLogReader(log.toFile()))
        {
            EncodableHistogram interval;
            while (null != (interval = reader.nextIntervalHistogram()))
            {
                if (!(interval instanceof Histogram))
                {
                    throw new IllegalArgumentException(flag + ": holds floating-point histograms; expected integer nanoseconds");
                }
                total.add((Histogram)interval);
            }
        }
        catch (final IOException | RuntimeException ex)
        {
            if (ex instanceof IllegalArgumentException)
            {
                throw (IllegalArgumentException)ex;
            }
            throw new IllegalArgumentException(flag + ": not a readable HdrHistogram log (" + ex.getMessage() + ")", ex);
        }
        final List<long[]> values = new ArrayList<>();
        for (final HistogramIterationValue value : total.recordedValues())
        {
            values.add(new long[] {total.highestEquivalentValue(value.getValueIteratedTo()), value.getCountAtValueIteratedTo()});
        }
        return fromCounts(values, total.getTotalCount(), ratePerHour, flag + " (HdrHistogram log)");
    }

    /**
     * @param log         a JVM GC log (unified logging of JDK 9+, or JDK 8's safepoint or Times lines).
     * @param ratePerHour pauses per hour, or NaN to take it from the log's own uptime span.
     * @return the measured law.
     * @throws IllegalArgumentException naming the flag when the file cannot be read or holds no pause.
     */
    public static PauseModel gcLog(final Path log, final double ratePerHour)
    {
        final String flag = "--pause-gc-log " + log.getFileName();
        final List<String> lines = read(log, flag);
        final TreeMap<Long, Long> counts = new TreeMap<>();
        long pauses = 0;
        double firstS = Double.NaN;
        double lastS = Double.NaN;
        for (final String line : lines)
        {
            final double ns = pauseNs(line);
            if (!(ns >= 0))
            {
                continue;
            }
            counts.merge((long)ns, 1L, Long::sum);
            pauses++;
            final Matcher uptime = UPTIME.matcher(line);
            if (uptime.find())
            {
                final double atS = Double.parseDouble(null != uptime.group(1) ? uptime.group(1) : uptime.group(2));
                firstS = Double.isNaN(firstS) ? atS : firstS;
                lastS = atS;
            }
        }
        if (0 == pauses)
        {
            throw new IllegalArgumentException(flag + ": no pause found (expected lines such as '[1.2s][info][gc] GC(3) Pause Young " +
                "(Normal) 24M->4M(256M) 3.456ms')");
        }
        double rate = ratePerHour;
        String rateSource = "";
        if (Double.isNaN(rate))
        {
            if (Double.isNaN(firstS) || !(lastS > firstS) || pauses < 2)
            {
                throw new IllegalArgumentException(flag + ": the log carries no uptime span to take the pause rate from; give --pause-rate");
            }
            rate = (pauses - 1) / ((lastS - firstS) * NANOS_PER_SECOND / NANOS_PER_HOUR);
            rateSource = String.format(java.util.Locale.ROOT, ", rate %s/h from its %s span", TuneFormat.number(rate),
                TuneFormat.duration((long)((lastS - firstS) * NANOS_PER_SECOND)));
        }
        final List<long[]> values = new ArrayList<>();
        counts.forEach((ns, count) -> values.add(new long[] {ns, count}));
        return fromCounts(values, pauses, rate, flag + " (GC log" + rateSource + ")");
    }

    private static double pauseNs(final String line)
    {
        Matcher matcher = STOPPED.matcher(line);
        if (matcher.find())
        {
            return Double.parseDouble(matcher.group(1)) * NANOS_PER_SECOND;
        }
        matcher = UNIFIED_PAUSE.matcher(line);
        if (matcher.find() && !line.contains("Concurrent"))
        {
            return Double.parseDouble(matcher.group(1)) * 1e6;
        }
        matcher = REAL.matcher(line);
        if (matcher.find() && !line.contains("concurrent"))
        {
            return Double.parseDouble(matcher.group(1)) * NANOS_PER_SECOND;
        }
        return -1;
    }

    /**
     * @param text        a Prometheus text exposition.
     * @param metric      the histogram's name (without {@code _bucket}), or null for the only one there.
     * @param ratePerHour pauses per node per hour (a histogram has no time span of its own).
     * @return the measured law, label sets with the same bound added up.
     * @throws IllegalArgumentException naming the flag when the file cannot be read or the histogram is not there.
     */
    public static PauseModel prometheus(final Path text, final String metric, final double ratePerHour)
    {
        final String flag = "--pause-prom " + text.getFileName();
        final Map<String, TreeMap<Double, Double>> histograms = new TreeMap<>();
        for (final String line : read(text, flag))
        {
            final Matcher bucket = BUCKET.matcher(line.trim());
            if (!bucket.find())
            {
                continue;
            }
            final Matcher le = LE.matcher(bucket.group(2));
            if (!le.find())
            {
                continue;
            }
            final double bound = "+Inf".equals(le.group(1)) ? Double.POSITIVE_INFINITY : Double.parseDouble(le.group(1));
            final double count = Double.parseDouble(bucket.group(3));
            histograms.computeIfAbsent(bucket.group(1), name -> new TreeMap<>()).merge(bound, count, Double::sum);
        }
        if (histograms.isEmpty())
        {
            throw new IllegalArgumentException(flag + ": no histogram (no NAME_bucket{le=\"…\"} line)");
        }
        final String name;
        if (null != metric)
        {
            name = metric.endsWith("_bucket") ? metric.substring(0, metric.length() - "_bucket".length()) : metric;
            if (!histograms.containsKey(name))
            {
                throw new IllegalArgumentException("--pause-metric: no histogram " + metric + " in " + text.getFileName() + "; there: " +
                    String.join(", ", histograms.keySet()));
            }
        }
        else if (1 == histograms.size())
        {
            name = histograms.keySet().iterator().next();
        }
        else
        {
            throw new IllegalArgumentException("--pause-metric: " + text.getFileName() + " holds several histograms, name one: " +
                String.join(", ", histograms.keySet()));
        }
        final TreeMap<Double, Double> cumulative = histograms.get(name);
        final Double infinite = cumulative.get(Double.POSITIVE_INFINITY);
        final double total = null != infinite ? infinite : cumulative.lastEntry().getValue();
        if (!(total > 0))
        {
            throw new IllegalArgumentException(flag + ": histogram " + name + " counted nothing");
        }
        final List<Long> bounds = new ArrayList<>();
        final List<Long> above = new ArrayList<>();
        for (final Map.Entry<Double, Double> entry : cumulative.entrySet())
        {
            if (Double.isInfinite(entry.getKey()))
            {
                continue;
            }
            bounds.add(Math.round(entry.getKey() * NANOS_PER_SECOND));
            above.add(Math.round(total - entry.getValue()));
        }
        return PauseModel.measured(ratePerHour, bounds.stream().mapToLong(Long::longValue).toArray(),
            above.stream().mapToLong(Long::longValue).toArray(), Math.round(total),
            flag + " (Prometheus histogram " + name + ", buckets in seconds; a pause above the top bucket taken to outlast any timeout)");
    }

    /**
     * @param text   a Prometheus text exposition with a round-trip histogram in seconds, such as etcd's
     *               {@code etcd_network_peer_round_trip_time_seconds}.
     * @param metric the histogram's name, or null for the only one there.
     * @param loss   the probability a message is lost.
     * @return the network fitted through the histogram's p50 and p99 (each read at its bucket's upper bound, the conservative side).
     * @throws IllegalArgumentException naming {@code --rtt-prom} when the file cannot be read or the histogram is not there.
     */
    public static NetworkFit prometheusRtt(final Path text, final String metric, final double loss)
    {
        final PauseModel measured;
        try
        {
            measured = prometheus(text, metric, 1);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException(ex.getMessage().replace("--pause-prom", "--rtt-prom").replace("--pause-metric", "--rtt-metric"), ex);
        }
        final long p50Ns = Math.max(1, measured.quantileNs(0.5));
        return NetworkFit.fromPercentiles(p50Ns, Math.max(p50Ns, measured.quantileNs(0.99)), loss);
    }

    /** @param values pairs of (length, how many), ascending. */
    private static PauseModel fromCounts(final List<long[]> values, final long total, final double ratePerHour, final String source)
    {
        final long[] bounds = new long[values.size()];
        final long[] above = new long[values.size()];
        long seen = 0;
        for (int i = 0; i < values.size(); i++)
        {
            seen += values.get(i)[1];
            bounds[i] = values.get(i)[0];
            above[i] = total - seen;
        }
        return PauseModel.measured(ratePerHour, bounds, above, total, source);
    }

    private static List<String> read(final Path file, final String flag)
    {
        final String tooLarge = InputFiles.tooLarge(file);
        if (null != tooLarge)
        {
            throw new IllegalArgumentException(flag + ": " + tooLarge);
        }
        try
        {
            return Files.readAllLines(file);
        }
        catch (final IOException | RuntimeException ex)
        {
            throw new IllegalArgumentException(flag + ": cannot read (" + ex.getMessage() + ")", ex);
        }
    }
}
