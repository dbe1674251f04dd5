package org.electbench.harness;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.electbench.transport.parameters.RunParameters;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs the stages of {@code ./electbench run} through JMH's {@link Runner}, in this JVM: the
 * benchmarks (module bench) are on its classpath, and each fork JMH makes starts from it. Per
 * stage, JMH's JSON and its human-readable output go into the run folder ({@code jmh-<stage>.json},
 * {@code jmh-<stage>.log}), the host's load before and after into {@code host-load/}; a progress
 * line per benchmark goes to the given writer with the time left ({@link RunEstimate}). The
 * benchmarks are told the run folder, the command and the commit through system properties (set
 * here for unforked stages, on the command line of every fork), so they write their run reports
 * and histogram logs there.
 */
public final class JmhStages
{
    /** JMH refuses to run beside another JMH on the machine unless told to (tests on a shared machine do). */
    public static final String IGNORE_LOCK = "jmh.ignoreLock";
    /** What every JVM running Agrona 2.x needs. */
    public static final String AGRONA_EXPORTS = "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED";
    /** JMH runs one benchmark at a time on a machine by holding this file locked (its Runner's lock). */
    static final String JMH_LOCK = "jmh.lock";
    /**
     * Tells the forks which process runs them, so they stop when it is gone (even by kill -9): the bench
     * module's RunWatch reads it.
     */
    public static final String RUN_PID = "electbench.run.pid";
    private static final long LOCK_POLL_MS = 1_000;
    /** The system property naming the command that made the run (the benchmarks' run reports quote it). */
    public static final String COMMAND_PROPERTY = "electbench.command";
    private static final String PACKAGE = "org.electbench.bench.";
    /** The parameters a progress line names, each with its prefix. */
    private static final String[][] BRIEF = {
        {"algorithm", ""}, {"transport", ""}, {RunParameters.NODES.key(), "n="}, {RunParameters.SCENARIO.key(), ""},
        {RunParameters.HEARTBEAT.key(), RunParameters.HEARTBEAT.declared().symbol() + "="},
        {RunParameters.ELECTION_TIMEOUT.key(), RunParameters.ELECTION_TIMEOUT.declared().symbol() + "="}};

    private final RunFolder folder;
    private final Environment environment;
    private final PrintWriter progress;
    private final boolean terminal;
    private final RunEstimate estimate = new RunEstimate();
    private final List<String> failures = new ArrayList<>();
    /** Not yet started, per stage index: the cells and their parameters. */
    private final List<List<Map<String, String>>> pendingParams = new ArrayList<>();
    private final List<List<RunEstimate.Cell>> pendingCells = new ArrayList<>();
    private int total;
    private int started;
    private long startNs;

    /**
     * @param folder      the run folder.
     * @param environment the run's environment (commit, command line).
     * @param progress    where the progress lines go (stderr).
     */
    public JmhStages(final RunFolder folder, final Environment environment, final PrintWriter progress)
    {
        this.folder = folder;
        this.environment = environment;
        this.progress = progress;
        this.terminal = null != System.console();
    }

    /**
     * @param stages what to run, in order.
     * @return null when every stage ran (a benchmark that threw is in {@link #failures()}), else what
     *         stopped the run; the run folder then stays marked incomplete with the reason.
     * @throws IOException when the run folder cannot be written.
     */
    public String run(final List<BenchmarkStage> stages) throws IOException
    {
        return run(stages, stage -> { });
    }

