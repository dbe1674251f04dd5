package org.electbench.reporting;

import org.electbench.transport.InputFiles;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * The formats a {@link Table} is rendered in, as an enum of factories (as Caffeine's simulator
 * keeps its report formats). Each only prints the model: markdown and HTML show the compact
 * view (HTML adds the full set in a collapsible section), CSV (Commons CSV) and JSON (Jackson)
 * every column with exact values in each metric's own unit.
 */
public enum TableFormat
{
    MARKDOWN("md", Markdown::new),
    CSV("csv", Csv::new),
    JSON("json", Json::new),
    HTML("html", Html::new);

    /** Renders one table as text. */
    public interface Renderer
    {
        String render(Table table);
    }

    /** The folder of a report that holds its tables; the HTML links a table's CSV and JSON there. */
    public static final String TABLES = "tables";

    private final String extension;
    private final Supplier<Renderer> factory;

    TableFormat(final String extension, final Supplier<Renderer> factory)
    {
        this.extension = extension;
        this.factory = factory;
    }

    public String extension()
    {
        return extension;
    }

    public String render(final Table table)
    {
        return factory.get().render(table);
    }

    /** Markdown, its columns padded so it reads on a terminal as it does rendered. */
    static final class Markdown implements Renderer
    {
        @Override
        public String render(final Table full)
        {
            final Table table = full.compact();
            final StringBuilder out = new StringBuilder();
            out.append("### ").append(InputFiles.printable(table.title())).append("\n\n");
            for (final String note : table.notes())
            {
                out.append(InputFiles.printable(note)).append("\n\n");
            }
            if (table.rows().isEmpty())
            {
                return out.append("(no rows)\n").toString();
            }
            final int[] widths = new int[table.columns().size()];
            for (int i = 0; i < widths.length; i++)
            {
                widths[i] = Math.max(3, cell(table.columns().get(i).header()).length());
                for (final List<Table.Value> row : table.rows())
                {
                    widths[i] = Math.max(widths[i], cell(row.get(i).text()).length());
                }
            }
            final List<String> header = new ArrayList<>();
            final List<String> rule = new ArrayList<>();
            for (int i = 0; i < widths.length; i++)
            {
                final Table.Column column = table.columns().get(i);
                header.add(pad(cell(column.header()), widths[i], false));
                rule.add(column.numeric() ? "-".repeat(widths[i] - 1) + ":" : "-".repeat(widths[i]));
            }
            line(out, header);
            line(out, rule);
            for (final List<Table.Value> row : table.rows())
            {
                final List<String> cells = new ArrayList<>();
                for (int i = 0; i < widths.length; i++)
                {
                    cells.add(pad(cell(row.get(i).text()), widths[i], table.columns().get(i).numeric()));
                }
                line(out, cells);
            }
            return out.toString();
        }

        private static String cell(final String text)
        {
            return InputFiles.printable(text).replace("|", "\\|");
        }

        private static String pad(final String text, final int width, final boolean right)
        {
            final String space = " ".repeat(Math.max(0, width - text.length()));
            return right ? space + text : text + space;
        }

        private static void line(final StringBuilder out, final List<String> cells)
        {
            out.append("| ").append(String.join(" | ", cells)).append(" |\n");
        }
    }

    /** CSV through Commons CSV: every column, headed by its id, exact values. */
    static final class Csv implements Renderer
    {
        @Override
        public String render(final Table all)
        {
            final Table table = all.full();
            final StringWriter text = new StringWriter();
            try (CSVPrinter printer = new CSVPrinter(text, CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build()))
            {
                printer.printRecord(table.columns().stream().map(column -> InputFiles.printable(column.id())).toList());
                for (final List<Table.Value> row : table.rows())
                {
                    printer.printRecord(row.stream().map(Csv::exact).toList());
                }
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException(ex);
            }
            return text.toString();
        }

        private static String exact(final Table.Value value)
        {
            final Object exact = value.exact();
            if (exact instanceof Long || exact instanceof Integer)
            {
                return exact.toString();
            }
            return exact instanceof Number number ? Numbers.exact(number.doubleValue()) :
                null == exact ? "" : InputFiles.printable(exact.toString());
        }
    }

