package org.electbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.electbench.harness.RunFolder;
import org.electbench.harness.RunReport;
import org.electbench.harness.RunReportCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark jar as users run it. Each test is one short JMH run in a forked {@code java -jar}.
 */
class BenchmarkJarTest
{
    private static final int ITERATIONS = 2;

    @TempDir
    Path directory;

    @Test
    void jarListsTheThreeBenchmarkClasses() throws Exception
    {
        final String out = BenchmarkJar.run(List.of(), "-l");
        assertTrue(out.contains("org.electbench.bench.ConvergenceBenchmark."), out);
        assertTrue(out.contains("org.electbench.bench.MessagePathBenchmark."), out);
        assertTrue(out.contains("org.electbench.bench.SimulatorBenchmark."), out);
    }

    /**
     * Run i of a cell is seed i in every front end: with two warm-up iterations before them, the
     * jar's measured elections are the simulator's runs 0, 1 and 2 of the same scenario (each
     * crash falls at its own seed's phase of the heartbeat, so another seed gives another sum).
     */
    @Test
    void measuredElectionsAreRunsZeroToNWhateverTheWarmUpRan() throws Exception
    {
        final Path folder = Files.createDirectories(directory.resolve("seeds"));
        Files.createDirectories(folder.resolve(RunFolder.REPORTS));
        final int measured = 3;
        BenchmarkJar.run(List.of("-D" + RunFolder.PROPERTY + "=" + folder),
            "ConvergenceBenchmark", "-p", "algorithm=bully", "-p", "transport=sim", "-p", "nodes=5", "-f", "1", "-wi", "2",
            "-i", String.valueOf(measured), "-rf", "json", "-rff", directory.resolve("seeds.json").toString());
        final Path report;
        try (var reports = Files.list(folder.resolve(RunFolder.REPORTS)))
        {
            report = reports.filter(file -> file.getFileName().toString().startsWith("bully_sim_n5_leader-crash")).findFirst().orElseThrow();
        }
        final RunReport read = RunReportCodec.read(report);
        final org.electbench.transport.Scenario base = org.electbench.transport.Scenario.builder().algorithm("bully").nodes(5)
            .kind(org.electbench.transport.ScenarioKind.LEADER_CRASH).seed(Long.parseLong(read.parameters().get("seed"))).build();
        long sumNs = 0;
        for (int run = 0; run < measured; run++)
        {
            sumNs += new org.electbench.sim.SimRuntime().run(base.forRun(run)).convergenceNs();
        }
        assertEquals(measured, read.runs());
        assertEquals(sumNs, read.metric("convergence").sum(), "the jar measured the simulator's runs 0.." + (measured - 1));
    }

    /**
     * n = 8, constant delay, leader crash with only the lowest id detecting: bully cascades through
     * every higher node, n^2 - n - 1 = 55 election messages; quorum has every live server broadcast
     * one ELECT to its n - 1 peers and every live server but the winner vote once,
     * (n - 1)^2 + n - 2 = 55. Both new leaders' first heartbeat round adds n - 1: counted alike, both
     * send n^2 - 2 = 62. Every election alike, so the counters' sums are exact multiples.
     */
    @Test
    void convergenceCountersGiveTheClosedFormElectionMessagesPerElectionAndTheRunFolderGetsEveryElection() throws Exception
    {
        final Path json = directory.resolve("jmh.json");
        final Path folder = Files.createDirectories(directory.resolve("run"));
        Files.createDirectories(folder.resolve(RunFolder.REPORTS));
        BenchmarkJar.run(List.of("-D" + RunFolder.PROPERTY + "=" + folder),
            "ConvergenceBenchmark", "-p", "algorithm=bully,quorum", "-p", "transport=sim", "-p", "nodes=8", "-p", "detect=lowest",
            "-p", "delay=constant:1ms", "-f", "1", "-wi", "0", "-i", String.valueOf(ITERATIONS), "-rf", "json", "-rff", json.toString());
        final Map<String, JsonNode> results = BenchmarkJar.results(json, "algorithm");
        final int n = 8;
        for (final String algorithm : List.of("bully", "quorum"))
        {
            final JsonNode result = results.get(algorithm);
            final double elections = BenchmarkJar.secondary(result, "elections");
            assertEquals(ITERATIONS, elections, 0.0, algorithm);
            // Counted alike: bully's n^2 - n - 1 includes its COORDINATOR, quorum's n^2 - n - 1 are its ELECTs and VOTEs;
            // each adds its first heartbeat round (bully's HEARTBEAT, quorum's announcing LEAD), one to each of the n - 1 others.
            final int toLeader = n * n - 2;
            assertEquals(toLeader, BenchmarkJar.secondary(result, "messages") / elections, 0.0, algorithm);
            assertEquals(n - 1, BenchmarkJar.secondary(result, "firstHeartbeats") / elections, 0.0, algorithm);
            assertEquals(0, BenchmarkJar.secondary(result, "unconverged"), 0.0, algorithm);
            assertEquals(elections, BenchmarkJar.secondary(result, "convergenceSamples"), 0.0, algorithm);
            assertEquals("ms/op", result.path("primaryMetric").path("scoreUnit").asText());

            final String prefix = algorithm + "_sim_n8_leader-crash_detect-lowest";
            final Path report;
            try (var reports = Files.list(folder.resolve(RunFolder.REPORTS)))
            {
                report = reports.filter(file -> file.getFileName().toString().startsWith(prefix)).findFirst().orElseThrow();
            }
            final RunReport read = RunReportCodec.read(report);
            assertEquals(ITERATIONS, read.runs());
            assertEquals(toLeader, read.metric("messages").min());
            assertEquals(toLeader, read.metric("messages").max());
            final Path log = folder.resolve(RunFolder.HISTOGRAMS)
                .resolve(report.getFileName().toString().replace(".json", ".hlog"));
            final HistogramLogReader reader = new HistogramLogReader(log.toString());
            Histogram convergence = null;
            for (Histogram next = (Histogram)reader.nextIntervalHistogram(); null != next; next = (Histogram)reader.nextIntervalHistogram())
            {
                if ("convergence".equals(next.getTag()))
                {
                    convergence = next;
                }
            }
            assertTrue(null != convergence, Files.readString(log, StandardCharsets.UTF_8));
            assertEquals(ITERATIONS, convergence.getTotalCount(), "every measured election is in the log");
        }
    }

