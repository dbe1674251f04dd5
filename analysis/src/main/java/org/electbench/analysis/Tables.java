package org.electbench.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.electbench.reporting.Cell;
import org.electbench.reporting.Numbers;
import org.electbench.reporting.Table;
import org.electbench.reporting.TableFormat;
import org.electbench.transport.parameters.RunParameters;

/**
 * Builds the {@link Table} of a scenario from {@link RunData}, once, for every output: one row per
 * cell of the grid (algorithm, transport, n and the settings that vary), the algorithms of one
 * transport and size side by side, columns from the metric declarations.
 * <p>
 * The compact view is what a reader decides by: who, where, how many elections, convergence p50
 * and p99 with their 95% intervals, unavailability p50, the message and byte counts, and the
 * safety violations in one column. Everything else (every distribution's p50, p99 and max with
 * intervals, every count, each violation, the benchmarks' own scores) is in the full set. A p99
 * from fewer than {@value Estimate#TAIL_MINIMUM} elections is left empty, not guessed.
 */
public final class Tables
{
    /** The count columns the compact view shows, by metric name, when a row has them. */
    static final List<String> COMPACT_COUNTS = List.of("messagesToLeader", "messages", "bytes");
    /** Where a published table's reader finds the columns it leaves out; a table printed alone says otherwise. */
    public static final String EVERY_COLUMN = "The CSV and JSON beside this table hold every column.";
    static final String UNAVAILABILITY = "unavailability";
    static final String SAFETY = "safety";

    private Tables()
    {
    }

    /** @return every scenario's table, in scenario order. */
    public static List<Table> all(final RunData data)
    {
        final List<Table> tables = new ArrayList<>();
        for (final String scenario : data.scenarios())
        {
            tables.add(of(data, scenario));
        }
        return tables;
    }

    /**
     * @return every table as one markdown document: what {@code run} prints and writes as
     *     {@code tables.md}, and what {@code report} writes as {@code tables.md}, from the same data.
     */
    public static String markdown(final RunData data)
    {
        final StringBuilder out = new StringBuilder();
        out.append("# electbench tables: ").append(ReportWriter.title(data)).append("\n\n");
        out.append(ReportWriter.context(data)).append("\n\n");
        for (final RunData.Source source : data.sources())
        {
            if (!source.failures().isEmpty())
            {
                out.append(source.failures().size()).append(" benchmarks of ").append(source.name())
                    .append(" failed and have no row (their errors are in its jmh-*.log files):\n\n");
                source.failures().forEach(failure -> out.append("- ").append(failure).append('\n'));
                out.append('\n');
            }
        }
        for (final Table table : all(data))
        {
            out.append(TableFormat.MARKDOWN.render(table)).append('\n');
            if (null != Incidents.incident(table.title()))
            {
                out.append(incidentHeading(table.title())).append(TableFormat.MARKDOWN.render(Incidents.table(data, table.title()))).append('\n');
            }
        }
        return out.toString();
    }

    /** @return the heading over an incident's own table, in tables.md and report.md alike. */
    static String incidentHeading(final String scenario)
    {
        return "## Incident: " + scenario + ", algorithms and variants side by side\n\n";
    }

