package org.electbench.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.electbench.transport.metrics.MetricKind;

/**
 * A run report as flat named columns, built from the parameters and the metric declarations
 * alone (no writer keeps its own list): the parameters, {@code runs}, {@code leader}, then per
 * metric {@code <name>.<statistic>} — a distribution's samples, mean, p50, p90, p99, p999, max
 * (empty when no run had a value); a count's mean, min, max, sum; a level's mean and max; a
 * violation's runs — and {@code wallNs}. Values are in the metric's unit (times in ns).
 */
public final class ReportColumns
{
    /**
     * @param name  column name.
     * @param value its value, "" when there is none.
     */
    public record Column(String name, String value)
    {
    }

    private ReportColumns()
    {
    }

    public static List<Column> of(final RunReport report)
    {
        final List<Column> columns = new ArrayList<>();
        for (final Map.Entry<String, String> parameter : report.parameters().entrySet())
        {
            columns.add(new Column(parameter.getKey(), parameter.getValue()));
        }
        columns.add(new Column("runs", String.valueOf(report.runs())));
        columns.add(new Column("leader", report.runs() == 1 ? String.valueOf(report.leader()) : ""));
        for (final MetricValue metric : report.metrics())
        {
            final String name = metric.name();
            switch (MetricKind.valueOf(metric.kind().toUpperCase(Locale.ROOT)))
            {
                case DISTRIBUTION:
                    final boolean values = metric.hasValues();
                    columns.add(new Column(name + ".samples", String.valueOf(metric.samples())));
                    columns.add(new Column(name + ".mean", values ? decimal(metric.mean()) : ""));
                    columns.add(new Column(name + ".p50", values ? String.valueOf(metric.p50()) : ""));
                    columns.add(new Column(name + ".p90", values ? String.valueOf(metric.p90()) : ""));
                    columns.add(new Column(name + ".p99", values ? String.valueOf(metric.p99()) : ""));
                    columns.add(new Column(name + ".p999", values ? String.valueOf(metric.p999()) : ""));
                    columns.add(new Column(name + ".max", values ? String.valueOf(metric.max()) : ""));
                    break;
                case COUNT:
                    columns.add(new Column(name + ".mean", decimal(metric.mean())));
                    columns.add(new Column(name + ".min", String.valueOf(metric.min())));
                    columns.add(new Column(name + ".max", String.valueOf(metric.max())));
                    columns.add(new Column(name + ".sum", String.valueOf(metric.sum())));
                    break;
                case MEAN:
                    columns.add(new Column(name + ".mean", decimal(metric.mean())));
                    columns.add(new Column(name + ".max", String.valueOf(metric.max())));
                    break;
                case VIOLATION:
                    columns.add(new Column(name + ".runs", String.valueOf(metric.sum())));
                    break;
                default:
                    throw new IllegalStateException(metric.kind());
            }
        }
        columns.add(new Column("wallNs", String.valueOf(report.wallNs())));
        return columns;
    }

    static String decimal(final double value)
    {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? String.valueOf((long)value) : String.format(Locale.ROOT, "%.3f", value);
    }
}
