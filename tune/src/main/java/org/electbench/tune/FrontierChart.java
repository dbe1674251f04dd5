package org.electbench.tune;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.electbench.transport.AtomicOutput;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The frontier as a chart: per algorithm, failover p99 against the 95 % upper bound of false
 * elections per day (log axes, the failover one on whole decades), every lint-clean setting as a
 * point, the recommended ones ringed (each at or left of the target line, as the bound is what
 * they are accepted on), the target as a dashed red line; a bound below a millionth of the target
 * is drawn at that floor and the axis says so.
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
        final TuneRequest request = report.request();
        final double target = request.targetPerDay();
        // Below a millionth of the target a rate is "never" to an operator; drawn there, said on the axis.
        final double floor = target * 1e-6;
        boolean clamped = false;
        double lowY = Double.MAX_VALUE;
        double highY = 0;
        for (final TuneReport.AlgorithmResult result : report.algorithms())
        {
            for (final Evaluation evaluation : drawn(result))
            {
                clamped |= evaluation.falseElections().upperPerDay() < floor;
                lowY = Math.min(lowY, evaluation.failover().p99Ns() / 1e6);
                highY = Math.max(highY, evaluation.failover().p99Ns() / 1e6);
            }
        }
        // Seconds once the slowest setting takes ten of them, so the axis reads 1, 10, 100 rather than 1E4.
        final boolean seconds = highY >= 10_000;
        final double nsPerUnit = seconds ? 1e9 : 1e6;
        lowY /= nsPerUnit / 1e6;
        highY /= nsPerUnit / 1e6;
        final XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
            .title(String.format("Failover p99 against false elections/day: %d nodes, RTT p50 %s p99 %s, target %s/day",
                request.nodes(), TuneFormat.duration(request.network().rttP50Ns()), TuneFormat.duration(request.network().rttP99Ns()),
                TuneFormat.number(target)))
            .xAxisTitle("false elections per day, 95% upper bound" +
                (clamped ? " (below " + TuneFormat.number(floor) + " drawn at " + TuneFormat.number(floor) + ")" : ""))
            .yAxisTitle(seconds ? "failover p99 (s)" : "failover p99 (ms)")
            .build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setMarkerSize(8);
        chart.getStyler().setYAxisDecimalPattern("#,##0.###");
        final List<Double> bestX = new ArrayList<>();
        final List<Double> bestY = new ArrayList<>();
        for (final TuneReport.AlgorithmResult result : report.algorithms())
        {
            final List<Double> x = new ArrayList<>();
            final List<Double> y = new ArrayList<>();
            for (final Evaluation evaluation : drawn(result))
            {
                final double rate = Math.max(floor, evaluation.falseElections().upperPerDay());
                x.add(rate);
                y.add(evaluation.failover().p99Ns() / nsPerUnit);
                if (evaluation == result.recommended())
                {
                    bestX.add(rate);
                    bestY.add(evaluation.failover().p99Ns() / nsPerUnit);
                }
            }
            if (!x.isEmpty())
            {
                chart.addSeries(result.algorithm(), x, y);
            }
        }
        if (!bestX.isEmpty())
        {
            final XYSeries best = chart.addSeries("recommended (ringed)", bestX, bestY);
            best.setMarker(new Ring());
            best.setMarkerColor(Color.BLACK);
        }
        if (highY > 0)
        {
            // Whole decades on the failover axis, so a log axis carries at least two labels to read the points by.
            final double bottom = Math.pow(10, Math.floor(Math.log10(lowY)));
            final double top = Math.pow(10, Math.ceil(Math.log10(highY * 1.0001)));
            chart.getStyler().setYAxisMin(bottom);
            chart.getStyler().setYAxisMax(top);
            chart.getStyler().setXAxisMin(floor / 2);
            final XYSeries line = chart.addSeries("target " + TuneFormat.number(target) + "/day", new double[] {target, target},
                new double[] {bottom, top});
            line.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            line.setMarker(SeriesMarkers.NONE);
            line.setLineColor(Color.RED);
            line.setLineStyle(new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {8f, 6f}, 0f));
        }
        final byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        final String name = file.getFileName().toString();
        final Path written = name.toLowerCase(java.util.Locale.ROOT).endsWith(".png") ? file : file.resolveSibling(name + ".png");
        AtomicOutput.creatingFolders(written).write(png);
    }

    /** @return the settings drawn: lint-clean, simulated, settled. */
    private static List<Evaluation> drawn(final TuneReport.AlgorithmResult result)
    {
        return result.evaluations().stream().filter(evaluation -> evaluation.isCandidate() && evaluation.failover().p99Ns() > 0).toList();
    }

    /** A hollow circle around a point, so the recommended setting is marked without hiding its algorithm's own marker. */
    private static final class Ring extends Marker
    {
        private static final BasicStroke LINE = new BasicStroke(2f);

        @Override
        public void paint(final Graphics2D graphics, final double x, final double y, final int size)
        {
            final double diameter = 2.4 * size;
            graphics.setStroke(LINE);
            graphics.draw(new Ellipse2D.Double(x - diameter / 2, y - diameter / 2, diameter, diameter));
        }
    }
}
