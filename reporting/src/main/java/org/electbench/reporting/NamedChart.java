package org.electbench.reporting;

import java.util.List;

import org.knowm.xchart.internal.chartpart.Chart;

/**
 * A figure and the file stem it is written under ({@code <stem>.svg}, {@code <stem>.png}): one
 * chart, or small multiples (panels of one size in a grid, each titled with what sets it apart)
 * under one title, with the lines the figure states above its panels (the settings held fixed,
 * what the line styles mean).
 *
 * @param stem the file name without extension, built from what the chart shows.
 * @param title the figure's title.
 * @param scenario the scenario it shows, or null for one across scenarios.
 * @param panels the charts, drawn left to right, top to bottom; all of one size.
 * @param columns panels per row of the grid.
 * @param notes lines stated under the title.
 */
public record NamedChart(String stem, String title, String scenario, List<Chart<?, ?>> panels, int columns, List<String> notes)
{
    public NamedChart
    {
        panels = List.copyOf(panels);
        notes = List.copyOf(notes);
        if (panels.isEmpty() || columns < 1)
        {
            throw new IllegalArgumentException("a figure needs a panel and a column: " + stem);
        }
    }

    /** One chart that carries its own title. */
    public NamedChart(final String stem, final String title, final String scenario, final Chart<?, ?> chart)
    {
        this(stem, title, scenario, List.of(chart), 1, List.of());
    }

    /** @return the first panel (the only one of a single chart). */
    public Chart<?, ?> chart()
    {
        return panels.get(0);
    }

    /** @return whether the image draws the title and notes above the panels (a single chart with no notes titles itself). */
    public boolean hasHeader()
    {
        return panels.size() > 1 || !notes.isEmpty() || !title.equals(panels.get(0).getTitle());
    }
}
