package org.electbench.analysis;

import java.util.function.Supplier;

/**
 * The formats a scenario's table is written in, as factories of their writers (as Caffeine's
 * simulator keeps its report formats).
 */
public enum TableFormat
{
    MARKDOWN("md", MarkdownTable::new),
    CSV("csv", CsvTable::new);

    /** Writes one scenario's table as text. */
    public interface Writer
    {
        /**
         * @param data the figures.
         * @param table which rows and columns.
         * @param context the environment and command line, stated with every table.
         * @return the table's text.
         */
        String write(RunData data, ScenarioTable table, String context);
    }

    private final String extension;
    private final Supplier<Writer> factory;

    TableFormat(final String extension, final Supplier<Writer> factory)
    {
        this.extension = extension;
        this.factory = factory;
    }

    public String extension()
    {
        return extension;
    }

    public Writer newWriter()
    {
        return factory.get();
    }
}
