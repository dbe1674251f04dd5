package org.electbench.analysis;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

import org.HdrHistogram.Histogram;
import org.electbench.harness.Parameters;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The charts of a run, drawn with XChart from {@link RunData}: which figures each chart shows is
 * chosen by metric name (the declarations' {@code convergence}, {@code messages},
 * {@code splitBrainTime}, every {@code violation}), never from a list kept here of columns.
 * <ul>
 *   <li>per scenario and algorithm, convergence's percentile plot: one line per setting, the
 *       x axis {@code 1/(1-p)} on a log scale so the tail (99%, 99.9%) is as wide as the body;</li>
 *   <li>per scenario, convergence p50 and p99 against n;</li>
 *   <li>per scenario, election messages against n on log-log axes with n, n·log n and n² guides;</li>
 *   <li>per scenario, convergence against the election timeout and against the heartbeat
 *       interval, where they vary;</li>
 *   <li>per scenario, allocation per election against n (JMH's gc profiler);</li>
 *   <li>safety: split-brain time per algorithm and scenario, and the runs that broke each rule.</li>
 * </ul>
 */
public final class Charts
{
    static final String CONVERGENCE = "convergence";
    static final String MESSAGES = "messages";
    static final String SPLIT_BRAIN_TIME = "splitBrainTime";

    static final int WIDTH = 1280;
    static final int HEIGHT = 600;

    private static final Color[] PALETTE = {
        new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
        new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf),
        new Color(0x7f7f7f), new Color(0xbcbd22)};
    private static final Color GUIDE = new Color(0x999999);
    /** The span (largest over smallest) above which a log axis labels its decades only. */
    private static final double DECADE_LABELS_ONLY_ABOVE = 1_000;
    /** Lines that fall on one another (bully's and quorum's counts can) stay apart by their markers. */
    private static final org.knowm.xchart.style.markers.Marker[] MARKERS = {
        SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN,
        SeriesMarkers.CROSS};
    /** A tick without a label: XChart cannot lay out an empty string. */
    private static final String NO_LABEL = " ";

    private Charts()
    {
    }

    /** @return every chart the data has figures for, in a fixed order. */
    public static List<NamedChart> all(final RunData data)
    {
        final List<NamedChart> charts = new ArrayList<>();
        for (final String scenario : data.scenarios())
        {
            charts.addAll(percentilePlots(data, scenario));
            addIfPresent(charts, versusNodes(data, scenario));
            addIfPresent(charts, messagesVersusNodes(data, scenario));
            addIfPresent(charts, versusSetting(data, scenario, RowKeys.ELECTION_TIMEOUT, "election timeout T_elec"));
            addIfPresent(charts, versusSetting(data, scenario, RowKeys.HEARTBEAT, "heartbeat interval HBT"));
            addIfPresent(charts, allocation(data, scenario));
        }
        addIfPresent(charts, splitBrainTime(data));
        addIfPresent(charts, violations(data));
        return charts;
    }

    private static void addIfPresent(final List<NamedChart> charts, final NamedChart chart)
    {
        if (null != chart)
        {
            charts.add(chart);
        }
    }

    /** @return one percentile plot of convergence per algorithm of the scenario. */
    static List<NamedChart> percentilePlots(final RunData data, final String scenario)
    {
        final List<NamedChart> charts = new ArrayList<>();
        final Map<String, List<RowKey>> byAlgorithm = byAlgorithm(data.rows(scenario));
        for (final Map.Entry<String, List<RowKey>> entry : byAlgorithm.entrySet())
        {
            final List<String> varying = distinguishing(entry.getValue());
            final String title = "Convergence percentiles: " + scenario + ", " + entry.getKey();
            final XYChart chart = xyChart(title, "percentile of elections (tail stretched: 1/(1-p) on a log scale)", "convergence (ms)");
            chart.getStyler().setxAxisTickLabelsFormattingFunction(Charts::percentileLabel);
            // From zero, so a distribution of one value (the simulator's, often) is a level line at its height.
            chart.getStyler().setYAxisMin(0.0);
            chart.getStyler().setXAxisMin(0.0);
            long most = 0;
            int colour = 0;
            for (final RowKey row : entry.getValue())
            {
                final Histogram histogram = data.histogram(row, CONVERGENCE);
                if (null == histogram || histogram.getTotalCount() == 0)
                {
                    continue;
                }
                final List<PercentilePoint> points = PercentilePoint.of(histogram);
                final double[] x = new double[points.size()];
                final double[] y = new double[points.size()];
                for (int i = 0; i < points.size(); i++)
                {
                    x[i] = Math.log10(points.get(i).tailPosition(histogram.getTotalCount()));
                    y[i] = points.get(i).value() / 1e6;
                }
                most = Math.max(most, histogram.getTotalCount());
                final XYSeries series = chart.addSeries(settingLabel(row, varying) + " (" + histogram.getTotalCount() + " elections)", x, y);
                series.setMarker(SeriesMarkers.NONE);
                series.setLineColor(PALETTE[colour++ % PALETTE.length]);
            }
            // At least to 99%, so the tail's scale shows even for a few elections.
            chart.getStyler().setXAxisMax(Math.max(2.0, Math.ceil(Math.log10(Math.max(1, most)))));
            if (!chart.getSeriesMap().isEmpty())
            {
                charts.add(new NamedChart("cdf_" + safe(scenario) + "_" + safe(entry.getKey()), title, scenario, chart));
            }
        }
        return charts;
    }

    /** @return convergence p50 (solid) and p99 (dashed) against n, one colour per algorithm. */
    static NamedChart versusNodes(final RunData data, final String scenario)
    {
        final String title = "Convergence vs cluster size: " + scenario;
        final XYChart chart = nodesChart(title, "convergence (ms)");
        final Map<String, SortedMap<Integer, RowKey>> lines = lines(data, scenario);
        int colour = 0;
        for (final Map.Entry<String, SortedMap<Integer, RowKey>> line : lines.entrySet())
        {
            final Color color = PALETTE[colour++ % PALETTE.length];
            addLine(chart, line.getKey() + " p50", line.getValue(), row -> value(data, row, CONVERGENCE + ".p50") / 1e6, color, false);
            addLine(chart, line.getKey() + " p99", line.getValue(), row -> value(data, row, CONVERGENCE + ".p99") / 1e6, color, true);
        }
        return chart.getSeriesMap().isEmpty() ? null : new NamedChart("convergence-vs-n_" + safe(scenario), title, scenario, chart);
    }

    /** @return election messages per election against n, log-log, with n, n·log2 n and n² guides. */
    static NamedChart messagesVersusNodes(final RunData data, final String scenario)
    {
        final String title = "Election messages vs cluster size: " + scenario;
        final XYChart chart = nodesChart(title, "election messages per election (log scale)");
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmicDecadeOnly(false);
        final Map<String, SortedMap<Integer, RowKey>> lines = lines(data, scenario);
        int colour = 0;
        double anchorNodes = Double.NaN;
        double anchorMessages = Double.NaN;
        double maxNodes = Double.NaN;
        double leastMessages = Double.POSITIVE_INFINITY;
        double mostMessages = 0;
        for (final Map.Entry<String, SortedMap<Integer, RowKey>> line : lines.entrySet())
        {
            final SortedMap<Integer, RowKey> positive = new TreeMap<>();
            for (final Map.Entry<Integer, RowKey> point : line.getValue().entrySet())
            {
                final double messages = value(data, point.getValue(), MESSAGES);
                if (messages > 0)
                {
                    positive.put(point.getKey(), point.getValue());
                    leastMessages = Math.min(leastMessages, messages);
                    mostMessages = Math.max(mostMessages, messages);
                }
            }
            if (positive.size() < 2)
            {
                continue;
            }
            addLine(chart, line.getKey(), positive, row -> value(data, row, MESSAGES), PALETTE[colour++ % PALETTE.length], false);
            final int first = positive.firstKey();
            final double messages = value(data, positive.get(first), MESSAGES);
            if (Double.isNaN(anchorNodes) || first < anchorNodes || (first == anchorNodes && messages < anchorMessages))
            {
                anchorNodes = first;
                anchorMessages = messages;
            }
            maxNodes = Double.isNaN(maxNodes) ? positive.lastKey() : Math.max(maxNodes, positive.lastKey());
        }
        if (chart.getSeriesMap().isEmpty())
        {
            return null;
        }
        guide(chart, "guide: n", anchorNodes, anchorMessages, maxNodes, n -> n, SeriesLines.DOT_DOT);
        guide(chart, "guide: n log n", anchorNodes, anchorMessages, maxNodes, n -> n * Math.log(n) / Math.log(2), SeriesLines.DASH_DOT);
        guide(chart, "guide: n\u00b2", anchorNodes, anchorMessages, maxNodes, n -> n * n, SeriesLines.DASH_DASH);
        // Over many decades a label at every 1..9 of each decade runs together: label the decades only.
        chart.getStyler().setYAxisLogarithmicDecadeOnly(mostMessages / leastMessages >= DECADE_LABELS_ONLY_ABOVE);
        return new NamedChart("messages-vs-n_" + safe(scenario), title, scenario, chart);
    }

    /** @return convergence p50 against a duration setting, where the scenario's rows vary it. */
    static NamedChart versusSetting(final RunData data, final String scenario, final String setting, final String label)
    {
        if (!data.settings(scenario).varying().contains(setting))
        {
            return null;
        }
        final String title = "Convergence vs " + label + ": " + scenario;
        final XYChart chart = xyChart(title, label + " (ms)", "convergence p50 (ms)");
        final Map<String, SortedMap<Double, RowKey>> lines = new TreeMap<>(RowKey.Settings.NATURAL);
        final List<String> others = new ArrayList<>(data.settings(scenario).varying());
        others.remove(setting);
        for (final RowKey row : data.rows(scenario))
        {
            final double x = Durations.toMillis(row.settings().getOrDefault(setting, ""));
            if (!Double.isNaN(x) && !Double.isNaN(value(data, row, CONVERGENCE + ".p50")))
            {
                final String name = lineName(row, others) + " n=" + row.nodes();
                lines.computeIfAbsent(name, key -> new TreeMap<>()).put(x, row);
            }
        }
        int colour = 0;
        for (final Map.Entry<String, SortedMap<Double, RowKey>> line : lines.entrySet())
        {
            if (line.getValue().size() >= 2)
            {
                addLine(chart, line.getKey(), line.getValue(), row -> value(data, row, CONVERGENCE + ".p50") / 1e6,
                    PALETTE[colour++ % PALETTE.length], false);
            }
        }
        return chart.getSeriesMap().isEmpty() ? null : new NamedChart("convergence-vs-" + safe(setting) + "_" + safe(scenario), title, scenario, chart);
    }

    /** @return bytes allocated per election (JMH's gc profiler) against n. */
    static NamedChart allocation(final RunData data, final String scenario)
    {
        final String title = "Allocation per election: " + scenario;
        final XYChart chart = nodesChart(title, "allocated per election (B/op)");
        final Map<String, SortedMap<Integer, RowKey>> lines = lines(data, scenario);
        int colour = 0;
        for (final Map.Entry<String, SortedMap<Integer, RowKey>> line : lines.entrySet())
        {
            addLine(chart, line.getKey(), line.getValue(), row -> value(data, row, JmhSource.ALLOCATION.name()),
                PALETTE[colour++ % PALETTE.length], false);
        }
        return chart.getSeriesMap().isEmpty() ? null : new NamedChart("allocation_" + safe(scenario), title, scenario, chart);
    }

    /** @return mean split-brain time per election, per algorithm (series) and scenario (category). */
    static NamedChart splitBrainTime(final RunData data)
    {
        if (null == data.metric(SPLIT_BRAIN_TIME))
        {
            return null;
        }
        final String title = "Safety: time with two or more leaders";
        final SortedMap<String, SortedMap<String, Double>> byAlgorithm = new TreeMap<>();
        for (final RowKey row : data.rows())
        {
            final double value = value(data, row, SPLIT_BRAIN_TIME);
            if (!Double.isNaN(value))
            {
                byAlgorithm.computeIfAbsent(row.algorithm(), key -> new TreeMap<>()).merge(row.scenario(), value / 1e6, Math::max);
            }
        }
        return categoryChart("safety_split-brain-time", title, "scenario",
            "worst mean split-brain time per election over the rows (ms)", byAlgorithm);
    }

    /** @return runs that broke each rule (every violation the declarations name), per algorithm. */
    static NamedChart violations(final RunData data)
    {
        final SortedMap<String, SortedMap<String, Double>> byRule = new TreeMap<>();
        final SortedSet<String> algorithms = new TreeSet<>();
        for (final Metric metric : data.metrics())
        {
            if (metric.kind() != Metric.Kind.VIOLATION)
            {
                continue;
            }
            for (final RowKey row : data.rows())
            {
                final double value = value(data, row, metric.name());
                if (!Double.isNaN(value))
                {
                    algorithms.add(row.algorithm());
                    byRule.computeIfAbsent(metric.name(), key -> new TreeMap<>()).merge(row.algorithm(), value, Double::sum);
                }
            }
        }
        if (byRule.isEmpty())
        {
            return null;
        }
        for (final SortedMap<String, Double> values : byRule.values())
        {
            for (final String algorithm : algorithms)
            {
                values.putIfAbsent(algorithm, 0.0);
            }
        }
        return categoryChart("safety_violations", "Safety: runs that broke each rule, all scenarios", "algorithm", "runs", byRule);
    }

    private static NamedChart categoryChart(
        final String stem, final String title, final String xTitle, final String yTitle, final SortedMap<String, SortedMap<String, Double>> series)
    {
        if (series.isEmpty())
        {
            return null;
        }
        final SortedSet<String> categories = new TreeSet<>();
        for (final SortedMap<String, Double> values : series.values())
        {
            categories.addAll(values.keySet());
        }
        final CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        style(chart.getStyler());
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        int colour = 0;
        for (final Map.Entry<String, SortedMap<String, Double>> entry : series.entrySet())
        {
            final List<String> x = new ArrayList<>();
            final List<Number> y = new ArrayList<>();
            for (final String category : categories)
            {
                x.add(category);
                y.add(entry.getValue().getOrDefault(category, 0.0));
            }
            chart.addSeries(entry.getKey(), x, y).setFillColor(PALETTE[colour++ % PALETTE.length]);
        }
        return new NamedChart(stem, title, null, chart);
    }

    private static XYChart xyChart(final String title, final String xTitle, final String yTitle)
    {
        final XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        style(chart.getStyler());
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        return chart;
    }

    private static void style(final AxesChartStyler styler)
    {
        styler.setLocale(Locale.ROOT);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotGridLinesColor(new Color(0xdddddd));
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        styler.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        styler.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        styler.setLegendBorderColor(new Color(0xcccccc));
        styler.setYAxisDecimalPattern("#,##0.###");
    }

    /** @return a chart against n: cluster sizes on a log axis with a tick at every size it can label (3, 4, 5 … 9, 10, 20 …). */
    private static XYChart nodesChart(final String title, final String yTitle)
    {
        final XYChart chart = xyChart(title, "cluster size n (nodes, log scale)", yTitle);
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setXAxisLogarithmicDecadeOnly(false);
        return chart;
    }

    private static <K extends Number> void addLine(
        final XYChart chart, final String name, final SortedMap<K, RowKey> points, final ToDoubleFunction<RowKey> y,
        final Color color, final boolean dashed)
    {
        final List<Double> xs = new ArrayList<>();
        final List<Double> ys = new ArrayList<>();
        for (final Map.Entry<K, RowKey> point : points.entrySet())
        {
            final double value = y.applyAsDouble(point.getValue());
            if (!Double.isNaN(value))
            {
                xs.add(point.getKey().doubleValue());
                ys.add(value);
            }
        }
        if (xs.size() < 2)
        {
            // One point is no line, and an axis of one value has no scale to draw.
            return;
        }
        final XYSeries series = chart.addSeries(name, xs, ys);
        series.setLineColor(color);
        series.setMarkerColor(color);
        series.setMarker(dashed ? SeriesMarkers.NONE : MARKERS[chart.getSeriesMap().size() % MARKERS.length]);
        if (dashed)
        {
            series.setLineStyle(SeriesLines.DASH_DASH);
        }
    }

    private static void guide(
        final XYChart chart, final String name, final double fromNodes, final double atMessages, final double toNodes,
        final java.util.function.DoubleUnaryOperator shape, final BasicStroke line)
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
        series.setLineColor(GUIDE);
        series.setLineStyle(line);
    }

    /** @return the scenario's rows grouped into lines (algorithm, transport and the varying settings), keyed by n. */
    private static Map<String, SortedMap<Integer, RowKey>> lines(final RunData data, final String scenario)
    {
        // T_coord is derived from n and T_elec where it is not given (a ring's laps grow with n), so it
        // would split one algorithm's line into one point per n; the tables state it row by row.
        final List<String> varying = new ArrayList<>(distinguishing(data.rows(scenario)));
        varying.remove(Parameters.COORDINATOR_TIMEOUT);
        final Map<String, SortedMap<Integer, RowKey>> lines = new TreeMap<>(RowKey.Settings.NATURAL);
        for (final RowKey row : data.rows(scenario))
        {
            if (row.nodes() > 0)
            {
                lines.computeIfAbsent(lineName(row, varying), key -> new TreeMap<>()).put(row.nodes(), row);
            }
        }
        return lines;
    }

    /**
     * @return the settings that tell apart rows of one algorithm, transport and n. A setting that
     *     differs only between algorithms or only with n (a timeout derived from the cluster size)
     *     names no line of its own: the legend names what a reader can compare.
     */
    static List<String> distinguishing(final List<RowKey> rows)
    {
        final SortedSet<String> names = new TreeSet<>();
        for (final RowKey row : rows)
        {
            names.addAll(row.settings().keySet());
        }
        final List<String> distinguishing = new ArrayList<>();
        for (final String name : names)
        {
            final Map<String, Set<String>> valuesByGroup = new HashMap<>();
            for (final RowKey row : rows)
            {
                valuesByGroup.computeIfAbsent(row.algorithm() + "|" + row.transport() + "|" + row.nodes(), key -> new HashSet<>())
                    .add(row.settings().getOrDefault(name, ""));
            }
            if (valuesByGroup.values().stream().anyMatch(values -> values.size() > 1))
            {
                distinguishing.add(name);
            }
        }
        return distinguishing;
    }

    private static String lineName(final RowKey row, final List<String> varying)
    {
        final String settings = row.settingsText(varying);
        return row.algorithm() + " " + row.transport() + (settings.isEmpty() ? "" : " " + settings);
    }

    private static String settingLabel(final RowKey row, final List<String> varying)
    {
        final String settings = row.settingsText(varying);
        return "n=" + row.nodes() + " " + row.transport() + (settings.isEmpty() ? "" : " " + settings);
    }

    private static Map<String, List<RowKey>> byAlgorithm(final List<RowKey> rows)
    {
        final Map<String, List<RowKey>> byAlgorithm = new LinkedHashMap<>();
        for (final RowKey row : rows)
        {
            byAlgorithm.computeIfAbsent(row.algorithm(), key -> new ArrayList<>()).add(row);
        }
        return byAlgorithm;
    }

    private static double value(final RunData data, final RowKey row, final String columnId)
    {
        final Cell cell = data.cell(row, columnId);
        return null == cell ? Double.NaN : cell.value();
    }

    /** @return the tail axis's whole ticks as the percentiles they stand for: log10 1/(1-p) = 0 is 0%, 1 is 90%, 2 is 99%. */
    static String percentileLabel(final Double decades)
    {
        final double rounded = Math.rint(decades);
        if (Math.abs(decades - rounded) > 1e-9 || rounded < 0)
        {
            return NO_LABEL;
        }
        return Numbers.format(100 * (1 - Math.pow(10, -rounded))) + "%";
    }



    /** @return text safe in a file name. */
    static String safe(final String text)
    {
        final StringBuilder safe = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++)
        {
            final char c = text.charAt(i);
            safe.append(Character.isLetterOrDigit(c) && c < 128 || c == '.' || c == '-' ? c : '+');
        }
        return safe.toString();
    }
}
