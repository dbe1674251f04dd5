package org.electbench.analysis;

import org.electbench.reporting.ChartStyle;
import org.electbench.reporting.ChartImage;
import org.electbench.reporting.NamedChart;
import org.electbench.reporting.Numbers;
import org.electbench.reporting.Table;
import org.electbench.reporting.TableFormat;
import org.electbench.reporting.Cell;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.TreeMap;

import org.electbench.transport.AtomicOutput;
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
     * @param samplesA the elections behind A's figure (shown, never compared).
     * @param samplesB the elections behind B's.
     * @param rangeA A's 95% interval (a JMH score's its error interval); null where the figure has none.
     * @param rangeB B's.
     */
    public record Change(RowKey row, Column column, Cell a, Cell b, double ratio, boolean marked, boolean regression,
        long samplesA, long samplesB, Range rangeA, Range rangeB)
    {
        /**
         * @return how much worse, as a fraction (0.2 for 20% worse); 0 when not worse. A real-transport row's runs differ
         *     from run to run whatever the seed, so it is judged by its intervals: how far B's interval lies beyond A's.
         */
        public double worseBy()
        {
            if (!regression)
            {
                return 0;
            }
            if (!SIMULATOR.equals(row.transport()) && null != rangeA && null != rangeB)
            {
                return higherIsBetter(column) ? 1 - rangeB.high() / rangeA.low() : rangeB.low() / rangeA.high() - 1;
            }
            return higherIsBetter(column) ? 1 - ratio : ratio - 1;
        }
    }

    /** A 95% interval, in the column's unit. */
    public record Range(double low, double high)
    {
    }

    /** Figures of the machine, not the algorithm (the transport's latency, the timers' lateness, the simulated floor). */
    static final java.util.Set<String> DIAGNOSTICS = java.util.Set.of("oneWayLatency", "timerLateness", "floor");
    static final String SIMULATOR = "sim";

    /** The environment fields whose difference makes two runs' figures hard to compare. */
    static final List<String> ENVIRONMENT_FIELDS = List.of("cores", "javaVersion", "javaVm", "os");

    private final List<Change> changes;
    private final List<String> environmentDifferences;

    private Comparison(final List<Change> changes, final List<String> environmentDifferences)
    {
        this.changes = changes;
        this.environmentDifferences = List.copyOf(environmentDifferences);
    }

    /** @return what differs between the two runs' machines; empty when nothing recorded does. */
    public List<String> environmentDifferences()
    {
        return environmentDifferences;
    }

    /**
     * @param a the baseline.
     * @param b the run compared with it.
     * @param tolerance where cells carry no error, the fraction a ratio may leave 1 by unmarked.
     * @return every shared row and figure the samples can support, compared. Sample counts are
     *     never compared (they are shown beside); a maximum never is (one value); nor the
     *     machine's own figures ({@link #DIAGNOSTICS}); a percentile only where both runs give its 95%
     *     interval (a p99 from 100 elections or more), marked when the intervals are apart; a
     *     violation as a share of runs, by Wilson intervals; a count per election where it is exact
     *     (the simulator) or carries JMH's error.
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
                final String name = column.metric().name();
                if (JmhSource.ELECTIONS.equals(name) || column.statistic() == Column.Statistic.MAX || DIAGNOSTICS.contains(name))
                {
                    continue;
                }
                final Change change;
                switch (column.metric().kind())
                {
                    case DISTRIBUTION:
                        change = percentile(a, b, row, column);
                        break;
                    case VIOLATION:
                        change = proportion(a, b, row, column);
                        break;
                    default:
                        // A count per election is exact in the simulator (its seeds fix every run); a real transport's
                        // mean comes with no spread recorded, so nothing says whether it moved beyond its noise.
                        final boolean exact = SIMULATOR.equals(row.transport()) || null != a.cell(row, column.id()) &&
                            a.cell(row, column.id()).hasError();
                        change = exact ? figure(a, b, row, column, tolerance) : null;
                        break;
                }
                if (null != change)
                {
                    changes.add(change);
                }
            }
        }
        return new Comparison(List.copyOf(changes), environmentDifferences(a, b));
    }

    private static Change percentile(final RunData a, final RunData b, final RowKey row, final Column column)
    {
        final double percentile = column.statistic() == Column.Statistic.P50 ? 50 : 99;
        final Estimate before = Estimate.of(a.histogram(row, column.metric().name()), percentile);
        final Estimate after = Estimate.of(b.histogram(row, column.metric().name()), percentile);
        if (null == before || null == after || !before.hasInterval() || !after.hasInterval())
        {
            return null;
        }
        final double ratio = ratio(before.value(), after.value());
        final boolean marked = before.separatedFrom(after);
        return new Change(row, column, cell(before), cell(after), ratio, marked, marked && worse(column, before.value(), after.value()),
            before.count(), after.count(), new Range(before.low(), before.high()), new Range(after.low(), after.high()));
    }

    /**
     * A violation as the share of runs that broke it, marked where the two shares' 95% Wilson score intervals
     * (Wilson, "Probable inference...", JASA 22, 1927) are apart: 1 run in 10 against 0 in 10 is within the noise.
     */
    private static Change proportion(final RunData a, final RunData b, final RowKey row, final Column column)
    {
        final Cell before = a.cell(row, column.id());
        final Cell after = b.cell(row, column.id());
        final long runsA = elections(a, row);
        final long runsB = elections(b, row);
        if (null == before || null == after || runsA <= 0 || runsB <= 0)
        {
            return null;
        }
        final double[] x = wilson(before.value(), runsA);
        final double[] y = wilson(after.value(), runsB);
        final boolean marked = x[1] < y[0] || y[1] < x[0];
        return new Change(row, column, new Cell(before.value(), (x[1] - x[0]) / 2 * runsA), new Cell(after.value(), (y[1] - y[0]) / 2 * runsB),
            ratio(before.value() / runsA, after.value() / runsB), marked, marked && after.value() / runsB > before.value() / runsA,
            runsA, runsB, new Range(x[0] * runsA, x[1] * runsA), new Range(y[0] * runsB, y[1] * runsB));
    }

    /** @return the 95% Wilson score interval of k successes in n trials, as {low, high} shares. */
    static double[] wilson(final double k, final long n)
    {
        final double z = 1.96;
        final double p = k / n;
        final double denominator = 1 + z * z / n;
        final double centre = (p + z * z / (2.0 * n)) / denominator;
        final double half = z * Math.sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / denominator;
        return new double[] {Math.max(0, centre - half), Math.min(1, centre + half)};
    }

    private static Cell cell(final Estimate estimate)
    {
        return new Cell(estimate.value(), (estimate.high() - estimate.low()) / 2);
    }

    private static Change figure(final RunData a, final RunData b, final RowKey row, final Column column, final double tolerance)
    {
        final Cell before = a.cell(row, column.id());
        final Cell after = b.cell(row, column.id());
        if (null == before || null == after || Double.isNaN(before.value()) || Double.isNaN(after.value()))
        {
            return null;
        }
        final double ratio = ratio(before.value(), after.value());
        final boolean intervals = before.hasError() && after.hasError();
        final boolean marked = intervals ?
            Math.abs(after.value() - before.value()) > before.error() + after.error() : Math.abs(ratio - 1) > tolerance;
        return new Change(row, column, before, after, ratio, marked, marked && worse(column, before.value(), after.value()),
            elections(a, row), elections(b, row), intervals ? range(before) : null, intervals ? range(after) : null);
    }

    private static Range range(final Cell cell)
    {
        return new Range(cell.value() - cell.error(), cell.value() + cell.error());
    }

    private static long elections(final RunData data, final RowKey row)
    {
        final Cell cell = data.cell(row, JmhSource.ELECTIONS);
        return null == cell ? 0 : (long)cell.value();
    }

    private static double ratio(final double before, final double after)
    {
        return before == after ? 1.0 : after / before;
    }

    private static boolean worse(final Column column, final double before, final double after)
    {
        return higherIsBetter(column) ? after < before : after > before;
    }

    /** @return what differs between the runs' machines (cores, JDK, OS), as sentences; empty when nothing does. */
    static List<String> environmentDifferences(final RunData a, final RunData b)
    {
        final List<String> differences = new ArrayList<>();
        if (a.sources().isEmpty() || b.sources().isEmpty())
        {
            return differences;
        }
        final java.util.Map<String, String> before = a.sources().get(0).environment();
        final java.util.Map<String, String> after = b.sources().get(0).environment();
        for (final String field : ENVIRONMENT_FIELDS)
        {
            final String x = before.getOrDefault(field, "");
            final String y = after.getOrDefault(field, "");
            if (!x.equals(y))
            {
                differences.add(field + " differs: A " + (x.isEmpty() ? "(not recorded)" : x) + ", B " + (y.isEmpty() ? "(not recorded)" : y));
            }
        }
        return differences;
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

    /** @return the comparison as a table of every compared figure, changed or not. */
    public Table table(final String nameA, final String nameB)
    {
        return table(nameA, nameB, true);
    }

    /**
     * @param all whether unchanged figures are rows too; otherwise only those changed beyond the noise.
     * @return the comparison as a table, its summary first: one row per figure, the samples behind each side beside it,
     *     each side's 95% interval in brackets (and in the full set's low and high columns).
     */
    public Table table(final String nameA, final String nameB, final boolean all)
    {
        final List<Table.Column> columns = List.of(
            new Table.Column("scenario", "scenario", true, false),
            new Table.Column("algorithm", "algorithm", true, false),
            new Table.Column("transport", "transport", true, false),
            new Table.Column("nodes", "n", true, true),
            new Table.Column("settings", "settings", true, false),
            new Table.Column("figure", "figure", true, false),
            new Table.Column("a", "A", true, true),
            new Table.Column("b", "B", true, true),
            new Table.Column("samplesA", "elections A", true, true),
            new Table.Column("samplesB", "elections B", true, true),
            new Table.Column("ratio", "B/A", true, true),
            new Table.Column("change", "change", true, false),
            new Table.Column("aLow", "A low", false, true),
            new Table.Column("aHigh", "A high", false, true),
            new Table.Column("bLow", "B low", false, true),
            new Table.Column("bHigh", "B high", false, true));
        final List<List<Table.Value>> rows = new ArrayList<>();
        for (final Change change : all ? changes : marked())
        {
            final RowKey row = change.row();
            final String ratio = Double.isInfinite(change.ratio()) ? "inf" : String.format(Locale.ROOT, "%.3f", change.ratio());
            rows.add(List.of(Table.Value.text(row.scenario()), Table.Value.text(row.algorithm()), Table.Value.text(row.transport()),
                row.nodes() == 0 ? Table.Value.NONE : new Table.Value(String.valueOf(row.nodes()), row.nodes()),
                Table.Value.text(row.settingsText()), Table.Value.text(change.column().id()),
                value(change.column(), change.a(), change.rangeA()), value(change.column(), change.b(), change.rangeB()),
                new Table.Value(String.valueOf(change.samplesA()), change.samplesA()),
                new Table.Value(String.valueOf(change.samplesB()), change.samplesB()),
                new Table.Value(ratio, Double.isInfinite(change.ratio()) ? null : change.ratio()),
                Table.Value.text(change.marked() ? (change.regression() ? "worse" : "better") : ""),
                end(change.column(), change.rangeA(), true), end(change.column(), change.rangeA(), false),
                end(change.column(), change.rangeB(), true), end(change.column(), change.rangeB(), false)));
        }
        final List<String> notes = new ArrayList<>();
        notes.add(summary());
        notes.add(all ? "Every compared figure follows, changed or not." : marked().isEmpty() ? "Nothing changed beyond the " +
            "runs' noise; `--all` lists every compared figure." : "Only the figures changed beyond the noise follow; `--all` " +
            "lists every compared figure.");
        environmentDifferences.forEach(difference -> notes.add("Warning: the machines differ, figures may differ for that alone: " + difference));
        return new Table("compare", "compare " + nameA + " (A) with " + nameB + " (B)", notes, columns, rows);
    }

    /** @return what changed beyond the noise, then how figures are judged. */
    public String summary()
    {
        final long worse = changes.stream().filter(Change::regression).count();
        final long real = marked().stream().filter(change -> !SIMULATOR.equals(change.row().transport())).count();
        return String.format(Locale.ROOT, "%,d figures compared: %,d changed beyond the runs' noise, %,d for the worse, %,d for " +
            "the better%s. Times in ms. A percentile, a JMH score and a violation's share are judged by their 95%% intervals: " +
            "a change is marked only where A's and B's are apart. A real-transport row differs from run to run whatever the " +
            "seed, so it fails --fail-on-regression only where B's interval lies beyond A's by more than the threshold; " +
            "counts per election on a real transport carry no interval and are not compared.",
            changes.size(), marked().size(), worse, marked().size() - worse, real > 0 ? " (" + real + " on real transports)" : "");
    }

    private static Table.Value value(final Column column, final Cell cell)
    {
        return new Table.Value(Numbers.format(column.display(cell.value())), cell.value());
    }

    private static Table.Value value(final Column column, final Cell cell, final Range range)
    {
        if (null == range)
        {
            return value(column, cell);
        }
        return new Table.Value(Numbers.format(column.display(cell.value())) + " (" + Numbers.format(column.display(range.low())) +
            "–" + Numbers.format(column.display(range.high())) + ")", cell.value());
    }

    private static Table.Value end(final Column column, final Range range, final boolean low)
    {
        if (null == range)
        {
            return Table.Value.NONE;
        }
        final double end = low ? range.low() : range.high();
        return new Table.Value(Numbers.format(column.display(end)), end);
    }

    /** @return the comparison as markdown, every compared figure. */
    public String markdown(final String nameA, final String nameB)
    {
        return markdown(nameA, nameB, true);
    }

    /** @return the comparison as markdown: its summary, then the changed figures, or with {@code all} every one. */
    public String markdown(final String nameA, final String nameB, final boolean all)
    {
        return TableFormat.MARKDOWN.render(table(nameA, nameB, all));
    }

    /**
     * Writes {@code compare.md} and the chart ({@code compare.png}) into a folder.
     *
     * @return the files written.
     */
    public List<java.nio.file.Path> write(final java.nio.file.Path out, final String nameA, final String nameB)
    {
        return write(out, nameA, nameB, true);
    }

    /** {@link #write(java.nio.file.Path, String, String)}, every compared figure in compare.md only with {@code all}. */
    public List<java.nio.file.Path> write(final java.nio.file.Path out, final String nameA, final String nameB, final boolean all)
    {
        final List<java.nio.file.Path> written = new ArrayList<>();
        // As a report's: the folder may sit in a run folder from another host, so nothing below its parent is followed.
        final java.nio.file.Path root = null == out.toAbsolutePath().getParent() ? out.toAbsolutePath() : out.toAbsolutePath().getParent();
        final java.nio.file.Path markdownFile = out.resolve("compare.md");
        AtomicOutput.replaceInside(root, markdownFile, markdown(nameA, nameB, all));
        written.add(markdownFile);
        final NamedChart chart = chart(nameA, nameB);
        if (null != chart)
        {
            final List<String> footer = List.of("A: " + nameA, "B: " + nameB);
            final byte[] png = ChartImage.png(chart, footer);
            final java.nio.file.Path pngFile = out.resolve(chart.stem() + ".png");
            AtomicOutput.replaceInside(root, pngFile, stream -> stream.write(png));
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
        final CategoryChart chart = new CategoryChartBuilder().width(ChartStyle.WIDTH).height(ChartStyle.HEIGHT).title(title)
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
