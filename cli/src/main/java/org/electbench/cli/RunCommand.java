package org.electbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;

import org.electbench.analysis.AnalysisException;
import org.electbench.analysis.Declarations;
import org.electbench.analysis.ReferenceTable;
import org.electbench.analysis.ReportWriter;
import org.electbench.analysis.RunData;
import org.electbench.analysis.RunFolders;
import org.electbench.analysis.Tables;
import org.electbench.harness.BenchmarkStage;
import org.electbench.harness.Environment;
import org.electbench.harness.HostLoad;
import org.electbench.harness.JmhStages;
import org.electbench.harness.RunFolder;
import org.electbench.harness.RunGrid;
import org.electbench.harness.Shard;
import org.electbench.harness.RuntimeRegistry;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.Parameter;
import org.electbench.transport.AtomicOutput;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.Scenario;
import org.electbench.transport.parameters.RunParameter;
import org.electbench.transport.parameters.RunParameters;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * {@code ./electbench run}: the comparison, through the JMH benchmark jar. Every registered
 * algorithm on the named scenarios in the simulator, the real transports at small sizes, a few
 * timer settings, the simulator's throughput and the message path; everything into a new run
 * folder (see {@link RunFolder}); each stage's tables printed as it finishes, the report page written at the end.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
    exitCodeListHeading = "Exit codes (besides every command's):%n",
    exitCodeList = {"130:stopped by Ctrl-C or SIGTERM; the run folder stays marked incomplete"},
    description = {
        "Run the benchmark comparison through JMH (its Runner, forking from this JVM) into a new folder " +
            "results/runs/<UTC time>-<commit>/ (JMH JSON, histogram logs, run reports, environment, command), printing each " +
            "stage's tables (what fits 120 columns) as it finishes, then write the report page, RUN_DIR/report/index.html.",
        "By default every registered algorithm on every named scenario, sim at n = 3 ... 17 (and 65), inmemory at n = 3 ... 17 " +
            "and aeron-udp at n = 3 ... 9 (17 with --full), a few HBT and T_elec settings, the simulator's throughput and the " +
            "message path: 1,000 elections a simulator row, 30 a real one; " + RunGrid.DEFAULT_MEASURED + " measured on a quiet " +
            "2-core machine, most of it the real rows (about 0.75 s an election, warm-up included); the progress line estimates the time left from the per-election cost of " +
            "each runtime measured as the run goes. " +
            "--algorithm, --nodes, --scenario or --transport run exactly that cell instead; the other scenario flags apply to every cell."})
final class RunCommand implements Callable<Integer>
{
    /** How long apart the two readings of the busy check are taken. */
    private static final long STEAL_SAMPLE_MS = 200;
    /** The benchmarks' parameter that carries the algorithms' own options. */
    static final String BENCH_OPTIONS = "options";
    /** 128 + SIGINT, as a shell reports a command Ctrl-C stopped (the JVM, shutting down, ends with its own). */
    private static final int EXIT_INTERRUPTED = 130;

    @Spec
    CommandSpec spec;

    @Mixin
    ScenarioOptions options;

    @Mixin
    RunReference reference;

    @Option(names = "--quick", description = "A small grid: the main scenarios at n = 3, 5, 9 (200 elections a row), inmemory at " +
        "n = 3, 5 (10 a row); " + RunGrid.QUICK_MEASURED + " measured on a quiet 2-core machine.")
    boolean quick;

    @Option(names = Shard.FLAG, paramLabel = "I/K", converter = ShardConverter.class,
        description = "Run shard I of K of the grid (a deterministic share: give each of K machines the same command with " +
            "1/K .. K/K), then merge the folders with `report`.")
    Shard shard = Shard.ALL;

    @Option(names = "--full", description = "The whole grid: every scenario and detector at n = 3 ... 1024, every transport, more timer settings, more elections.")
    boolean full;

    @Option(names = "--transport", paramLabel = "NAME,...", split = ",", converter = Runtimes.Converter.class,
        description = "Run only on these registered runtimes (sim, inmemory, aeron-udp, aeron-ipc).")
    List<org.electbench.transport.RuntimeProvider> transports;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of each cell's first election (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--runs-dir", paramLabel = "DIR", description = "Where run folders go (default: results/runs under the project).")
    Path runsDirectory;

