package org.electbench.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import org.electbench.reporting.OutputFormat;
import org.electbench.sim.SimRuntime;
import org.electbench.sim.chaos.ChaosExplorer;
import org.electbench.sim.chaos.ChaosReport;
import org.electbench.sim.chaos.ChaosRun;
import org.electbench.transport.Detectors;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.chaos.ChaosFault;
import org.electbench.transport.parameters.RunParameters;
import picocli.CommandLine.Command;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ./electbench chaos}: random fault schedules in the simulator, counting per algorithm the
 * schedules that break each safety property or its liveness promise, and the first seed that
 * does, which {@code --replay SEED} runs again alone.
 */
@Command(name = "chaos", mixinStandardHelpOptions = true, modelTransformer = ChaosCommand.ChaosFlags.class,
    description = {
        "Run K random fault schedules per algorithm in the simulator (crashes and recoveries, pauses longer than the " +
            "detection timeout, partitions into two groups, one-way cuts, loss bursts, and partial connectivity: partial " +
            "partitions of random links cut one way or both, flapping links, slow nodes; all heal) and count the schedules " +
            "with two leaders at once, two leaders of one term, a stale-term leader still acting, and stuck ones: enough " +
            "nodes live for the leader the algorithm promises, and none agreed within its bound after the last heal " +
            "(each bound is printed with its formula). The first seed of each is printed.",
        "Every schedule starts settled with N leading term 1; every node's failure detector may fire.",
        "--algorithm takes one name or several, comma-separated (e.g. bully,ring,quorum)."})
final class ChaosCommand implements Callable<Integer>
{
    static final String DEFAULT_DELAY = "uniform:500us,5ms";
    private static final long PROGRESS_EVERY_NS = TimeUnit.MILLISECONDS.toNanos(250);
    /** How long a Ctrl-C waits for the schedule under way to finish and the report to print. */
    private static final long STOP_WAIT_NS = TimeUnit.SECONDS.toNanos(30);

    /** Flags of the shared scenario options that a chaos schedule decides itself. */
    private static final List<String> NOT_FOR_CHAOS = List.of("--scenario", "--detect", "--fault-duration");
    /** Flags that say how to explore or report, not what a schedule is: left out of a replay command. */
    private static final Set<String> NOT_IN_REPLAY = Set.of("--algorithm", "--schedules", "--seed", "--replay", "--format");

    @Spec
    CommandSpec spec;

    @Mixin
    ScenarioOptions options;

