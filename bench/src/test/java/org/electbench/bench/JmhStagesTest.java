package org.electbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import org.electbench.harness.BenchmarkStage;
import org.electbench.harness.Environment;
import org.electbench.harness.JmhStages;
import org.electbench.harness.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The harness's driver of {@code ./electbench run} on a tiny simulator cell, through JMH's Runner
 * in this JVM (no fork): JMH's JSON lands in the run folder with the closed-form counts, the
 * progress line and the log are written, and the run's properties reach the benchmark.
 */
class JmhStagesTest
{
    private static final int ITERATIONS = 2;
    private static final int BATCH = 3;

    @TempDir
    Path directory;

    /**
     * Bully, n = 5, leader crash with only the lowest id detecting, constant delay: the election
     * cascades through every higher node, n^2 - n - 1 = 19 messages to a leader, every election alike.
     */
    @Test
    void runnerDrivenStageWritesJmhJsonWithBullysClosedFormMessagesPerElection() throws Exception
    {
        final RunFolder folder = RunFolder.create(directory, Environment.capture(1, "./electbench run (test)"));
        final Map<String, List<String>> params = new LinkedHashMap<>();
        params.put("algorithm", List.of("bully"));
        params.put("transport", List.of("sim"));
        params.put("nodes", List.of("5"));
        params.put("scenario", List.of("leader-crash"));
        params.put("detect", List.of("lowest"));
        params.put("delay", List.of("constant:1ms"));
        final BenchmarkStage stage = new BenchmarkStage("tiny", BenchmarkStage.CONVERGENCE, params, 0, 0, ITERATIONS, BATCH,
            null, null, List.of());
        final StringWriter progress = new StringWriter();
        final JmhStages stages = new JmhStages(folder, Environment.capture(1, "./electbench run (test)"), new PrintWriter(progress));

        assertNull(stages.run(List.of(stage)), progress::toString);

        assertTrue(stages.failures().isEmpty(), stages.failures().toString());
        assertTrue(progress.toString().contains("[1/1] ConvergenceBenchmark bully sim n=5 leader-crash"), progress.toString());
        assertTrue(Files.readString(folder.directory().resolve("jmh-tiny.log")).contains("# Benchmark: org.electbench.bench.ConvergenceBenchmark"));
        final JsonNode result = BenchmarkJar.results(folder.directory().resolve("jmh-tiny.json"), "algorithm").get("bully");
        final double elections = BenchmarkJar.secondary(result, "elections");
        assertEquals(ITERATIONS * BATCH, elections, 0.0);
        assertEquals(5 * 5 - 2, BenchmarkJar.secondary(result, "messages") / elections, 0.0, "n² - 2, counted alike");
        try (var reports = Files.list(folder.directory().resolve(RunFolder.REPORTS)))
        {
            assertEquals(1, reports.filter(file -> file.getFileName().toString().startsWith("bully_sim_n5")).count(),
                "the benchmark was told the run folder");
        }
        assertFalse(Files.exists(folder.directory().resolve("failures.txt")));
    }

    /** A benchmark that throws (no such algorithm) is listed as failed; the stage still ends and its JSON is written. */
    @Test
    void benchmarkThatThrowsIsListedAndTheStageGoesOn() throws Exception
    {
        final RunFolder folder = RunFolder.create(directory, Environment.capture(1, "./electbench run (test)"));
        final Map<String, List<String>> params = new LinkedHashMap<>();
        params.put("algorithm", List.of("no-such-algorithm", "bully"));
        params.put("nodes", List.of("3"));
        final BenchmarkStage stage = new BenchmarkStage("broken", BenchmarkStage.CONVERGENCE, params, 0, 0, 1, 1, null, null, List.of());
        final StringWriter progress = new StringWriter();
        final JmhStages stages = new JmhStages(folder, Environment.capture(1, "./electbench run (test)"), new PrintWriter(progress));

        assertNull(stages.run(List.of(stage)), progress::toString);

        assertEquals(List.of("ConvergenceBenchmark no-such-algorithm sim n=3"), stages.failures());
        assertTrue(BenchmarkJar.results(folder.directory().resolve("jmh-broken.json"), "algorithm").containsKey("bully"));
    }
}