    @Option(names = "--out", paramLabel = "FILE", converter = AtomicOutputConverter.class,
        description = "Also write the tables to FILE, checked before the runs start (its folder must exist); written whole " +
            "beside it, then moved into place, so an interrupted run leaves the old file intact. An existing file keeps its " +
            "mode; a symbolic link keeps pointing where it did.")
    AtomicOutput out;

    @Option(names = "-p", paramLabel = "PARAM=V,...", description = "Set a parameter for every stage, several values to sweep them: " +
        "a run parameter by its flag's name (-p nodes=3,7, -p detection-timeout=100ms,300ms), any algorithm's declared option " +
        "(-p pre-vote=on,off; only the algorithms that read it run), or any other JMH benchmark parameter.")
    List<String> jmhParams = new ArrayList<>();

    @Option(names = "-f", paramLabel = "N", description = "JMH: forks per benchmark.")
    Integer forks;

    @Option(names = "-i", paramLabel = "N", description = "JMH: measured iterations (one election each for ConvergenceBenchmark).")
    Integer iterations;

    @Option(names = "-bs", paramLabel = "N", description = "JMH: batch size; for ConvergenceBenchmark, elections per iteration.")
    Integer batch;

    @Option(names = "-wi", paramLabel = "N", description = "JMH: warm-up iterations.")
    Integer warmups;

    @Option(names = "-prof", paramLabel = "PROFILER", description = "JMH: add a profiler to every stage (e.g. -prof gc, -prof NAME:OPTIONS).")
    List<String> profilers = new ArrayList<>();

