package org.electbench.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.electbench.harness.Environment;
import org.electbench.harness.HostLoad;
import org.electbench.harness.RunFolder;

/**
 * Runs the stages of a {@code run} through the benchmark jar, one {@code java -jar} process per
 * stage, JMH's output into the run folder, and a progress line per benchmark on stderr with the
 * time left estimated from the benchmarks done so far. Each process (and each fork JMH makes,
 * which inherits the process's flags) is told the run folder, the command and the commit
 * through system properties, so the benchmarks write their run reports and histogram logs there.
 */
final class JmhDriver
{
    private static final Pattern PARAMETERS = Pattern.compile("^# Parameters: \\((.*)\\)$");
    private static final Pattern BENCHMARK = Pattern.compile("^# Benchmark: org\\.electbench\\.bench\\.(\\w+)\\.\\w+$");

    static final String IGNORE_LOCK = "jmh.ignoreLock";

    private final Path jar;
    private final RunFolder folder;
    private final Environment environment;
    private final PrintWriter progress;
    private final boolean terminal;
    private volatile Process current;
    private int total;
    private int done;
    private long startNs;
    private final List<Double> estimates = new ArrayList<>();
    /** The stage of each estimate: a stage's finished benchmarks correct its own guesses, not another stage's. */
    private final List<Integer> stageOf = new ArrayList<>();
    /** How long each finished benchmark took, in seconds, in order. */
    private final List<Double> took = new ArrayList<>();
    private long lastStartNs;
    private final List<String> failures = new ArrayList<>();
    private String currentParameters = "";

    JmhDriver(final Path jar, final RunFolder folder, final Environment environment, final PrintWriter progress)
    {
        this.jar = jar;
        this.folder = folder;
        this.environment = environment;
        this.progress = progress;
        this.terminal = null != System.console();
    }

    /**
     * @param stages what to run, in order.
     * @return 0 when every stage succeeded, else the failing process's exit code.
     * @throws IOException when a process cannot be started or its output not kept.
     */
    int run(final List<BenchmarkStage> stages) throws IOException, InterruptedException
    {
        total = stages.stream().mapToInt(BenchmarkStage::combinations).sum();
        for (int index = 0; index < stages.size(); index++)
        {
            for (int i = 0; i < stages.get(index).combinations(); i++)
            {
                estimates.add(stages.get(index).estimatedSecondsPerCombination());
                stageOf.add(index);
            }
        }
        startNs = System.nanoTime();
        for (final BenchmarkStage stage : stages)
        {
            final HostLoad before = HostLoad.now();
            final int exitCode = runStage(stage);
            HostLoad.writeStage(folder, stage.name(), before, HostLoad.now());
            if (0 != exitCode)
            {
                return exitCode;
            }
        }
        if (terminal)
        {
            progress.print("\r\033[K");
        }
        progress.printf(Locale.ROOT, "electbench: %d benchmarks in %s%n", done, duration(System.nanoTime() - startNs));
        progress.flush();
        return 0;
    }

    /** @return the benchmarks that threw, each as its class and brief parameters. */
    List<String> failures()
    {
        return failures;
    }

