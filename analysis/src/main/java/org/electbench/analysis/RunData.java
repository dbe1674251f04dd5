package org.electbench.analysis;

import org.electbench.reporting.Cell;
import org.electbench.transport.InputFiles;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import org.HdrHistogram.Histogram;
import org.electbench.transport.parameters.RunParameter;
import org.electbench.transport.parameters.RunParameters;

/**
 * Everything read from one or more run folders: per row (scenario, algorithm, n, transport,
 * settings) a cell per column and a histogram per distribution, the metrics in the order their
 * declarations give, and each folder's environment. Rows are kept sorted, so every writer
 * iterates them in one order and the same input gives the same output, byte for byte.
 */
public final class RunData
{
    private final Map<String, Metric> metrics = new LinkedHashMap<>();
    private final SortedMap<RowKey, SortedMap<String, Cell>> cells = new TreeMap<>();
    private final SortedMap<RowKey, SortedMap<String, Histogram>> histograms = new TreeMap<>();
    private final List<Source> sources = new ArrayList<>();
    /** Per row and count metric: its smallest and largest value in any one run, where the run reports give them. */
    private final Map<RowKey, Map<String, double[]>> ranges = new java.util.HashMap<>();
    private final Map<RowKey, Map<String, Double>> means = new java.util.HashMap<>();
    private final List<Commit> commits = new ArrayList<>();
    /** Rows of real systems' failovers ({@link ReferenceTable}), as their files hold them: no textbook row's shape. */
    private final List<com.fasterxml.jackson.databind.JsonNode> referenceRows = new ArrayList<>();

    /**
     * The figures of one commit's folders, where the data holds several commits: a point of the trend.
     *
     * @param commit the commit the folders were run at.
     * @param started when its first folder's run started (UTC), or its name.
     * @param data what its folders hold.
     */
    public record Commit(String commit, String started, RunData data)
    {
    }

    public void addCommit(final Commit commit)
    {
        commits.add(commit);
    }

    public void addReferenceRows(final List<com.fasterxml.jackson.databind.JsonNode> rows)
    {
        referenceRows.addAll(rows);
    }

    /** @return the reference systems' rows the folders hold, folder by folder, by file name. */
    public List<com.fasterxml.jackson.databind.JsonNode> referenceRows()
    {
        return Collections.unmodifiableList(referenceRows);
    }

    /** @return each commit's figures in run order, where the folders come from two or more commits; empty otherwise. */
    public List<Commit> commits()
    {
        return Collections.unmodifiableList(commits);
    }

    /**
     * One folder read: where it came from and what it ran on.
     *
     * @param name the folder's name (its timestamp and commit).
     * @param environment what the folder's environment says, by field, in its order.
     * @param commandLine the command that produced it, or empty.
     * @param complete false when the folder says its run was interrupted.
     * @param failures the benchmarks that failed and have no row, as the run listed them.
     */
    public record Source(String name, Map<String, String> environment, String commandLine, boolean complete, List<String> failures)
    {
        /** Everything a run folder says is escaped here, once, for every output ({@link InputFiles#printable}). */
        public Source
        {
            name = InputFiles.printable(name);
            final Map<String, String> printable = new java.util.LinkedHashMap<>();
            environment.forEach((key, value) -> printable.put(InputFiles.printable(key), InputFiles.printable(value)));
            environment = java.util.Collections.unmodifiableMap(printable);
            commandLine = InputFiles.printable(commandLine);
            failures = failures.stream().map(InputFiles::printable).toList();
        }

        public Source(final String name, final Map<String, String> environment, final String commandLine, final boolean complete)
        {
            this(name, environment, commandLine, complete, List.of());
        }
    }

    /** @return the metric declared under a name, declaring it as given the first time it is seen. */
    public Metric declare(final Metric metric)
    {
        return metrics.computeIfAbsent(metric.name(), name -> metric);
    }