    @Override
    public Integer call() throws IOException, InterruptedException
    {
        if (quick && full)
        {
            throw new ParameterException(spec.commandLine(), "--quick and --full exclude each other; give one");
        }
        // Validates every scenario flag (a clear error naming the flag) before any work; the stages take its values.
        final Scenario scenario = options.toScenario(seed);
        if (spec.commandLine().getParseResult().hasMatchedOption("--nodes"))
        {
            try (ClusterRuntime simulator = RuntimeRegistry.instance().get("sim").newRuntime())
            {
                FlagErrors.checkNodes(spec, simulator, scenario.nodes(), "--nodes");
            }
        }
        final Map<String, List<String>> overrides = overrides(scenario);
        final RunReference.Plan referencePlan = reference.plan(spec, overrides, options);
        if (null != referencePlan && null != RunReference.unavailable())
        {
            spec.commandLine().getErr().println("electbench: --reference cannot run here: " + RunReference.unavailable());
            return Main.EXIT_FAILURE;
        }
        final List<BenchmarkStage> stages = RunGrid.stages(quick ? RunGrid.Size.QUICK : full ? RunGrid.Size.FULL : RunGrid.Size.DEFAULT,
            algorithms(), runtimes(), overrides, restricted(), seed);
        final List<BenchmarkStage> adjusted = new ArrayList<>();
        for (final BenchmarkStage stage : RunGrid.shard(stages, shard))
        {
            adjusted.add(stage.withCounts(forks, warmups, iterations, BenchmarkStage.CONVERGENCE.equals(stage.benchmark()) ? batch : null,
                profilers));
        }

        final Path home = Path.of(System.getProperty(Environment.HOME_PROPERTY, ".")).toAbsolutePath().normalize();
        warnIfBusy(spec.commandLine().getErr());
        final Environment environment = Environment.capture(seed, SimulateCommand.commandLine(spec));
        final Path runs = null != runsDirectory ? runsDirectory : home.resolve("results/runs");
        final RunFolder folder;
        try
        {
            folder = RunFolder.create(runs, environment);
        }
        catch (final IOException ex)
        {
            throw new java.io.UncheckedIOException("cannot make a run folder in " + runs + ": " + ex.getMessage(), ex);
        }
        spec.commandLine().getErr().println("electbench: run folder " + folder.directory());
        final StageTables stageTables = new StageTables(folder.directory(), spec.commandLine().getOut(), spec.commandLine().getErr());
        final JmhStages driver = new JmhStages(folder, environment, spec.commandLine().getErr());
        final AtomicBoolean stopping = new AtomicBoolean();
        final Thread onInterrupt = new Thread(() ->
        {
            stopping.set(true);
            driver.interrupted();
            System.err.println("\nelectbench: interrupted; " + folder.directory() + " is marked incomplete");
        }, "electbench-run-interrupted");
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        final String error;
        try
        {
            error = driver.run(adjusted, stageTables::stageFinished);
        }
        catch (final IOException ex)
        {
            // Stopping the benchmark process on Ctrl-C closes the output being read: that is no write failure.
            return stopping.get() ? EXIT_INTERRUPTED : cannotWrite(folder, ex);
        }
        finally
        {
            try
            {
                Runtime.getRuntime().removeShutdownHook(onInterrupt);
            }
            catch (final IllegalStateException ex)
            {
                // Ctrl-C or SIGTERM: the JVM is shutting down and the hook says so.
            }
        }
        if (stopping.get())
        {
            // The hook stopped the benchmark and marked the folder; its exit code is no failure of the run.
            return EXIT_INTERRUPTED;
        }
        if (null != error)
        {
            spec.commandLine().getErr().println("electbench: a benchmark stage failed (" + error + "); the run folder " +
                folder.directory() + " stays marked incomplete");
            return 1;
        }

        if (null != referencePlan)
        {
            try
            {
                RunReference.measure(referencePlan, folder.directory(), spec.commandLine().getErr());
            }
            catch (final IllegalStateException ex)
            {
                spec.commandLine().getErr().println("electbench: a reference row failed (" + ex.getMessage() + "); the run folder " +
                    folder.directory() + " keeps the rows finished and stays marked incomplete");
                return 1;
            }
            catch (final IOException ex)
            {
                return cannotWrite(folder, ex);
            }
        }

        final String tables;
        final RunData data;
        try
        {
            if (!driver.failures().isEmpty())
            {
                folder.write(RunFolder.FAILURES, (String.join("\n", driver.failures()) + "\n").getBytes(StandardCharsets.UTF_8));
            }
            folder.complete();
            data = RunFolders.read(List.of(folder.directory()), Declarations::lookup);
            tables = tables(folder, data);
        }
        catch (final AnalysisException ex)
        {
            spec.commandLine().getErr().println("electbench: the run left no tables: " + ex.getMessage());
            return 1;
        }
        catch (final IOException ex)
        {
            return cannotWrite(folder, ex);
        }
        if (null != out)
        {
            out.write(tables);
        }
        final PrintWriter stdout = spec.commandLine().getOut();
        stageTables.printChanged(data);
        stdout.print(ReferenceTable.markdown(List.of(folder.directory())));
        stdout.println("Every table, every column: " + folder.directory().resolve(RunFolder.TABLES));
        stdout.println("Run folder: " + folder.directory());
        stdout.flush();
        return writeReport(data, folder.directory());
    }

    /** The page of the finished run, as {@code report RUN_DIR} writes it, and how to open it. */
    private int writeReport(final RunData data, final Path directory)
    {
        final Path page = directory.resolve(RunFolders.REPORT_FOLDER).resolve(ReportWriter.INDEX_HTML).toAbsolutePath();
        try
        {
            ReportWriter.write(data, page.getParent());
            ReferenceTable.write(List.of(directory), page.getParent());
        }
        catch (final AnalysisException | java.io.UncheckedIOException ex)
        {
            spec.commandLine().getErr().println("electbench: the run is complete, but its report could not be written: " +
                ex.getMessage() + "; `./electbench report " + directory + "` tries again");
            return 1;
        }
        final PrintWriter stdout = spec.commandLine().getOut();
        stdout.println("Report: " + page);
        stdout.println("Open it in a browser: xdg-open " + page.getFileName() + " in that folder (macOS: open), or " + page.toUri());
        stdout.flush();
        return 0;
    }

    /** Parses {@code I/K}; a bad value exits 2 naming the accepted form. */
    static final class ShardConverter implements picocli.CommandLine.ITypeConverter<Shard>
    {
        @Override
        public Shard convert(final String value)
        {
            try
            {
                return Shard.parse(value);
            }
            catch (final IllegalArgumentException ex)
            {
                throw new picocli.CommandLine.TypeConversionException(ex.getMessage());
            }
        }
    }

