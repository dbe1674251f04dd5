package org.electbench.cli;

import java.io.PrintWriter;
import java.util.List;

import org.electbench.analysis.RunData;
import org.electbench.analysis.RunFolders;
import org.electbench.reporting.Table;
import org.electbench.reporting.TableFormat;
import org.electbench.analysis.Tables;
import org.electbench.harness.RunReport;
import org.electbench.harness.RunReportCodec;

/**
 * How {@code simulate} and {@code observe} print a run: the table and CSV are analysis' table
 * model, rendered as {@code report} renders it (the same columns, readable durations in the
 * table, exact values in each metric's unit in CSV); JSON is the run report itself, which
 * {@code report} reads back.
 */
enum OutputFormat
{
    TABLE
    {
        @Override
        void write(final RunReport report, final PrintWriter out)
        {
            tables(report).forEach(table -> out.print(TableFormat.MARKDOWN.render(printedAlone(table))));
            out.flush();
        }
    },
    JSON
    {
        @Override
        void write(final RunReport report, final PrintWriter out)
        {
            out.println(RunReportCodec.toJson(report));
            out.flush();
        }
    },
    CSV
    {
        @Override
        void write(final RunReport report, final PrintWriter out)
        {
            tables(report).forEach(table -> out.print(TableFormat.CSV.render(table)));
            out.flush();
        }
    };

    abstract void write(RunReport report, PrintWriter out);

    void write(final Report report, final PrintWriter out)
    {
        write(report.toRunReport("./electbench"), out);
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
