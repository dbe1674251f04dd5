package org.electbench.analysis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.Histogram;
import org.electbench.harness.HostLoad;
import org.electbench.harness.RunFolder;
import org.electbench.transport.InputFiles;

/**
 * Reads run folders into one {@link RunData}: run reports first (they declare the metrics, with
 * name, unit and kind), then JMH JSON (its counters matched to those declarations by name), then
 * histogram logs ({@code .hlog}, one per parameter combination, tagged by metric). Folders from
 * several machines or several runs of one grid merge: each keeps its environment, rows with the
 * same parameters add their histograms. The analyser's own output folder is skipped.
 */
public final class RunFolders
{
    /** The folder inside a run folder the report writes into. */
    public static final String REPORT_FOLDER = "report";
    public static final String HISTOGRAM_LOG_EXTENSION = ".hlog";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private RunFolders()
    {
    }

    /**
     * @param folders run folders.
     * @param declared a metric's declaration by name, for JMH counters no run report declares; may return null.
     * @return what they hold.
     * @throws AnalysisException naming the file when a folder is missing or a file in it is unreadable or foreign.
     */
    public static RunData read(final List<Path> folders, final java.util.function.Function<String, Metric> declared)
    {
        final RunData data = readMerged(folders, declared);
        // Folders of several commits: each commit's own figures too, in run order, for the trend.
        final Map<String, List<Path>> byCommit = new LinkedHashMap<>();
        final List<RunData.Source> sources = new ArrayList<>(data.sources());
        final List<Integer> order = new ArrayList<>();
        for (int i = 0; i < folders.size(); i++)
        {
            order.add(i);
        }
        order.sort(java.util.Comparator.comparing(i -> sources.get(i).environment().getOrDefault("startedUtc", sources.get(i).name())));
        for (final int i : order)
        {
            byCommit.computeIfAbsent(Trend.commit(sources.get(i)), key -> new ArrayList<>()).add(folders.get(i));
        }
        if (byCommit.size() > 1)
        {
            for (final Map.Entry<String, List<Path>> commit : byCommit.entrySet())
            {
                final RunData one = readMerged(commit.getValue(), declared);
                data.addCommit(new RunData.Commit(commit.getKey(),
                    one.sources().get(0).environment().getOrDefault("startedUtc", one.sources().get(0).name()), one));
            }
        }
        return data;
    }

