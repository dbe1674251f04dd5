package org.electbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Runs the shaded benchmark jar as a user does, {@code java -jar bench/target/benchmarks.jar ...},
 * in a forked process, and reads its JSON results.
 */
final class BenchmarkJar
{
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private BenchmarkJar()
    {
    }

    static Path jar()
    {
        return Path.of(System.getProperty("electbench.benchmarks.jar", "target/benchmarks.jar"));
    }

    /** @return the process's output; fails the test unless it exits 0 within the deadline. */
    static String run(final List<String> jvmFlags, final String... args) throws IOException, InterruptedException
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // Other builds on a shared machine may run JMH at the same time; these tests assert outcomes, not timings.
        command.add("-Djmh.ignoreLock=true");
        command.addAll(jvmFlags);
        command.add("-jar");
        command.add(jar().toString());
        command.addAll(List.of(args));
        final Path output = Files.createTempFile("benchmarks", ".log");
        try
        {
            final Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
            if (!process.waitFor(5, TimeUnit.MINUTES))
            {
                process.destroyForcibly();
                throw new AssertionError("the benchmark jar did not finish in 5 minutes: " + command);
            }
            final String text = Files.readString(output, StandardCharsets.UTF_8);
            assertEquals(0, process.exitValue(), text);
            return text;
        }
        finally
        {
            Files.deleteIfExists(output);
        }
    }

    /** @return each result of a JMH JSON file, keyed by its parameters' values joined (e.g. "bully 8"). */
    static Map<String, JsonNode> results(final Path json, final String... keyParams) throws IOException
    {
        final Map<String, JsonNode> byKey = new HashMap<>();
        for (final JsonNode result : MAPPER.readTree(json.toFile()))
        {
            final StringBuilder key = new StringBuilder();
            for (final String param : keyParams)
            {
                key.append(key.length() == 0 ? "" : " ").append(result.path("params").path(param).asText());
            }
            byKey.put(key.toString(), result);
        }
        return byKey;
    }

    static double secondary(final JsonNode result, final String name)
    {
        final JsonNode metric = result.path("secondaryMetrics").path(name);
        if (metric.isMissingNode())
        {
            throw new AssertionError("no secondary metric " + name + " in " + result);
        }
        return metric.path("score").asDouble();
    }
}