    /** @return the scenario's table. */
    public static Table of(final RunData data, final String scenario)
    {
        final RunData.SettingsSplit split = data.settings(scenario);
        final java.util.SortedMap<String, String> options = options(data.rows(scenario), split.varying());
        final List<String> varying = new ArrayList<>(split.varying());
        varying.removeIf(setting -> options.values().stream().anyMatch(text -> (" " + text).contains(" " + setting + "=")));
        final RunData.SettingsSplit settings = new RunData.SettingsSplit(varying, split.fixed());
        final List<RowKey> rows = sorted(data.rows(scenario), varying);
        final List<Column> metrics = data.columns(scenario);
        final boolean hasConvergence = metrics.stream().anyMatch(column -> Charts.CONVERGENCE.equals(column.metric().name()));

        final List<Table.Column> columns = new ArrayList<>();
        columns.add(new Table.Column("scenario", "scenario", false, false));
        columns.add(new Table.Column("algorithm", "algorithm", true, false));
        columns.add(new Table.Column("transport", "transport", true, false));
        columns.add(new Table.Column("nodes", "n", true, true));
        if (!settings.varying().isEmpty())
        {
            columns.add(new Table.Column("settings", "settings", true, false, false));
        }
        final List<String> allSettings = new ArrayList<>(split.fixed().keySet());
        allSettings.addAll(split.varying());
        allSettings.sort(null);
        for (final String setting : allSettings)
        {
            columns.add(new Table.Column(setting, setting, false, false));
        }
        final List<Column> violations = metrics.stream().filter(column -> column.metric().kind() == Metric.Kind.VIOLATION).toList();
        final List<Builder> builders = new ArrayList<>();
        final List<Column> ordered = new ArrayList<>(metrics);
        // The sample size first: a reader weighs every figure after it by it.
        ordered.sort(Comparator.comparing(column -> !JmhSource.ELECTIONS.equals(column.metric().name())));
        for (final Column column : ordered)
        {
            builders.addAll(builders(column, hasConvergence));
        }
        for (final Builder builder : builders)
        {
            columns.addAll(builder.columns());
        }
        if (!violations.isEmpty())
        {
            columns.add(new Table.Column(SAFETY, "safety violations (runs)", true, false, false));
        }

        final List<List<Table.Value>> values = new ArrayList<>();
        for (final RowKey row : rows)
        {
            final List<Table.Value> line = new ArrayList<>();
            line.add(Table.Value.text(row.scenario()));
            line.add(Table.Value.text(row.algorithm()));
            line.add(Table.Value.text(row.transport()));
            line.add(row.nodes() == 0 ? Table.Value.NONE : new Table.Value(String.valueOf(row.nodes()), row.nodes()));
            if (!settings.varying().isEmpty())
            {
                final StringBuilder text = new StringBuilder();
                for (final String setting : settings.varying())
                {
                    final String value = row.settings().get(setting);
                    if (null != value)
                    {
                        text.append(text.length() == 0 ? "" : " ").append(setting).append('=').append(Numbers.readable(value));
                    }
                }
                line.add(Table.Value.text(text.toString()));
            }
            for (final String setting : allSettings)
            {
                final String value = row.settings().get(setting);
                line.add(null == value ? Table.Value.NONE : new Table.Value(Numbers.readable(value), value));
            }
            for (final Builder builder : builders)
            {
                line.addAll(builder.values(data, row));
            }
            if (!violations.isEmpty())
            {
                line.add(Table.Value.text(safety(data, row, violations)));
            }
            values.add(line);
        }
        final List<String> notes = new ArrayList<>();
        if (!settings.fixed().isEmpty())
        {
            final StringBuilder text = new StringBuilder("Settings of every row:");
            for (final Map.Entry<String, String> entry : settings.fixed().entrySet())
            {
                text.append(' ').append(entry.getKey()).append('=').append(Numbers.readable(entry.getValue()));
            }
            notes.add(text.toString());
        }
        if (!options.isEmpty())
        {
            final List<String> each = new ArrayList<>();
            options.forEach((algorithm, text) -> each.add(algorithm + ": " + text));
            notes.add("Settings of each algorithm's rows: " + String.join("; ", each) + ".");
        }
        if (hasConvergence && null != Incidents.incident(scenario))
        {
            notes.add("An incident: convergence is from the heal to the agreement that held, and unavailability from the fault " +
                "to the first leader its side names, which a leader that outlives the fault makes 0; the disturbance's own " +
                "figures (availability, time with two leaders, runs that settled) are in the incident's table.");
        }
        if (hasConvergence)
        {
            notes.add("Times in ms; a percentile's 95% interval in brackets; p99 only from " + Estimate.TAIL_MINIMUM +
                " elections or more; counts per election. " + EVERY_COLUMN);
        }
        if (metrics.stream().anyMatch(column -> Charts.MESSAGES.equals(column.metric().name())))
        {
            notes.add(org.electbench.transport.metrics.Metrics.MESSAGES_DEFINITION);
        }
        return new Table(Charts.safe(scenario), scenario, notes, columns, values);
    }

