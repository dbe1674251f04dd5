package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.electbench.harness.RunFolder;
import org.electbench.harness.RunReport;
import org.electbench.harness.RunReportCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./electbench run} end to end through the benchmark jar (built in the bench module's
 * package phase, hence an integration test). Grids are cut down with JMH's pass-through flags.
 */
class RunCommandIT
{

    @TempDir
    Path runs;

    private SimulateCommandTest.Outcome run(final String... flags)
    {
        final List<String> args = new ArrayList<>(List.of("run", "--runs-dir", runs.toString()));
        args.addAll(Arrays.asList(flags));
        return SimulateCommandTest.electbench(args.toArray(new String[0]));
    }

    private List<Path> folders() throws Exception
    {
        return RunFolder.list(runs);
    }

    private static List<String> rows(final String out, final String runtime)
    {
        return Arrays.stream(out.split("\n")).filter(line -> line.matches("\\|\\s*\\w+\\s*\\|\\s*" + runtime + "\\s*\\|\\s*\\d+\\s*\\|.*")).toList();
    }

    /** @return a row's cell under the column the table's header names. */
    private static String cell(final String out, final String row, final String column)
    {
        final String header = Arrays.stream(out.split("\n")).filter(line -> line.startsWith("| algorithm |")).findFirst()
            .orElseThrow(() -> new AssertionError("no table header in " + out));
        final List<String> names = Arrays.stream(header.split("\\|")).map(String::trim).toList();
        return row.split("\\|")[names.indexOf(column)].trim();
    }

    @Test
    void quickRunWritesAFreshCompleteFolderEachTimeWithARowPerAlgorithmAndSize() throws Exception
    {
        final String[] flags = {"--quick", "-p", "scenario=leader-crash", "-p", "nodes=3,5", "-p", "transport=sim", "-wi", "0", "-i", "2",
            "-bs", "1"};
        final SimulateCommandTest.Outcome first = run(flags);
        assertEquals(0, first.exitCode(), first.err());
        final SimulateCommandTest.Outcome second = run(flags);
        assertEquals(0, second.exitCode(), second.err());

        final List<Path> folders = folders();
        assertEquals(2, folders.size(), folders.toString());
        assertNotEquals(folders.get(0), folders.get(1));
        for (final Path folder : folders)
        {
            assertTrue(RunFolder.open(folder).isComplete(), folder + " is complete");
            for (final String file : List.of(RunFolder.COMMAND, RunFolder.ENVIRONMENT, RunFolder.TABLES, "jmh-convergence-sim.json"))
            {
                assertTrue(Files.isRegularFile(folder.resolve(file)), folder + "/" + file);
            }
            assertTrue(Files.readString(folder.resolve(RunFolder.COMMAND)).startsWith("./electbench run "));
            final int algorithms = (int)java.util.stream.StreamSupport.stream(
                org.electbench.spi.AlgorithmRegistry.instance().names().spliterator(), false).count();
            try (var logs = Files.list(folder.resolve(RunFolder.HISTOGRAMS)))
            {
                assertEquals(2 * algorithms, logs.count(), "a histogram log per algorithm and size");
            }
            try (var reports = Files.list(folder.resolve(RunFolder.REPORTS)))
            {
                for (final Path file : reports.toList())
                {
                    final RunReport report = RunReportCodec.read(file);
                    assertEquals(2, report.runs(), "every measured election, no warm-up: " + file);
                    assertEquals(file.getFileName().toString(), report.fileNamePrefix() + ".json");
                }
            }
        }
        final List<String> rows = rows(first.out(), "sim");
        final int algorithms = (int)java.util.stream.StreamSupport.stream(
            org.electbench.spi.AlgorithmRegistry.instance().names().spliterator(), false).count();
        assertEquals(2 * algorithms, rows.size(), first.out());
        // Bully, every follower detecting: n^2 - n - 1 election messages and n - 1 first heartbeats, n^2 - 2, whatever the crash phase.
        assertTrue(rows.stream().anyMatch(row -> row.matches("\\|\\s*bully\\s*\\|\\s*sim\\s*\\|\\s*5\\s*\\|.*") &&
                cell(first.out(), row, "messages").equals("23")),
            first.out());
        assertTrue(first.err().contains("[1/" + 2 * algorithms + "]"), "a progress line per benchmark: " + first.err());
    }

