package org.electbench.analysis;

import org.electbench.reporting.ChartImage;
import org.electbench.reporting.NamedChart;
import org.electbench.reporting.Table;
import org.electbench.reporting.TableFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.electbench.transport.AtomicOutput;

/**
 * Writes what {@code ./electbench report} produces for the data of one or more run folders:
 * <pre>
 * tables/&lt;scenario&gt;.md, .csv, .json   one table per scenario ({@link Tables}): markdown the compact view, CSV and JSON every column
 * tables.md                     every table, as {@code run} printed them
 * charts/&lt;chart&gt;.png           every chart {@link Charts} draws, once (PNG: a full run's page stays small and loads fast)
 * report.md                     every table, each chart linked, the environment and the command
 * index.html                    one page, opened offline from this folder: tables, the charts beside it, environment, a reading per scenario
 * </pre>
 * Every file is written whole into a temporary file beside it and moved over the old one; the
 * folder holds a file {@code incomplete} while the report is written, so one stopped midway says so. The
 * tables, CSV and report.md depend only on the input, so the same run folders give them byte
 * for byte again.
 */
public final class ReportWriter
{
    public static final String TABLES = TableFormat.TABLES;
    public static final String CHARTS = "charts";
    public static final String REPORT_MD = "report.md";
    /** Every table in one document, the same text {@code run} prints and writes into the run folder. */
    public static final String TABLES_MD = "tables.md";
    public static final String INDEX_HTML = "index.html";
    /** Present in a report folder while it is written: a report stopped midway (killed, disk full) says so. */
    public static final String INCOMPLETE = "incomplete";

    private ReportWriter()
    {
    }

    /**
     * @param data what the folders hold.
     * @param out the folder to write into.
     * @return the files written, in the order written.
     */
    public static List<Path> write(final RunData data, final Path out)
    {
        // The report folder sits in a run folder that may come from another host: nothing below the folder
        // holding it is followed if a link.
        final Path root = null == out.toAbsolutePath().getParent() ? out.toAbsolutePath() : out.toAbsolutePath().getParent();
        final Path marker = out.resolve(INCOMPLETE);
        AtomicOutput.replaceInside(root, marker, "report being written since " + java.time.Instant.now() +
            "; if this file stays, the writing stopped midway and some files here are from an earlier report\n");
        final List<Path> written = new ArrayList<>();
        final String context = context(data);
        final StringBuilder markdown = new StringBuilder();
        markdown.append("# electbench report: ").append(title(data)).append("\n\n");
        markdown.append(context).append("\n\n");
        final List<NamedChart> charts = Charts.all(data);
        for (final Table table : Tables.all(data))
        {
            for (final TableFormat format : List.of(TableFormat.MARKDOWN, TableFormat.CSV, TableFormat.JSON))
            {
                final Path file = out.resolve(TABLES).resolve(table.id() + "." + format.extension());
                AtomicOutput.replaceInside(root, file, format.render(table));
                written.add(file);
            }
            markdown.append(TableFormat.MARKDOWN.render(table)).append('\n');
            for (final String sentence : Findings.of(data, table.title()))
            {
                markdown.append("- ").append(sentence).append('\n');
            }
            markdown.append('\n');
            for (final NamedChart chart : charts)
            {
                if (table.title().equals(chart.scenario()))
                {
                    markdown.append("![").append(chart.title()).append("](").append(CHARTS).append('/').append(chart.stem()).append(".png)\n");
                }
            }
            markdown.append('\n');
        }
        for (final String scenario : Incidents.scenarios(data))
        {
            final Table table = Incidents.table(data, scenario);
            for (final TableFormat format : List.of(TableFormat.MARKDOWN, TableFormat.CSV, TableFormat.JSON))
            {
                final Path file = out.resolve(TABLES).resolve(table.id() + "." + format.extension());
                AtomicOutput.replaceInside(root, file, format.render(table));
                written.add(file);
            }
            markdown.append(Tables.incidentHeading(scenario)).append(TableFormat.MARKDOWN.render(table)).append('\n');
        }
        final Path tables = out.resolve(TABLES_MD);
        AtomicOutput.replaceInside(root, tables, Tables.markdown(data));
        written.add(tables);
        final List<String> footer = footer(data);
        final List<IndexPage.Figure> figures = new ArrayList<>();
        for (final NamedChart chart : charts)
        {
            final byte[] png = ChartImage.png(chart, footer);
            final Path pngFile = out.resolve(CHARTS).resolve(chart.stem() + ".png");
            AtomicOutput.replaceInside(root, pngFile, stream -> stream.write(png));
            written.add(pngFile);
            figures.add(new IndexPage.Figure(chart));
            if (null == chart.scenario())
            {
                markdown.append("![").append(chart.title()).append("](").append(CHARTS).append('/').append(chart.stem()).append(".png)\n");
            }
        }
        final Path report = out.resolve(REPORT_MD);
        AtomicOutput.replaceInside(root, report, markdown.toString());
        written.add(report);
        final Path index = out.resolve(INDEX_HTML);
        AtomicOutput.replaceInside(root, index, IndexPage.html(data, title(data), figures));
        written.add(index);
        try
        {
            java.nio.file.Files.delete(marker);
        }
        catch (final java.io.IOException ex)
        {
            throw new java.io.UncheckedIOException(marker + ": cannot remove the marker of a finished report: " + ex.getMessage(), ex);
        }
        return written;
    }

    static String title(final RunData data)
    {
        final List<String> names = new ArrayList<>();
        for (final RunData.Source source : data.sources())
        {
            names.add(source.name() + (source.complete() ? "" : " (incomplete)"));
        }
        return String.join(", ", names);
    }

    /** @return the environment and the reproducing command of every source, as markdown lines. */
    static String context(final RunData data)
    {
        final StringBuilder text = new StringBuilder();
        for (final RunData.Source source : data.sources())
        {
            if (text.length() > 0)
            {
                text.append("\n\n");
            }
            text.append("Ran on (").append(source.name()).append("): ").append(environment(source));
            if (!source.commandLine().isEmpty())
            {
                text.append("  \nReproduce: `").append(source.commandLine()).append('`');
            }
            if (!source.complete())
            {
                text.append("  \nThis run was interrupted: its folder is marked incomplete.");
            }
        }
        return text.toString();
    }

    /** @return the environment in one line: every field but the command line. */
    static String environment(final RunData.Source source)
    {
        final List<String> fields = new ArrayList<>();
        for (final Map.Entry<String, String> entry : source.environment().entrySet())
        {
            if (!"commandLine".equals(entry.getKey()) && !entry.getValue().isEmpty())
            {
                fields.add(entry.getKey() + " " + entry.getValue());
            }
        }
        return fields.isEmpty() ? "environment not recorded" : String.join("; ", fields);
    }

    /** @return the lines under every chart: where the figures were measured and how to get them again. */
    static List<String> footer(final RunData data)
    {
        final List<String> lines = new ArrayList<>();
        for (final RunData.Source source : data.sources())
        {
            final Map<String, String> environment = source.environment();
            lines.add(source.name() + ": " + String.join(", ", List.of(
                "java " + environment.getOrDefault("javaVersion", "?"),
                environment.getOrDefault("cores", "?") + " cores",
                environment.getOrDefault("os", "?"),
                "commit " + environment.getOrDefault("commit", "?"))));
            if (!source.commandLine().isEmpty())
            {
                lines.add("reproduce: " + source.commandLine());
            }
        }
        return lines;
    }
}
