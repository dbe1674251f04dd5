package org.electbench.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.TreeMap;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * Run B against run A: for every row and column both have, the ratio B/A, and whether the change
 * stands out of the runs' own noise. Where both cells carry an error (JMH's 99.9% interval, the
 * 95% interval of a median from its histogram) a change is marked when the values lie further
 * apart than the two errors together; where they carry none it is marked when the ratio leaves
 * 1 ± the tolerance. Lower is better for every figure but a throughput (a unit per time, such as
 * {@code ops/ms}), so a marked rise of a time or a count is a regression.
 */
public final class Comparison
{
    /**
     * One compared figure.
     *
     * @param row the row.
     * @param column the column.
     * @param a run A's cell.
     * @param b run B's cell.
     * @param ratio b / a (1 when both are 0, infinite when only a is).
     * @param marked whether the change stands out of the noise.
     * @param regression whether it is marked and for the worse.
     */
    public record Change(RowKey row, Column column, Cell a, Cell b, double ratio, boolean marked, boolean regression)
    {
        /** @return how much worse, as a fraction (0.2 for 20% worse); 0 when not worse. */
        public double worseBy()
        {
            if (!regression)
            {
                return 0;
            }
            return higherIsBetter(column) ? 1 - ratio : ratio - 1;
        }
    }

    private final List<Change> changes;

    private Comparison(final List<Change> changes)
    {
        this.changes = changes;
    }

    /**
     * @param a the baseline.
     * @param b the run compared with it.
     * @param tolerance where cells carry no error, the fraction a ratio may leave 1 by unmarked.
     * @return every shared row and column, compared.
     */
    public static Comparison of(final RunData a, final RunData b, final double tolerance)
    {
        final List<Change> changes = new ArrayList<>();
        for (final RowKey row : a.rows())
        {
            if (!b.rows().contains(row))
            {
                continue;
            }
            for (final Column column : a.columns(row.scenario()))
            {
                final Cell before = a.cell(row, column.id());
                final Cell after = b.cell(row, column.id());
                if (null == before || null == after || Double.isNaN(before.value()) || Double.isNaN(after.value()))
                {
                    continue;
                }
                final double ratio = before.value() == after.value() ? 1.0 : after.value() / before.value();
                final boolean marked;
                if (before.hasError() && after.hasError())
                {
                    marked = Math.abs(after.value() - before.value()) > before.error() + after.error();
                }
                else
                {
                    marked = Math.abs(ratio - 1) > tolerance;
                }
                final boolean worse = higherIsBetter(column) ? after.value() < before.value() : after.value() > before.value();
                changes.add(new Change(row, column, before, after, ratio, marked, marked && worse));
            }
        }
        return new Comparison(List.copyOf(changes));
    }

    static boolean higherIsBetter(final Column column)
    {
        final String unit = column.metric().unit().toLowerCase(Locale.ROOT);
        return unit.startsWith("ops/") || unit.endsWith("/s") && !unit.startsWith("s/");
    }

    public List<Change> changes()
    {
        return changes;
    }

    public List<Change> marked()
    {
        return changes.stream().filter(Change::marked).toList();
    }

    /** @return the marked regressions worse than the threshold (a fraction: 0.1 for 10%). */
    public List<Change> regressionsBeyond(final double threshold)
    {
        return changes.stream().filter(change -> change.regression() && change.worseBy() > threshold).toList();
    }

