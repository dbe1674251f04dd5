package org.electbench.harness;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

import org.electbench.transport.metrics.MetricKind;
import org.electbench.transport.metrics.Metrics;

/**
 * A markdown table comparing run reports of one scenario, a row per algorithm, runtime and
 * cluster size, columns from the metric declarations: a distribution's p50 and p99 (ms), a
 * count's mean per election, a level's largest, a violation's runs. Per-type message counts
 * differ by algorithm and stay in the reports.
 */
public final class ComparisonTable
{
    private ComparisonTable()
    {
    }

    /**
     * @param reports rows, in order; the columns are those of the report with the most metrics (a
     *                real-clock runtime's adds floor and overhead), a cell a report lacks shows "-".
     * @param out     where the table goes.
     */
    public static void write(final List<RunReport> reports, final PrintWriter out)
    {
        if (reports.isEmpty())
        {
            return;
        }
        RunReport widest = reports.get(0);
        for (final RunReport report : reports)
        {
            widest = report.metrics().size() > widest.metrics().size() ? report : widest;
        }
        final List<MetricValue> columns = widest.metrics().stream()
            .filter(metric -> !metric.name().startsWith(Metrics.MESSAGES_BY_TYPE_PREFIX))
            .toList();
        final StringBuilder header = new StringBuilder("| algorithm | runtime | N |");
        final StringBuilder rule = new StringBuilder("|---|---|---:|");
        for (final MetricValue column : columns)
        {
            for (final String title : titles(column))
            {
                header.append(' ').append(title).append(" |");
                rule.append("---:|");
            }
        }
        out.println(header);
        out.println(rule);
        for (final RunReport report : reports)
        {
            final StringBuilder row = new StringBuilder("| ").append(report.parameter(Parameters.ALGORITHM))
                .append(" | ").append(report.parameter(Parameters.RUNTIME))
                .append(" | ").append(report.parameter(Parameters.NODES)).append(" |");
            for (final MetricValue column : columns)
            {
                final MetricValue metric = find(report, column.name());
                for (final String cell : cells(column, metric))
                {
                    row.append(' ').append(cell).append(" |");
                }
            }
            out.println(row);
        }
        out.flush();
    }

    private static MetricValue find(final RunReport report, final String name)
    {
        for (final MetricValue metric : report.metrics())
        {
            if (metric.name().equals(name))
            {
                return metric;
            }
        }
        return null;
    }

    private static List<String> titles(final MetricValue metric)
    {
        final String unit = "ns".equals(metric.unit()) ? " ms" : "";
        switch (kind(metric))
        {
            case DISTRIBUTION:
                return List.of(metric.name() + " p50" + unit, metric.name() + " p99" + unit);
            case COUNT:
                return List.of(metric.name() + "/election" + unit);
            case MEAN:
                return List.of(metric.name() + " max");
            default:
                return List.of(metric.name() + " runs");
        }
    }

    private static List<String> cells(final MetricValue column, final MetricValue metric)
    {
        final boolean ns = "ns".equals(column.unit());
        switch (kind(column))
        {
            case DISTRIBUTION:
                return null == metric || !metric.hasValues() ? List.of("-", "-") :
                    List.of(millis(metric.p50()), millis(metric.p99()));
            case COUNT:
                return List.of(null == metric ? "-" : ns ? millis(metric.mean()) : String.format(Locale.ROOT, "%.1f", metric.mean()));
            case MEAN:
                return List.of(null == metric ? "-" : String.valueOf(metric.max()));
            default:
                return List.of(null == metric ? "-" : String.valueOf(metric.sum()));
        }
    }

    private static MetricKind kind(final MetricValue metric)
    {
        return MetricKind.valueOf(metric.kind().toUpperCase(Locale.ROOT));
    }

    /** @return nanoseconds as milliseconds with three decimals. */
    public static String millis(final double ns)
    {
        return String.format(Locale.ROOT, "%.3f", ns / 1e6);
    }
}
