package org.electbench.analysis;

import org.electbench.reporting.ChartStyle;
import org.electbench.reporting.LogAxis;
import org.electbench.reporting.NaturalOrder;
import org.electbench.reporting.Cell;
import org.electbench.reporting.NamedChart;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The headline figures over commits, in run order, where {@code report} reads folders of two or more
 * commits (what jmh-visualizer and CI benchmark trackers show): convergence p50 and p99 with their
 * 95% intervals, and messages to a leader per election, per algorithm, in the one cell every commit
 * has most often (leader-crash on the simulator where it can), so a regression shows as a step.
 */
final class Trend
{
    static final String LEADER_CRASH = "leader-crash";
    static final String SIM = "sim";

    private Trend()
    {
    }

    /**
     * A figure of one algorithm at one commit.
     *
     * @param value the figure (ms, or messages).
     * @param low its interval's lower end, NaN for none.
     * @param high its interval's upper end, NaN for none.
     */
    record Point(double value, double low, double high)
    {
    }

    /**
     * The cell the trend follows.
     *
     * @param scenario the scenario.
     * @param transport the transport.
     * @param nodes n.
     */
    record Cell(String scenario, String transport, int nodes)
    {
        boolean holds(final RowKey row)
        {
            return row.scenario().equals(scenario) && row.transport().equals(transport) && row.nodes() == nodes;
        }
    }

    /** @return the commit a folder ran at: its environment's, or the part of its name after the last dash. */
    static String commit(final RunData.Source source)
    {
        final String commit = source.environment().getOrDefault("commit", "");
        if (!commit.isEmpty())
        {
            return commit;
        }
        final int dash = source.name().lastIndexOf('-');
        return dash < 0 ? source.name() : source.name().substring(dash + 1);
    }

    /** @return the cell most commits hold a convergence figure of: leader-crash, then the simulator, then n nearest 5 first. */
    static Cell cell(final List<RunData.Commit> commits)
    {
        final Map<Cell, Integer> held = new java.util.HashMap<>();
        for (final RunData.Commit commit : commits)
        {
            final java.util.Set<Cell> cells = new java.util.HashSet<>();
            for (final RowKey row : commit.data().rows())
            {
                if (null != commit.data().histogram(row, Charts.CONVERGENCE) && row.nodes() > 0)
                {
                    cells.add(new Cell(row.scenario(), row.transport(), row.nodes()));
                }
            }
            cells.forEach(cell -> held.merge(cell, 1, Integer::sum));
        }
        return held.keySet().stream().min(java.util.Comparator.<Cell>comparingInt(cell -> -held.get(cell))
            .thenComparing(cell -> !LEADER_CRASH.equals(cell.scenario()))
            .thenComparing(cell -> !SIM.equals(cell.transport()))
            .thenComparingInt(cell -> Math.abs(cell.nodes() - 5))
            .thenComparing(Cell::scenario).thenComparing(Cell::transport)).orElse(null);
    }

    /**
     * @return per algorithm variant (raft and raft PV apart, named), per commit (its index in run order), the figure;
     *     the first row of a variant in the cell stands for it.
     */
    static SortedMap<String, SortedMap<Integer, Point>> series(final List<RunData.Commit> commits, final Cell cell, final String figure)
    {
        final SortedMap<String, SortedMap<Integer, Point>> series = new TreeMap<>(NaturalOrder.TEXT);
        for (int i = 0; i < commits.size(); i++)
        {
            final RunData data = commits.get(i).data();
            final List<RowKey> held = data.rows().stream().filter(cell::holds).toList();
            final List<String> variants = RowGroups.variants(held);
            final SortedSet<String> seen = new TreeSet<>();
            for (final RowKey row : RowGroups.ordered(held))
            {
                final String name = Incidents.label(row, variants);
                if (!seen.add(name))
                {
                    continue;
                }
                final Point point = point(data, row, figure);
                if (null != point)
                {
                    series.computeIfAbsent(name, key -> new TreeMap<>()).put(i, point);
                }
            }
        }
        return series;
    }