    @Test
    void twoShardsReportedTogetherEqualOneUnshardedRun() throws Exception
    {
        final String[] grid = {"--quick", "-p", "scenario=leader-crash", "-p", "nodes=3,5", "-p", "transport=sim", "-wi", "0", "-i", "2"};
        final List<String> unsharded = new ArrayList<>(Arrays.asList(grid));
        final SimulateCommandTest.Outcome first = run(unsharded.toArray(new String[0]));
        assertEquals(0, first.exitCode(), first.err());
        final Path whole = folders().get(0);
        for (final String shard : List.of("1/2", "2/2"))
        {
            final List<String> flags = new ArrayList<>(unsharded);
            flags.addAll(List.of("--shard", shard));
            final SimulateCommandTest.Outcome outcome = run(flags.toArray(new String[0]));
            assertEquals(0, outcome.exitCode(), outcome.err());
        }
        final List<Path> shards = new ArrayList<>(folders());
        shards.remove(whole);
        assertEquals(2, shards.size(), shards.toString());
        // Each shard ran a part of the grid: neither has every row.
        for (final Path shard : shards)
        {
            assertTrue(simRows(shard.resolve(RunFolder.TABLES)).size() < simRows(whole.resolve(RunFolder.TABLES)).size(), shard.toString());
        }

        final Path wholeReport = runs.resolve("whole-report");
        final Path shardReport = runs.resolve("shard-report");
        assertEquals(0, SimulateCommandTest.electbench("report", whole.toString(), "--out", wholeReport.toString()).exitCode());
        final SimulateCommandTest.Outcome merged = SimulateCommandTest.electbench("report", shards.get(0).toString(), shards.get(1).toString(),
            "--out", shardReport.toString());
        assertEquals(0, merged.exitCode(), merged.err());
        assertFalse(merged.err().contains("missing"), merged.err());
        final Path table = wholeReport.resolve("tables").resolve("leader-crash.md");
        assertTrue(Files.isRegularFile(table), "a table per scenario: " + table);
        assertEquals(deterministicRows(table), deterministicRows(shardReport.resolve("tables").resolve("leader-crash.md")));

        // One shard alone is reported with a warning; a shard of another seed is refused.
        final SimulateCommandTest.Outcome half = SimulateCommandTest.electbench("report", shards.get(0).toString(),
            "--out", runs.resolve("half").toString());
        assertEquals(0, half.exitCode(), half.err());
        assertTrue(half.err().contains("are missing"), half.err());
        final List<String> otherSeed = new ArrayList<>(unsharded);
        otherSeed.addAll(List.of("--seed", "99", "--shard", "2/2"));
        assertEquals(0, run(otherSeed.toArray(new String[0])).exitCode());
        final List<Path> all = new ArrayList<>(folders());
        all.remove(whole);
        all.removeAll(shards);
        final SimulateCommandTest.Outcome refused = SimulateCommandTest.electbench("report", shards.get(0).toString(), all.get(0).toString(),
            "--out", runs.resolve("refused").toString());
        assertEquals(2, refused.exitCode(), refused.err());
        assertTrue(refused.err().contains("share their seed"), refused.err());
    }

    private static List<String> simRows(final Path table) throws Exception
    {
        return Files.readAllLines(table).stream().filter(line -> line.matches(SIM_ROW)).toList();
    }

    private static final String SIM_ROW = "\\|\\s*\\w+\\s*\\|\\s*sim\\s*\\|\\s*\\d+\\s*\\|.*";

    /** @return the simulator rows of a report's table, without the cells that time the machine (JMH's score, wall time). */
    private static List<String> deterministicRows(final Path table) throws Exception
    {
        final List<String> lines = Files.readAllLines(table);
        final String header = lines.stream().filter(line -> line.startsWith("| algorithm |")).findFirst()
            .orElseThrow(() -> new AssertionError("no table in " + table));
        final List<String> names = Arrays.stream(header.split("\\|")).map(String::trim).toList();
        final List<String> rows = new ArrayList<>();
        for (final String line : lines)
        {
            if (line.matches(SIM_ROW))
            {
                final String[] cells = line.split("\\|");
                final StringBuilder kept = new StringBuilder();
                for (int i = 0; i < cells.length && i < names.size(); i++)
                {
                    final String name = names.get(i).toLowerCase(java.util.Locale.ROOT);
                    if (!name.contains("score") && !name.contains("wall") && !name.contains("cost") && !name.contains("alloc"))
                    {
                        kept.append(cells[i].trim()).append('|');
                    }
                }
                rows.add(kept.toString());
            }
        }
        rows.sort(null);
        assertFalse(rows.isEmpty(), "no simulator rows in " + table);
        return rows;
    }