    private static RunData readMerged(final List<Path> folders, final java.util.function.Function<String, Metric> declared)
    {
        final RunData data = new RunData();
        final Map<String, RowKey> rowsByPrefix = new LinkedHashMap<>();
        for (final Path folder : folders)
        {
            if (!Files.isDirectory(folder))
            {
                throw new AnalysisException(folder, Files.exists(folder) ? "not a folder" : "no such run folder");
            }
            final List<Path> files = files(folder);
            final List<Path> jmh = new ArrayList<>();
            final List<Path> logs = new ArrayList<>();
            Map<String, String> environment = new LinkedHashMap<>();
            for (final Path file : files)
            {
                final String name = file.getFileName().toString();
                if (name.endsWith(HISTOGRAM_LOG_EXTENSION))
                {
                    logs.add(file);
                }
                else if (name.endsWith(".json") && !HostLoad.FOLDER.equals(file.getParent().getFileName().toString()))
                {
                    // host-load/<stage>.json records the machine's load beside the data; it is not a result.
                    final JsonNode root = json(file);
                    if (name.equals(RunFolder.ENVIRONMENT))
                    {
                        environment = flatten(root);
                    }
                    else if (root.isArray())
                    {
                        jmh.add(file);
                    }
                    else if (RunReportSource.isRunReport(root))
                    {
                        final RowKey row = RunReportSource.add(data, file, root);
                        rowsByPrefix.put(stem(name), row);
                        if (environment.isEmpty() && root.path("environment").isObject())
                        {
                            environment = flatten(root.get("environment"));
                        }
                    }
                    else
                    {
                        throw new AnalysisException(file, "foreign JSON: neither a JMH result array nor a run report (" +
                            org.electbench.harness.RunReport.FORMAT + ")");
                    }
                }
            }
            // Benchmark results join the rows the run reports made, never one another's.
            final java.util.Set<RowKey> reported = new java.util.TreeSet<>(data.rows());
            final List<JmhResult> allResults = new ArrayList<>();
            for (final Path file : jmh)
            {
                final List<JmhResult> results = JmhResults.read(file);
                allResults.addAll(results);
                JmhSource.add(data, file, results, name -> orElse(data.metric(name), declared.apply(name)), reported);
            }
            JmhSource.addFloorShares(data, allResults);
            for (final Path file : logs)
            {
                final String prefix = stem(file.getFileName().toString());
                final Map<String, Histogram> histograms = HistogramLogs.read(file);
                if (rowsByPrefix.containsKey(prefix))
                {
                    // The run report of the same combination carries these very elections' histograms already.
                    continue;
                }
                final RowKey row = rowFromFileName(file, prefix);
                for (final Map.Entry<String, Histogram> tagged : histograms.entrySet())
                {
                    final String tag = tagged.getKey().isEmpty() ? Charts.CONVERGENCE : tagged.getKey();
                    final Metric metric = orElse(data.metric(tag), orElse(declared.apply(tag), new Metric(tag, "ns", Metric.Kind.DISTRIBUTION)));
                    data.putHistogram(row, metric, tagged.getValue());
                }
            }
            if (jmh.isEmpty() && logs.isEmpty() && rowsByPrefix.isEmpty() && !Files.isDirectory(folder.resolve(ReferenceTable.FOLDER)))
            {
                throw new AnalysisException(folder, files.isEmpty() ? "empty: no run reports, JMH JSON or histogram logs" :
                    "no results in it: no run reports (reports/*.json), JMH JSON (jmh-*.json) or histogram logs (*.hlog); " +
                    "is it a run folder?");
            }
            data.addReferenceRows(ReferenceTable.rows(List.of(folder)));
            data.addSource(new RunData.Source(folder.toAbsolutePath().normalize().getFileName().toString(), environment,
                commandLine(folder, environment), !Files.exists(folder.resolve(RunFolder.INCOMPLETE)), failures(folder)));
        }
        data.separateSweeps();
        data.summariseHistograms();
        return data;
    }

    /**
     * Reads run reports made in this process (a {@code simulate}, an {@code observe}) as {@link #read} reads
     * a folder's, so what those commands print goes through the one table model with {@code report}'s
     * columns and units.
     *
     * @param reports     the reports.
     * @param source      names where they came from, for the table's context.
     * @param commandLine the command that made them.
     * @return what they hold.
     */
    public static RunData of(final List<org.electbench.harness.RunReport> reports, final String source, final String commandLine)
    {
        final RunData data = new RunData();
        for (final org.electbench.harness.RunReport report : reports)
        {
            RunReportSource.add(data, Path.of(source), org.electbench.harness.RunReportCodec.mapper().valueToTree(report));
        }
        data.addSource(new RunData.Source(source, Map.of(), commandLine, true));
        data.summariseHistograms();
        return data;
    }

    private static <T> T orElse(final T value, final T otherwise)
    {
        return null == value ? otherwise : value;
    }

    private static List<Path> files(final Path folder)
    {
        try (Stream<Path> walk = Files.walk(folder))
        {
            return walk
                .filter(Files::isRegularFile)
                .filter(file -> !folder.relativize(file).startsWith(REPORT_FOLDER))
                // Reference systems' rows are read by ReferenceTable, beside these.
                .filter(file -> !folder.relativize(file).startsWith(ReferenceTable.FOLDER))
                .sorted()
                .toList();
        }
        catch (final IOException ex)
        {
            throw new AnalysisException(folder, "cannot list: " + ex.getMessage(), ex);
        }
    }

