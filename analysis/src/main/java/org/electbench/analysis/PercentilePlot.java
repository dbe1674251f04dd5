package org.electbench.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

import org.HdrHistogram.Histogram;
import org.electbench.reporting.Cell;
import org.electbench.reporting.ChartStyle;
import org.electbench.reporting.Lines;
import org.electbench.reporting.LogAxis;
import org.electbench.reporting.NamedChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Per scenario and algorithm, convergence's percentile plot: one line per n, the x axis {@code 1/(1-p)} on a log
 * scale so the tail (99%, 99.9%) is as wide as the body; a panel per transport and per variant (the settings that
 * tell rows apart, in its title).
 */
final class PercentilePlot implements ReportChart
{
    @Override
    public List<NamedChart> draw(final RunData data, final ChartStyle.Series style, final String scenario)
    {
        final List<NamedChart> charts = new ArrayList<>();
        final List<String> varying = RowGroups.linesApart(data.rows(scenario));
        for (final Map.Entry<String, List<RowKey>> entry : RowGroups.byAlgorithm(data.rows(scenario)).entrySet())
        {
            final String title = "Convergence percentiles: " + scenario + ", " + entry.getKey();
            final SortedMap<String, List<RowKey>> panels = RowGroups.panels(entry.getValue(), varying);
            final List<Chart<?, ?>> drawn = new ArrayList<>();
            for (final Map.Entry<String, List<RowKey>> panel : panels.entrySet())
            {
                final XYChart chart = panel(data, panel.getKey(), panel.getValue(), panels.size());
                if (!chart.getSeriesMap().isEmpty())
                {
                    drawn.add(chart);
                }
            }
            if (!drawn.isEmpty())
            {
                charts.add(ChartStyle.figure("cdf_" + ChartStyle.safe(scenario) + "_" + ChartStyle.safe(entry.getKey()), title, scenario,
                    drawn, List.of(RowGroups.heldFixed(entry.getValue(), List.of()), RowGroups.lateNote(data, entry.getValue()))));
            }
        }
        return charts;
    }

    private static XYChart panel(final RunData data, final String title, final List<RowKey> rows, final int panels)
    {
        final XYChart chart = ChartStyle.panel(title, "percentile of elections (tail stretched: 1/(1-p), log)", "convergence (ms)",
            panels);
        chart.getStyler().setxAxisTickLabelsFormattingFunction(LogAxis::percentileLabel);
        // From zero, so a distribution of one value (the simulator's, often) is a level line at its height.
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setXAxisMin(0.0);
        long most = 0;
        final List<Lines.Line> lines = new ArrayList<>();
        int colour = 0;
        for (final RowKey row : rows)
        {
            final Histogram histogram = data.histogram(row, Charts.CONVERGENCE);
            if (null == histogram || histogram.getTotalCount() == 0)
            {
                continue;
            }
            final List<Double> x = new ArrayList<>();
            final List<Double> y = new ArrayList<>();
            for (final PercentilePoint point : PercentilePoint.of(histogram))
            {
                x.add(Math.log10(point.tailPosition(histogram.getTotalCount())));
                y.add(point.value() / 1e6);
            }
            most = Math.max(most, histogram.getTotalCount());
            final Lines.Line line = new Lines.Line("n=" + row.nodes() + " " + count(data, row, histogram), x, y,
                ChartStyle.colour(colour++), SeriesMarkers.NONE, false, true);
            lines.add(RowGroups.hostLate(data, row) ? line.hostLate("") : line);
        }
        Lines.add(chart, lines);
        // At least to 99%, so the tail's scale shows even for a few elections.
        chart.getStyler().setXAxisMax(Math.max(2.0, Math.ceil(Math.log10(Math.max(1, most)))));
        return chart;
    }

    /** @return "(N elections)", and how many of them reached a leader when not all did: what the line is drawn from. */
    private static String count(final RunData data, final RowKey row, final Histogram histogram)
    {
        final Cell elections = data.cell(row, JmhSource.ELECTIONS);
        final long measured = null == elections ? histogram.getTotalCount() : Math.round(elections.value());
        return measured == histogram.getTotalCount() ? "(" + measured + " elections)" :
            "(" + measured + " elections, " + histogram.getTotalCount() + " converged)";
    }
}