    /**
     * @return per algorithm, the varying settings that keep one value on all its rows (its own options, a derived
     *     timeout that does not change with n), as text; an algorithm with none is left out.
     */
    static java.util.SortedMap<String, String> options(final List<RowKey> rows, final List<String> varying)
    {
        final java.util.SortedMap<String, java.util.SortedMap<String, java.util.Set<String>>> values = new java.util.TreeMap<>();
        for (final RowKey row : rows)
        {
            final java.util.SortedMap<String, java.util.Set<String>> byName = values.computeIfAbsent(row.algorithm(), key -> new java.util.TreeMap<>());
            for (final String setting : varying)
            {
                byName.computeIfAbsent(setting, key -> new java.util.TreeSet<>()).add(row.settings().getOrDefault(setting, ""));
            }
        }
        // A setting is an algorithm's option only where it holds still on every algorithm's rows.
        final List<String> still = new ArrayList<>();
        for (final String setting : varying)
        {
            if (values.values().stream().allMatch(byName -> byName.get(setting).size() == 1))
            {
                still.add(setting);
            }
        }
        final java.util.SortedMap<String, String> options = new java.util.TreeMap<>();
        values.forEach((algorithm, byName) ->
        {
            final StringBuilder text = new StringBuilder();
            for (final String setting : still)
            {
                final String value = byName.get(setting).iterator().next();
                if (!value.isEmpty())
                {
                    text.append(text.length() == 0 ? "" : " ").append(setting).append('=').append(Numbers.readable(value));
                }
            }
            if (text.length() > 0)
            {
                options.put(algorithm, text.toString());
            }
        });
        return options;
    }

