package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.electbench.reporting.Table;
import org.junit.jupiter.api.Test;

/** simulate's table is analysis' table model, as report renders it: cells from known runs. */
class SimulateTableTest
{
    /** @return a row's cell under the column the table's header names. */
    private static String cell(final String out, final String column)
    {
        final List<String> lines = Arrays.asList(out.split("\n"));
        final String header = lines.stream().filter(line -> line.startsWith("| algorithm ")).findFirst()
            .orElseThrow(() -> new AssertionError("no table header in " + out));
        final String row = lines.get(lines.indexOf(header) + 2);
        final List<String> names = Arrays.stream(header.split("\\|")).map(String::trim).toList();
        assertTrue(names.contains(column), header);
        return row.split("\\|")[names.indexOf(column)].trim();
    }

    /**
     * Bully, n = 5, leader crash with only the lowest id detecting, constant delay: the election
     * cascades through every higher node, n^2 - n - 1 = 19 ELECTION, OK and COORDINATOR, and the new
     * leader's first heartbeat round adds n - 1: n^2 - 2 = 23 messages counted alike, in every run.
     */
    @Test
    void tableShowsBullysClosedFormMessagesAndTheElectionsCounted()
    {
        final SimulateCommandTest.Outcome outcome = SimulateCommandTest.electbench("simulate", "--algorithm", "bully", "--nodes", "5",
            "--scenario", "leader-crash", "--detect", "lowest", "--delay", "constant:1ms", "--runs", "3");
        assertEquals(0, outcome.exitCode(), outcome.err());
        assertEquals("23", cell(outcome.out(), "messages (msgs)"), outcome.out());
        assertEquals("3", cell(outcome.out(), "elections"), outcome.out());
        assertEquals("bully", cell(outcome.out(), "algorithm"));
    }

    @Test
    void durationsReadAsReportShowsThemAndStayExactInNanoseconds()
    {
        final Table.Value value = Table.Value.duration(30_100_000L);
        assertEquals("30.1ms", value.text());
        assertEquals(30_100_000L, value.exact());
        assertEquals("1.5s", Table.Value.duration(1_500_000_000L).text());
    }
}
