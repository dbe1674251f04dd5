package org.electbench.analysis;

import java.awt.BasicStroke;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.DoubleUnaryOperator;

import org.electbench.reporting.ChartStyle;
import org.electbench.reporting.Lines;
import org.electbench.reporting.LogAxis;
import org.electbench.reporting.NamedChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Per scenario, election messages per election against n on log-log axes with n, n·log2 n and n² guides, a panel per transport. */
final class MessagesVsNodes implements ReportChart
{
    @Override
    public List<NamedChart> draw(final RunData data, final ChartStyle.Series style, final String scenario)
    {
        final String title = "Election messages vs cluster size: " + scenario;
        final List<Chart<?, ?>> drawn = new ArrayList<>();
        final Map<String, SortedMap<String, SortedMap<Integer, RowKey>>> panels = RowGroups.linesByPanel(data, scenario);
        final List<String> merged = new ArrayList<>();
        for (final Map.Entry<String, SortedMap<String, SortedMap<Integer, RowKey>>> panel : panels.entrySet())
        {
            final List<Lines.Line> lines = new ArrayList<>();
            double anchorNodes = Double.NaN;
            double anchorMessages = Double.NaN;
            double maxNodes = Double.NaN;
            double least = Double.POSITIVE_INFINITY;
            double most = 0;
            for (final Map.Entry<String, SortedMap<Integer, RowKey>> entry : panel.getValue().entrySet())
            {
                final SortedMap<Integer, RowKey> positive = new TreeMap<>();
                for (final Map.Entry<Integer, RowKey> point : entry.getValue().entrySet())
                {
                    final double messages = RowGroups.value(data, point.getValue(), Charts.MESSAGES);
                    if (messages > 0)
                    {
                        positive.put(point.getKey(), point.getValue());
                        least = Math.min(least, messages);
                        most = Math.max(most, messages);
                    }
                }
                if (positive.size() < 2)
                {
                    continue;
                }
                final String algorithm = positive.values().iterator().next().algorithm();
                lines.add(RowGroups.marked(data, RowGroups.line(entry.getKey(), positive, row -> RowGroups.value(data, row, Charts.MESSAGES),
                    style.colour(algorithm), style.marker(algorithm), false, true), positive));
                final int first = positive.firstKey();
                final double messages = RowGroups.value(data, positive.get(first), Charts.MESSAGES);
                if (Double.isNaN(anchorNodes) || first < anchorNodes || (first == anchorNodes && messages < anchorMessages))
                {
                    anchorNodes = first;
                    anchorMessages = messages;
                }
                maxNodes = Double.isNaN(maxNodes) ? positive.lastKey() : Math.max(maxNodes, positive.lastKey());
            }
            if (lines.isEmpty())
            {
                continue;
            }
            final XYChart chart = ConvergenceVsNodes.nodesChart(panel.getKey(), "election messages per election (log)", panels.size(),
                RowGroups.nodes(panel.getValue()));
            chart.getStyler().setYAxisLogarithmic(true);
            merged.addAll(Lines.add(chart, lines));
            guide(chart, "guide: n", anchorNodes, anchorMessages, maxNodes, n -> n, SeriesLines.DOT_DOT);
            guide(chart, "guide: n log n", anchorNodes, anchorMessages, maxNodes, n -> n * Math.log(n) / Math.log(2), SeriesLines.DASH_DOT);
            guide(chart, "guide: n\u00b2", anchorNodes, anchorMessages, maxNodes, n -> n * n, SeriesLines.DASH_DASH);
            final double top = Math.max(most, guideTop(anchorNodes, anchorMessages, maxNodes));
            LogAxis.set(chart, true, least, top, (int)(ChartStyle.PANEL_HEIGHT * ChartStyle.PLOT_SHARE));
            drawn.add(chart);
        }
        if (drawn.isEmpty())
        {
            return List.of();
        }
        final List<String> notes = new ArrayList<>(List.of("Guides (grey) through the smallest cluster's count. " +
            RowGroups.heldFixed(data.rows(scenario), List.of())));
        Lines.noteMerged(merged, notes);
        notes.add(RowGroups.lateNote(data, data.rows(scenario)));
        return List.of(ChartStyle.figure("messages-vs-n_" + ChartStyle.safe(scenario), title, scenario, drawn, notes));
    }

    private static double guideTop(final double fromNodes, final double atMessages, final double toNodes)
    {
        return Double.isNaN(fromNodes) ? 0 : atMessages / (fromNodes * fromNodes) * toNodes * toNodes;
    }

    private static void guide(final XYChart chart, final String name, final double fromNodes, final double atMessages,
        final double toNodes, final DoubleUnaryOperator shape, final BasicStroke line)
    {
        if (shape.applyAsDouble(fromNodes) <= 0 || !(toNodes > fromNodes))
        {
            return;
        }
        final double scale = atMessages / shape.applyAsDouble(fromNodes);
        final List<Double> xs = new ArrayList<>();
        final List<Double> ys = new ArrayList<>();
        for (double n = fromNodes; n < toNodes; n *= 1.25)
        {
            xs.add(n);
            ys.add(scale * shape.applyAsDouble(n));
        }
        xs.add(toNodes);
        ys.add(scale * shape.applyAsDouble(toNodes));
        final XYSeries series = chart.addSeries(name, xs, ys);
        series.setMarker(SeriesMarkers.NONE);
        series.setLineColor(ChartStyle.GUIDE);
        series.setLineStyle(line);
    }
}
