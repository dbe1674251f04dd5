package org.electbench.analysis;

import java.awt.Font;
import java.awt.font.FontRenderContext;
import java.awt.geom.Rectangle2D;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

import org.knowm.xchart.internal.chartpart.Axis;
import org.knowm.xchart.internal.chartpart.AxisPair;
import org.knowm.xchart.internal.chartpart.AxisTickCalculator;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.internal.chartpart.ChartPart;
import org.knowm.xchart.style.AxesChartStyler;

/**
 * Where XChart put the parts of a painted chart: its title, legend and plot bounds and each axis's
 * tick labels with their positions, read from XChart's own layout (its chart parts keep the bounds
 * they were painted in; they are not public, so read reflectively), to find what a reader would
 * see cut off or run together.
 */
final class ChartLayout
{
    private static final FontRenderContext CONTEXT = new FontRenderContext(null, true, true);

    private ChartLayout()
    {
    }

    /** @return every problem of the painted panel: a title or legend outside it, a legend over the plot, tick labels that overlap. */
    static List<String> problems(final String name, final Chart<?, ?> chart)
    {
        final List<String> problems = new ArrayList<>();
        final Rectangle2D whole = new Rectangle2D.Double(0, 0, chart.getWidth(), chart.getHeight());
        final Rectangle2D title = bounds(chart, "chartTitle");
        if (chart.getStyler().isChartTitleVisible() && null != title && title.getWidth() > 0 && !inside(title, whole))
        {
            problems.add(name + ": title '" + chart.getTitle() + "' at " + title + " is cut off (panel " + whole + ")");
        }
        final Rectangle2D legend = legend(chart);
        final Rectangle2D plot = bounds(chart, "plot");
        if (chart.getStyler().isLegendVisible() && null != legend && legend.getWidth() > 0)
        {
            if (!inside(legend, whole))
            {
                problems.add(name + ": legend at " + legend + " is cut off (panel " + whole + ")");
            }
            if (null != plot && legend.intersects(plot))
            {
                problems.add(name + ": legend at " + legend + " lies over the plot at " + plot);
            }
        }
        if (chart.getStyler() instanceof AxesChartStyler styler)
        {
            final AxisPair<?, ?> axes = (AxisPair<?, ?>)field(chart, "axisPair");
            if (null != axes)
            {
                problems.addAll(overlaps(name + " x axis", axes.getXAxis(), styler.getAxisTickLabelsFont(), false, styler.getXAxisLabelRotation()));
                problems.addAll(overlaps(name + " y axis", yAxis(axes), styler.getAxisTickLabelsFont(), true, 0));
            }
        }
        return problems;
    }

    /** @return the labels of an axis that XChart painted, with their positions along it in pixels. */
    static List<Label> labels(final Axis<?, ?> axis)
    {
        final AxisTickCalculator ticks = axis.getAxisTickCalculator();
        final List<Label> labels = new ArrayList<>();
        for (int i = 0; i < ticks.getTickLabels().size(); i++)
        {
            final String text = ticks.getTickLabels().get(i);
            if (null != text && !text.isBlank())
            {
                labels.add(new Label(text, ticks.getTickLocations().get(i)));
            }
        }
        return labels;
    }

    /**
     * @param text what the label says.
     * @param position its centre along the axis, in pixels.
     */
    record Label(String text, double position)
    {
    }

    static Axis<?, ?> xAxis(final Chart<?, ?> chart)
    {
        return ((AxisPair<?, ?>)field(chart, "axisPair")).getXAxis();
    }

    static Axis<?, ?> yAxis(final Chart<?, ?> chart)
    {
        return yAxis((AxisPair<?, ?>)field(chart, "axisPair"));
    }

    private static List<String> overlaps(final String name, final Axis<?, ?> axis, final Font font, final boolean vertical, final int rotation)
    {
        final List<String> problems = new ArrayList<>();
        final List<Label> labels = labels(axis);
        labels.sort(java.util.Comparator.comparingDouble(Label::position));
        for (int i = 1; i < labels.size(); i++)
        {
            final Label a = labels.get(i - 1);
            final Label b = labels.get(i);
            final double room = b.position() - a.position();
            final double need = rotation != 0 ? height(font, a.text()) : vertical ? (height(font, a.text()) + height(font, b.text())) / 2 :
                (width(font, a.text()) + width(font, b.text())) / 2;
            if (room < need)
            {
                problems.add(name + ": labels '" + a.text() + "' and '" + b.text() + "' overlap (" + Math.round(room) + " px apart, " +
                    Math.round(need) + " px needed)");
            }
        }
        return problems;
    }

    static double width(final Font font, final String text)
    {
        return font.createGlyphVector(CONTEXT, text).getVisualBounds().getWidth();
    }

    static double height(final Font font, final String text)
    {
        return font.createGlyphVector(CONTEXT, text).getVisualBounds().getHeight();
    }

    private static boolean inside(final Rectangle2D part, final Rectangle2D whole)
    {
        return part.getMinX() >= whole.getMinX() - 0.5 && part.getMaxX() <= whole.getMaxX() + 0.5 &&
            part.getMinY() >= whole.getMinY() - 0.5 && part.getMaxY() <= whole.getMaxY() + 0.5;
    }

    private static Rectangle2D bounds(final Chart<?, ?> chart, final String part)
    {
        final Object value = field(chart, part);
        return value instanceof ChartPart chartPart ? chartPart.getBounds() : null;
    }

    /** @return the legend where it was painted: {@code Legend_.getBounds()} holds its size, its offsets where it went. */
    private static Rectangle2D legend(final Chart<?, ?> chart)
    {
        final Object legend = field(chart, "legend");
        if (!(legend instanceof ChartPart part))
        {
            return null;
        }
        final Rectangle2D size = part.getBounds();
        try
        {
            final Class<?> type = Class.forName("org.knowm.xchart.internal.chartpart.Legend_");
            final Field x = type.getDeclaredField("xOffset");
            final Field y = type.getDeclaredField("yOffset");
            x.setAccessible(true);
            y.setAccessible(true);
            return new Rectangle2D.Double(x.getDouble(legend), y.getDouble(legend), size.getWidth(), size.getHeight());
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new AssertionError("XChart's Legend_ has no offsets (a newer XChart?): " + ex, ex);
        }
    }

    private static Object field(final Chart<?, ?> chart, final String name)
    {
        try
        {
            final Field field = Chart.class.getDeclaredField(name);
            field.setAccessible(true);
            return field.get(chart);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new AssertionError("XChart's Chart has no field " + name + " (a newer XChart?): " + ex, ex);
        }
    }

    private static Axis<?, ?> yAxis(final AxisPair<?, ?> axes)
    {
        try
        {
            final Method method = AxisPair.class.getDeclaredMethod("getYAxis");
            method.setAccessible(true);
            return (Axis<?, ?>)method.invoke(axes);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new AssertionError("XChart's AxisPair has no getYAxis (a newer XChart?): " + ex, ex);
        }
    }
}
