package org.electbench.analysis;

import org.knowm.xchart.internal.chartpart.Chart;

/**
 * A chart and the file stem it is written under ({@code <stem>.svg}, {@code <stem>.png}).
 *
 * @param stem the file name without extension, built from what the chart shows.
 * @param title the chart's title.
 * @param scenario the scenario it shows, or null for one across scenarios.
 * @param chart the chart.
 */
public record NamedChart(String stem, String title, String scenario, Chart<?, ?> chart)
{
}
