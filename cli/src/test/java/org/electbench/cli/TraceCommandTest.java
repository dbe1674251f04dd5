package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.electbench.analysis.trace.SpaceTimeDiagram;
import org.electbench.analysis.trace.Trace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceCommandTest
{
    @TempDir
    Path temp;

    @Test
    void bullyLowestDetectorTraceHasTheClosedFormsMessagesAndOneArrowEach() throws Exception
    {
        final int n = 5;
        final Path file = temp.resolve("bully.jsonl");
        final SimulateCommandTest.Outcome simulate = SimulateCommandTest.electbench("simulate", "--algorithm", "bully", "--nodes", String.valueOf(n),
            "--detect", "lowest", "--scenario", "leader-crash", "--trace", file.toString());
        assertEquals(0, simulate.exitCode(), simulate.err());

        final Trace trace = Trace.read(file);
        assertEquals("bully", trace.algorithm());
        assertEquals(n, trace.nodes());
        final List<Trace.Event> election = trace.sends().stream().filter(send -> !"HEARTBEAT".equals(send.type())).toList();
        // Bully's worst case: the lowest survivor detects, every higher one starts its own election: n² − n − 1.
        assertEquals(n * n - n - 1, election.size());
        // Every send ends once: delivered, or dropped at the crashed leader.
        final Set<Long> ended = new HashSet<>();
        for (final Trace.Event event : trace.events())
        {
            if ("deliver".equals(event.kind()) || "drop".equals(event.kind()))
            {
                assertTrue(ended.add(event.id()), "message " + event.id() + " ended twice");
            }
        }
        for (final Trace.Event send : election)
        {
            assertTrue(ended.contains(send.id()), "election message " + send.id() + " never arrived nor was dropped");
        }
        assertTrue(trace.events().stream().anyMatch(event -> "fault".equals(event.kind()) && "CRASH".equals(event.detail()) && event.node() == n));
        assertTrue(trace.events().stream().anyMatch(event -> "belief".equals(event.kind()) && "LEADER".equals(event.detail()) && event.node() == n - 1));

        final SimulateCommandTest.Outcome report = SimulateCommandTest.electbench("report", "--trace", file.toString());
        assertEquals(0, report.exitCode(), report.err());
        final String svg = Files.readString(temp.resolve("bully.svg"));
        assertEquals(trace.sends().size(), SpaceTimeDiagram.arrows(svg));
        final int electionArrows = count(svg, "class=\"msg ELECTION\"") + count(svg, "class=\"msg OK\"") + count(svg, "class=\"msg COORDINATOR\"");
        assertEquals(n * n - n - 1, electionArrows);
        final String shiviz = Files.readString(temp.resolve("bully.shiviz.log"));
        assertTrue(shiviz.startsWith("(?<host>"));
        assertEquals(trace.events().size(), shiviz.lines().count() - 2);
    }

    @Test
    void traceOfManyRunsOrARealTransportIsAUsageError()
    {
        final Path file = temp.resolve("t.jsonl");
        final SimulateCommandTest.Outcome manyRuns = SimulateCommandTest.electbench("simulate", "--runs", "3", "--trace", file.toString());
        assertEquals(2, manyRuns.exitCode());
        assertTrue(manyRuns.err().contains("--trace"), manyRuns.err());
        assertFalse(Files.exists(file));
    }

    @Test
    void truncatedTraceIsReportedWithItsLineAndExitCodeTwo() throws Exception
    {
        final Path file = temp.resolve("cut.jsonl");
        final SimulateCommandTest.Outcome simulate = SimulateCommandTest.electbench("simulate", "--detect", "lowest", "--trace", file.toString());
        assertEquals(0, simulate.exitCode(), simulate.err());
        final String text = Files.readString(file);
        Files.writeString(file, text.substring(0, text.length() - 20));
        final SimulateCommandTest.Outcome report = SimulateCommandTest.electbench("report", "--trace", file.toString());
        assertEquals(2, report.exitCode());
        assertTrue(report.err().contains(file.toString()) && report.err().contains("not valid JSON"), report.err());
        assertFalse(Files.exists(temp.resolve("cut.svg")));
    }

    private static int count(final String text, final String part)
    {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1))
        {
            count++;
        }
        return count;
    }
}
