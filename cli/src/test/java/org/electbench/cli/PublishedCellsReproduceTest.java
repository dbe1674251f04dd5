package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.electbench.harness.Parameters;
import org.electbench.transport.metrics.Metrics;
import org.electbench.transport.parameters.RunParameter;
import org.electbench.transport.parameters.RunParameters;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every published simulator cell reproduces with {@code ./electbench simulate --runs R}: for one
 * cell per scenario of the reference run that results/README.md names, the command built from the
 * cell's own parameters (run 0's seed, its runs, every setting it ran with) runs in-process through
 * the simulate command, and each metric the cell published comes back equal in every figure (runs,
 * sum, mean, min, max, percentiles, the histogram itself). The algorithm turns with the scenario, so
 * every algorithm and variant is tried; the smallest n of it keeps the test quick.
 * {@code -Delectbench.published.run=DIR} checks another run folder, {@code -Delectbench.published.cells=all}
 * every simulator cell of it.
 */
class PublishedCellsReproduceTest
{
    private static final ObjectMapper MAPPER = new ObjectMapper();
    /** Where results/README.md names the reference run: "The reference run is `runs/FOLDER/`". */
    private static final Pattern REFERENCE_RUN = Pattern.compile("The reference run is `runs/([^`/]+)/?`");
    /** The figures of a metric that must come back; its description is prose and may be reworded. */
    private static final List<String> FIGURES = List.of("unit", "kind", "runs", "samples", "sum", "mean", "min", "max", "p50", "p90", "p99",
        "p999", "histogram");
    /** Parameters that are no flag: what runs, the seed, and the reasons of marks the settings already fix. */
    private static final Set<String> NOT_FLAGS = Set.of(Parameters.ALGORITHM, Parameters.RUNTIME, Parameters.SEED,
        Parameters.DELAY_BOUND, Parameters.DISTORTION, Parameters.HANDICAP, Parameters.START_UP);

    static Path publishedRun() throws IOException
    {
        final String given = System.getProperty("electbench.published.run", "");
        if (!given.isEmpty())
        {
            return Path.of(given);
        }
        final Path results = Path.of("..", "results");
        final Matcher matcher = REFERENCE_RUN.matcher(Files.readString(results.resolve("README.md")));
        assertTrue(matcher.find(), "results/README.md names no reference run (\"The reference run is `runs/FOLDER/`\")");
        return results.resolve("runs").resolve(matcher.group(1));
    }

    @TestFactory
    Stream<DynamicTest> oneSimulatorCellPerScenarioReproducesExactly() throws IOException
    {
        final Path run = publishedRun();
        assertTrue(Files.isDirectory(run.resolve("reports")), run + " has no reports folder: is it the run results/README.md names?");
        final Map<String, List<JsonNode>> byScenario = new TreeMap<>();
        final Set<String> algorithms = new TreeSet<>();
        try (Stream<Path> files = Files.list(run.resolve("reports")))
        {
            for (final Path file : files.filter(path -> path.toString().endsWith(".json")).sorted().toList())
            {
                final JsonNode report = MAPPER.readTree(file.toFile());
                final JsonNode parameters = report.get("parameters");
                if ("sim".equals(parameters.path(Parameters.RUNTIME).asText()))
                {
                    byScenario.computeIfAbsent(parameters.get(RunParameters.SCENARIO.key()).asText(), key -> new ArrayList<>()).add(report);
                    algorithms.add(parameters.get(Parameters.ALGORITHM).asText());
                }
            }
        }
        assertFalse(byScenario.isEmpty(), run + " holds no simulator run report");
        final List<String> turn = new ArrayList<>(algorithms);
        final List<DynamicTest> tests = new ArrayList<>();
        int k = 0;
        final boolean everyCell = "all".equals(System.getProperty("electbench.published.cells", ""));
        for (final Map.Entry<String, List<JsonNode>> scenario : byScenario.entrySet())
        {
            final String algorithm = turn.get(k++ % turn.size());
            for (final JsonNode cell : everyCell ? scenario.getValue() : List.of(pick(scenario.getValue(), algorithm)))
            {
                final List<String> args = simulateArgs(cell);
                tests.add(DynamicTest.dynamicTest(scenario.getKey() + ": ./electbench " + String.join(" ", args),
                    () -> assertReproduces(cell, SimulateCommandTest.json(args.toArray(String[]::new)))));
            }
        }
        return tests.stream();
    }

