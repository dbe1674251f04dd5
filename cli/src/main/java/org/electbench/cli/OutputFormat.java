package org.electbench.cli;

import java.io.PrintWriter;
import java.util.function.Supplier;

/**
 * Output formats as an enum of factories.
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
        void write(Report report, PrintWriter out);
    }
}
