package org.electbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import org.electbench.analysis.AnalysisException;
import org.electbench.analysis.Declarations;
import org.electbench.analysis.ReportWriter;
import org.electbench.analysis.RunData;
import org.electbench.analysis.RunFolders;
import org.electbench.analysis.trace.TraceFiles;
import org.electbench.harness.Shard;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./electbench report}: tables, CSV, charts and an index.html from run folders, or the
 * space-time diagram of one traced run.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
    description = {"Read run folders (JMH JSON, run reports, histogram logs) and write per scenario a markdown table and CSV, " +
        "charts (PNG) and one index.html into RUN_DIR/report (or --out); the page opens offline from that folder, its charts the " +
        "PNG files beside it. Several folders merge, " +
        "each keeping its environment.",
        "With --trace FILE (from `simulate --trace`), draw that run as a space-time diagram (FILE's name .svg) and write a log " +
        "ShiViz loads (.shiviz.log)."})
final class ReportCommand implements Callable<Integer>
{
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "RUN_DIR", arity = "0..*", description = "Run folders, e.g. results/runs/20261122T193725Z-e68f81d.")
    List<Path> runs;

    @Option(names = "--out", paramLabel = "DIR",
        description = "Where to write (default: RUN_DIR/report of the first folder; with --trace, beside the trace).")
    Path out;

    @Option(names = "--trace", paramLabel = "FILE", description = "A trace written by `simulate --trace FILE`.")
    Path trace;

    @Override
    public Integer call()
    {
        final PrintWriter stdout = spec.commandLine().getOut();
        try
        {
            final List<Path> written;
            if (null != trace)
            {
                final Path parent = trace.toAbsolutePath().getParent();
                written = TraceFiles.write(trace, null == out ? parent : out);
            }
            else
            {
                if (null == runs || runs.isEmpty())
                {
                    throw new ParameterException(spec.commandLine(), "Missing RUN_DIR: give one or more run folders, or --trace FILE");
                }
                final RunData data = read(runs, spec.commandLine().getErr());
                final Path reportDir = null == out ? runs.get(0).resolve(RunFolders.REPORT_FOLDER) : out;
                written = new java.util.ArrayList<>(ReportWriter.write(data, reportDir));
                written.addAll(org.electbench.analysis.ReferenceTable.write(runs, reportDir));
            }
            for (final Path file : written)
            {
                stdout.println(file);
            }
            stdout.flush();
            return 0;
        }
        catch (final AnalysisException | UncheckedIOException | IllegalArgumentException ex)
        {
            final String diskFull = ErrorHandler.diskFull(ex);
            if (null != diskFull)
            {
                spec.commandLine().getErr().println("report: " + diskFull + "; free some space and run again");
                return Main.EXIT_FAILURE;
            }
            spec.commandLine().getErr().println("report: " + ex.getMessage());
            return Main.EXIT_USAGE;
        }
    }

    /** @return what the folders hold; a refusal to merge them says so, unlike one of a file written. */
    private static RunData read(final List<Path> runs, final PrintWriter err)
    {
        try
        {
            for (final String warning : checkShards(runs))
            {
                err.println("report: warning: " + warning);
            }
            return RunFolders.read(runs, Declarations::lookup);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("cannot merge these folders: " + ex.getMessage(), ex);
        }
    }

    /** Folders of shards merge only when they ran one grid: {@link Shard#checkMergeable}. */
    private static List<String> checkShards(final List<Path> runs)
    {
        try
        {
            return Shard.checkMergeable(runs);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }
}