    public void put(final RowKey row, final Column column, final Cell cell)
    {
        declare(column.metric());
        cells.computeIfAbsent(row, key -> new TreeMap<>()).put(column.id(), cell);
    }

    /** Adds a distribution's histogram to a row (added to one already there, as from a second folder). */
    public void putHistogram(final RowKey row, final Metric metric, final Histogram histogram)
    {
        declare(metric);
        final SortedMap<String, Histogram> byMetric = histograms.computeIfAbsent(row, key -> new TreeMap<>());
        final Histogram existing = byMetric.get(metric.name());
        if (null == existing)
        {
            byMetric.put(metric.name(), histogram.copy());
        }
        else
        {
            existing.add(histogram);
        }
    }

    /** Records the smallest and largest per-run value of a count (widened by a second folder's). */
    public void putRange(final RowKey row, final String metricName, final double min, final double max)
    {
        ranges.computeIfAbsent(row, key -> new java.util.HashMap<>()).merge(metricName, new double[] {min, max},
            (a, b) -> new double[] {Math.min(a[0], b[0]), Math.max(a[1], b[1])});
    }

    /**
     * Records a level's mean over a row's runs where its cell holds the largest (a disturbance's availability: the
     * table shows the mean a run had, the reading the best run), so the two never read as each other.
     */
    public void putMean(final RowKey row, final String metricName, final double mean)
    {
        means.computeIfAbsent(row, key -> new java.util.HashMap<>()).put(metricName, mean);
    }

    /** @return a level's mean over the row's runs, or NaN where no run report gave it. */
    public double mean(final RowKey row, final String metricName)
    {
        final Map<String, Double> byMetric = means.get(row);
        final Double mean = null == byMetric ? null : byMetric.get(metricName);
        return null == mean ? Double.NaN : mean;
    }

    /** @return a count's smallest and largest value in one run of the row, or null where no run report gave them. */
    public double[] range(final RowKey row, final String metricName)
    {
        final Map<String, double[]> byMetric = ranges.get(row);
        final double[] range = null == byMetric ? null : byMetric.get(metricName);
        return null == range ? null : range.clone();
    }

    public void addSource(final Source source)
    {
        sources.add(source);
    }

    /** @return the metrics, in declaration order. */
    public List<Metric> metrics()
    {
        return Collections.unmodifiableList(new ArrayList<>(metrics.values()));
    }

    /** @return the metric of that name, or null. */
    public Metric metric(final String name)
    {
        return metrics.get(name);
    }

    public List<Source> sources()
    {
        return Collections.unmodifiableList(sources);
    }

    /** @return every row, sorted. */
    public SortedSet<RowKey> rows()
    {
        final SortedSet<RowKey> rows = new TreeSet<>(cells.keySet());
        rows.addAll(histograms.keySet());
        return rows;
    }

    /** @return the scenarios, sorted. */
    public SortedSet<String> scenarios()
    {
        final SortedSet<String> scenarios = new TreeSet<>();
        for (final RowKey row : rows())
        {
            scenarios.add(row.scenario());
        }
        return scenarios;
    }

    /** @return a row's cell in a column, or null. */
    public Cell cell(final RowKey row, final String columnId)
    {
        final SortedMap<String, Cell> byColumn = cells.get(row);
        return null == byColumn ? null : byColumn.get(columnId);
    }

    /** @return a row's histogram of a distribution, or null. */
    public Histogram histogram(final RowKey row, final String metricName)
    {
        final SortedMap<String, Histogram> byMetric = histograms.get(row);
        return null == byMetric ? null : byMetric.get(metricName);
    }