    /**
     * The ring with acknowledged hops on an increasing ring, every follower detecting, the leader
     * dead: n-1's ELECTION finds n silent and resends after T_elec, 2n - 2 ELECTION; ELECTED goes
     * round once, its last hop home after agreement (which counts on no runtime), n - 1; every hop
     * delivered before agreement is acknowledged, 3n - 6 = 18 ACK, which the ring needs to converge:
     * counted alike, 6n - 9 = 39 messages at n = 8 (timers as in the ring's simulation tests: HBT
     * above a lap, T_coord above two).
     */
    @Test
    void ringCountersGiveItsClosedForm() throws Exception
    {
        final Path json = directory.resolve("ring.json");
        BenchmarkJar.run(List.of(),
            "ConvergenceBenchmark", "-p", "algorithm=ring", "-p", "nodes=8", "-p", "detect=all", "-p", "heartbeat=100ms",
            "-p", "detectionTimeout=300ms", "-p", "electionTimeout=5ms", "-p", "coordinatorTimeout=300ms",
            "-f", "1", "-wi", "0", "-i", String.valueOf(ITERATIONS), "-rf", "json", "-rff", json.toString());
        final JsonNode result = BenchmarkJar.results(json, "algorithm").get("ring");
        final int n = 8;
        final double elections = BenchmarkJar.secondary(result, "elections");
        assertEquals(6 * n - 9, BenchmarkJar.secondary(result, "messages") / elections, 0.0);
        assertEquals(3 * n - 6, BenchmarkJar.secondary(result, "acknowledgements") / elections, 0.0);
        assertEquals(0, BenchmarkJar.secondary(result, "wrongLeader"), 0.0);
    }

    /**
     * Steady heartbeats on the simulator: the gc profiler's bytes per window, spread over the
     * window's events, stay at most one byte per handled event for every algorithm.
     */
    @Test
    void messagePathAllocatesAtMostOneBytePerHandledEventOnTheSimulator() throws Exception
    {
        final Path json = directory.resolve("path.json");
        BenchmarkJar.run(List.of(), "MessagePathBenchmark", "-p", "transport=sim", "-p", "simRounds=5000",
            "-f", "1", "-wi", "1", "-w", "1s", "-i", "1", "-r", "1s", "-prof", "gc", "-rf", "json", "-rff", json.toString());
        final Map<String, JsonNode> results = BenchmarkJar.results(json, "algorithm");
        assertEquals(BenchMain.registeredAlgorithms().size(), results.size(), results.keySet().toString());
        for (final Map.Entry<String, JsonNode> entry : results.entrySet())
        {
            final JsonNode result = entry.getValue();
            final double eventsPerWindow = BenchmarkJar.secondary(result, "eventsTotal") / BenchmarkJar.secondary(result, "windows");
            assertTrue(eventsPerWindow > 10_000, entry.getKey() + ": events per window " + eventsPerWindow);
            final double bytesPerEvent = BenchmarkJar.secondary(result, "gc.alloc.rate.norm") / eventsPerWindow;
            assertTrue(bytesPerEvent <= 1.0, entry.getKey() + ": " + bytesPerEvent + " B per handled event");
            assertTrue(BenchmarkJar.secondary(result, "cpu/event") > 0, entry.getKey());
        }
    }
}