    /**
     * {@link #run(List)}, calling {@code afterEach} once each stage has finished and its results are in the
     * folder (the progress line cleared first), so a caller can print that stage's tables.
     */
    public String run(final List<BenchmarkStage> stages, final java.util.function.Consumer<BenchmarkStage> afterEach)
        throws IOException
    {
        for (final BenchmarkStage stage : stages)
        {
            final List<Map<String, String>> params = RunEstimate.combinations(stage);
            final List<RunEstimate.Cell> cells = new ArrayList<>();
            params.forEach(combination -> cells.add(RunEstimate.Cell.of(stage, combination)));
            pendingParams.add(new ArrayList<>(params));
            pendingCells.add(cells);
            total += params.size();
        }
        startNs = System.nanoTime();
        final Map<String, String> previous = setProperties();
        try
        {
            for (int index = 0; index < stages.size(); index++)
            {
                final BenchmarkStage stage = stages.get(index);
                final HostLoad before = HostLoad.now();
                final String error = runStage(index, stage);
                HostLoad.writeStage(folder, stage.name(), before, HostLoad.now());
                if (null != error)
                {
                    markIncomplete("failed " + Instant.now() + ": " + error);
                    return error;
                }
                clearLine();
                progress.flush();
                afterEach.accept(stage);
            }
        }
        finally
        {
            restore(previous);
        }
        if (terminal)
        {
            progress.print("\r\033[K");
        }
        progress.printf(Locale.ROOT, "electbench: %d benchmarks in %s%n", started, duration(System.nanoTime() - startNs));
        progress.flush();
        return null;
    }

    /** @return the benchmarks that threw, each as its class and brief parameters. */
    public List<String> failures()
    {
        return failures;
    }

