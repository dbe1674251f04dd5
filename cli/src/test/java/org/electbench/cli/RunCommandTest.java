package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunCommandTest
{
    @TempDir
    Path directory;

    @Test
    void comparisonHasARowPerAlgorithmAndSizeWithBullysExactCountAndWritesTheFileWhole() throws Exception
    {
        final Path out = Files.createDirectories(directory.resolve("results")).resolve("comparison.md");
        final SimulateCommandTest.Outcome outcome = SimulateCommandTest.electbench("run", "--runs", "20", "--sizes", "5,8",
            "--scenarios", "leader-crash", "--out", out.toString());
        assertEquals(0, outcome.exitCode(), outcome.err());
        final List<String> rows = Arrays.stream(outcome.out().split("\n"))
            .filter(line -> line.startsWith("| bully") || line.startsWith("| ring") || line.startsWith("| quorum"))
            .collect(Collectors.toList());
        assertEquals(6, rows.size(), outcome.out());
        // Bully, every follower detecting: n^2 - n - 1 election messages whatever the crash phase.
        assertEquals("19.0", column(rows, "| bully | 5 |", 6));
        assertEquals("55.0", column(rows, "| bully | 8 |", 6));
        for (final String row : rows)
        {
            assertEquals("0", column(List.of(row), row.substring(0, 12), 13), "wrong-leader runs: " + row);
            assertEquals("0", column(List.of(row), row.substring(0, 12), 14), "unconverged runs: " + row);
        }
        assertEquals(outcome.out(), Files.readString(out));
        try (var leftovers = Files.list(out.getParent()))
        {
            assertEquals(List.of(out), leftovers.collect(Collectors.toList()), "no temporary file left beside the result");
        }
    }

    @Test
    void unknownScenarioInTheListIsRejectedAndLeavesAnEarlierResultIntact() throws Exception
    {
        final Path out = directory.resolve("comparison.md");
        Files.writeString(out, "earlier results\n");
        final SimulateCommandTest.Outcome outcome = SimulateCommandTest.electbench("run", "--scenarios", "leader-crash,meteor",
            "--out", out.toString());
        assertEquals(2, outcome.exitCode());
        assertTrue(outcome.err().contains("--scenarios") && outcome.err().contains("cold-start"), outcome.err());
        assertEquals("earlier results\n", Files.readString(out));
    }

    private static String column(final List<String> rows, final String prefix, final int index)
    {
        final String row = rows.stream().filter(candidate -> candidate.startsWith(prefix)).findFirst().orElseThrow();
        return row.split("\\|")[index + 1].trim();
    }
}