    private static Point point(final RunData data, final RowKey row, final String figure)
    {
        if (Charts.MESSAGES.equals(figure))
        {
            final double[] range = data.range(row, Charts.MESSAGES);
            final double mean = Charts.value(data, row, Charts.MESSAGES);
            return Double.isNaN(mean) ? null : new Point(mean, null == range ? Double.NaN : range[0], null == range ? Double.NaN : range[1]);
        }
        final Estimate estimate = Estimate.of(data.histogram(row, Charts.CONVERGENCE), "p99".equals(figure) ? 99 : 50);
        return null == estimate ? null : new Point(estimate.value() / 1e6, estimate.low() / 1e6, estimate.high() / 1e6);
    }

    /** @return the trend figure, or null where the data holds fewer than two commits. */
    static NamedChart chart(final RunData data)
    {
        final List<RunData.Commit> commits = data.commits();
        if (commits.size() < 2)
        {
            return null;
        }
        final Cell cell = cell(commits);
        if (null == cell)
        {
            return null;
        }
        final ChartStyle.Series style = Charts.style(data);
        final List<Chart<?, ?>> panels = new ArrayList<>();
        panels.add(panel(commits, cell, "p50", "convergence p50 (ms), 95% interval", style));
        panels.add(panel(commits, cell, "p99", "convergence p99 (ms), 95% interval", style));
        panels.add(panel(commits, cell, Charts.MESSAGES, "messages to a leader per election (range over runs)", style));
        final List<String> order = new ArrayList<>();
        for (int i = 0; i < commits.size(); i++)
        {
            order.add((i + 1) + " = " + commits.get(i).commit() + " (" + commits.get(i).started() + ")");
        }
        return new NamedChart(IndexPage.TREND, "Trend over commits: " + cell.scenario() + " on " + cell.transport() + ", n = " + cell.nodes(),
            null, panels, ChartStyle.COLUMNS, List.of("Commits in run order: " + String.join("; ", order) + ".",
                "Bars: the 95% interval of a percentile (none for a p99 from fewer than " + Estimate.TAIL_MINIMUM +
                    " elections), the smallest and largest count of one run."));
    }

    private static XYChart panel(final List<RunData.Commit> commits, final Cell cell, final String figure, final String title,
        final ChartStyle.Series style)
    {
        final XYChart chart = ChartStyle.panel(title, "commit, in run order", "", 3);
        chart.getStyler().setXAxisMin(0.5);
        chart.getStyler().setXAxisMax(commits.size() + 0.5);
        chart.getStyler().setxAxisTickLabelsFormattingFunction(x -> Math.abs(x - Math.rint(x)) < 1e-9 && x >= 1 && x <= commits.size() ?
            commits.get((int)Math.rint(x) - 1).commit() : LogAxis.blank(x));
        chart.getStyler().setXAxisLabelRotation(commits.size() > 6 ? 45 : 0);
        for (final Map.Entry<String, SortedMap<Integer, Point>> line : series(commits, cell, figure).entrySet())
        {
            final Color colour = style.colour(line.getKey().split(" ")[0]);
            final List<Double> xs = new ArrayList<>();
            final List<Double> ys = new ArrayList<>();
            for (final Map.Entry<Integer, Point> point : line.getValue().entrySet())
            {
                final double x = point.getKey() + 1;
                xs.add(x);
                ys.add(point.getValue().value());
                if (!Double.isNaN(point.getValue().low()))
                {
                    final XYSeries bar = chart.addSeries(line.getKey() + " interval " + x, List.of(x, x),
                        List.of(point.getValue().low(), point.getValue().high()));
                    bar.setLineColor(colour);
                    bar.setMarker(SeriesMarkers.NONE);
                    bar.setShowInLegend(false);
                }
            }
            final XYSeries series = chart.addSeries(line.getKey(), xs, ys);
            series.setLineColor(colour);
            series.setMarkerColor(colour);
            series.setMarker(style.marker(line.getKey()));
        }
        if (chart.getSeriesMap().isEmpty())
        {
            // An empty panel still says what it would show.
            chart.addSeries("no figures", List.of(1.0), List.of(0.0)).setMarker(SeriesMarkers.NONE);
        }
        return chart;
    }
}
