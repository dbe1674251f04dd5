package org.electbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.databind.JsonNode;
import org.electbench.harness.ComparisonTable;
import org.electbench.harness.Environment;
import org.electbench.harness.Parameters;
import org.electbench.harness.RunFolder;
import org.electbench.harness.RunReport;
import org.electbench.harness.RunReportCodec;
import org.electbench.harness.RuntimeRegistry;

/**
 * The tables a {@code run} prints, read back from its folder: one comparison table per
 * scenario and setting (from the run reports, columns from the metric declarations), then the
 * simulator's throughput and the message path (from JMH's JSON).
 */
final class RunTables
{
    private static final List<String> ROW_PARAMETERS = List.of(Parameters.ALGORITHM, Parameters.RUNTIME, Parameters.NODES, Parameters.SEED);

    private RunTables()
    {
    }

    static void write(final RunFolder folder, final Environment environment, final List<String> failures, final PrintWriter out)
        throws IOException
    {
        out.printf(Locale.ROOT, "# electbench run %s%n%n", folder.directory().getFileName());
        out.printf(Locale.ROOT, "%s%n%n", environment.describe());
        if (!failures.isEmpty())
        {
            out.printf(Locale.ROOT, "%d benchmarks failed and have no row (their errors are in the jmh-*.log files):%n%n", failures.size());
            failures.forEach(failure -> out.println("- " + failure));
            out.println();
        }
        final Map<String, List<RunReport>> groups = new TreeMap<>(RunTables::compareGroups);
        try (var files = Files.list(folder.directory().resolve(RunFolder.REPORTS)))
        {
            for (final Path file : files.filter(path -> path.toString().endsWith(".json")).sorted().toList())
            {
                final RunReport report = RunReportCodec.read(file);
                groups.computeIfAbsent(groupKey(report), key -> new ArrayList<>()).add(report);
            }
        }
        final List<String> runtimeOrder = RuntimeRegistry.instance().names();
        for (final Map.Entry<String, List<RunReport>> group : groups.entrySet())
        {
            final List<RunReport> rows = new ArrayList<>(group.getValue());
            rows.sort(Comparator
                .comparing((RunReport report) -> runtimeOrder.indexOf(report.parameter(Parameters.RUNTIME)))
                .thenComparing(report -> report.parameter(Parameters.ALGORITHM))
                .thenComparingInt(report -> Integer.parseInt(report.parameter(Parameters.NODES))));
            out.printf(Locale.ROOT, "## %s%n%n%s; %d elections per row (every measured one)%n%n",
                rows.get(0).parameter(Parameters.SCENARIO), group.getKey(), rows.get(0).runs());
            ComparisonTable.write(rows, out);
            out.println();
        }
        simulatorTable(folder.directory().resolve("jmh-simulator.json"), out);
        simulatorTable(folder.directory().resolve("jmh-simulator-worst-case.json"), out);
        messagePathTable(folder.directory().resolve("jmh-message-path.json"), out);
        out.flush();
    }

    /** @return the parameters a table holds fixed: all but algorithm, runtime, size and seed. */
    private static String groupKey(final RunReport report)
    {
        final StringBuilder key = new StringBuilder();
        for (final Map.Entry<String, String> parameter : report.parameters().entrySet())
        {
            if (!ROW_PARAMETERS.contains(parameter.getKey()))
            {
                key.append(key.length() == 0 ? "" : ", ").append(parameter.getKey()).append(' ').append(parameter.getValue());
            }
        }
        return key.toString();
    }

    private static int compareGroups(final String a, final String b)
    {
        final List<String> scenarios = RunCommand.namedScenarios();
        final int byScenario = Integer.compare(scenarioIndex(scenarios, a), scenarioIndex(scenarios, b));
        return 0 != byScenario ? byScenario : a.compareTo(b);
    }

    private static int scenarioIndex(final List<String> scenarios, final String key)
    {
        for (int i = 0; i < scenarios.size(); i++)
        {
            if (key.startsWith(Parameters.SCENARIO + " " + scenarios.get(i) + ","))
            {
                return i;
            }
        }
        return scenarios.size();
    }

    private static List<JsonNode> results(final Path file) throws IOException
    {
        if (!Files.isRegularFile(file))
        {
            return List.of();
        }
        final List<JsonNode> results = new ArrayList<>();
        RunReportCodec.mapper().readTree(file.toFile()).forEach(results::add);
        return results;
    }

    private static void simulatorTable(final Path file, final PrintWriter out) throws IOException
    {
        final List<JsonNode> results = results(file);
        if (results.isEmpty())
        {
            return;
        }
        out.printf(Locale.ROOT, "## simulator throughput (%s)%n%n", file.getFileName());
        out.println("| algorithm | N | scenario | detect | elections/s | ± | events/s |");
        out.println("|---|---:|---|---|---:|---:|---:|");
        for (final JsonNode result : results)
        {
            final JsonNode params = result.path("params");
            out.printf(Locale.ROOT, "| %s | %s | %s | %s | %.1f | %.1f | %.0f |%n",
                params.path("algorithm").asText(), params.path("nodes").asText(), params.path("scenario").asText(),
                params.path("detect").asText(), result.path("primaryMetric").path("score").asDouble(),
                result.path("primaryMetric").path("scoreError").asDouble(),
                secondary(result, "events"));
        }
        out.println();
    }

    private static void messagePathTable(final Path file, final PrintWriter out) throws IOException
    {
        final List<JsonNode> results = results(file);
        if (results.isEmpty())
        {
            return;
        }
        out.println("## message path (steady heartbeats, no fault)");
        out.println();
        out.println("ns/event is JMH's `handled` counter (time per handled event); B/event is gc.alloc.rate.norm per window divided " +
            "by the events of a window, the window's setup included.");
        out.println();
        out.println("| algorithm | runtime | N | ns/event | events/window | B/window | B/event |");
        out.println("|---|---|---:|---:|---:|---:|---:|");
        for (final JsonNode result : results)
        {
            final JsonNode params = result.path("params");
            final double windows = secondary(result, "windows");
            final double events = secondary(result, "eventsTotal");
            final double perWindow = windows > 0 ? events / windows : Double.NaN;
            final double allocation = secondary(result, "gc.alloc.rate.norm");
            out.printf(Locale.ROOT, "| %s | %s | %s | %.1f | %.0f | %s | %s |%n",
                params.path("algorithm").asText(), params.path("transport").asText(), params.path("nodes").asText(),
                secondary(result, "handled"), perWindow,
                Double.isNaN(allocation) ? "-" : String.format(Locale.ROOT, "%.0f", allocation),
                Double.isNaN(allocation) ? "-" : String.format(Locale.ROOT, "%.3f", allocation / perWindow));
        }
        out.println();
    }

    /** @return a secondary metric's score, NaN when absent. */
    static double secondary(final JsonNode result, final String name)
    {
        final JsonNode metric = result.path("secondaryMetrics").path(name);
        return metric.isMissingNode() ? Double.NaN : metric.path("score").asDouble();
    }

    /** @return the secondary metrics of one JMH result, by name. */
    static Map<String, Double> secondaries(final JsonNode result)
    {
        final Map<String, Double> values = new LinkedHashMap<>();
        result.path("secondaryMetrics").fields().forEachRemaining(entry -> values.put(entry.getKey(), entry.getValue().path("score").asDouble()));
        return values;
    }
}
