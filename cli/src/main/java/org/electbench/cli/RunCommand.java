package org.electbench.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.electbench.sim.SimRuntime;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.transport.AtomicOutput;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.Summary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ./electbench run}: the comparison on the embedded defaults. Every registered algorithm,
 * every named scenario, a few cluster sizes, many seeded runs each, in the simulator; one
 * markdown table per scenario. The other scenario flags apply to every cell.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
    description = "Compare every registered algorithm on every named scenario and several cluster sizes in the simulator.")
final class RunCommand implements Callable<Integer>
{
    @Spec
    CommandSpec spec;

    @Mixin
    ScenarioOptions options;

    @Option(names = "--sizes", paramLabel = "N,N,...", split = ",", defaultValue = "5,9,17",
        description = "Cluster sizes (default: ${DEFAULT-VALUE}).")
    int[] sizes;

    @Option(names = "--algorithms", paramLabel = "NAME,...", split = ",",
        description = "Algorithms to compare (default: every registered one).")
    List<String> algorithms;

    @Option(names = "--scenarios", paramLabel = "NAME,...", split = ",", converter = Converters.Scenario.class,
        description = "Scenarios (default: cold-start, leader-crash, cascade, partition, lossy, pause, flapping).")
    List<ScenarioKind> scenarios;

    @Option(names = "--runs", paramLabel = "R", defaultValue = "200", description = "Seeded runs per cell (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of each cell's run 0 (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--out", paramLabel = "FILE", converter = AtomicOutputConverter.class,
        description = "Also write the tables to FILE, checked before the runs start (its folder must exist); written whole " +
            "beside it, then moved into place, so an interrupted run leaves the old file intact. An existing file keeps its " +
            "mode; a symbolic link keeps pointing where it did.")
    AtomicOutput out;

    @Override
    public Integer call() throws IOException
    {
        if (runs < 1)
        {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--runs': must be at least 1, was " + runs);
        }
        final List<String> names = new ArrayList<>();
        if (null == algorithms)
        {
            AlgorithmRegistry.instance().names().forEach(names::add);
        }
        else
        {
            names.addAll(algorithms);
        }
        final List<ScenarioKind> kinds = null == scenarios ?
            List.of(ScenarioKind.COLD_START, ScenarioKind.LEADER_CRASH, ScenarioKind.CASCADE, ScenarioKind.PARTITION,
                ScenarioKind.LOSSY, ScenarioKind.PAUSE, ScenarioKind.FLAPPING) : scenarios;

        final SimRuntime runtime = new SimRuntime();
        // Every cell is checked before the first runs: a mistake in the last one costs nothing.
        options.nodesFlag = "--sizes";
        options.algorithmFlag = "--algorithms";
        for (final int size : sizes)
        {
            FlagErrors.checkNodes(spec, runtime, size, "--sizes");
        }
        for (final ScenarioKind kind : kinds)
        {
            options.scenario = kind;
            for (final String name : names)
            {
                options.algorithm = name;
                for (final int size : sizes)
                {
                    options.nodes = size;
                    options.toScenario(seed);
                }
            }
        }

        final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        final PrintStream tables = new PrintStream(buffer, true, StandardCharsets.UTF_8);
        tables.printf(Locale.ROOT, "# electbench comparison%n%n");
        tables.printf(Locale.ROOT, "Simulator runs on %s %s, %d cores, %s %s; commit %s; `./electbench run%s`.%n%n",
            System.getProperty("java.vm.name"), System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
            System.getProperty("os.name"), System.getProperty("os.arch"), System.getProperty("electbench.commit", "unknown"),
            spec.commandLine().getParseResult().originalArgs().stream().skip(1).map(arg -> " " + arg).reduce("", String::concat));
        for (final ScenarioKind kind : kinds)
        {
            options.scenario = kind;
            final List<Report> reports = new ArrayList<>();
            for (final String name : names)
            {
                options.algorithm = name;
                for (final int size : sizes)
                {
                    options.nodes = size;
                    final Scenario scenario = options.toScenario(seed);
                    reports.add(Runner.run(runtime, scenario, runs, System.err));
                }
            }
            writeTable(kind, reports, tables);
            spec.commandLine().getOut().print(buffer.toString(StandardCharsets.UTF_8).substring(printed));
            spec.commandLine().getOut().flush();
            printed = buffer.size();
        }
        if (null != out)
        {
            out.write(buffer.toByteArray());
        }
        return 0;
    }

    private int printed;

    private void writeTable(final ScenarioKind kind, final List<Report> reports, final PrintStream out)
    {
        final Scenario first = reports.get(0).scenario();
        out.printf(Locale.ROOT, "## %s%n%n", kind.cliName());
        out.printf(Locale.ROOT, "delay %s, loss %s, detect %s, HBT %s ms, detection %s ms, T_elec %s ms, T_coord %s ms, " +
                "%d runs per row, seed %d%n%n",
            first.network().delay(), first.network().lossProbability(), first.detect().cliName(),
            TableWriter.millis(first.settings().heartbeatIntervalNs()), TableWriter.millis(first.settings().detectionTimeoutNs()),
            TableWriter.millis(first.settings().electionTimeoutNs()), TableWriter.millis(first.settings().coordinatorTimeoutNs()),
            runs, seed);
        out.println("| algorithm | N | conv p50 ms | conv p99 ms | conv max ms | detect p50 ms | msgs/election | bytes/election " +
            "| heartbeats | max leaders | split-brain runs | same-term runs | stale runs | wrong leader | unconverged |");
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (final Report report : reports)
        {
            final Summary summary = report.summary();
            final Summary.Distribution convergence = summary.convergence();
            final Summary.Distribution detection = summary.detection();
            out.printf(Locale.ROOT, "| %s | %d | %s | %s | %s | %s | %.1f | %.0f | %.1f | %d | %d | %d | %d | %d | %d |%n",
                report.scenario().algorithm().name(), report.scenario().nodes(),
                convergence.isEmpty() ? "-" : TableWriter.millis(convergence.percentile(50)),
                convergence.isEmpty() ? "-" : TableWriter.millis(convergence.percentile(99)),
                convergence.isEmpty() ? "-" : TableWriter.millis(convergence.max()),
                detection.isEmpty() ? "-" : TableWriter.millis(detection.percentile(50)),
                summary.messagesMean(), summary.bytesMean(), summary.heartbeatsMean(), summary.maxConcurrentLeaders(),
                summary.splitBrainRuns(), summary.sameTermLeaderRuns(), summary.staleLeaderRuns(),
                summary.wrongLeaderRuns(), summary.unconvergedRuns());
        }
        out.println();
    }
}
