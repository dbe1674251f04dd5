package org.electbench.cli;

import java.io.PrintStream;
import java.util.Set;
import java.util.concurrent.Callable;

import org.electbench.harness.Environment;
import org.electbench.harness.RunReport;
import org.electbench.harness.RuntimeRegistry;
import org.electbench.harness.SeededRuns;
import org.electbench.harness.TracedRuntime;
import org.electbench.analysis.trace.TraceWriter;
import org.electbench.reporting.OutputFormat;
import org.electbench.sim.SimRuntime;
import org.electbench.realtime.RealtimeRuntime;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.RuntimeProvider;
import org.electbench.transport.Scenario;
import org.electbench.transport.chaos.ChaosFault;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ./electbench simulate}: one scenario, one run or many, aggregated.
 */
@Command(name = "simulate", mixinStandardHelpOptions = true,
    description = "Run one election scenario (one run or many, each with its own derived seed) and report what the monitor measured.")
final class SimulateCommand implements Callable<Integer>
{
    @Spec
    CommandSpec spec;

    @Mixin
    ScenarioOptions options;

    @Option(names = "--transport", paramLabel = "NAME", defaultValue = "sim", converter = Runtimes.Converter.class,
        description = "A registered runtime: sim, inmemory, aeron-udp, aeron-ipc (default: ${DEFAULT-VALUE}). " +
            "On the real-clock ones the report adds the one-way latency measured, the floor the simulator predicts with it, " +
            "and the overhead above that floor.")
    RuntimeProvider transport;

    @Option(names = "--runs", paramLabel = "R", defaultValue = "1", description = "Runs to aggregate (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--warmup", paramLabel = "K",
        description = "Runs made first and not counted, so JIT compilation and first connections stay out of the figures; " +
            "on a real-clock transport the simulator first runs the scenario up to " + SeededRuns.COMPILE_WARMUP_RUNS + " times (" +
            SeededRuns.COMPILE_WARMUP_BUDGET_NS / 1_000_000_000L + " s at most) to compile the " +
            "algorithm's code (default: " + "0 on sim, " + RealtimeRuntime.DEFAULT_WARMUP_RUNS + " on the real-clock transports" + ").")
    Integer warmup;

    @Option(names = "--threads", paramLabel = "T",
        description = "Threads the simulator's runs are split among, each on a simulator of its own, with the same figures as " +
            "one thread gives; a thread gets " + SeededRuns.MIN_RUNS_PER_THREAD + " runs at least (default: the cores; " +
            "a real-clock transport makes its runs one at a time).")
    Integer threads;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of run 0; run i derives its own (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--chaos-faults", paramLabel = "KINDS", defaultValue = "crash,recover,pause,partition,oneway,loss,partial,flap,slow",
        description = "Fault kinds the chaos scenario draws from, as for `chaos --faults` (default: ${DEFAULT-VALUE}).")
    String chaosFaults;

    @Option(names = "--trace", paramLabel = "FILE",
        description = "Record the run's every send, delivery, drop, timer, fault and belief change into FILE (JSON lines; " +
            "sim, one run); `report --trace FILE` draws it.")
    java.nio.file.Path trace;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table", converter = Converters.ReportFormats.class,
        description = "table, json or csv (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Override
    public Integer call()
    {
        if (runs < 1)
        {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--runs': must be at least 1, was " + runs);
        }
        final Set<ChaosFault> kinds;
        try
        {
            kinds = ChaosFault.parseList(chaosFaults);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--chaos-faults': " + ex.getMessage());
        }
        if (null != warmup && warmup < 0)
        {
            throw FlagErrors.invalid(spec, "--warmup", "must be at least 0, was " + warmup);
        }
        if (null != threads && threads < 1)
        {
            throw FlagErrors.invalid(spec, "--threads", "must be at least 1, was " + threads);
        }
        final SeededRuns.Outcome outcome;
        try (ClusterRuntime runtime = traced(transport.newRuntime()))
        {
            FlagErrors.checkNodes(spec, runtime, options.nodes(), "--nodes");
            final Scenario scenario = options.toScenario(seed).toBuilder().chaosFaults(kinds).build();
            final boolean realClock = RuntimeRegistry.instance().get(runtime.name()).realClock();
            if (null != threads && threads > 1 && realClock)
            {
                throw FlagErrors.invalid(spec, "--threads", "only the simulator splits its runs among threads; " + runtime.name() +
                    " makes them one at a time, on the real clock: leave --threads out or use --transport sim");
            }
            final int threadCount = null == threads ? Runtime.getRuntime().availableProcessors() : threads;
            outcome = new SeededRuns().splitAmong(threadCount).run(runtime, scenario, runs,
                null == warmup ? runtime.defaultWarmupRuns() : warmup,
                progress(scenario, System.err));
        }
        final RunReport report = outcome.report(Environment.capture(seed, commandLine(spec)));
        RunWriters.write(format, report, spec.commandLine().getOut());
        spec.commandLine().getOut().flush();
        return 0;
    }

    /**
     * @return the runtime, tracing into {@code --trace}'s file when one is given: only the
     *         simulator reports every event, and a trace is one run, so anything else is a usage error.
     */
    private ClusterRuntime traced(final ClusterRuntime runtime)
    {
        if (null == trace)
        {
            return runtime;
        }
        if (!(runtime instanceof SimRuntime simulator))
        {
            runtime.close();
            throw new ParameterException(spec.commandLine(), "Invalid option '--trace': only the simulator traces a run; use --transport sim");
        }
        if (runs != 1)
        {
            runtime.close();
            throw new ParameterException(spec.commandLine(), "Invalid option '--trace': a trace is one run; use --runs 1");
        }
        final String command = commandLine(spec);
        return new TracedRuntime(simulator, simulator::trace, scenario -> new TraceWriter(trace, scenario.algorithm().name(), scenario.nodes(),
            scenario.algorithm().messageTypes(), "virtual", command));
    }

    /** @return the command as typed, for the environment a report carries. */
    static String commandLine(final CommandSpec spec)
    {
        final StringBuilder line = new StringBuilder("./electbench");
        spec.commandLine().getParseResult().originalArgs().forEach(arg -> line.append(' ').append(arg));
        return line.toString();
    }

    /** @return a progress line on a terminal's stderr, at most four times a second; nothing without a terminal. */
    static SeededRuns.Progress progress(final Scenario scenario, final PrintStream err)
    {
        if (null == System.console())
        {
            return SeededRuns.Progress.NONE;
        }
        final long[] nextNs = {System.nanoTime() + 250_000_000L};
        return (done, total) ->
        {
            if (done == total && total > 1)
            {
                err.print("\r\033[K");
                err.flush();
            }
            else if (System.nanoTime() - nextNs[0] >= 0)
            {
                err.printf("\r%s: run %d/%d", scenario, done, total);
                err.flush();
                nextNs[0] = System.nanoTime() + 250_000_000L;
            }
        };
    }
}
