package org.electbench.tune;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.electbench.transport.AtomicOutput;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The frontier as a chart: per algorithm, failover p99 against the 95 % upper bound of false
 * elections per day (log axis), every lint-clean setting as a point, the recommended ones ringed
 * (each at or left of the target line, as the bound is what they are accepted on), the target as a line.
 */
public final class FrontierChart
{
    private static final int WIDTH = 900;
    private static final int HEIGHT = 600;

    private FrontierChart()
    {
    }

    /**
     * @param report what to draw.
     * @param file   a .png file, written whole to a temporary file first so an interrupted run leaves no half chart.
     * @throws IOException when it cannot be written.
     */
    public static void write(final TuneReport report, final Path file) throws IOException
    {
        final XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
            .title(String.format("Failover p99 vs false elections/day, %d nodes, one-way %s, target %s/day",
                report.request().nodes(), report.request().network().delaySpec(), TuneFormat.number(report.request().targetPerDay())))
            .xAxisTitle("false elections per day (95% upper bound)")
            .yAxisTitle("failover p99 (ms)")
            .build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setMarkerSize(8);
        double maxRate = 0;
        final List<Double> bestX = new ArrayList<>();
        final List<Double> bestY = new ArrayList<>();
        for (final TuneReport.AlgorithmResult result : report.algorithms())
        {
            final List<Double> x = new ArrayList<>();
            final List<Double> y = new ArrayList<>();
            for (final Evaluation evaluation : result.evaluations())
            {
                if (!evaluation.isCandidate() || evaluation.failover().p99Ns() <= 0)
                {
                    continue;
                }
                // A bound of zero (no pause, no loss, a vanishing tail) has no place on a log axis: drawn at the axis floor.
                final double rate = Math.max(1e-12, evaluation.falseElections().upperPerDay());
                x.add(rate);
                y.add(evaluation.failover().p99Ns() / 1e6);
                maxRate = Math.max(maxRate, rate);
                if (evaluation == result.recommended())
                {
                    bestX.add(rate);
                    bestY.add(evaluation.failover().p99Ns() / 1e6);
                }
            }
            if (!x.isEmpty())
            {
                chart.addSeries(result.algorithm(), x, y);
            }
        }
        if (!bestX.isEmpty())
        {
            final XYSeries best = chart.addSeries("recommended", bestX, bestY);
            best.setMarker(SeriesMarkers.CIRCLE);
            best.setMarkerColor(new java.awt.Color(0, 0, 0, 90));
        }
        if (maxRate > 0)
        {
            final double target = report.request().targetPerDay();
            double lowY = Double.MAX_VALUE;
            double highY = 0;
            for (final TuneReport.AlgorithmResult result : report.algorithms())
            {
                for (final Evaluation evaluation : result.evaluations())
                {
                    if (evaluation.isCandidate() && evaluation.failover().p99Ns() > 0)
                    {
                        lowY = Math.min(lowY, evaluation.failover().p99Ns() / 1e6);
                        highY = Math.max(highY, evaluation.failover().p99Ns() / 1e6);
                    }
                }
            }
            final XYSeries line = chart.addSeries("target", new double[] {target, target}, new double[] {lowY, highY});
            line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            line.setMarker(SeriesMarkers.NONE);
        }
        final byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        final String name = file.getFileName().toString();
        final Path target = name.toLowerCase(java.util.Locale.ROOT).endsWith(".png") ? file : file.resolveSibling(name + ".png");
        AtomicOutput.creatingFolders(target).write(png);
    }
}
