package org.electbench.reporting;

import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Function;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * How every chart looks: its size, fonts, palette and markers, a panel and a figure of panels. A name (an algorithm)
 * keeps its colour and marker in every chart of a report ({@link Series}).
 */
public final class ChartStyle
{
    /** A figure's width; its panels share it. */
    public static final int WIDTH = 1280;
    public static final int HEIGHT = 600;
    public static final int PANEL_HEIGHT = 440;
    /** Panels side by side: two leaves each plot about 430 px beside its legend. */
    public static final int COLUMNS = 2;
    /** The plot's share of a panel's width and height once axes, titles and the legend have theirs (a lower bound). */
    public static final double PLOT_SHARE = 0.55;
    public static final Font TICK_FONT = new Font(Font.SANS_SERIF, Font.PLAIN, 11);
    /** Guides and lines drawn from rows the host made late: grey, so no reader takes them for a figure. */
    public static final Color GUIDE = new Color(0x999999);

    private static final Color[] PALETTE = {
        new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
        new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x17becf),
        new Color(0x7f7f7f), new Color(0xbcbd22)};
    private static final Marker[] MARKERS = {
        SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN,
        SeriesMarkers.CROSS};

    private ChartStyle()
    {
    }

    /** @return the {@code i}th colour of the palette, round again past its end. */
    public static Color colour(final int i)
    {
        return PALETTE[i % PALETTE.length];
    }

    /** Each name's colour and marker, the same in every chart of a report: names in their natural order take the palette's. */
    public static final class Series
    {
        private final Map<String, Integer> index = new HashMap<>();

        public Series(final Collection<String> names)
        {
            new TreeSet<>(names).forEach(name -> index.put(name, index.size()));
        }

        public Color colour(final String name)
        {
            return PALETTE[index.getOrDefault(name, 0) % PALETTE.length];
        }

        public Marker marker(final String name)
        {
            return MARKERS[index.getOrDefault(name, 0) % MARKERS.length];
        }
    }

    public static void style(final AxesChartStyler styler)
    {
        styler.setLocale(Locale.ROOT);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotGridLinesColor(new Color(0xdddddd));
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
        styler.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        styler.setAxisTickLabelsFont(TICK_FONT);
        styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        styler.setLegendBorderColor(new Color(0xcccccc));
        styler.setYAxisDecimalPattern("#,##0.###");
    }

    /** @return a panel: the whole figure's width when it is the only one, half of it otherwise; its title what sets it apart. */
    public static XYChart panel(final String title, final String xTitle, final String yTitle, final int panels)
    {
        final XYChart chart = new XYChartBuilder().width(panels == 1 ? WIDTH : WIDTH / COLUMNS).height(PANEL_HEIGHT)
            .title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        style(chart.getStyler());
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        return chart;
    }

    /** @return the figure: its panels two to a row (one panel alone keeps the whole width); blank notes left out. */
    public static NamedChart figure(final String stem, final String title, final String scenario, final List<Chart<?, ?>> panels,
        final List<String> notes)
    {
        final List<String> stated = new ArrayList<>();
        notes.stream().filter(note -> !note.isBlank()).forEach(stated::add);
        return new NamedChart(stem, title, scenario, panels, panels.size() == 1 ? 1 : COLUMNS, stated);
    }

    /**
     * @return bars: a series per key of {@code series}, a category per key of its values (a series without a value at a
     *     category has 0 there), coloured by {@code colour}; of the figure's width over {@code widthShare} panels.
     */
    public static CategoryChart bars(final String title, final String xTitle, final String yTitle, final int width, final int height,
        final SortedMap<String, SortedMap<String, Double>> series, final Function<String, Color> colour)
    {
        final SortedSet<String> categories = new TreeSet<>(NaturalOrder.TEXT);
        series.values().forEach(values -> categories.addAll(values.keySet()));
        final CategoryChart chart = new CategoryChartBuilder().width(width).height(height).title(title)
            .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        style(chart.getStyler());
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        // Many categories: their names stand at an angle rather than run into each other.
        chart.getStyler().setXAxisLabelRotation(categories.size() > 6 ? 30 : 0);
        for (final Map.Entry<String, SortedMap<String, Double>> entry : series.entrySet())
        {
            final List<String> x = new ArrayList<>(categories);
            final List<Number> y = new ArrayList<>();
            categories.forEach(category -> y.add(entry.getValue().getOrDefault(category, 0.0)));
            chart.addSeries(entry.getKey(), x, y).setFillColor(colour.apply(entry.getKey()));
        }
        return chart;
    }

    /** @return text safe in a file name. */
    public static String safe(final String text)
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
