package org.electbench.cli;

import java.io.PrintWriter;
import java.util.function.Supplier;

import org.electbench.harness.RunReport;

/**
 * Output formats as an enum of factories; each writer iterates the report's metrics, which come
 * from the declarations.
 */
enum OutputFormat
{
    TABLE(TableWriter::new),
    JSON(JsonWriter::new),
    CSV(CsvWriter::new);

    private final Supplier<ReportWriter> factory;

    OutputFormat(final Supplier<ReportWriter> factory)
    {
        this.factory = factory;
    }

    ReportWriter newWriter()
    {
        return factory.get();
    }

    interface ReportWriter
    {
        void write(RunReport report, PrintWriter out);

        default void write(final Report report, final PrintWriter out)
        {
            write(report.toRunReport("./electbench"), out);
        }
    }
}
