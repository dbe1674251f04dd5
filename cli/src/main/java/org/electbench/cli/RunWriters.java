package org.electbench.cli;

import java.io.PrintWriter;
import java.util.List;

import org.electbench.analysis.RunData;
import org.electbench.analysis.RunFolders;
import org.electbench.reporting.OutputFormat;
import org.electbench.reporting.Table;
import org.electbench.reporting.TableFormat;
import org.electbench.analysis.Tables;
import org.electbench.harness.RunReport;
import org.electbench.harness.RunReportCodec;

/**
 * How {@code simulate} and {@code observe} print a run, one writer per {@link OutputFormat} they
 * accept: the table and CSV are analysis' table model, rendered as {@code report} renders it (the
 * same columns, readable durations in the table, exact values in each metric's unit in CSV); JSON
 * is the run report itself, which {@code report} reads back.
 */
final class RunWriters
{
    private RunWriters()
    {
    }

    static void write(final OutputFormat format, final RunReport report, final PrintWriter out)
    {
        switch (format)
        {
            case TABLE:
                tables(report).forEach(table -> out.print(TableFormat.MARKDOWN.render(printedAlone(table))));
                break;
            case CSV:
                tables(report).forEach(table -> out.print(TableFormat.CSV.render(table)));
                break;
            case JSON:
                out.println(RunReportCodec.toJson(report));
                break;
            default:
                throw new IllegalArgumentException("no run writer for --format " + format.cliName());
        }
        out.flush();
    }

    static void write(final OutputFormat format, final Report report, final PrintWriter out)
    {
        write(format, report.toRunReport("./electbench"), out);
    }

    /** On the terminal no CSV or JSON lies beside the table: its note says how to get them. */
    static final String EVERY_COLUMN_ALONE = "--format csv prints every column, --format json the whole report.";

    private static Table printedAlone(final Table table)
    {
        return new Table(table.id(), table.title(), table.notes().stream().map(note -> note.replace(Tables.EVERY_COLUMN, EVERY_COLUMN_ALONE)).toList(),
            table.columns(), table.rows());
    }

    /** @return the report's table: one row, its scenario's. */
    static List<Table> tables(final RunReport report)
    {
        final RunData data = RunFolders.of(List.of(report), "this run", null == report.environment() ? "" : report.environment().commandLine());
        return Tables.all(data);
    }
}