    /**
     * Warns before any work when the machine is busy ({@link HostLoad#busy}): the real-clock rows
     * of a run made now will likely be marked hostLate, and draw no safety verdict.
     */
    static void warnIfBusy(final PrintWriter err) throws InterruptedException
    {
        final HostLoad first = HostLoad.now();
        // A short second reading gives the steal share of this moment, not since boot.
        Thread.sleep(STEAL_SAMPLE_MS);
        final HostLoad second = HostLoad.now();
        final int cores = Runtime.getRuntime().availableProcessors();
        if (second.busy(first, cores))
        {
            err.println("electbench: warning: the machine is busy (" + second.describe(first) + " on " + cores + " cores): " +
                "the real transports' timers will run late, and their rows measured so will be marked hostLate, " +
                "with no safety verdict drawn from them; a quiet machine gives rows that count");
            err.flush();
        }
    }

    /**
     * Reads a finished run folder as {@code report} reads it and writes its tables as {@code tables.md}: the same
     * model and renderer, so what {@code run} prints is what {@code report} writes.
     *
     * @return the tables' markdown.
     */
    static String tables(final RunFolder folder) throws IOException
    {
        return tables(folder, RunFolders.read(List.of(folder.directory()), Declarations::lookup));
    }

    private static String tables(final RunFolder folder, final RunData data) throws IOException
    {
        final String tables = Tables.markdown(data);
        folder.write(RunFolder.TABLES, tables.getBytes(StandardCharsets.UTF_8));
        return tables;
    }

    /** A write into the run folder failed (a full disk, most often): one line naming the folder, not a stack trace. */
    private int cannotWrite(final RunFolder folder, final IOException ex)
    {
        final String reason = ex instanceof java.nio.file.FileSystemException ?
            ErrorHandler.userMessage(ex) : String.valueOf(ex.getMessage());
        spec.commandLine().getErr().println("electbench: cannot write the run folder " + folder.directory() + ": " + reason +
            "; what it holds is kept, and it stays marked incomplete");
        spec.commandLine().getErr().flush();
        return 1;
    }

    /** @return whether the user named a cell (algorithm, size, scenario or transport): run exactly that. */
    private boolean restricted()
    {
        final ParseResult parse = spec.commandLine().getParseResult();
        return parse.hasMatchedOption("--algorithm") || parse.hasMatchedOption("--nodes") ||
            parse.hasMatchedOption("--scenario") || null != transports;
    }

    /**
     * @param scenario the scenario the flags describe, as validated.
     * @return benchmark parameters the user set: scenario flags as their declarations write the
     *         values parsed, then -p (which wins), each value parsed here and written back the same
     *         way, so a benchmark fork parses what was checked with the same parser. A run parameter
     *         goes to the benchmark parameter of its key, whether named by its flag or its name
     *         ({@code -p detection-timeout=...}); the algorithms' own options, from flags or -p, are
     *         crossed into the one {@code options} parameter. Nothing the user did not give is passed
     *         on, so every cell derives what it needs as {@code simulate} does.
     */
    private Map<String, List<String>> overrides(final Scenario scenario)
    {
        final Map<String, List<String>> overrides = new LinkedHashMap<>();
        final Map<String, List<String>> optionAxes = new LinkedHashMap<>();
        final ParseResult parse = spec.commandLine().getParseResult();
        if (parse.hasMatchedOption("--algorithm"))
        {
            overrides.put("algorithm", List.of(scenario.algorithm().name()));
        }
        for (final Map.Entry<String, String> given : options.givenAsText().entrySet())
        {
            if (parse.hasMatchedOption("--" + given.getKey()))
            {
                final RunParameter<?> parameter = RunParameters.find(given.getKey());
                if (null != parameter)
                {
                    overrides.put(parameter.key(), List.of(given.getValue()));
                }
                else
                {
                    optionAxes.put(given.getKey(), List.of(given.getValue()));
                }
            }
        }
        if (parse.hasMatchedOption("--seed"))
        {
            overrides.put("seed", List.of(String.valueOf(seed)));
        }
        for (final String param : jmhParams)
        {
            final int eq = param.indexOf('=');
            if (eq <= 0 || eq == param.length() - 1)
            {
                throw new ParameterException(spec.commandLine(), "Invalid value for option '-p': expected NAME=V1,V2,..., was '" + param + "'");
            }
            put(overrides, optionAxes, param.substring(0, eq), List.of(param.substring(eq + 1).split(",")));
        }
        if (!optionAxes.isEmpty())
        {
            overrides.put(BENCH_OPTIONS, crossed(optionAxes));
            restrictToDeclaring(overrides, optionAxes.keySet());
        }
        if (null != transports)
        {
            overrides.put("transport", transports.stream().map(org.electbench.transport.RuntimeProvider::name).toList());
        }
        return overrides;
    }