    @Test
    void aNamedCellRunsExactlyThat() throws Exception
    {
        final SimulateCommandTest.Outcome outcome = run("--nodes", "7", "--algorithm", "bully", "--scenario", "leader-crash",
            "--election-timeout", "0.01s", "-wi", "0", "-i", "2");
        assertEquals(0, outcome.exitCode(), outcome.err());
        final Path folder = folders().get(0);
        final JsonNode results = new ObjectMapper().readTree(folder.resolve("jmh-convergence-sim.json").toFile());
        assertEquals(1, results.size(), results.toString());
        final JsonNode params = results.get(0).get("params");
        assertEquals("bully", params.get("algorithm").asText());
        assertEquals("7", params.get("nodes").asText());
        assertEquals("leader-crash", params.get("scenario").asText());
        assertEquals("sim", params.get("transport").asText());
        assertEquals("10ms", params.get("electionTimeout").asText(), "the value checked, written by its declaration");
        try (var files = Files.list(folder))
        {
            assertEquals(List.of(), files.filter(file -> file.getFileName().toString().startsWith("jmh-") &&
                !file.getFileName().toString().startsWith("jmh-convergence-sim.")).toList(), "no other stage ran");
        }
        final List<String> rows = rows(outcome.out(), "sim");
        assertEquals(1, rows.size(), outcome.out());
        assertEquals("47", cell(outcome.out(), rows.get(0), "messages"), rows.get(0));
    }

    @Test
    void anInterruptedRunLeavesItsFolderMarkedIncompleteAndEarlierRunsUntouched() throws Exception
    {
        final SimulateCommandTest.Outcome earlier = run("--nodes", "3", "--algorithm", "ring", "-wi", "0", "-i", "1");
        assertEquals(0, earlier.exitCode(), earlier.err());
        final Path earlierFolder = folders().get(0);
        final String earlierTables = Files.readString(earlierFolder.resolve(RunFolder.TABLES));

        final List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED", "-Djmh.ignoreLock=true", "-cp", System.getProperty("java.class.path"),
            Main.class.getName(), "run", "--runs-dir", runs.toString()));
        final Process process = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(runs.resolve("interrupted.log").toFile()).start();
        final long deadlineNs = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        Path started = null;
        while (null == started && System.nanoTime() - deadlineNs < 0 && process.isAlive())
        {
            for (final Path folder : folders())
            {
                if (!folder.equals(earlierFolder) && Files.isDirectory(folder.resolve(RunFolder.HISTOGRAMS)))
                {
                    try (var logs = Files.list(folder.resolve(RunFolder.HISTOGRAMS)))
                    {
                        started = logs.findAny().isPresent() ? folder : null;
                    }
                }
            }
            Thread.sleep(100);
        }
        assertTrue(null != started, "the run got going: " + Files.readString(runs.resolve("interrupted.log")));
        process.destroy();
        assertTrue(process.waitFor(1, TimeUnit.MINUTES), "the run stops on SIGTERM");
        final String marker = Files.readString(started.resolve(RunFolder.INCOMPLETE), StandardCharsets.UTF_8);
        assertTrue(marker.contains("interrupted"), marker);
        assertFalse(RunFolder.open(started).isComplete());
        assertTrue(RunFolder.open(earlierFolder).isComplete());
        assertEquals(earlierTables, Files.readString(earlierFolder.resolve(RunFolder.TABLES)));
    }

    @Test
    void wrongInputIsRejectedBeforeAnyFolderIsMade() throws Exception
    {
        final SimulateCommandTest.Outcome scenario = run("--scenario", "meteor");
        assertEquals(2, scenario.exitCode());
        assertTrue(scenario.err().contains("--scenario") && scenario.err().contains("cold-start"), scenario.err());
        final SimulateCommandTest.Outcome both = run("--quick", "--full");
        assertEquals(2, both.exitCode());
        assertTrue(both.err().contains("--quick and --full"), both.err());
        final SimulateCommandTest.Outcome param = run("-p", "nodes");
        assertEquals(2, param.exitCode());
        assertTrue(param.err().contains("'-p'"), param.err());
        assertEquals(List.of(), folders());
    }
}
