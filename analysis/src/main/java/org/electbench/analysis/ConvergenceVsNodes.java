package org.electbench.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

import org.electbench.reporting.ChartStyle;
import org.electbench.reporting.Lines;
import org.electbench.reporting.LogAxis;
import org.electbench.reporting.NamedChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Per scenario, convergence p50 (solid) and p99 (dashed) against n, a panel per transport and variant, a colour per
 * algorithm; a p99 is drawn only from {@value Estimate#TAIL_MINIMUM} elections or more, as the tables give it.
 */
final class ConvergenceVsNodes implements ReportChart
{
    @Override
    public List<NamedChart> draw(final RunData data, final ChartStyle.Series style, final String scenario)
    {
        final String title = "Convergence vs cluster size: " + scenario;
        final List<Chart<?, ?>> drawn = new ArrayList<>();
        final Map<String, SortedMap<String, SortedMap<Integer, RowKey>>> panels = RowGroups.linesByPanel(data, scenario);
        final List<String> merged = new ArrayList<>();
        for (final Map.Entry<String, SortedMap<String, SortedMap<Integer, RowKey>>> panel : panels.entrySet())
        {
            final XYChart chart = nodesChart(panel.getKey(), "convergence (ms)", panels.size(), RowGroups.nodes(panel.getValue()));
            final List<Lines.Line> lines = new ArrayList<>();
            for (final Map.Entry<String, SortedMap<Integer, RowKey>> line : panel.getValue().entrySet())
            {
                final String algorithm = line.getValue().values().iterator().next().algorithm();
                lines.add(RowGroups.marked(data, RowGroups.line(line.getKey(), line.getValue(), row -> RowGroups.percentile(data, row, 50),
                    style.colour(algorithm), style.marker(algorithm), false, true), line.getValue()));
                lines.add(RowGroups.marked(data, RowGroups.line(line.getKey(), line.getValue(), row -> RowGroups.percentile(data, row, 99),
                    style.colour(algorithm), SeriesMarkers.NONE, true, false), line.getValue()));
            }
            merged.addAll(Lines.add(chart, lines));
            if (!chart.getSeriesMap().isEmpty())
            {
                drawn.add(chart);
            }
        }
        if (drawn.isEmpty())
        {
            return List.of();
        }
        final List<String> notes = new ArrayList<>(List.of("Solid: p50; dashed: p99 (only from " + Estimate.TAIL_MINIMUM +
            " elections or more). " + RowGroups.heldFixed(data.rows(scenario), List.of())));
        Lines.noteMerged(merged, notes);
        notes.add(RowGroups.lateNote(data, data.rows(scenario)));
        return List.of(ChartStyle.figure("convergence-vs-n_" + ChartStyle.safe(scenario), title, scenario, drawn, notes));
    }

    /** @return a panel against n: cluster sizes on a log axis, its labels every size it can fit, or the decades where they would collide. */
    static XYChart nodesChart(final String title, final String yTitle, final int panels, final java.util.SortedSet<Integer> nodes)
    {
        final XYChart chart = ChartStyle.panel(title, "cluster size n (nodes, log)", yTitle, panels);
        chart.getStyler().setXAxisLogarithmic(true);
        if (!nodes.isEmpty())
        {
            LogAxis.set(chart, false, nodes.first(), nodes.last(), (int)(chart.getWidth() * ChartStyle.PLOT_SHARE));
        }
        return chart;
    }
}