    /**
     * Stops the forks JMH started (on interrupt) and marks the run folder incomplete: the stages
     * finished before keep their JSON, and {@code report} reads them.
     */
    public void interrupted()
    {
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroy);
        try
        {
            markIncomplete("interrupted " + Instant.now());
        }
        catch (final IOException ex)
        {
            System.err.println("electbench: could not mark " + folder.directory() + " incomplete: " + ex.getMessage());
        }
    }

    /** Appends a line to the run folder's {@value RunFolder#INCOMPLETE} marker (made if gone). */
    public void markIncomplete(final String reason) throws IOException
    {
        Files.writeString(folder.directory().resolve(RunFolder.INCOMPLETE), reason + "\n", StandardCharsets.UTF_8,
            StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    /** @return JMH's options for the stage, results as JSON to the given file. */
    public Options options(final BenchmarkStage stage, final Path json)
    {
        final ChainedOptionsBuilder options = new OptionsBuilder()
            .include("^" + Pattern.quote(PACKAGE + stage.benchmark() + ".") + "\\w+$")
            .forks(stage.forks())
            .warmupIterations(stage.warmups())
            .measurementIterations(stage.iterations())
            .shouldFailOnError(false)
            .result(json.toString())
            .resultFormat(ResultFormatType.JSON)
            // Replaces the benchmarks' own @Fork appends: say them again, then the run's properties.
            .jvmArgsAppend(AGRONA_EXPORTS, "-XX:+UseParallelGC",
                "-D" + RunFolder.PROPERTY + "=" + folder.directory().toAbsolutePath(),
                "-D" + Environment.COMMIT_PROPERTY + "=" + environment.commit(),
                "-D" + COMMAND_PROPERTY + "=" + environment.commandLine(),
                "-D" + RUN_PID + "=" + ProcessHandle.current().pid());
        if (stage.batch() > 1)
        {
            options.measurementBatchSize(stage.batch());
        }
        if (!stage.singleShot())
        {
            options.warmupTime(TimeValue.fromString(stage.warmupTime())).measurementTime(TimeValue.fromString(stage.iterationTime()));
        }
        final List<String> profilers = new ArrayList<>(stage.profilers());
        if (!profilers.contains(BenchmarkStage.READINGS_PROFILER))
        {
            profilers.add(BenchmarkStage.READINGS_PROFILER);
        }
        for (final String profiler : profilers)
        {
            final int colon = profiler.indexOf(':');
            if (colon < 0)
            {
                options.addProfiler(profiler);
            }
            else
            {
                options.addProfiler(profiler.substring(0, colon), profiler.substring(colon + 1));
            }
        }
        for (final Map.Entry<String, List<String>> param : stage.params().entrySet())
        {
            options.param(param.getKey(), param.getValue().toArray(new String[0]));
        }
        return options.build();
    }

    private String runStage(final int index, final BenchmarkStage stage) throws IOException
    {
        if (!Boolean.getBoolean(IGNORE_LOCK))
        {
            awaitJmhLock();
        }
        final Path json = folder.directory().resolve("jmh-" + stage.name() + ".json").toAbsolutePath();
        final Options options = options(stage, json);
        try (PrintStream log = new PrintStream(Files.newOutputStream(folder.directory().resolve("jmh-" + stage.name() + ".log")),
            true, StandardCharsets.UTF_8))
        {
            final StageOutput output = new StageOutput(index, stage, OutputFormatFactory.createFormatInstance(log, VerboseMode.NORMAL));
            try
            {
                new Runner(options, output).run();
            }
            catch (final RunnerException ex)
            {
                ex.printStackTrace(log);
                return stage.name() + ": " + ex.getMessage() + (null == ex.getCause() ? "" : " (" + ex.getCause() + ")") +
                    "; see jmh-" + stage.name() + ".log";
            }
            finally
            {
                output.failIfOpen();
            }
        }
        return null;
    }

    private static Path jmhLock()
    {
        return Path.of(System.getProperty("java.io.tmpdir"), JMH_LOCK);
    }

    /**
     * Waits, saying so once, while another JMH (a second {@code run}, or the jar run by hand) holds JMH's machine lock:
     * started beside it, JMH's Runner would refuse at once and the stage fail.
     */
    private void awaitJmhLock() throws IOException
    {
        final Path lock = jmhLock();
        boolean told = false;
        while (true)
        {
            try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = channel.tryLock())
            {
                if (null != held)
                {
                    return;
                }
            }
            if (!told)
            {
                clearLine();
                progress.printf("electbench: another JMH benchmark holds %s (JMH runs one at a time on a machine): " +
                    "waiting for it to finish; Ctrl-C gives up%n", lock);
                progress.flush();
                told = true;
            }
            try
            {
                Thread.sleep(LOCK_POLL_MS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("interrupted waiting for " + lock);
            }
        }
    }

    private void clearLine()
    {
        if (terminal)
        {
            progress.print("\r\033[K");
        }
    }

    /** Sets the run's properties for the benchmarks that run in this JVM (-f 0). @return the values they replace. */
    private Map<String, String> setProperties()
    {
        final Map<String, String> values = new LinkedHashMap<>();
        values.put(RunFolder.PROPERTY, folder.directory().toAbsolutePath().toString());
        values.put(Environment.COMMIT_PROPERTY, environment.commit());
        values.put(COMMAND_PROPERTY, environment.commandLine());
        final Map<String, String> previous = new HashMap<>();
        values.forEach((key, value) ->
        {
            previous.put(key, System.getProperty(key));
            System.setProperty(key, value);
        });
        return previous;
    }

    private static void restore(final Map<String, String> previous)
    {
        previous.forEach((key, value) ->
        {
            if (null == value)
            {
                System.clearProperty(key);
            }
            else
            {
                System.setProperty(key, value);
            }
        });
    }

    /**
     * JMH's own text output into the stage's log, and at each benchmark's start and first iteration
     * the progress line and the estimate's measurements. A benchmark that started and did not end
     * threw: JMH (not failing on error) goes on to the next.
     */
    private final class StageOutput implements OutputFormat
    {
        private final int stageIndex;
        private final BenchmarkStage stage;
        private final OutputFormat log;
        private BenchmarkParams current;
        private RunEstimate.Cell currentCell;
        private long currentStartNs;
        private long firstIterationNs;

        StageOutput(final int stageIndex, final BenchmarkStage stage, final OutputFormat log)
        {
            this.stageIndex = stageIndex;
            this.stage = stage;
            this.log = log;
        }

        @Override
        public void startBenchmark(final BenchmarkParams params)
        {
            failIfOpen();
            log.startBenchmark(params);
            started++;
            current = params;
            currentStartNs = System.nanoTime();
            firstIterationNs = 0;
            currentCell = take(params);
            show(params);
        }

        @Override
        public void iteration(final BenchmarkParams benchmarkParams, final IterationParams iterationParams, final int iteration)
        {
            if (0 == firstIterationNs)
            {
                firstIterationNs = System.nanoTime();
            }
            log.iteration(benchmarkParams, iterationParams, iteration);
        }

        @Override
        public void endBenchmark(final BenchmarkResult result)
        {
            log.endBenchmark(result);
            final long endNs = System.nanoTime();
            final double startup = 0 == firstIterationNs || 0 == stage.forks() ? 0 :
                (firstIterationNs - currentStartNs) / 1e9 / stage.forks();
            estimate.finished(currentCell, startup, (endNs - currentStartNs) / 1e9);
            current = null;
        }

        /** The benchmark running now threw when it started and never ended. */
        void failIfOpen()
        {
            if (null != current)
            {
                final String brief = brief(current);
                failures.add(stage.benchmark() + " " + brief);
                clearLine();
                progress.printf("%s: %s %s failed; see %s%n", stage.name(), stage.benchmark(), brief, "jmh-" + stage.name() + ".log");
                progress.flush();
                current = null;
            }
        }

        /** @return the started benchmark's cell, removed from those pending. */
        private RunEstimate.Cell take(final BenchmarkParams params)
        {
            final List<Map<String, String>> pending = pendingParams.get(stageIndex);
            for (int i = 0; i < pending.size(); i++)
            {
                final Map<String, String> combination = pending.get(i);
                if (combination.entrySet().stream().allMatch(entry -> entry.getValue().equals(params.getParam(entry.getKey()))))
                {
                    pending.remove(i);
                    return pendingCells.get(stageIndex).remove(i);
                }
            }
            // Not one the stage enumerated (JMH expanded a value list itself): estimate it as its parameters say.
            final Map<String, String> values = new HashMap<>();
            for (final String key : params.getParamsKeys())
            {
                values.put(key, params.getParam(key));
            }
            return RunEstimate.Cell.of(stage, values);
        }

        private void show(final BenchmarkParams params)
        {
            final List<RunEstimate.Cell> pending = new ArrayList<>();
            pendingCells.forEach(pending::addAll);
            final double leftSeconds = estimate.secondsLeft(pending, currentCell, 0);
            final String line = String.format(Locale.ROOT, "[%d/%d] %s %s | %s elapsed, ~%s left",
                started, total, stage.benchmark(), brief(params), duration(System.nanoTime() - startNs),
                duration((long)(leftSeconds * 1e9)));
            if (terminal)
            {
                progress.print("\r\033[K" + line);
            }
            else
            {
                progress.println(line);
            }
            progress.flush();
        }

        @Override
        public void iterationResult(final BenchmarkParams benchmarkParams, final IterationParams iterationParams, final int iteration,
            final IterationResult result)
        {
            log.iterationResult(benchmarkParams, iterationParams, iteration, result);
        }

        @Override
        public void startRun()
        {
            log.startRun();
        }

        @Override
        public void endRun(final Collection<RunResult> result)
        {
            log.endRun(result);
        }

        @Override
        public void print(final String s)
        {
            log.print(s);
        }

        @Override
        public void println(final String s)
        {
            log.println(s);
        }

        @Override
        public void flush()
        {
            log.flush();
        }

        @Override
        public void close()
        {
            log.close();
        }

        @Override
        public void verbosePrintln(final String s)
        {
            log.verbosePrintln(s);
        }

        @Override
        public void write(final int b)
        {
            log.write(b);
        }

        @Override
        public void write(final byte[] b) throws IOException
        {
            log.write(b);
        }
    }

    /** @return the parameters that vary in practice, shortly and in one order: algorithm, transport, n, scenario, timers. */
    static String brief(final BenchmarkParams params)
    {
        final StringBuilder brief = new StringBuilder();
        for (final String[] shown : BRIEF)
        {
            final String value = params.getParamsKeys().contains(shown[0]) ? params.getParam(shown[0]) : null;
            // "auto" is a parameter not given: the cell derives it, as simulate does.
            if (null != value && !org.electbench.transport.parameters.RunParameters.NOT_GIVEN.equals(value))
            {
                brief.append(shown[1]).append(value).append(' ');
            }
        }
        return brief.toString().trim();
    }

    /** @return a duration as the progress line shows it: 42s, 3m07s. */
    public static String duration(final long ns)
    {
        final long seconds = TimeUnit.NANOSECONDS.toSeconds(ns);
        return seconds >= 60 ? String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60) : seconds + "s";
    }
}
