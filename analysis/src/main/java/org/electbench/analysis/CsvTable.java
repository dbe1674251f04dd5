package org.electbench.analysis;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * A scenario as CSV for other tools: the same rows as the markdown table, every setting a
 * column, values in the metric's own unit (nanoseconds stay nanoseconds), and an error column
 * beside every column that has one.
 */
final class CsvTable implements TableFormat.Writer
{
    @Override
    public String write(final RunData data, final ScenarioTable table, final String context)
    {
        final List<String> settings = new ArrayList<>(table.settings().fixed().keySet());
        settings.addAll(table.settings().varying());
        settings.sort(null);
        final List<Column> withError = new ArrayList<>();
        for (final Column column : table.columns())
        {
            for (final RowKey key : table.rows())
            {
                final Cell cell = data.cell(key, column.id());
                if (null != cell && cell.hasError())
                {
                    withError.add(column);
                    break;
                }
            }
        }
        final List<String> header = new ArrayList<>(List.of("scenario", "algorithm", "transport", "nodes"));
        header.addAll(settings);
        for (final Column column : table.columns())
        {
            header.add(name(column));
            if (withError.contains(column))
            {
                header.add(name(column) + ".error");
            }
        }
        final StringWriter text = new StringWriter();
        try (CSVPrinter printer = new CSVPrinter(text, CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build()))
        {
            printer.printRecord(header);
            for (final RowKey key : table.rows())
            {
                final List<String> record = new ArrayList<>(List.of(key.scenario(), key.algorithm(), key.transport(), String.valueOf(key.nodes())));
                for (final String setting : settings)
                {
                    record.add(key.settings().getOrDefault(setting, ""));
                }
                for (final Column column : table.columns())
                {
                    final Cell cell = data.cell(key, column.id());
                    record.add(null == cell ? "" : Numbers.exact(cell.value()));
                    if (withError.contains(column))
                    {
                        record.add(null == cell ? "" : Numbers.exact(cell.error()));
                    }
                }
                printer.printRecord(record);
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        return text.toString();
    }

    /** @return {@code convergence.p50_ns}: the column id and its unit, as a name a script can use. */
    static String name(final Column column)
    {
        final String unit = column.metric().unit().replace('/', '_');
        return unit.isEmpty() ? column.id() : column.id() + "_" + unit;
    }
}