    /**
     * @return the rows in reading order: transport (the simulator first), n, the settings swept, then the
     *         algorithms side by side. A setting that differs only between algorithms (a timeout each derives
     *         for itself) does not order the rows, so the algorithms keep one order at every n.
     */
    static List<RowKey> sorted(final List<RowKey> rows, final List<String> varying)
    {
        final List<String> swept = swept(rows, varying);
        final List<RowKey> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator
            .comparing((RowKey row) -> !"sim".equals(row.transport()))
            .thenComparing(RowKey::transport)
            .thenComparingInt(RowKey::nodes)
            .thenComparing(row -> row.settingsText(swept), RowKey.Settings.NATURAL)
            .thenComparing(RowKey::algorithm)
            .thenComparing(RowKey::settingsText, RowKey.Settings.NATURAL));
        return sorted;
    }

    /**
     * @return the varying run settings that take two values among one algorithm's rows on one transport at one
     *         n (an algorithm's own options name its variants, ordered after the algorithm).
     */
    static List<String> swept(final List<RowKey> rows, final List<String> varying)
    {
        final List<String> swept = new ArrayList<>();
        for (final String name : varying)
        {
            if (null == RunParameters.find(name))
            {
                continue;
            }
            final Map<String, String> seen = new HashMap<>();
            for (final RowKey row : rows)
            {
                final String cell = row.algorithm() + ' ' + row.transport() + ' ' + row.nodes();
                final String value = String.valueOf(row.settings().get(name));
                final String earlier = seen.putIfAbsent(cell, value);
                if (null != earlier && !earlier.equals(value))
                {
                    swept.add(name);
                    break;
                }
            }
        }
        return swept;
    }

    private static String safety(final RunData data, final RowKey row, final List<Column> violations)
    {
        final StringBuilder text = new StringBuilder();
        boolean measured = false;
        for (final Column column : violations)
        {
            final Cell cell = data.cell(row, column.id());
            if (null != cell && !Findings.HOST_LATE.equals(column.metric().name()))
            {
                measured = true;
                if (cell.value() > 0)
                {
                    text.append(text.length() == 0 ? "" : ", ").append(column.metric().name()).append(' ').append(Numbers.format(cell.value()));
                }
            }
        }
        final Cell late = data.cell(row, Findings.HOST_LATE);
        final String remeasured = Findings.remeasured(data, row).map(runs -> "; " + runs + " measured again").orElse("");
        if (null != late && late.value() > 0)
        {
            // The host, not the algorithm, broke the timing in these runs: a mark, and no verdict.
            final String seen = text.length() == 0 ? "" : " (seen: " + text + ")";
            return "MARKED hostLate " + Numbers.format(late.value()) + ": no verdict" + seen + remeasured;
        }
        return !measured ? "" : (text.length() == 0 ? "none" : text.toString()) + remeasured;
    }

    /** The table columns one metric column gives, and their values for a row. */
    private interface Builder
    {
        List<Table.Column> columns();

        List<Table.Value> values(RunData data, RowKey row);
    }

    private static List<Builder> builders(final Column column, final boolean hasConvergence)
    {
        final Metric metric = column.metric();
        final String name = metric.name();
        switch (metric.kind())
        {
            case DISTRIBUTION:
                if (column.statistic() == Column.Statistic.MAX)
                {
                    return List.of(plain(column, false));
                }
                final boolean compact = Charts.CONVERGENCE.equals(name) ||
                    UNAVAILABILITY.equals(name) && column.statistic() == Column.Statistic.P50;
                return List.of(new Percentile(column, compact));
            case VIOLATION:
                return List.of(plain(column, false));
            default:
                return List.of(plain(column, !hasConvergence || COMPACT_COUNTS.contains(name) || JmhSource.ELECTIONS.equals(name)));
        }
    }

    private static Builder plain(final Column column, final boolean compact)
    {
        final String id = csvName(column);
        final List<Table.Column> columns = new ArrayList<>();
        columns.add(new Table.Column(id, header(column), compact, true));
        return new Builder()
        {
            private boolean withError;

            @Override
            public List<Table.Column> columns()
            {
                return columns;
            }

            @Override
            public List<Table.Value> values(final RunData data, final RowKey row)
            {
                final Cell cell = data.cell(row, column.id());
                if (null == cell || Double.isNaN(cell.value()))
                {
                    return List.of(Table.Value.NONE);
                }
                final String text = Numbers.format(column.display(cell.value())) +
                    (cell.hasError() ? " ± " + Numbers.format(column.display(cell.error())) : "");
                return List.of(new Table.Value(text, cell.value()));
            }
        };
    }

    /** A percentile with its interval: one column for the compact view, value, low and high for the full set. */
    private static final class Percentile implements Builder
    {
        private final Column column;
        private final List<Table.Column> columns;

        Percentile(final Column column, final boolean compact)
        {
            this.column = column;
            final String id = column.id();
            final String unit = column.metric().unit().isEmpty() ? "" : "_" + column.metric().unit().replace('/', '_');
            final String label = column.metric().name() + " " + column.statistic().label() +
                (column.displayUnit().isEmpty() ? "" : " " + column.displayUnit());
            this.columns = List.of(
                new Table.Column(id + ".text", label + " (95% CI)", compact, false, true),
                new Table.Column(id + unit, label, false, true),
                new Table.Column(id + ".low" + unit, label + " 95% low", false, true),
                new Table.Column(id + ".high" + unit, label + " 95% high", false, true));
        }

        @Override
        public List<Table.Column> columns()
        {
            return columns;
        }

        @Override
        public List<Table.Value> values(final RunData data, final RowKey row)
        {
            final Histogram histogram = data.histogram(row, column.metric().name());
            final double percentile = column.statistic() == Column.Statistic.P50 ? 50 : 99;
            final Estimate estimate = Estimate.of(histogram, percentile);
            final Cell exact = data.cell(row, column.id());
            if (null == estimate)
            {
                // No histogram (or too few values for the tail): the exact figure where it is not a tail.
                if (null == histogram && null != exact && percentile <= 90)
                {
                    final Table.Value value = new Table.Value(Numbers.format(column.display(exact.value())), exact.value());
                    return List.of(value, value, Table.Value.NONE, Table.Value.NONE);
                }
                return List.of(Table.Value.NONE, Table.Value.NONE, Table.Value.NONE, Table.Value.NONE);
            }
            final double value = null == exact ? estimate.value() : exact.value();
            // The histogram rounds a value up to its precision (3 digits); the exact figure stays inside its interval.
            final double low = Math.min(estimate.low(), value);
            final double high = Math.max(estimate.high(), value);
            final String text = Numbers.format(column.display(value)) + (estimate.hasInterval() ?
                " (" + Numbers.format(column.display(low)) + "–" + Numbers.format(column.display(high)) + ")" : "");
            return List.of(new Table.Value(text, value), new Table.Value(Numbers.format(column.display(value)), value),
                estimate.hasInterval() ? new Table.Value(Numbers.format(column.display(low)), low) : Table.Value.NONE,
                estimate.hasInterval() ? new Table.Value(Numbers.format(column.display(high)), high) : Table.Value.NONE);
        }
    }

    private static String header(final Column column)
    {
        final Metric metric = column.metric();
        final String statistic = switch (column.statistic())
        {
            case P50, P99 -> " " + column.statistic().label();
            case MAX -> metric.kind() == Metric.Kind.DISTRIBUTION ? " max" : "";
            default -> "";
        };
        final String unit = metric.kind() == Metric.Kind.VIOLATION ? "runs" : column.displayUnit();
        return metric.name() + statistic + (unit.isEmpty() ? "" : " (" + unit + ")");
    }

    /** @return {@code convergence.max_ns}: the column id and its unit, as a name a script can use. */
    static String csvName(final Column column)
    {
        final String unit = column.metric().unit().replace('/', '_');
        return unit.isEmpty() ? column.id() : column.id() + "_" + unit;
    }
}
