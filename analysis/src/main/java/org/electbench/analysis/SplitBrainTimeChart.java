package org.electbench.analysis;

import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

import org.electbench.reporting.ChartStyle;
import org.electbench.reporting.NamedChart;
import org.electbench.reporting.NaturalOrder;

/**
 * Mean split-brain time per election, per algorithm variant (series) and scenario (category): the worst row of each,
 * never a sum over variants; rows the host made late are left out, as they draw no safety verdict, and named in a note.
 */
final class SplitBrainTimeChart implements ReportChart
{
    static final String SPLIT_BRAIN_TIME = "splitBrainTime";

    @Override
    public List<NamedChart> draw(final RunData data, final ChartStyle.Series style, final String scenario)
    {
        if (null == data.metric(SPLIT_BRAIN_TIME))
        {
            return List.of();
        }
        final List<String> variants = RowGroups.variants(data.rows());
        final SortedMap<String, SortedMap<String, Double>> byVariant = new TreeMap<>(NaturalOrder.TEXT);
        for (final RowKey row : RowGroups.ordered(data.rows()))
        {
            final double value = RowGroups.value(data, row, SPLIT_BRAIN_TIME);
            if (!Double.isNaN(value) && !RowGroups.hostLate(data, row))
            {
                byVariant.computeIfAbsent(Incidents.label(row, variants), key -> new TreeMap<>())
                    .merge(row.scenario(), value / 1e6, Math::max);
            }
        }
        return ViolationsChart.categories("safety_split-brain-time", "Safety: time with two or more leaders", "scenario",
            "worst mean split-brain time per election over the rows (ms)", byVariant, RowGroups.lateNote(data, data.rows()));
    }
}