    /** JSON through Jackson: the title, notes, columns and every row as an object keyed by column id. */
    static final class Json implements Renderer
    {
        private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

        @Override
        public String render(final Table all)
        {
            final Table table = all.full();
            final Map<String, Object> root = new LinkedHashMap<>();
            root.put("table", table.id());
            root.put("title", table.title());
            root.put("notes", table.notes());
            final List<Map<String, Object>> columns = new ArrayList<>();
            for (final Table.Column column : table.columns())
            {
                final Map<String, Object> described = new LinkedHashMap<>();
                described.put("id", column.id());
                described.put("header", column.header());
                described.put("compact", column.compact());
                columns.add(described);
            }
            root.put("columns", columns);
            final List<Map<String, Object>> rows = new ArrayList<>();
            for (final List<Table.Value> row : table.rows())
            {
                final Map<String, Object> values = new LinkedHashMap<>();
                for (int i = 0; i < row.size(); i++)
                {
                    final Object exact = row.get(i).exact();
                    values.put(table.columns().get(i).id(), json(row.get(i).exact()));
                }
                rows.add(values);
            }
            root.put("rows", rows);
            try
            {
                return MAPPER.writeValueAsString(root) + "\n";
            }
            catch (final JsonProcessingException ex)
            {
                throw new IllegalStateException("a table did not serialise: " + ex.getMessage(), ex);
            }
        }
    }

    /** @return a number as JSON holds it best: whole numbers as integers, NaN and infinities as null. */
    public static Object json(final Object exact)
    {
        if (exact instanceof Double || exact instanceof Float)
        {
            final double value = ((Number)exact).doubleValue();
            if (Double.isNaN(value) || Double.isInfinite(value))
            {
                return null;
            }
            return value == Math.rint(value) && Math.abs(value) < 1e15 ? (Object)(long)value : exact;
        }
        return exact;
    }

    /**
     * HTML: the compact table, its text cells wrapping within a narrow column so the table fits the
     * page; every column is in the CSV and JSON beside the page, linked below the table rather than
     * drawn (a full table is a hundred columns wide).
     */
    static final class Html implements Renderer
    {
        @Override
        public String render(final Table all)
        {
            final Table table = all.full();
            final StringBuilder html = new StringBuilder();
            for (final String note : table.notes())
            {
                html.append("<p class=\"settings\">").append(escape(note)).append("</p>\n");
            }
            final Table compact = all.compact();
            grid(html, compact);
            if (compact.columns().size() < table.columns().size())
            {
                final String stem = TABLES + "/" + escape(table.id());
                html.append("<p class=\"settings\">All ").append(table.columns().size())
                    .append(" columns, values in each metric's own unit: <a href=\"").append(stem).append(".csv\">CSV</a>, <a href=\"")
                    .append(stem).append(".json\">JSON</a>.</p>\n");
            }
            return html.toString();
        }

        private static void grid(final StringBuilder html, final Table table)
        {
            html.append("<table>\n<tr>");
            for (final Table.Column column : table.columns())
            {
                html.append("<th>").append(escape(column.header())).append("</th>");
            }
            html.append("</tr>\n");
            for (final List<Table.Value> row : table.rows())
            {
                html.append("<tr>");
                for (int i = 0; i < row.size(); i++)
                {
                    html.append(table.columns().get(i).numeric() ? "<td class=\"n\">" : "<td class=\"t\">")
                        .append(escape(row.get(i).text())).append("</td>");
                }
                html.append("</tr>\n");
            }
            html.append("</table>\n");
        }
    }

    /** @return {@code text} as HTML text or attribute value, its control characters escaped first ({@link InputFiles#printable}). */
    public static String escape(final String raw)
    {
        final String text = InputFiles.printable(raw);
        final StringBuilder escaped = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++)
        {
            final char c = text.charAt(i);
            switch (c)
            {
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '&' -> escaped.append("&amp;");
                case '"' -> escaped.append("&quot;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }
}
