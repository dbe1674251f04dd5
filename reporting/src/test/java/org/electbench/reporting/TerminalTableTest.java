package org.electbench.reporting;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** What run prints: the compact view within the terminal's columns, what it leaves out named; large figures grouped. */
class TerminalTableTest
{
    private static Table.Column text(final String header)
    {
        return new Table.Column(header, header, true, false);
    }

    private static Table.Column number(final String header)
    {
        return new Table.Column(header, header, true, true);
    }

    private static Table table()
    {
        final List<Table.Column> columns = List.of(text("algorithm"), text("transport"), number("n"),
            text("settings"), number("elections"), number("convergence p50 ms (95% CI)"), number("convergence p99 ms (95% CI)"),
            number("unavailability p50 ms (95% CI)"), number("messages (msgs)"), number("bytes (B)"),
            text("safety violations (runs)"), new Table.Column("hidden", "hidden", false, true));
        final List<Table.Value> row = List.of(Table.Value.text("bully"), Table.Value.text("aeron-udp"), Table.Value.text("17"),
            Table.Value.text("coordinatorTimeout=30ms heartbeat=50ms"), Table.Value.text("1000"),
            Table.Value.text("136.5 (135.1–138)"), Table.Value.text("161.1 (160.7–161.5)"), Table.Value.text("136.5 (135.1–138)"),
            Table.Value.text("271"), Table.Value.text(Numbers.format(66544)), Table.Value.text("none; 1 late run measured again"),
            Table.Value.text("x"));
        return new Table("leader-crash", "leader-crash", List.of("Settings of every row: " + "delay=constant:1ms ".repeat(12)),
            columns, List.of(row, row));
    }

    @Test
    void aTableWiderThanTheTerminalLeavesOutTheLeastDecisiveColumnsAndSaysWhich()
    {
        final String text = TerminalTable.render(table(), 120);
        assertTrue(TerminalTable.widest(text) <= 120, text);
        assertTrue(text.contains("| algorithm | transport | n   | elections | conv. p50 ms [95%] "), text);
        assertTrue(text.contains("Left out here to fit 120 columns (in tables.md and the report): settings, bytes (B), " +
            "unavailability p50 ms (95% CI)"), text);
        assertTrue(text.contains("| none; 1 late run measured again |"), "the safety column stays: " + text);
        assertFalse(text.contains("hidden"), "a column of the full set only: " + text);
    }

    @Test
    void aTableThatFitsKeepsEveryCompactColumn()
    {
        final String text = TerminalTable.render(table(), 400);
        assertFalse(text.contains("Left out"), text);
        assertTrue(text.contains("coordinatorTimeout=30ms heartbeat=50ms") && text.contains("66,544"), text);
    }

    @Test
    void figuresOfFiveDigitsOrMoreAreGroupedInThrees()
    {
        assertEquals("4159", Numbers.format(4159));
        assertEquals("66,544", Numbers.format(66544));
        assertEquals("-1,005,878,146", Numbers.format(-1005878146));
        assertEquals("12,350", Numbers.format(12345.6));
        assertEquals("0.1035", Numbers.format(0.10349));
    }
}
