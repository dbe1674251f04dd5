package org.electbench.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.electbench.analysis.AnalysisException;
import org.electbench.analysis.Comparison;
import org.electbench.analysis.Declarations;
import org.electbench.analysis.RunData;
import org.electbench.analysis.RunFolders;
import org.electbench.reporting.OutputFormat;
import org.electbench.reporting.TableFormat;
import org.electbench.transport.InputFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code ./electbench compare A B}: run B against run A, figure by figure.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
    description = {"Compare run folder B with run folder A: the ratio B/A of every row and column both have, marking the changes " +
        "beyond the runs' own noise (JMH's error, a median's confidence interval from its histogram; without either, beyond " +
        "--tolerance). Prints a summary of what changed beyond the noise, then those figures with both runs' 95%% intervals " +
        "(every compared figure with --all), and writes the same with a chart into B/report (or --out).",
        "Sample counts are shown beside each figure, never compared; a percentile is compared only where both runs give its 95%% " +
            "interval (a p99 from 100 elections or more), a maximum never.",
        "Exit status: 0, or 1 with --fail-on-regression when a marked change is worse by more than it; 2 for bad input, an empty " +
            "or foreign folder, or nothing comparable."})
final class CompareCommand implements Callable<Integer>
{
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", description = "The baseline run folder.")
    Path baseline;

    @Parameters(index = "1", paramLabel = "B", description = "The run folder compared with it.")
    Path candidate;

    @Option(names = "--fail-on-regression", paramLabel = "PCT",
        description = "Exit 1 when a marked change is worse than A by more than PCT percent (e.g. 10).")
    Double failOnRegressionPercent;

    @Option(names = "--tolerance", paramLabel = "PCT", defaultValue = "5",
        description = "For figures without an error: how far B/A may leave 1, in percent, unmarked (default: ${DEFAULT-VALUE}).")
    double tolerancePercent;

    @Option(names = "--all", description = "List every compared figure, unchanged ones included (default: only those changed beyond the noise).")
    boolean all;

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write compare.md and the chart (default: B/report).")
    Path out;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "markdown", converter = Converters.CompareFormats.class,
        description = "What to print: markdown or json (the same figures with both runs' samples and the ends of their 95%% " +
            "intervals, for a CI gate; default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Override
    public Integer call()
    {
        if (tolerancePercent < 0 || (null != failOnRegressionPercent && failOnRegressionPercent < 0))
        {
            throw new ParameterException(spec.commandLine(), "Invalid percentage: --tolerance and --fail-on-regression must be 0 or more");
        }
        final PrintWriter stdout = spec.commandLine().getOut();
        final PrintWriter stderr = spec.commandLine().getErr();
        try
        {
            final RunData a = RunFolders.read(List.of(baseline), Declarations::lookup);
            final RunData b = RunFolders.read(List.of(candidate), Declarations::lookup);
            final Comparison comparison = Comparison.of(a, b, tolerancePercent / 100);
            final String nameA = baseline.toAbsolutePath().normalize().getFileName().toString();
            final String nameB = candidate.toAbsolutePath().normalize().getFileName().toString();
            for (final String difference : comparison.environmentDifferences())
            {
                stderr.println("compare: warning: the machines differ, figures may differ for that alone: " + difference);
            }
            if (comparison.changes().isEmpty())
            {
                stderr.println("compare: nothing comparable: " + nameA + " and " + nameB + " share no row and figure whose samples " +
                    "support a comparison (a percentile needs its 95% interval in both runs)");
                return 2;
            }
            stdout.print((OutputFormat.JSON == format ? TableFormat.JSON : TableFormat.MARKDOWN).render(comparison.table(nameA, nameB, all)));
            comparison.write(null == out ? candidate.resolve(RunFolders.REPORT_FOLDER) : out, nameA, nameB, all);
            stdout.flush();
            if (null != failOnRegressionPercent)
            {
                final List<Comparison.Change> regressions = comparison.regressionsBeyond(failOnRegressionPercent / 100);
                for (final Comparison.Change change : regressions)
                {
                    stderr.printf(Locale.ROOT, "regression: %s %s %s n=%d %s: B/A %.3f%n", InputFiles.printable(change.row().scenario()),
                        InputFiles.printable(change.row().algorithm()), InputFiles.printable(change.row().transport()),
                        change.row().nodes(), change.column().header(), change.ratio());
                }
                if (!regressions.isEmpty())
                {
                    stderr.printf(Locale.ROOT, "compare: %d figures worse by more than %s%%%n", regressions.size(), failOnRegressionPercent);
                    return 1;
                }
            }
            return 0;
        }
        catch (final AnalysisException | UncheckedIOException ex)
        {
            stderr.println("compare: " + ex.getMessage());
            return 2;
        }
    }
}
