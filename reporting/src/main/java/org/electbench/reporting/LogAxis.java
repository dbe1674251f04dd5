package org.electbench.reporting;

import java.awt.FontMetrics;
import java.awt.image.BufferedImage;

import org.knowm.xchart.XYChart;

/** A log axis XChart can label legibly, and the stretched tail axis of a percentile plot. */
public final class LogAxis
{
    /** A tick without a label: XChart cannot lay out an empty string. */
    private static final String NO_LABEL = " ";
    /** Room a log axis keeps beside a tick label, in pixels. */
    private static final int TICK_GAP_PX = 8;

    private LogAxis()
    {
    }

    /**
     * Whether a log axis from {@code min} to {@code max} over {@code lengthPx} must label its decades only: XChart labels
     * every 1…9 × 10^k otherwise, and the closest two (9 and 10 × 10^k, log10(10/9) of a decade apart) must still leave
     * room for the widest label (horizontal axis) or a line of text (vertical one).
     */
    public static boolean decadesOnly(final double min, final double max, final int lengthPx, final boolean vertical, final XYChart chart)
    {
        if (!(max > min) || min <= 0)
        {
            return false;
        }
        final double decades = Math.max(Math.log10(max) - Math.log10(min), 1e-9);
        final double closestPx = Math.log10(10.0 / 9.0) * lengthPx / decades;
        final FontMetrics metrics = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB)
            .createGraphics().getFontMetrics(chart.getStyler().getAxisTickLabelsFont());
        // The closest two labels are the top decade's 9 × 10^k and 10^(k+1); each reaches half its width towards the other.
        final double top = Math.pow(10, Math.ceil(Math.log10(max)));
        final double needPx = vertical ? metrics.getAscent() + 2 :
            (metrics.stringWidth(Numbers.format(top * 0.9)) + metrics.stringWidth(Numbers.format(top))) / 2.0 + TICK_GAP_PX;
        return closestPx < needPx;
    }

    /**
     * Sets a log axis to label every 1…9 × 10^k where the labels fit, its decades otherwise; an axis labelled at its
     * decades spans whole decades where fewer than two fall inside its values, so at least two are labelled.
     */
    public static void set(final XYChart chart, final boolean vertical, final double min, final double max, final int lengthPx)
    {
        final boolean decades = decadesOnly(min, max, lengthPx, vertical, chart);
        final double low = Math.pow(10, Math.floor(Math.log10(min)));
        final double high = Math.pow(10, Math.ceil(Math.log10(max)));
        final boolean widen = decades && Math.floor(Math.log10(max)) - Math.ceil(Math.log10(min)) < 1;
        if (vertical)
        {
            chart.getStyler().setYAxisLogarithmic(true);
            chart.getStyler().setYAxisLogarithmicDecadeOnly(decades);
            if (widen)
            {
                chart.getStyler().setYAxisMin(low);
                chart.getStyler().setYAxisMax(high);
            }
        }
        else
        {
            chart.getStyler().setXAxisLogarithmic(true);
            chart.getStyler().setXAxisLogarithmicDecadeOnly(decades);
            if (widen)
            {
                chart.getStyler().setXAxisMin(low);
                chart.getStyler().setXAxisMax(high);
            }
        }
    }

    /** @return the tail axis's whole ticks as the percentiles they stand for: log10 1/(1-p) = 0 is 0%, 1 is 90%, 2 is 99%. */
    public static String percentileLabel(final Double decades)
    {
        final double rounded = Math.rint(decades);
        if (Math.abs(decades - rounded) > 1e-9 || rounded < 0)
        {
            return blank(decades);
        }
        return Numbers.format(100 * (1 - Math.pow(10, -rounded))) + "%";
    }

    /**
     * @return no label at tick {@code x}: blanks of a length its own, as XChart lays ticks out only when every label
     *     differs (it tries the same spacing forever otherwise), and their width makes it try wider spacings, so the
     *     labels that are text stand apart.
     */
    public static String blank(final double x)
    {
        return NO_LABEL.repeat(1 + (int)Math.round(Math.abs(x) * 10));
    }
}
