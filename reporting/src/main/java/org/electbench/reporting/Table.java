package org.electbench.reporting;

import java.util.ArrayList;
import java.util.List;

/**
 * The one table model every output renders: rows × declared columns, built once from the data
 * (analysis' {@code Tables}, tune's), then printed by a {@link TableFormat} (markdown on the terminal and in
 * {@code tables.md}, CSV, JSON, HTML). A cell holds the text a reader sees and the exact value a
 * script reads; a column says whether it belongs to the compact view (the few figures a reader
 * decides by) or only to the full set (CSV, JSON, the page's collapsible section).
 *
 * @param id a name for files: {@code leader-crash}.
 * @param title the heading.
 * @param notes lines stated above the table (settings every row shares, what a column means).
 * @param columns the columns, in order.
 * @param rows one list of values per row, in column order.
 */
public record Table(String id, String title, List<String> notes, List<Table.Column> columns, List<List<Table.Value>> rows)
{
    /**
     * @param id the name scripts read (CSV header, JSON field): {@code convergence.p50_ns}.
     * @param header what a reader sees: {@code convergence p50 ms (95% CI)}.
     * @param compact whether the compact view shows it.
     * @param full whether the full set (CSV, JSON) has it; a compact column that only restates full ones as text has not.
     * @param numeric whether its values are numbers (right-aligned).
     */
    public record Column(String id, String header, boolean compact, boolean full, boolean numeric)
    {
        public Column(final String id, final String header, final boolean compact, final boolean numeric)
        {
            this(id, header, compact, true, numeric);
        }
    }

    /**
     * @param text what a reader sees; empty for no figure.
     * @param exact what a script reads: a {@link Number} in the column's own unit, a {@link String}, or null for none.
     */
    public record Value(String text, Object exact)
    {
        public static final Value NONE = new Value("", null);

        public static Value text(final String text)
        {
            return new Value(text, text);
        }

        /** @return a duration read as {@code report}'s tables show one ({@code 30.1ms}), exact in nanoseconds. */
        public static Value duration(final long ns)
        {
            return new Value(Numbers.readableNs(ns), ns);
        }
    }

    public Table
    {
        notes = List.copyOf(notes);
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
    }

    /** @return this table with only its compact columns. */
    public Table compact()
    {
        return keep(true);
    }

    /** @return this table with every column of the full set. */
    public Table full()
    {
        return keep(false);
    }

    private Table keep(final boolean compact)
    {
        final List<Integer> keep = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++)
        {
            if (compact ? columns.get(i).compact() : columns.get(i).full())
            {
                keep.add(i);
            }
        }
        if (keep.size() == columns.size())
        {
            return this;
        }
        final List<Column> kept = new ArrayList<>();
        keep.forEach(i -> kept.add(columns.get(i)));
        final List<List<Value>> keptRows = new ArrayList<>();
        for (final List<Value> row : rows)
        {
            final List<Value> values = new ArrayList<>();
            keep.forEach(i -> values.add(row.get(i)));
            keptRows.add(values);
        }
        return new Table(id, title, notes, kept, keptRows);
    }

    /** @return the value of a row in the column of that id, or null when the table has no such column. */
    public Value value(final int row, final String columnId)
    {
        for (int i = 0; i < columns.size(); i++)
        {
            if (columns.get(i).id().equals(columnId))
            {
                return rows.get(row).get(i);
            }
        }
        return null;
    }
}
