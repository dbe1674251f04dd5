package org.electbench.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.electbench.analysis.AnalysisException;
import org.electbench.analysis.Declarations;
import org.electbench.analysis.RunData;
import org.electbench.analysis.RunFolders;
import org.electbench.reporting.Table;
import org.electbench.analysis.Tables;
import org.electbench.reporting.TerminalTable;
import org.electbench.harness.BenchmarkStage;

/**
 * What {@code run} prints as its stages finish: each table that gained rows since it was last
 * printed, read from the run folder as {@code report} reads it and fitted to the terminal's 120
 * columns, so the simulator's tables are on screen long before the real-transport rows are done.
 */
final class StageTables
{
    private final Path folder;
    private final PrintWriter out;
    private final PrintWriter err;
    private final Map<String, List<List<Table.Value>>> printed = new HashMap<>();

    StageTables(final Path folder, final PrintWriter out, final PrintWriter err)
    {
        this.folder = folder;
        this.out = out;
        this.err = err;
    }

    /** After a stage: its new or changed tables; a folder that cannot be read yet is said once on stderr, never fatal. */
    void stageFinished(final BenchmarkStage stage)
    {
        try
        {
            printChanged(RunFolders.read(List.of(folder), Declarations::lookup));
        }
        catch (final AnalysisException | UncheckedIOException ex)
        {
            err.println("electbench: no tables after stage " + stage.name() + " yet: " + ex.getMessage());
            err.flush();
        }
    }

    /** Prints every table whose rows differ from what was printed last. @return how many were printed. */
    int printChanged(final RunData data)
    {
        int count = 0;
        for (final Table table : Tables.all(data))
        {
            if (!table.rows().equals(printed.get(table.title())))
            {
                printed.put(table.title(), table.rows());
                out.println(TerminalTable.render(table, TerminalTable.COLUMNS));
                count++;
            }
        }
        out.flush();
        return count;
    }
}