    /** @return the algorithm's cell at the scenario's smallest n (another algorithm's where it has none), the first by parameters. */
    private static JsonNode pick(final List<JsonNode> cells, final String algorithm)
    {
        final Comparator<JsonNode> order = Comparator
            .comparing((JsonNode cell) -> !algorithm.equals(cell.get("parameters").get(Parameters.ALGORITHM).asText()))
            .thenComparingInt(cell -> cell.get("parameters").get(RunParameters.NODES.key()).asInt())
            .thenComparing(cell -> cell.get("parameters").toString());
        return cells.stream().min(order).orElseThrow();
    }

    /** @return {@code simulate} with a flag for every setting the cell ran with, its seed and its runs, as JSON. */
    static List<String> simulateArgs(final JsonNode cell)
    {
        final List<String> args = new ArrayList<>(List.of("simulate", "--transport", "sim"));
        final JsonNode parameters = cell.get("parameters");
        args.add("--algorithm");
        args.add(parameters.get(Parameters.ALGORITHM).asText());
        for (final Iterator<Map.Entry<String, JsonNode>> fields = parameters.fields(); fields.hasNext(); )
        {
            final Map.Entry<String, JsonNode> field = fields.next();
            if (NOT_FLAGS.contains(field.getKey()))
            {
                continue;
            }
            // A run parameter's key is its flag in camel case; an algorithm's option is keyed by its flag.
            final String flag = RunParameters.all().stream().filter(parameter -> parameter.key().equals(field.getKey()))
                .map(RunParameter::name).findFirst().orElse(field.getKey());
            args.add("--" + flag);
            args.add(field.getValue().asText());
        }
        args.addAll(List.of("--seed", parameters.get(Parameters.SEED).asText(), "--runs", cell.get("runs").asText(), "--format", "json"));
        return args;
    }

    /**
     * Every metric the cell published, equal in every figure; a metric added since may come back
     * beside them. The event count is the simulator's own work, not a figure of the elections: a
     * simulator that reaches the same figures with fewer events reproduces the cell, so only how
     * many runs it covers is compared.
     */
    static void assertReproduces(final JsonNode published, final JsonNode reproduced)
    {
        assertEquals(published.get("runs"), reproduced.get("runs"), "runs");
        assertEquals(published.get("leader"), reproduced.get("leader"), "leader");
        final Map<String, JsonNode> metrics = new TreeMap<>();
        reproduced.get("metrics").forEach(metric -> metrics.put(metric.get("name").asText(), metric));
        final List<String> differ = new ArrayList<>();
        for (final JsonNode metric : published.get("metrics"))
        {
            final String name = metric.get("name").asText();
            final JsonNode again = metrics.get(name);
            if (null == again)
            {
                differ.add(name + ": not measured again");
                continue;
            }
            for (final String figure : Metrics.EVENTS.name().equals(name) ? FIGURES.subList(0, 4) : FIGURES)
            {
                if (!metric.path(figure).equals(again.path(figure)))
                {
                    differ.add(name + "." + figure + ": published " + brief(metric.path(figure)) + ", reproduced " + brief(again.path(figure)));
                }
            }
        }
        assertEquals(List.of(), differ, "figures that did not reproduce");
    }

    private static String brief(final JsonNode value)
    {
        final String text = value.toString();
        return text.length() > 40 ? text.substring(0, 40) + "…" : text;
    }
}