    static JsonNode json(final Path file)
    {
        try
        {
            final String tooLarge = InputFiles.tooLarge(file);
            if (null != tooLarge)
            {
                throw new AnalysisException(file, tooLarge);
            }
            final JsonNode root = MAPPER.readTree(Files.readAllBytes(file));
            if (null == root || root.isMissingNode())
            {
                throw new AnalysisException(file, "empty file, expected JSON");
            }
            return root;
        }
        catch (final NoSuchFileException ex)
        {
            throw new AnalysisException(file, "no such file");
        }
        catch (final JacksonException ex)
        {
            throw new AnalysisException(file, "not valid JSON (truncated?): " + JmhResults.firstLine(ex.getOriginalMessage()), ex);
        }
        catch (final IOException ex)
        {
            throw new AnalysisException(file, "cannot read: " + ex.getMessage(), ex);
        }
    }

    /** @return the name without its extension: a report and a log of one parameter combination share it. */
    private static String stem(final String fileName)
    {
        final int dot = fileName.lastIndexOf('.');
        return dot < 0 ? fileName : fileName.substring(0, dot);
    }

    private static List<String> failures(final Path folder)
    {
        final Path file = folder.resolve(RunFolder.FAILURES);
        if (!Files.isRegularFile(file))
        {
            return List.of();
        }
        try
        {
            return Files.readAllLines(file).stream().filter(line -> !line.isBlank()).toList();
        }
        catch (final IOException ex)
        {
            throw new AnalysisException(file, "cannot read: " + ex.getMessage(), ex);
        }
    }

    private static String commandLine(final Path folder, final Map<String, String> environment)
    {
        final Path file = folder.resolve(RunFolder.COMMAND);
        if (Files.isRegularFile(file))
        {
            try
            {
                return Files.readString(file).trim();
            }
            catch (final IOException ex)
            {
                throw new AnalysisException(file, "cannot read: " + ex.getMessage(), ex);
            }
        }
        return environment.getOrDefault("commandLine", "");
    }

    /**
     * Reads a histogram log's parameters back from its name, as the harness builds it:
     * algorithm, runtime, {@code n<nodes>}, scenario, then {@code key-value} pairs, joined with {@code _}.
     */
    static RowKey rowFromFileName(final Path file, final String prefix)
    {
        final String[] parts = prefix.split("_");
        if (parts.length < 4 || !parts[2].matches("n[0-9]+"))
        {
            throw new AnalysisException(file, "histogram log name does not say its parameters " +
                "(expected <algorithm>_<runtime>_n<nodes>_<scenario>[_<key>-<value>...].hlog, or a run report of the same name)");
        }
        final SortedMap<String, String> params = new TreeMap<>();
        params.put(RowKeys.ALGORITHM, parts[0]);
        params.put(RowKeys.RUNTIME, parts[1]);
        params.put(RowKeys.NODES, parts[2].substring(1));
        params.put(RowKeys.SCENARIO, parts[3]);
        for (int i = 4; i < parts.length; i++)
        {
            final int dash = parts[i].indexOf('-');
            if (dash <= 0)
            {
                throw new AnalysisException(file, "histogram log name part '" + parts[i] + "' is not <key>-<value>");
            }
            params.put(parts[i].substring(0, dash), parts[i].substring(dash + 1));
        }
        return RowKeys.rowKey(params, RowKeys.NONE);
    }

    /** @return an object's fields as text, nested ones joined with dots, arrays joined with spaces. */
    static Map<String, String> flatten(final JsonNode node)
    {
        final Map<String, String> flat = new LinkedHashMap<>();
        flatten("", node, flat);
        return flat;
    }

    private static void flatten(final String prefix, final JsonNode node, final Map<String, String> flat)
    {
        if (node.isObject())
        {
            final Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext())
            {
                final Map.Entry<String, JsonNode> field = fields.next();
                flatten(prefix.isEmpty() ? field.getKey() : prefix + "." + field.getKey(), field.getValue(), flat);
            }
        }
        else if (node.isArray())
        {
            final List<String> items = new ArrayList<>();
            node.forEach(item -> items.add(item.asText()));
            flat.put(prefix, String.join(" ", items));
        }
        else if (!node.isNull())
        {
            flat.put(prefix, node.asText());
        }
    }
}