    /**
     * Fills each distribution's p50, p99 and max from its histogram, where a row has a histogram
     * and no exact figure (run reports carry exact nearest-rank percentiles; JMH runs only logs).
     * The error of a p50 is the half-width of its 95% confidence interval, the noise a compare weighs.
     */
    public void summariseHistograms()
    {
        for (final Map.Entry<RowKey, SortedMap<String, Histogram>> row : histograms.entrySet())
        {
            for (final Map.Entry<String, Histogram> entry : row.getValue().entrySet())
            {
                final Metric metric = metrics.get(entry.getKey());
                final Histogram histogram = entry.getValue();
                if (histogram.getTotalCount() == 0)
                {
                    continue;
                }
                final double spread = RunReportSource.medianHalfWidth(histogram);
                putIfAbsent(row.getKey(), new Column(metric, Column.Statistic.P50),
                    new Cell(histogram.getValueAtPercentile(50), spread));
                putIfAbsent(row.getKey(), new Column(metric, Column.Statistic.P99),
                    new Cell(histogram.getValueAtPercentile(99), Double.NaN));
                putIfAbsent(row.getKey(), new Column(metric, Column.Statistic.MAX),
                    new Cell(histogram.getMaxValue(), Double.NaN));
            }
        }
    }

    private void putIfAbsent(final RowKey row, final Column column, final Cell cell)
    {
        cells.computeIfAbsent(row, key -> new TreeMap<>()).putIfAbsent(column.id(), cell);
    }

    /** @return the rows of one scenario, sorted. */
    public List<RowKey> rows(final String scenario)
    {
        final List<RowKey> rows = new ArrayList<>();
        for (final RowKey row : rows())
        {
            if (row.scenario().equals(scenario))
            {
                rows.add(row);
            }
        }
        return rows;
    }

    /**
     * @return every column some row of the scenario has a cell in: the declared metrics in
     *     declaration order, then the benchmarks' own figures (score, allocation) as first seen.
     */
    public List<Column> columns(final String scenario)
    {
        final List<RowKey> rows = rows(scenario);
        final List<Column> columns = new ArrayList<>();
        final List<Metric> ordered = new ArrayList<>(metrics.values());
        ordered.sort(java.util.Comparator.comparingInt(metric -> Declarations.rank(metric.name())));
        for (final Metric metric : ordered)
        {
            for (final Column column : Column.of(metric))
            {
                for (final RowKey row : rows)
                {
                    if (null != cell(row, column.id()))
                    {
                        columns.add(column);
                        break;
                    }
                }
            }
        }
        return columns;
    }

    /**
     * @return the settings that differ between the scenario's rows (shown as columns), and
     *     those that are one value throughout (stated once above the table).
     */
    public SettingsSplit settings(final String scenario)
    {
        final SortedMap<String, SortedSet<String>> values = new TreeMap<>();
        final List<RowKey> rows = rows(scenario);
        for (final RowKey row : rows)
        {
            for (final Map.Entry<String, String> entry : row.settings().entrySet())
            {
                values.computeIfAbsent(entry.getKey(), key -> new TreeSet<>()).add(entry.getValue());
            }
        }
        final List<String> varying = new ArrayList<>();
        final SortedMap<String, String> fixed = new TreeMap<>();
        for (final Map.Entry<String, SortedSet<String>> entry : values.entrySet())
        {
            final boolean everywhere = rows.stream().allMatch(row -> row.settings().containsKey(entry.getKey()));
            if (entry.getValue().size() == 1 && everywhere)
            {
                fixed.put(entry.getKey(), entry.getValue().first());
            }
            else
            {
                varying.add(entry.getKey());
            }
        }
        return new SettingsSplit(varying, fixed);
    }

    /** What a scenario's table of settings swept at some cells is called: {@code leader-crash-sweep}. */
    public static final String SWEEP_SUFFIX = "-sweep";

