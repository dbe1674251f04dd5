package org.electbench.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;

import org.electbench.harness.MetricValue;
import org.electbench.harness.Parameters;
import org.electbench.harness.RunReport;

/**
 * A short human-readable report, one line per declared metric; times in milliseconds.
 */
final class TableWriter implements OutputFormat.ReportWriter
{
    @Override
    public void write(final RunReport report, final PrintWriter out)
    {
        final Map<String, String> parameters = report.parameters();
        out.printf(Locale.ROOT, "%s on %s: n=%s scenario=%s detect=%s delay=%s loss=%s runs=%d seed=%s%n",
            parameters.get(Parameters.ALGORITHM), parameters.get(Parameters.RUNTIME), parameters.get(Parameters.NODES),
            parameters.get(Parameters.SCENARIO), parameters.get(Parameters.DETECT), parameters.get(Parameters.DELAY),
            parameters.get(Parameters.LOSS), report.runs(), parameters.get(Parameters.SEED));
        // A row some explicit setting distorts, or derived from a quantile of an unbounded delay, says so in the row.
        for (final String mark : new String[]{Parameters.DISTORTION, Parameters.DELAY_BOUND})
        {
            if (parameters.containsKey(mark))
            {
                out.printf(Locale.ROOT, "  %-22s %s%n", mark, parameters.get(mark));
            }
        }
        for (final MetricValue metric : report.metrics())
        {
            out.printf(Locale.ROOT, "  %-22s %s%n", metric.name(), describe(metric));
        }
        out.printf(Locale.ROOT, "  %-22s %s%n", "leader", report.runs() == 1 ? String.valueOf(report.leader()) : "(many runs)");
        out.printf(Locale.ROOT, "  %-22s %.1f ms wall%n", "cost", report.wallNs() / 1e6);
        out.flush();
    }

    private static String describe(final MetricValue metric)
    {
        final boolean ns = "ns".equals(metric.unit());
        switch (metric.kind())
        {
            case "distribution":
                // A metric with one value per run counts runs; one with many (every timer fired) counts its values.
                return !metric.hasValues() ? "(none)" : String.format(Locale.ROOT, "mean %s ms  p50 %s ms  p99 %s ms  max %s ms  (%d %s)",
                    millis(metric.mean()), millis(metric.p50()), millis(metric.p99()), millis(metric.max()), metric.samples(),
                    metric.samples() <= metric.runs() ? "runs" : "values over " + metric.runs() + " runs");
            case "count":
                if (0 == metric.samples())
                {
                    // A figure the run had none of (a disturbance metric of a clean crash).
                    return "(none)";
                }
                return ns ?
                    String.format(Locale.ROOT, "mean %s ms  max %s ms", millis(metric.mean()), millis(metric.max())) :
                    String.format(Locale.ROOT, "mean %s  min %d  max %d %s", number(metric.mean()), metric.min(), metric.max(), metric.unit());
            case "mean":
                if (0 == metric.samples())
                {
                    return "(none)";
                }
                return String.format(Locale.ROOT, "mean %s  max %d %s", number(metric.mean()), metric.max(), metric.unit());
            default:
                // Out of the runs it could be judged on: none for a wrong leader where the source promises no winner.
                return 0 == metric.samples() ? "n/a" : String.format(Locale.ROOT, "%d of %d runs", metric.sum(), metric.samples());
        }
    }

    static String millis(final double ns)
    {
        return String.format(Locale.ROOT, "%.3f", ns / 1e6);
    }

    private static String number(final double value)
    {
        return value == Math.rint(value) ? String.valueOf((long)value) : String.format(Locale.ROOT, "%.2f", value);
    }
}