    /**
     * Puts a run parameter under its benchmark key, an algorithm option on its axis (each value
     * parsed, and written back by its declaration), anything else as is.
     */
    private void put(
        final Map<String, List<String>> overrides, final Map<String, List<String>> optionAxes, final String name, final List<String> values)
    {
        final RunParameter<?> parameter = RunParameters.find(name);
        final Parameter<?> declared = null != parameter ? parameter.declared() : AlgorithmRegistry.instance().option(name);
        if (null == declared)
        {
            overrides.put(name, values);
            return;
        }
        final List<String> written = new ArrayList<>();
        for (final String value : values)
        {
            try
            {
                written.add(declared.formatObject(declared.parse(value)));
            }
            catch (final IllegalArgumentException ex)
            {
                throw new ParameterException(spec.commandLine(), "Invalid value for '" + name + "': " + ex.getMessage());
            }
        }
        if (null != parameter)
        {
            overrides.put(parameter.key(), written);
        }
        else
        {
            optionAxes.put(declared.name(), written);
        }
    }

    /** @return every combination of the option axes, each as the benchmarks' options text. */
    private static List<String> crossed(final Map<String, List<String>> optionAxes)
    {
        List<Map<String, String>> combinations = List.of(new LinkedHashMap<>());
        for (final Map.Entry<String, List<String>> axis : optionAxes.entrySet())
        {
            final List<Map<String, String>> next = new ArrayList<>();
            for (final Map<String, String> combination : combinations)
            {
                for (final String value : axis.getValue())
                {
                    final Map<String, String> extended = new LinkedHashMap<>(combination);
                    extended.put(axis.getKey(), value.trim());
                    next.add(extended);
                }
            }
            combinations = next;
        }
        return combinations.stream().map(RunParameters::optionsToText).toList();
    }

    /**
     * An algorithm that declares none of the options swept would run the same cell once per
     * value: only the algorithms declaring one of them run, and the others are named on stderr.
     */
    private void restrictToDeclaring(final Map<String, List<String>> overrides, final Set<String> optionNames)
    {
        final List<String> declaring = new ArrayList<>();
        final List<String> left = new ArrayList<>();
        for (final String name : overrides.getOrDefault("algorithm", algorithms()))
        {
            final boolean reads = AlgorithmRegistry.instance().get(name).options().stream()
                .anyMatch(option -> optionNames.contains(option.name()));
            (reads ? declaring : left).add(name);
        }
        if (declaring.isEmpty())
        {
            throw new ParameterException(spec.commandLine(), "no algorithm " + (overrides.containsKey("algorithm") ? "named " : "") +
                "reads " + String.join(", ", optionNames) + "; read by " + optionNames.stream()
                .flatMap(name -> AlgorithmRegistry.instance().algorithmsDeclaring(AlgorithmRegistry.instance().option(name)).stream())
                .distinct().toList());
        }
        if (!left.isEmpty())
        {
            spec.commandLine().getErr().println("electbench: " + String.join(", ", left) + " read none of " +
                String.join(", ", optionNames) + "; running " + String.join(", ", declaring) + " only");
        }
        overrides.put("algorithm", declaring);
    }

    private static List<String> algorithms()
    {
        final List<String> names = new ArrayList<>();
        AlgorithmRegistry.instance().names().forEach(names::add);
        return names;
    }

    private static List<String> runtimes()
    {
        return RuntimeRegistry.instance().names();
    }
}
