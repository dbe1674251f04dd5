package org.electbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.electbench.harness.ReportColumns;
import org.electbench.harness.RunReport;

/**
 * One header record and one data record through Commons CSV (RFC 4180 quoting, so a delay
 * such as {@code uniform:1ms,3ms} stays one field); columns are {@link ReportColumns}.
 */
final class CsvWriter implements OutputFormat.ReportWriter
{
    @Override
    public void write(final RunReport report, final PrintWriter out)
    {
        final List<ReportColumns.Column> columns = ReportColumns.of(report);
        try
        {
            final CSVPrinter printer = new CSVPrinter(out, CSVFormat.RFC4180.builder().setRecordSeparator('\n').build());
            printer.printRecord(columns.stream().map(ReportColumns.Column::name));
            printer.printRecord(columns.stream().map(ReportColumns.Column::value));
            printer.flush();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }
}
