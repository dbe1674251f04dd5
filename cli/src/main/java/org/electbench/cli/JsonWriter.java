package org.electbench.cli;

import java.io.PrintWriter;

import org.electbench.harness.RunReport;
import org.electbench.harness.RunReportCodec;

/**
 * The run report's JSON, the same the benchmarks write into run folders (layout on {@link RunReport}).
 */
final class JsonWriter implements OutputFormat.ReportWriter
{
    @Override
    public void write(final RunReport report, final PrintWriter out)
    {
        out.println(RunReportCodec.toJson(report));
        out.flush();
    }
}
