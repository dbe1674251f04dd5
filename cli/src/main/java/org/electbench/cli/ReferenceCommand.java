package org.electbench.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import org.electbench.analysis.ReferenceTable;
import org.electbench.harness.Environment;
import org.electbench.harness.RunFolder;
import org.electbench.reference.ReferenceCluster;
import org.electbench.reference.ReferenceRuns;
import org.electbench.reference.ReferenceScenario;
import org.electbench.reference.ReferenceSystem;
import org.electbench.reference.ReferenceSystems;
import org.electbench.spi.Durations;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ./electbench reference}: real election implementations (Aeron Cluster, ZooKeeper) measured
 * on the same faults as the textbook rows, each node a process in a network namespace of its own,
 * into a run folder's {@code reference/} that {@code report} reads; the table printed at the end.
 * Needs root or CAP_NET_ADMIN and nftables.
 */
@Command(name = "reference", mixinStandardHelpOptions = true,
    description = "Measure real systems' failovers (aeron-cluster, zookeeper), one process and one network namespace per node, " +
        "faults as SIGKILL, SIGSTOP/SIGCONT and nftables drops; rows go to results/runs/<UTC time>-<commit>/reference/.")
final class ReferenceCommand implements Callable<Integer>
{
    @Spec
    CommandSpec spec;

    @Option(names = {"--system", "--reference"}, paramLabel = "NAME,...", split = ",", required = true,
        description = "The systems to measure: aeron-cluster, zookeeper, or any other registered reference system.")
    List<String> systems;

    @Option(names = "--nodes", paramLabel = "N,...", split = ",", defaultValue = "3", description = "Cluster sizes (default: ${DEFAULT-VALUE}).")
    List<Integer> nodes;

    @Option(names = "--scenario", paramLabel = "NAME,...", split = ",", defaultValue = "leader-crash",
        description = "leader-crash, partition (the leader cut off by nftables), pause (SIGSTOP past the detection silence) or " +
            "one-way (the leader hears nothing, nftables dropping its input, but still sends); default: ${DEFAULT-VALUE}.")
    List<String> scenarios;

    @Option(names = "--failovers", paramLabel = "N", defaultValue = "30", description = "Failovers a row (default: ${DEFAULT-VALUE}).")
    int failovers;

    @Option(names = "--set", paramLabel = "SYSTEM:KEY=VALUE",
        description = "A setting in the system's own keys, e.g. aeron-cluster:aeron.cluster.election.timeout=500ms or zookeeper:syncLimit=6.")
    List<String> settings = new ArrayList<>();

    @Option(names = "--budget", paramLabel = "DURATION", defaultValue = "30s",
        description = "How long one failover may take before it counts as unconverged (default: ${DEFAULT-VALUE}).")
    String budget;

    @Option(names = "--runs-dir", paramLabel = "DIR", description = "Where run folders go (default: results/runs under the project).")
    Path runsDirectory;

    @Override
    public Integer call() throws IOException, InterruptedException
    {
        final List<ReferenceSystem> chosen = parseEach(systems, ReferenceSystems::byName, "--system");
        final List<ReferenceScenario> kinds = parseEach(scenarios, ReferenceScenario::parse, "--scenario");
        for (final int size : nodes)
        {
            if (size < 3 || size > 9)
            {
                throw new ParameterException(spec.commandLine(), "--nodes: " + size + " is outside 3..9 (a failover needs a majority left)");
            }
        }
        if (failovers < 1)
        {
            throw new ParameterException(spec.commandLine(), "--failovers: must be at least 1, got " + failovers);
        }
        final long budgetNs;
        try
        {
            budgetNs = Durations.parseNs(budget);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), "--budget: " + ex.getMessage());
        }
        final Map<String, Map<String, String>> overrides = overrides(chosen);
        final String unavailable = ReferenceCluster.unavailable();
        if (null != unavailable)
        {
            spec.commandLine().getErr().println("reference: cannot run here: " + unavailable);
            return Main.EXIT_FAILURE;
        }

        final Path home = Path.of(System.getProperty(Environment.HOME_PROPERTY, ".")).toAbsolutePath().normalize();
        final Path runs = null != runsDirectory ? runsDirectory : home.resolve("results/runs");
        final RunFolder folder = RunFolder.create(runs, Environment.capture(0, SimulateCommand.commandLine(spec)));
        spec.commandLine().getErr().println("electbench: run folder " + folder.directory());
        for (final ReferenceSystem system : chosen)
        {
            for (final ReferenceScenario scenario : kinds)
            {
                for (final int size : nodes)
                {
                    ReferenceRuns.measure(system, size, scenario, failovers, overrides.get(system.name()), budgetNs, folder.directory(),
                        line -> spec.commandLine().getErr().println(line));
                }
            }
        }
        folder.complete();
        spec.commandLine().getOut().print(ReferenceTable.markdown(List.of(folder.directory())));
        spec.commandLine().getOut().flush();
        return Main.EXIT_OK;
    }

    /** @return each name parsed, or a one-line error naming the flag and what the parser accepts. */
    private <T> List<T> parseEach(final List<String> names, final java.util.function.Function<String, T> parser, final String flag)
    {
        final List<T> parsed = new ArrayList<>();
        for (final String name : names)
        {
            try
            {
                parsed.add(parser.apply(name));
            }
            catch (final IllegalArgumentException ex)
            {
                throw new ParameterException(spec.commandLine(), flag + ": " + ex.getMessage());
            }
        }
        return parsed;
    }

    private Map<String, Map<String, String>> overrides(final List<ReferenceSystem> chosen)
    {
        final Map<String, Map<String, String>> overrides = new LinkedHashMap<>();
        chosen.forEach(system -> overrides.put(system.name(), new LinkedHashMap<>()));
        for (final String setting : settings)
        {
            final int colon = setting.indexOf(':');
            final int equals = setting.indexOf('=', colon + 1);
            if (colon <= 0 || equals <= colon + 1)
            {
                throw new ParameterException(spec.commandLine(), "--set: expected SYSTEM:KEY=VALUE, got '" + setting + "'");
            }
            final String system = setting.substring(0, colon);
            if (!overrides.containsKey(system))
            {
                throw new ParameterException(spec.commandLine(), "--set: '" + system + "' is not among --system " + String.join(",", systems));
            }
            overrides.get(system).put(setting.substring(colon + 1, equals), setting.substring(equals + 1));
        }
        return overrides;
    }
}
