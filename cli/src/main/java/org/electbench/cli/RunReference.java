package org.electbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.electbench.reference.ReferenceCluster;
import org.electbench.reference.ReferenceRuns;
import org.electbench.reference.ReferenceScenario;
import org.electbench.reference.ReferenceSystem;
import org.electbench.reference.ReferenceSystems;
import org.electbench.spi.Durations;
import org.electbench.transport.parameters.RunParameter;
import org.electbench.transport.parameters.RunParameters;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code run --reference}: the real systems measured into the run's own folder, after the
 * benchmark stages, beside the textbook rows and at their timing. Each system's settings are
 * matched to the run's detection timeout D and heartbeat HBT in its own keys
 * ({@link ReferenceSystem#matchedSettings}), and the row says so. Off unless asked for, so the
 * default run is not slowed.
 */
final class RunReference
{
    /** The sizes the issue asks for when the run names none. */
    private static final List<Integer> DEFAULT_NODES = List.of(3, 5);
    /** How long one failover may take before it counts as unconverged, as {@code reference} defaults. */
    private static final long BUDGET_NS = TimeUnit.SECONDS.toNanos(30);

    @Option(names = "--reference", paramLabel = "SYSTEM,...", split = ",",
        description = "Also measure these real systems (aeron-cluster, zookeeper), one process and one network namespace a node, " +
            "after the benchmark stages and into the same run folder: at the sizes --nodes or -p nodes give (default 3 and 5), " +
            "on --reference-scenario, their settings matched to the run's detection timeout D and heartbeat HBT in their own keys. " +
            "Needs root (or CAP_NET_ADMIN) and nftables. Off by default.")
    List<String> systems;

    @Option(names = "--reference-scenario", paramLabel = "NAME,...", split = ",", defaultValue = "leader-crash,one-way",
        description = "With --reference: leader-crash, partition, pause or one-way (the leader hears nothing but still sends); " +
            "default: ${DEFAULT-VALUE}.")
    List<String> scenarios;

    @Option(names = "--reference-failovers", paramLabel = "N", defaultValue = "30",
        description = "With --reference: failovers a row (default: ${DEFAULT-VALUE}; a p99 shows from 100).")
    int failovers;

    /** What was checked before any work: the rows to measure. */
    record Plan(List<ReferenceSystem> systems, List<ReferenceScenario> scenarios, List<Integer> nodes, long silenceNs, long heartbeatNs,
        int failovers)
    {
    }

    /**
     * Checks the flags before any work: a wrong one fails naming it (exit 2).
     *
     * @param overrides the run's benchmark parameters as given (sizes, D and HBT swept with -p among them).
     * @param options   the run's scenario flags.
     * @return the plan, or null when {@code --reference} was not given.
     */
    Plan plan(final CommandSpec spec, final Map<String, List<String>> overrides, final ScenarioOptions options)
    {
        if (null == systems)
        {
            return null;
        }
        final List<ReferenceSystem> chosen = new ArrayList<>();
        final List<ReferenceScenario> kinds = new ArrayList<>();
        try
        {
            systems.forEach(name -> chosen.add(ReferenceSystems.byName(name)));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), "--reference: " + ex.getMessage());
        }
        try
        {
            scenarios.forEach(name -> kinds.add(ReferenceScenario.parse(name)));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), "--reference-scenario: " + ex.getMessage());
        }
        if (failovers < 1)
        {
            throw new ParameterException(spec.commandLine(), "--reference-failovers: must be at least 1, got " + failovers);
        }
        final List<Integer> nodes = new ArrayList<>();
        for (final String size : overrides.getOrDefault(RunParameters.NODES.key(), List.of()))
        {
            final int parsed = RunParameters.NODES.parse(size.trim());
            if (parsed < 3 || parsed > 9)
            {
                throw new ParameterException(spec.commandLine(), "--reference: n = " + parsed +
                    " is outside 3..9, the sizes a reference cluster runs (a failover needs a majority left)");
            }
            nodes.add(parsed);
        }
        final long silenceNs = single(spec, overrides, options, RunParameters.DETECTION_TIMEOUT);
        final long heartbeatNs = single(spec, overrides, options, RunParameters.HEARTBEAT);
        for (final ReferenceSystem system : chosen)
        {
            try
            {
                system.matchedSettings(silenceNs, heartbeatNs);
            }
            catch (final IllegalArgumentException ex)
            {
                throw new ParameterException(spec.commandLine(), "--reference: " + ex.getMessage());
            }
        }
        return new Plan(List.copyOf(chosen), List.copyOf(kinds), nodes.isEmpty() ? DEFAULT_NODES : List.copyOf(nodes), silenceNs,
            heartbeatNs, failovers);
    }

    /** @return the one value of a timing the rows are matched to; a sweep of it has no one value to match. */
    private static long single(final CommandSpec spec, final Map<String, List<String>> overrides, final ScenarioOptions options,
        final RunParameter<Long> parameter)
    {
        final List<String> given = overrides.get(parameter.key());
        if (null == given)
        {
            return options.value(parameter);
        }
        if (given.size() != 1)
        {
            throw new ParameterException(spec.commandLine(), "--reference: the rows are matched to one " + parameter.name() +
                "; give one value, not " + String.join(",", given));
        }
        return parameter.parse(given.get(0).trim());
    }

    /** @return null when this machine can run reference clusters, else why not. */
    static String unavailable()
    {
        return ReferenceCluster.unavailable();
    }

    /** Measures every row of the plan into {@code folder}, progress on {@code err}. */
    static void measure(final Plan plan, final Path folder, final PrintWriter err) throws IOException, InterruptedException
    {
        for (final ReferenceSystem system : plan.systems())
        {
            final Map<String, String> settings = system.matchedSettings(plan.silenceNs(), plan.heartbeatNs());
            final String matching = "D " + Durations.format(plan.silenceNs()) + ", HBT " + Durations.format(plan.heartbeatNs());
            for (final ReferenceScenario scenario : plan.scenarios())
            {
                for (final int size : plan.nodes())
                {
                    ReferenceRuns.measure(system, size, scenario, plan.failovers(), settings, matching, BUDGET_NS, folder, line ->
                    {
                        err.println(line);
                        err.flush();
                    });
                }
            }
        }
    }
}
