package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.electbench.analysis.SampleRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportCommandTest
{
    @TempDir
    Path temp;

    @Test
    void reportWritesTablesChartsAndPageIntoTheRunFolder() throws Exception
    {
        final Path run = SampleRun.create(temp.resolve("run"));
        final SimulateCommandTest.Outcome outcome = SimulateCommandTest.electbench("report", run.toString());
        assertEquals(0, outcome.exitCode(), outcome.err());
        assertTrue(Files.readString(run.resolve("report/tables/leader-crash.md")).contains("| bully     | sim       |   5 |         2 |            50 (40.01–61.01) |"));
        assertTrue(Files.exists(run.resolve("report/charts/cdf_leader-crash_bully.png")));
        assertTrue(Files.readString(run.resolve("report/index.html")).contains("Convergence percentiles: leader-crash, bully"));
    }

    @Test
    void missingOrForeignInputExitsTwoNamingTheFile() throws Exception
    {
        final Path missing = temp.resolve("missing");
        final SimulateCommandTest.Outcome none = SimulateCommandTest.electbench("report", missing.toString());
        assertEquals(2, none.exitCode());
        assertEquals("report: " + missing + ": no such run folder", none.err().strip());

        final Path run = SampleRun.create(temp.resolve("run"));
        Files.writeString(run.resolve("jmh.json"), "{\"not\": \"jmh\"}");
        final SimulateCommandTest.Outcome foreign = SimulateCommandTest.electbench("report", run.toString());
        assertEquals(2, foreign.exitCode());
        assertTrue(foreign.err().contains(run.resolve("jmh.json").toString()) && foreign.err().contains("foreign JSON"), foreign.err());
        assertFalse(Files.exists(run.resolve("report")));
    }

    @Test
    void compareWithItselfPassesAndASlowedRunFailsTheRegressionGate() throws Exception
    {
        final Path a = SampleRun.create(temp.resolve("a"));
        final Path same = SampleRun.create(temp.resolve("same"));
        final SimulateCommandTest.Outcome itself = SimulateCommandTest.electbench("compare", a.toString(), same.toString(), "--fail-on-regression", "0");
        assertEquals(0, itself.exitCode(), itself.err());
        assertTrue(itself.out().contains("10 figures compared: 0 changed beyond the runs' noise"), itself.out());

        final Path slowed = SampleRun.create(temp.resolve("slowed"), 1.0, 2.0);
        final SimulateCommandTest.Outcome gate = SimulateCommandTest.electbench("compare", a.toString(), slowed.toString(), "--fail-on-regression", "10");
        assertEquals(1, gate.exitCode(), gate.out());
        assertTrue(gate.err().contains("regression: leader-crash ring sim n=5 convergence p50 (ms)"), gate.err());
        assertFalse(gate.err().contains(" bully "), gate.err());
        assertTrue(Files.exists(slowed.resolve("report/compare.md")));
        assertTrue(Files.exists(slowed.resolve("report/compare.png")));

        final SimulateCommandTest.Outcome changed = SimulateCommandTest.electbench("compare", a.toString(), slowed.toString(), "--format", "json");
        assertEquals(1, new com.fasterxml.jackson.databind.ObjectMapper().readTree(changed.out()).path("rows").size(),
            "only the changed figure without --all: " + changed.out());
        final SimulateCommandTest.Outcome json = SimulateCommandTest.electbench("compare", a.toString(), slowed.toString(), "--format", "json",
            "--all");
        assertEquals(0, json.exitCode(), json.err());
        final com.fasterxml.jackson.databind.JsonNode rows = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.out()).path("rows");
        assertEquals(10, rows.size());
        int worse = 0;
        for (final com.fasterxml.jackson.databind.JsonNode row : rows)
        {
            worse += "worse".equals(row.path("change").asText()) ? 1 : 0;
            assertEquals(100, row.path("figure").asText().startsWith("convergence") ? row.path("samplesB").asInt() : 100);
            if (row.path("figure").asText().equals("convergence.p50"))
            {
                assertTrue(row.path("aLow").asDouble() < row.path("a").asDouble() && row.path("a").asDouble() < row.path("aHigh").asDouble(),
                    "the interval's ends: " + row);
            }
        }
        assertEquals(1, worse);

        final SimulateCommandTest.Outcome lenient = SimulateCommandTest.electbench("compare", a.toString(), slowed.toString(), "--fail-on-regression", "150");
        assertEquals(0, lenient.exitCode(), lenient.err());
    }

    @Test
    void emptyOrForeignFoldersExitTwoForReportAndCompare() throws Exception
    {
        final Path empty = Files.createDirectories(temp.resolve("empty"));
        final Path alsoEmpty = Files.createDirectories(temp.resolve("also-empty"));
        final SimulateCommandTest.Outcome compare = SimulateCommandTest.electbench("compare", empty.toString(), alsoEmpty.toString(),
            "--fail-on-regression", "10");
        assertEquals(2, compare.exitCode(), compare.out());
        assertTrue(compare.err().contains("empty"), compare.err());
        final SimulateCommandTest.Outcome report = SimulateCommandTest.electbench("report", empty.toString());
        assertEquals(2, report.exitCode(), report.out());
        assertFalse(Files.exists(empty.resolve("report")));

        final Path foreign = Files.createDirectories(temp.resolve("foreign"));
        Files.writeString(foreign.resolve("notes.txt"), "not a run\n");
        final SimulateCommandTest.Outcome foreignReport = SimulateCommandTest.electbench("report", foreign.toString());
        assertEquals(2, foreignReport.exitCode(), foreignReport.out());
        assertTrue(foreignReport.err().contains("is it a run folder?"), foreignReport.err());
    }

    @Test
    void runPrintsTheTablesReportWrites() throws Exception
    {
        final Path run = SampleRun.create(temp.resolve("run"));
        final String printed = RunCommand.tables(org.electbench.harness.RunFolder.open(run));
        assertEquals(0, SimulateCommandTest.electbench("report", run.toString()).exitCode());
        final String written = Files.readString(run.resolve("report/tables.md"));
        final java.util.List<String> printedHeaders = printed.lines().filter(line -> line.startsWith("| algorithm")).toList();
        assertFalse(printedHeaders.isEmpty(), printed);
        assertEquals(printedHeaders, written.lines().filter(line -> line.startsWith("| algorithm")).toList());
        assertEquals(printed, written);
        assertEquals(printed, Files.readString(run.resolve(org.electbench.harness.RunFolder.TABLES)));
    }
}
