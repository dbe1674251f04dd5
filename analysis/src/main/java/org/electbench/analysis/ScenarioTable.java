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
