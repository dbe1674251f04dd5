package org.electbench.reporting;

import java.util.ArrayList;
import java.util.List;

/**
 * A table's compact view as a terminal of a given width shows it: headers said shorter, notes
 * wrapped, and where the rows are still too wide the columns a reader decides by least (the
 * settings, bytes, unavailability, then p99 and anything further right) left out and named above
 * the table, which the files beside the run (tables.md, the report) hold whole.
 */
public final class TerminalTable
{
    /** The width {@code run} prints to. */
    public static final int COLUMNS = 120;

    /** Header prefixes, in the order their columns give way when a table is too wide. */
    private static final List<String> FIRST_TO_GO = List.of("settings", "bytes", "unavail", "conv. p99");
    /** Columns that say which row is which: never left out. */
    private static final int KEY_COLUMNS = 3;

    private TerminalTable()
    {
    }

    /**
     * @param full  the table.
     * @param width the terminal's columns.
     * @return the compact view in lines no wider than {@code width} (a single cell wider than that stays whole).
     */
    public static String render(final Table full, final int width)
    {
        final Table table = full.compact();
        final List<String> headers = new ArrayList<>();
        table.columns().forEach(column -> headers.add(shorter(column.header())));
        final List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < headers.size(); i++)
        {
            kept.add(i);
        }
        final int[] widths = widths(table, headers);
        final List<String> left = new ArrayList<>();
        for (final String prefix : FIRST_TO_GO)
        {
            for (int i = kept.size() - 1; i >= KEY_COLUMNS && lineWidth(widths, kept) > width; i--)
            {
                if (headers.get(kept.get(i)).startsWith(prefix))
                {
                    left.add(table.columns().get(kept.remove(i)).header());
                }
            }
        }
        while (lineWidth(widths, kept) > width && kept.size() > KEY_COLUMNS + 1)
        {
            left.add(table.columns().get(kept.remove(kept.size() - 1)).header());
        }

        final StringBuilder out = new StringBuilder();
        out.append("### ").append(table.title()).append("\n\n");
        for (final String note : table.notes())
        {
            wrap(out, note, width);
        }
        if (!left.isEmpty())
        {
            wrap(out, "Left out here to fit " + width + " columns (in tables.md and the report): " + String.join(", ", left) + ".",
                width);
        }
        if (table.rows().isEmpty())
        {
            return out.append("(no rows)\n").toString();
        }
        final List<String> header = new ArrayList<>();
        final List<String> rule = new ArrayList<>();
        for (final int i : kept)
        {
            header.add(pad(headers.get(i), widths[i], false));
            rule.add(table.columns().get(i).numeric() ? "-".repeat(widths[i] - 1) + ":" : "-".repeat(widths[i]));
        }
        line(out, header);
        line(out, rule);
        for (final List<Table.Value> row : table.rows())
        {
            final List<String> cells = new ArrayList<>();
            for (final int i : kept)
            {
                cells.add(pad(cell(row.get(i).text()), widths[i], table.columns().get(i).numeric()));
            }
            line(out, cells);
        }
        return out.toString();
    }

    /** @return the header said shorter: the words a terminal table repeats in every heading. */
    public static String shorter(final String header)
    {
        return header.replace("convergence", "conv.").replace("unavailability", "unavail.")
            .replace("safety violations (runs)", "safety (runs)").replace(" (95% CI)", " [95%]")
            .replace("messages (msgs)", "messages").replace("bytes (B)", "bytes");
    }

    private static int[] widths(final Table table, final List<String> headers)
    {
        final int[] widths = new int[headers.size()];
        for (int i = 0; i < widths.length; i++)
        {
            widths[i] = Math.max(3, headers.get(i).length());
            for (final List<Table.Value> row : table.rows())
            {
                widths[i] = Math.max(widths[i], cell(row.get(i).text()).length());
            }
        }
        return widths;
    }

    private static int lineWidth(final int[] widths, final List<Integer> kept)
    {
        int total = 1;
        for (final int i : kept)
        {
            total += widths[i] + 3;
        }
        return total;
    }

    private static void wrap(final StringBuilder out, final String text, final int width)
    {
        final StringBuilder lineText = new StringBuilder();
        for (final String word : text.split(" "))
        {
            if (lineText.length() > 0 && lineText.length() + 1 + word.length() > width)
            {
                out.append(lineText).append('\n');
                lineText.setLength(0);
            }
            lineText.append(lineText.length() > 0 ? " " : "").append(word);
        }
        out.append(lineText).append("\n\n");
    }

    private static String cell(final String text)
    {
        return text.replace("|", "\\|").replace("\n", " ");
    }

    private static String pad(final String text, final int width, final boolean right)
    {
        final String padding = " ".repeat(Math.max(0, width - text.length()));
        return right ? padding + text : text + padding;
    }

    private static void line(final StringBuilder out, final List<String> cells)
    {
        out.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }

    /** @return how wide the widest line of {@code text} is. */
    public static int widest(final String text)
    {
        int widest = 0;
        for (final String lineText : text.split("\n"))
        {
            widest = Math.max(widest, lineText.length());
        }
        return widest;
    }
}
