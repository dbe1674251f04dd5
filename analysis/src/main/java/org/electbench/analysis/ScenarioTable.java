package org.electbench.analysis;

import java.util.List;

/**
 * One scenario's table: its rows (algorithm × n, then transport and the settings that vary),
 * the columns some row has a figure in, and the settings every row shares.
 *
 * @param scenario the scenario.
 * @param rows its rows, sorted.
 * @param columns its metric columns, in declaration order.
 * @param settings the settings split into varying (columns) and fixed (stated once).
 */
public record ScenarioTable(String scenario, List<RowKey> rows, List<Column> columns, RunData.SettingsSplit settings)
{
    public static ScenarioTable of(final RunData data, final String scenario)
    {
        return new ScenarioTable(scenario, data.rows(scenario), data.columns(scenario), data.settings(scenario));
    }

    /**
     * @return the columns a page shows (CSV keeps all): convergence's p50, p99 and max, every
     *     other distribution's p50, every count, mean and violation, but not the per-type message
     *     counts, which {@link #byTypeText} folds into one column.
     */
    public List<Column> shownColumns()
    {
        final List<Column> shown = new java.util.ArrayList<>();
        for (final Column column : columns)
        {
            final Metric metric = column.metric();
            if (isByType(metric))
            {
                continue;
            }
            if (metric.kind() == Metric.Kind.DISTRIBUTION && !Charts.CONVERGENCE.equals(metric.name()) &&
                column.statistic() != Column.Statistic.P50)
            {
                continue;
            }
            shown.add(column);
        }
        return shown;
    }

    /** @return whether the table has per-type message counts. */
    public boolean hasByType()
    {
        return columns.stream().anyMatch(column -> isByType(column.metric()));
    }

    /** @return a row's per-type message counts as one text: {@code ELECTION 10, OK 6, COORDINATOR 3}. */
    public String byTypeText(final RunData data, final RowKey row)
    {
        final StringBuilder text = new StringBuilder();
        for (final Column column : columns)
        {
            final Cell cell = data.cell(row, column.id());
            if (isByType(column.metric()) && null != cell)
            {
                text.append(text.length() == 0 ? "" : ", ")
                    .append(column.metric().name().substring(org.electbench.transport.metrics.Metrics.MESSAGES_BY_TYPE_PREFIX.length()))
                    .append(' ').append(Numbers.format(cell.value()));
            }
        }
        return text.toString();
    }

    private static boolean isByType(final Metric metric)
    {
        return metric.name().startsWith(org.electbench.transport.metrics.Metrics.MESSAGES_BY_TYPE_PREFIX);
    }

    /** @return the column id of the first column of a metric, or null when the table has none. */
    public Column column(final String id)
    {
        for (final Column column : columns)
        {
            if (column.id().equals(id))
            {
                return column;
            }
        }
        return null;
    }
}