    /**
     * A run that sweeps run parameters at some cells (the timer stage: heartbeat × T_elec at n = 9)
     * holds those cells several times in their scenario. Their rows move to a table of their own,
     * {@code <scenario>-sweep}, so the scenario's table keeps one row per algorithm, transport and n,
     * side by side; the swept cell's row on the settings most other cells of that algorithm ran with
     * stays in both. Rows that differ only in an algorithm's own options (raft with and without
     * PreVote) are variants, not a sweep, and stay; so does a cell whose defaults row no other cell
     * tells apart (every cell swept).
     */
    public void separateSweeps()
    {
        for (final String scenario : new ArrayList<>(scenarios()))
        {
            final List<RowKey> rows = rows(scenario);
            final Map<String, List<RowKey>> byCell = new LinkedHashMap<>();
            for (final RowKey row : rows)
            {
                byCell.computeIfAbsent(row.algorithm() + '\u0000' + row.transport() + '\u0000' + row.nodes(),
                    key -> new ArrayList<>()).add(row);
            }
            for (final List<RowKey> cell : byCell.values())
            {
                if (cell.size() < 2 || !sweepsARunParameter(cell))
                {
                    continue;
                }
                final RowKey defaults = defaultsRow(cell, byCell.values());
                if (null == defaults)
                {
                    continue;
                }
                for (final RowKey row : cell)
                {
                    final RowKey swept = new RowKey(scenario + SWEEP_SUFFIX, row.algorithm(), row.nodes(), row.transport(), row.settings());
                    final SortedMap<String, Cell> rowCells = row == defaults ? cells.get(row) : cells.remove(row);
                    final SortedMap<String, Histogram> rowHistograms = row == defaults ? histograms.get(row) : histograms.remove(row);
                    if (null != rowCells)
                    {
                        cells.put(swept, new TreeMap<>(rowCells));
                    }
                    if (null != rowHistograms)
                    {
                        histograms.put(swept, new TreeMap<>(rowHistograms));
                    }
                }
            }
        }
    }

    private static boolean sweepsARunParameter(final List<RowKey> cell)
    {
        for (final RunParameter<?> parameter : RunParameters.all())
        {
            final SortedSet<String> values = new TreeSet<>();
            cell.forEach(row -> values.add(String.valueOf(row.settings().get(parameter.key()))));
            if (values.size() > 1)
            {
                return true;
            }
        }
        return false;
    }

    /**
     * @return the one row of a swept cell on the settings most of the algorithm's unswept cells ran
     *     with (each setting's commonest value, where one value is commonest), or null.
     */
    private static RowKey defaultsRow(final List<RowKey> cell, final Collection<List<RowKey>> cells)
    {
        final Map<String, Map<String, Integer>> counts = new TreeMap<>();
        int unswept = 0;
        for (final List<RowKey> other : cells)
        {
            if (other.size() != 1 || !other.get(0).algorithm().equals(cell.get(0).algorithm()))
            {
                continue;
            }
            unswept++;
            other.get(0).settings().forEach((key, value) -> counts.computeIfAbsent(key, k -> new TreeMap<>()).merge(value, 1, Integer::sum));
        }
        final SortedMap<String, String> usual = new TreeMap<>();
        for (final Map.Entry<String, Map<String, Integer>> setting : counts.entrySet())
        {
            final List<Map.Entry<String, Integer>> byCount = new ArrayList<>(setting.getValue().entrySet());
            byCount.sort(Map.Entry.<String, Integer>comparingByValue().reversed());
            final boolean commonest = byCount.size() == 1 || byCount.get(0).getValue() > byCount.get(1).getValue();
            if (commonest && 2 * byCount.get(0).getValue() > unswept)
            {
                usual.put(setting.getKey(), byCount.get(0).getKey());
            }
        }
        if (usual.isEmpty())
        {
            return null;
        }
        RowKey defaults = null;
        for (final RowKey row : cell)
        {
            if (row.settings().entrySet().containsAll(usual.entrySet()))
            {
                if (null != defaults)
                {
                    return null;
                }
                defaults = row;
            }
        }
        return defaults;
    }

    /**
     * @param varying settings whose value differs between rows.
     * @param fixed settings with one value on every row.
     */
    public record SettingsSplit(List<String> varying, SortedMap<String, String> fixed)
    {
    }
}