    @Option(names = "--schedules", paramLabel = "K", defaultValue = "1000",
        description = "Schedules per algorithm (default: ${DEFAULT-VALUE}).")
    int schedules;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
        description = "Seed of the exploration; schedule i runs with a seed derived from S and i (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--faults", paramLabel = "KINDS", defaultValue = "crash,recover,pause,partition,oneway,loss,partial,flap,slow",
        description = "Fault kinds to draw, comma-separated: crash, recover (crashed nodes come back; needs crash), pause, " +
            "partition, oneway, loss, partial (random links cut, one way or both), flap (a link down for part of every " +
            "period), slow (a node stalling again and again) (default: ${DEFAULT-VALUE}).")
    String faults;

    @Option(names = "--partial", negatable = true, defaultValue = "true", fallbackValue = "true",
        description = "Draw partial connectivity (partial, flap, slow) among the kinds; --no-partial leaves it out, for the " +
            "textbook faults alone (default: on).")
    boolean partial;

    @Option(names = "--replay", paramLabel = "SEED",
        description = "Run only the schedule with this seed (as reported under first seeds) and print its faults and result.")
    Long replay;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table", converter = Converters.ReportFormats.class,
        description = "table, json or csv (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Override
    public Integer call()
    {
        if (schedules < 1)
        {
            throw new ParameterException(spec.commandLine(),
                "Invalid value for option '--schedules': must be at least 1, was " + schedules);
        }
        final Set<ChaosFault> kinds = kinds();
        final SimRuntime sizing = new SimRuntime();
        FlagErrors.checkNodes(spec, sizing, options.nodes(), "--nodes");
        final List<Scenario> bases = bases(null == replay ? seed : replay);
        for (final Scenario base : bases)
        {
            try
            {
                // A schedule's own scenario, checked against the budgets before any runs.
                explorer(base, kinds).scenario(null == replay ? seed : replay);
            }
            catch (final IllegalArgumentException ex)
            {
                throw FlagErrors.scenario(spec, ex, "--nodes", "--algorithm");
            }
        }
        final ChaosWriters.Writer writer = ChaosWriters.newWriter(format);
        final String replayFlags = replayFlags();
        if (null != replay)
        {
            final List<ChaosRun> runs = new ArrayList<>();
            for (final Scenario base : bases)
            {
                runs.add(explorer(base, kinds).replay(replay));
            }
            writer.writeReplays(runs, kinds, replayFlags, spec.commandLine().getOut());
        }
        else
        {
            explore(bases, kinds, writer, replayFlags);
        }
        spec.commandLine().getOut().flush();
        return 0;
    }

    /** @return the kinds to draw: those of {@code --faults}, without partial connectivity under {@code --no-partial}. */
    private Set<ChaosFault> kinds()
    {
        final Set<ChaosFault> listed;
        try
        {
            listed = ChaosFault.parseList(faults);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--faults': " + ex.getMessage());
        }
        if (partial)
        {
            return listed;
        }
        final EnumSet<ChaosFault> named = EnumSet.copyOf(listed);
        named.retainAll(ChaosFault.PARTIAL_CONNECTIVITY);
        if (!named.isEmpty() && null != spec.commandLine().getParseResult().matchedOption("--faults"))
        {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--faults': it names " +
                ChaosFault.toCliList(named) + ", which --no-partial leaves out; give one or the other");
        }
        final EnumSet<ChaosFault> kinds = EnumSet.copyOf(listed);
        kinds.removeAll(ChaosFault.PARTIAL_CONNECTIVITY);
        return kinds;
    }

    /**
     * Explores algorithm after algorithm, with a progress line on a terminal; on Ctrl-C stops after
     * the schedule under way and prints the report so far: the counts and first seeds of the
     * schedules that ran.
     */
    private void explore(final List<Scenario> bases, final Set<ChaosFault> kinds, final ChaosWriters.Writer writer, final String replayFlags)
    {
        final PrintWriter err = spec.commandLine().getErr();
        final boolean showProgress = null != System.console();
        final List<ChaosReport> reports = new ArrayList<>();
        try (StopSignal stop = new StopSignal("electbench-chaos-shutdown", STOP_WAIT_NS))
        {
            err.printf(Locale.ROOT, "chaos: %d schedules for each of %s, n=%d; Ctrl-C stops and prints the report so far%n",
                schedules, String.join(", ", bases.stream().map(base -> base.algorithm().name()).toList()), options.nodes());
            err.flush();
            for (final Scenario base : bases)
            {
                final String name = base.algorithm().name();
                final long[] nextProgressNs = {System.nanoTime()};
                final ChaosReport report = explorer(base, kinds).explore(seed, schedules, (done, violating) ->
                {
                    if (showProgress && System.nanoTime() - nextProgressNs[0] >= 0)
                    {
                        err.printf(Locale.ROOT, "\rchaos: %s %d/%d schedules, %d broke a property", name, done, schedules, violating);
                        err.flush();
                        nextProgressNs[0] = System.nanoTime() + PROGRESS_EVERY_NS;
                    }
                    return !stop.requested();
                });
                reports.add(report);
                if (stop.requested())
                {
                    break;
                }
            }
            if (showProgress)
            {
                err.print("\r\033[K");
            }
            if (stop.requested())
            {
                final ChaosReport last = reports.get(reports.size() - 1);
                err.printf(Locale.ROOT, "chaos: interrupted after %d of %d schedules of %s%s; the report covers the schedules that ran%n",
                    last.schedules(), schedules, last.algorithm(),
                    reports.size() < bases.size() ? " (" + (bases.size() - reports.size()) + " algorithms not started)" : "");
            }
            err.flush();
            writer.writeReports(reports, replayFlags, spec.commandLine().getOut());
            spec.commandLine().getOut().flush();
        }
    }

    private static ChaosExplorer explorer(final Scenario base, final Set<ChaosFault> kinds)
    {
        return new ChaosExplorer(base.algorithm(), base.nodes(), base.settings(), base.network(), kinds);
    }

    /** @return one scenario per algorithm named, checked before anything runs; only its algorithm, size, settings and network count. */
    private List<Scenario> bases(final long settingsSeed)
    {
        final Set<String> names = new LinkedHashSet<>();
        for (final String name : options.algorithm.split(",", -1))
        {
            names.add(name.trim());
        }
        options.force(RunParameters.SCENARIO, ScenarioKind.CUSTOM);
        options.force(RunParameters.DETECT, Detectors.ALL);
        options.clear(RunParameters.FAULT_DURATION);
        final List<Scenario> bases = new ArrayList<>();
        for (final String name : names)
        {
            options.algorithm = name;
            bases.add(options.toScenario(settingsSeed));
        }
        return bases;
    }

    /** @return the flags the user gave that shape a schedule, to repeat in a replay command. */
    private String replayFlags()
    {
        final StringBuilder flags = new StringBuilder();
        for (final OptionSpec option : spec.commandLine().getParseResult().matchedOptions())
        {
            if (NOT_IN_REPLAY.contains(option.longestName()))
            {
                continue;
            }
            if (option.negatable())
            {
                flags.append(' ').append(Boolean.TRUE.equals(option.getValue()) ? "" : "--no-").append(option.longestName().substring(2));
                continue;
            }
            for (final String value : option.originalStringValues())
            {
                flags.append(' ').append(option.longestName()).append(' ').append(value);
            }
        }
        return flags.toString();
    }

    /**
     * Drops the shared scenario flags a chaos schedule decides itself, gives {@code --delay} a
     * random default (each message then takes its own delay) and says what {@code --loss} adds.
     */
    static final class ChaosFlags implements IModelTransformer
    {
        @Override
        public CommandSpec transform(final CommandSpec command)
        {
            for (final String name : NOT_FOR_CHAOS)
            {
                final OptionSpec option = command.findOption(name);
                if (null != option)
                {
                    command.remove(option);
                }
            }
            final OptionSpec delay = command.findOption("--delay");
            if (null != delay)
            {
                command.remove(delay);
                command.addOption(OptionSpec.builder(delay)
                    .defaultValue(DEFAULT_DELAY)
                    .description("One-way delay of each message: constant:D, uniform:MIN,MAX, exponential:MEAN, " +
                        "lognormal:MEDIAN,SIGMA (default: ${DEFAULT-VALUE}).")
                    .build());
            }
            final OptionSpec loss = command.findOption("--loss");
            if (null != loss)
            {
                command.remove(loss);
                command.addOption(OptionSpec.builder(loss)
                    .description("Probability each message is lost all the time, in [0, 1), on top of the schedules' loss " +
                        "bursts (default: 0).")
                    .build());
            }
            return command;
        }
    }
}