    /** Stops the running process, if any (on interrupt). */
    void stop()
    {
        final Process process = current;
        if (null != process)
        {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
            try
            {
                if (!process.waitFor(10, TimeUnit.SECONDS))
                {
                    process.destroyForcibly();
                }
            }
            catch (final InterruptedException ex)
            {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    private int runStage(final BenchmarkStage stage) throws IOException, InterruptedException
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-D" + RunFolder.PROPERTY + "=" + folder.directory().toAbsolutePath());
        command.add("-D" + Environment.COMMIT_PROPERTY + "=" + environment.commit());
        command.add("-Delectbench.command=" + environment.commandLine());
        if (Boolean.getBoolean(IGNORE_LOCK))
        {
            // JMH refuses to run beside another JMH on the machine unless told to (tests on a shared machine do).
            command.add("-D" + IGNORE_LOCK + "=true");
        }
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(stage.jmhArguments(folder.directory().resolve("jmh-" + stage.name() + ".json").toAbsolutePath().toString()));
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        current = process;
        String benchmark = stage.benchmark();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            Writer log = Files.newBufferedWriter(folder.directory().resolve("jmh-" + stage.name() + ".log"), StandardCharsets.UTF_8))
        {
            log.write(String.join(" ", command) + "\n");
            String line;
            while (null != (line = out.readLine()))
            {
                log.write(line);
                log.write('\n');
                final Matcher benchmarkLine = BENCHMARK.matcher(line);
                if (benchmarkLine.matches())
                {
                    benchmark = benchmarkLine.group(1);
                }
                final Matcher parameters = PARAMETERS.matcher(line);
                if (parameters.matches())
                {
                    done++;
                    currentParameters = brief(parameters.group(1));
                    show(benchmark, parameters.group(1));
                }
                if (line.contains("<failure>"))
                {
                    failures.add(benchmark + " " + currentParameters);
                    progress.printf("%n%s: %s %s failed; see %s%n", stage.name(), benchmark, currentParameters,
                        "jmh-" + stage.name() + ".log");
                }
            }
        }
        final int exitCode = process.waitFor();
        current = null;
        return exitCode;
    }

    private void show(final String benchmark, final String parameters)
    {
        final long elapsedNs = System.nanoTime() - startNs;
        // The benchmark now starting is not done: estimate from the ones before it. The prior guesses of the
        // benchmarks left, each scaled by how its own stage's finished ones compared with theirs (a simulator stage
        // says nothing of a real transport's), or by all finished ones for a stage not yet begun.
        final long nowNs = System.nanoTime();
        if (done >= 2 && took.size() < done - 1)
        {
            took.add((nowNs - lastStartNs) / 1e9);
        }
        lastStartNs = nowNs;
        final int finished = Math.min(took.size(), estimates.size());
        final java.util.Map<Integer, double[]> byStage = new java.util.HashMap<>();
        double guessedDone = 0;
        double tookDone = 0;
        for (int i = 0; i < finished; i++)
        {
            guessedDone += estimates.get(i);
            tookDone += took.get(i);
            final double[] stage = byStage.computeIfAbsent(stageOf.get(i), key -> new double[2]);
            stage[0] += estimates.get(i);
            stage[1] += took.get(i);
        }
        final double overall = guessedDone <= 0 ? 1.0 : tookDone / guessedDone;
        double guessedLeft = 0;
        for (int i = finished; i < estimates.size(); i++)
        {
            final double[] stage = byStage.get(stageOf.get(i));
            guessedLeft += estimates.get(i) * (null == stage ? (finished == 0 ? 1.0 : Math.max(1.0, overall)) : stage[1] / stage[0]);
        }
        final String left = "~" + duration((long)(guessedLeft * 1e9)) + " left";
        final String line = String.format(Locale.ROOT, "[%d/%d] %s %s | %s elapsed, %s",
            done, total, benchmark, brief(parameters), duration(elapsedNs), left);
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

    /** @return the parameters that vary in practice, shortly: algorithm, transport, n, scenario. */
    private static String brief(final String parameters)
    {
        final StringBuilder brief = new StringBuilder();
        for (final String pair : parameters.split(", "))
        {
            final int eq = pair.indexOf(" = ");
            if (eq < 0)
            {
                continue;
            }
            final String key = pair.substring(0, eq);
            final String value = pair.substring(eq + 3);
            switch (key)
            {
                case "algorithm":
                case "transport":
                case "scenario":
                    brief.append(value).append(' ');
                    break;
                case "nodes":
                    brief.append("n=").append(value).append(' ');
                    break;
                case "heartbeat":
                    brief.append("HBT=").append(value).append(' ');
                    break;
                case "electionTimeout":
                    brief.append("T_elec=").append(value).append(' ');
                    break;
                default:
                    break;
            }
        }
        return brief.toString().trim();
    }

    static String duration(final long ns)
    {
        final long seconds = TimeUnit.NANOSECONDS.toSeconds(ns);
        return seconds >= 60 ? String.format(Locale.ROOT, "%dm%02ds", seconds / 60, seconds % 60) : seconds + "s";
    }
}
