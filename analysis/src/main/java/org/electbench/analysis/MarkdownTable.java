package org.electbench.analysis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A scenario as a markdown table: one row per algorithm × n (then transport and varying
 * settings), a column per declared metric with a figure, times in ms, JMH's error as
 * {@code ± e}. The settings every row shares, the environment and the reproducing command are
 * stated above it.
 */
final class MarkdownTable implements TableFormat.Writer
{
    static final String BY_TYPE = "messages by type (per election)";

    @Override
    public String write(final RunData data, final ScenarioTable table, final String context)
    {
        final StringBuilder out = new StringBuilder();
        out.append("### ").append(table.scenario()).append("\n\n");
        if (!table.settings().fixed().isEmpty())
        {
            out.append("Settings of every row:");
            for (final Map.Entry<String, String> entry : table.settings().fixed().entrySet())
            {
                out.append(' ').append(entry.getKey()).append('=').append(entry.getValue());
            }
            out.append("\n\n");
        }
        if (!context.isEmpty())
        {
            out.append(context).append("\n\n");
        }
        final List<String> header = new ArrayList<>(List.of("algorithm", "transport", "n"));
        header.addAll(table.settings().varying());
        for (final Column column : table.shownColumns())
        {
            header.add(column.header());
        }
        if (table.hasByType())
        {
            header.add(BY_TYPE);
        }
        row(out, header);
        final List<String> rule = new ArrayList<>();
        for (int i = 0; i < header.size(); i++)
        {
            final boolean text = i < 3 + table.settings().varying().size() && i != 2 || table.hasByType() && i == header.size() - 1;
            rule.add(text ? "---" : "--:");
        }
        row(out, rule);
        for (final RowKey key : table.rows())
        {
            final List<String> cells = new ArrayList<>(List.of(key.algorithm(), key.transport(), key.nodes() == 0 ? "" : String.valueOf(key.nodes())));
            for (final String setting : table.settings().varying())
            {
                cells.add(key.settings().getOrDefault(setting, ""));
            }
            for (final Column column : table.shownColumns())
            {
                cells.add(text(column, data.cell(key, column.id())));
            }
            if (table.hasByType())
            {
                cells.add(table.byTypeText(data, key));
            }
            row(out, cells);
        }
        return out.toString();
    }

    static String text(final Column column, final Cell cell)
    {
        if (null == cell)
        {
            return "";
        }
        final String value = Numbers.format(column.display(cell.value()));
        return cell.hasError() && column.statistic() != Column.Statistic.P50 ? value + " ± " + Numbers.format(column.display(cell.error())) : value;
    }

    private static void row(final StringBuilder out, final List<String> cells)
    {
        out.append('|');
        for (final String cell : cells)
        {
            out.append(' ').append(cell.replace("|", "\\|")).append(" |");
        }
        out.append('\n');
    }
}