    /** @return the comparison as markdown: one line per compared figure, marked ones flagged. */
    public String markdown(final String nameA, final String nameB)
    {
        final StringBuilder out = new StringBuilder();
        out.append("# compare ").append(nameA).append(" (A) with ").append(nameB).append(" (B)\n\n");
        out.append(changes.size()).append(" figures compared, ").append(marked().size()).append(" changed beyond the runs' noise, ")
            .append(changes.stream().filter(Change::regression).count()).append(" of them for the worse.\n\n");
        out.append("| scenario | algorithm | transport | n | settings | figure | A | B | B/A | change |\n");
        out.append("| --- | --- | --- | --: | --- | --- | --: | --: | --: | --- |\n");
        for (final Change change : changes)
        {
            final RowKey row = change.row();
            out.append("| ").append(row.scenario()).append(" | ").append(row.algorithm()).append(" | ").append(row.transport())
                .append(" | ").append(row.nodes() == 0 ? "" : row.nodes()).append(" | ").append(row.settingsText())
                .append(" | ").append(change.column().header())
                .append(" | ").append(MarkdownTable.text(change.column(), change.a()))
                .append(" | ").append(MarkdownTable.text(change.column(), change.b()))
                .append(" | ").append(Double.isInfinite(change.ratio()) ? "inf" : String.format(Locale.ROOT, "%.3f", change.ratio()))
                .append(" | ").append(change.marked() ? (change.regression() ? "**worse**" : "**better**") : "")
                .append(" |\n");
        }
        return out.toString();
    }

    /**
     * Writes {@code compare.md} and the chart ({@code compare.svg}, {@code compare.png}) into a folder.
     *
     * @return the files written.
     */
    public List<java.nio.file.Path> write(final java.nio.file.Path out, final String nameA, final String nameB)
    {
        final List<java.nio.file.Path> written = new ArrayList<>();
        final java.nio.file.Path markdownFile = out.resolve("compare.md");
        AtomicFiles.writeString(markdownFile, markdown(nameA, nameB));
        written.add(markdownFile);
        final NamedChart chart = chart(nameA, nameB);
        if (null != chart)
        {
            final List<String> footer = List.of("A: " + nameA, "B: " + nameB);
            final byte[] svg = ChartImage.svg(chart.chart(), footer);
            final byte[] png = ChartImage.png(chart.chart(), footer);
            final java.nio.file.Path svgFile = out.resolve(chart.stem() + ".svg");
            final java.nio.file.Path pngFile = out.resolve(chart.stem() + ".png");
            AtomicFiles.write(svgFile, stream -> stream.write(svg));
            AtomicFiles.write(pngFile, stream -> stream.write(png));
            written.add(svgFile);
            written.add(pngFile);
        }
        return written;
    }

    /** @return B/A of each row's distributions' p50 and the benchmarks' scores, one bar per row and figure. */
    public NamedChart chart(final String nameA, final String nameB)
    {
        final SortedMap<String, SortedMap<String, Double>> bySeries = new TreeMap<>();
        final List<String> categories = new ArrayList<>();
        for (final Change change : changes)
        {
            final Column column = change.column();
            if ((column.statistic() == Column.Statistic.P50 || column.metric().unit().contains("/op")) && !Double.isInfinite(change.ratio()))
            {
                final RowKey row = change.row();
                final String category = row.scenario() + " " + row.algorithm() + " " + row.transport() + (row.nodes() > 0 ? " n=" + row.nodes() : "");
                if (!categories.contains(category))
                {
                    categories.add(category);
                }
                bySeries.computeIfAbsent(column.header(), key -> new TreeMap<>()).put(category, change.ratio());
            }
        }
        final String title = "B/A: " + nameB + " against " + nameA;
        final CategoryChart chart = new CategoryChartBuilder().width(Charts.WIDTH).height(Charts.HEIGHT).title(title)
            .xAxisTitle("row").yAxisTitle("ratio B/A (1 = unchanged, above 1 = B higher)").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setXAxisLabelRotation(30);
        chart.getStyler().setLocale(Locale.ROOT);
        for (final var series : bySeries.entrySet())
        {
            final List<String> x = new ArrayList<>();
            final List<Number> y = new ArrayList<>();
            for (final String category : categories)
            {
                x.add(category);
                y.add(series.getValue().getOrDefault(category, 0.0));
            }
            chart.addSeries(series.getKey(), x, y);
        }
        return bySeries.isEmpty() ? null : new NamedChart("compare", title, null, chart);
    }
}
