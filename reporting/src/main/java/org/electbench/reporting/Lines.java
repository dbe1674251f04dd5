package org.electbench.reporting;

import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;

/**
 * The lines of a panel before they are drawn, so lines with the same values are drawn once and named together.
 */
public final class Lines
{
    /** What the legend adds to a line drawn from rows the host made late (the tables' mark). */
    public static final String HOST_LATE = "(host late";

    private Lines()
    {
    }

    /**
     * @param name the legend's name.
     * @param xs x values.
     * @param ys y values.
     * @param colour its colour.
     * @param marker its marker, or none.
     * @param dashed whether dashed.
     * @param inLegend whether the legend names it (a p99 line shares its p50's entry, the notes say how).
     */
    public record Line(String name, List<Double> xs, List<Double> ys, Color colour, Marker marker, boolean dashed, boolean inLegend)
    {
        boolean sameValues(final Line other)
        {
            return dashed == other.dashed && xs.equals(other.xs) && ys.equals(other.ys);
        }

        /**
         * @param which the late points of a line of several rows ({@code : n=17}), or "" for all of it.
         * @return this line marked as drawn from rows the host made late: grey, dotted, named so in the legend.
         */
        public Line hostLate(final String which)
        {
            return new Line(name + " " + HOST_LATE + which + ")", xs, ys, ChartStyle.GUIDE, marker, dashed, inLegend);
        }

        boolean late()
        {
            return name.contains(HOST_LATE);
        }
    }

    /**
     * Adds the lines to the panel; lines with the same values as an earlier one (bully's and quorum's counts
     * often are) are drawn once, the legend naming them all, one a line ("bully =", "quorum"), so none hides
     * another unsaid.
     *
     * @return the names of the lines merged so, one entry per drawn line that stands for several.
     */
    public static List<String> add(final XYChart chart, final List<Line> lines)
    {
        final List<Line> drawn = new ArrayList<>();
        final List<List<String>> names = new ArrayList<>();
        for (final Line line : lines)
        {
            if (line.xs().size() < 2)
            {
                // One point is no line, and an axis of one value has no scale to draw.
                continue;
            }
            int same = -1;
            for (int i = 0; i < drawn.size() && same < 0; i++)
            {
                if (drawn.get(i).sameValues(line) && drawn.get(i).late() == line.late())
                {
                    same = i;
                }
            }
            if (same >= 0)
            {
                names.get(same).add(line.name());
            }
            else
            {
                drawn.add(line);
                names.add(new ArrayList<>(List.of(line.name())));
            }
        }
        final List<String> merged = new ArrayList<>();
        for (int i = 0; i < drawn.size(); i++)
        {
            final Line line = drawn.get(i);
            final String name = String.join(" = ", names.get(i));
            if (names.get(i).size() > 1)
            {
                merged.add(name);
            }
            // A name a line in the legend: five sizes in a row on one line made the legend wider than its panel, and
            // XChart then drew the plot off the image's left edge.
            final XYSeries series = chart.addSeries(uniqueName(chart, String.join(" =\n", names.get(i))), line.xs(), line.ys());
            series.setLineColor(line.colour());
            series.setMarkerColor(line.colour());
            series.setMarker(line.marker());
            series.setShowInLegend(line.inLegend());
            if (line.late())
            {
                series.setLineStyle(SeriesLines.DOT_DOT);
            }
            else if (line.dashed())
            {
                series.setLineStyle(SeriesLines.DASH_DASH);
            }
        }
        return merged;
    }

    private static String uniqueName(final XYChart chart, final String name)
    {
        String unique = name;
        while (chart.getSeriesMap().containsKey(unique))
        {
            // XChart keys series by name; a hidden twin (a p99 line named like its p50) gets a space it does not show.
            unique += " ";
        }
        return unique;
    }

    /** Adds to the notes which lines were drawn as one, where any were. */
    public static void noteMerged(final List<String> merged, final List<String> notes)
    {
        if (!merged.isEmpty())
        {
            notes.add("Identical values, drawn as one line: " + String.join("; ", new TreeSet<>(merged)) + ".");
        }
    }
}
