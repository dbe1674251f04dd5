package org.electbench.analysis;

import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import org.electbench.reporting.ChartStyle;
import org.electbench.reporting.NamedChart;
import org.electbench.reporting.NaturalOrder;

/**
 * Runs that broke each rule (every violation the declarations name), per algorithm variant: the most in any one row
 * (scenario, transport, n), never a sum over scenarios or variants, so a variant that never broke a rule is not
 * charged with another's runs; rows the host made late are left out, and named in a note.
 */
final class ViolationsChart implements ReportChart
{
    @Override
    public List<NamedChart> draw(final RunData data, final ChartStyle.Series style, final String scenario)
    {
        final List<String> variants = RowGroups.variants(data.rows());
        final SortedMap<String, SortedMap<String, Double>> byRule = new TreeMap<>();
        final SortedSet<String> labels = new TreeSet<>(NaturalOrder.TEXT);
        for (final Metric metric : data.metrics())
        {
            if (metric.kind() != Metric.Kind.VIOLATION || Findings.HOST_LATE.equals(metric.name()))
            {
                continue;
            }
            for (final RowKey row : RowGroups.ordered(data.rows()))
            {
                final double value = RowGroups.value(data, row, metric.name());
                if (!Double.isNaN(value) && !RowGroups.hostLate(data, row))
                {
                    final String label = Incidents.label(row, variants);
                    labels.add(label);
                    byRule.computeIfAbsent(metric.name(), key -> new TreeMap<>(NaturalOrder.TEXT)).merge(label, value, Math::max);
                }
            }
        }
        for (final SortedMap<String, Double> values : byRule.values())
        {
            for (final String label : labels)
            {
                values.putIfAbsent(label, 0.0);
            }
        }
        return categories("safety_violations", "Safety: runs that broke each rule, in each variant's worst row",
            "algorithm and variant", "runs", byRule, RowGroups.lateNote(data, data.rows()));
    }

    /** @return one bar chart of the series over their categories, the whole figure's width; none without a series. */
    static List<NamedChart> categories(final String stem, final String title, final String xTitle, final String yTitle,
        final SortedMap<String, SortedMap<String, Double>> series, final String note)
    {
        if (series.isEmpty())
        {
            return List.of();
        }
        final List<String> order = List.copyOf(series.keySet());
        final NamedChart chart = new NamedChart(stem, title, null, ChartStyle.bars(title, xTitle, yTitle, ChartStyle.WIDTH,
            ChartStyle.HEIGHT, series, name -> ChartStyle.colour(order.indexOf(name))));
        return note.isEmpty() ? List.of(chart) : List.of(new NamedChart(stem, title, null, chart.panels(), chart.columns(), List.of(note)));
    }
}
