package org.electbench.cli;

import java.util.List;
import java.util.Map;

import org.electbench.spi.Durations;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.MemoryLimits;
import org.electbench.transport.ScenarioLimitException;
import org.electbench.transport.parameters.RunParameters;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * Turns what the scenario and settings builders refuse, in their own words ("heartbeat interval",
 * "nodes"), into errors naming the flag the user typed, with durations as the user typed them.
 */
final class FlagErrors
{
    /** The settings' names in the builders' messages, and the flags that set them. */
    private static final Map<String, String> FLAGS = Map.of(
        ScenarioLimitException.HEARTBEAT_INTERVAL, "--heartbeat",
        ScenarioLimitException.DETECTION_TIMEOUT, "--detection-timeout",
        "election timeout", "--election-timeout",
        ScenarioLimitException.COORDINATOR_TIMEOUT, "--coordinator-timeout",
        ScenarioLimitException.FAULT_DURATION, "--fault-duration");
    private static final List<String> DURATION_FLAGS = RunParameters.all().stream()
        .filter(parameter -> Long.class.equals(parameter.valueType()))
        .map(parameter -> "--" + parameter.name())
        .toList();

    private FlagErrors()
    {
    }

    /**
     * @param spec    the command, for its flags' values as typed.
     * @param ex      what ElectionSettings refused.
     * @return an error naming the flags, with their durations as the user wrote them.
     */
    static ParameterException timing(final CommandSpec spec, final IllegalArgumentException ex)
    {
        final String message = asTyped(spec, ex.getMessage());
        for (final Map.Entry<String, String> entry : FLAGS.entrySet())
        {
            if (message.startsWith(entry.getKey()))
            {
                return invalid(spec, entry.getValue(), flagNames(message));
            }
        }
        return new ParameterException(spec.commandLine(), "Invalid timing: " + flagNames(message), ex, null, null);
    }

    /**
     * @param spec          the command.
     * @param ex            what the scenario builder refused.
     * @param nodesFlag     the flag that gave the cluster size on this command ({@code --nodes}, {@code --sizes}).
     * @param algorithmFlag the flag that named the algorithm on this command.
     * @return an error naming the flag that drives the refusal.
     */
    static ParameterException scenario(
        final CommandSpec spec, final IllegalArgumentException ex, final String nodesFlag, final String algorithmFlag)
    {
        final String message = asTyped(spec, ex.getMessage());
        final String flag;
        if (ex instanceof ScenarioLimitException)
        {
            final String setting = ((ScenarioLimitException)ex).setting();
            flag = ScenarioLimitException.NODES.equals(setting) ? nodesFlag : FLAGS.getOrDefault(setting, "--scenario");
        }
        else if (message.startsWith("unknown algorithm"))
        {
            flag = algorithmFlag;
        }
        else if (message.startsWith("nodes") || message.contains("needs at least"))
        {
            flag = nodesFlag;
        }
        else
        {
            flag = "--scenario";
        }
        return invalid(spec, flag, flagNames(message));
    }

    /**
     * Refuses a cluster larger than the runtime can host in this JVM, before anything is allocated.
     *
     * @param spec    the command.
     * @param runtime where the cluster would run.
     * @param nodes   the size asked for.
     * @param flag    the flag that asked for it.
     */
    static void checkNodes(final CommandSpec spec, final ClusterRuntime runtime, final int nodes, final String flag)
    {
        final int maxNodes = runtime.maxNodes();
        if (nodes > maxNodes)
        {
            final boolean heapBound = maxNodes >= MemoryLimits.maxNodesOnHeap(
                ClusterRuntime.DEFAULT_HEAP_BYTES_PER_NODE, ClusterRuntime.DEFAULT_HEAP_BYTES_PER_PAIR);
            throw invalid(spec, flag, nodes + " nodes are more than the " + runtime.name() + " runtime can host in this JVM: at most " +
                maxNodes + ", bounded by " + runtime.maxNodesBound() +
                (heapBound ? "; give the JVM more with ELECTBENCH_JAVA_OPTS=-Xmx<size>" : ""));
        }
    }

    static ParameterException invalid(final CommandSpec spec, final String flag, final String problem)
    {
        return new ParameterException(spec.commandLine(), "Invalid value for option '" + flag + "': " + withoutLead(flag, problem));
    }

    /** @return "150ms must exceed ..." for "--detection-timeout (150ms) must exceed ...": the flag is named once already. */
    private static String withoutLead(final String flag, final String problem)
    {
        if (problem.startsWith(flag + " ("))
        {
            final int close = problem.indexOf(')');
            return problem.substring(flag.length() + 2, close) + problem.substring(close + 1);
        }
        return problem;
    }

    /** @return the message with every duration flag's nanoseconds shown as the user wrote the flag (or its default). */
    static String asTyped(final CommandSpec spec, final String message)
    {
        String result = message;
        for (final String name : DURATION_FLAGS)
        {
            final OptionSpec option = spec.findOption(name);
            if (null == option || !(option.getValue() instanceof Long))
            {
                continue;
            }
            final long ns = option.getValue();
            final List<String> typed = option.originalStringValues();
            final String text = !typed.isEmpty() ? typed.get(typed.size() - 1) :
                null != option.defaultValue() ? option.defaultValue() : Durations.human(ns);
            if (null != text && ns > 0)
            {
                result = result.replace("(" + ns + " ns)", "(" + text + ")").replace("(" + Durations.format(ns) + ")", "(" + text + ")");
            }
        }
        return result;
    }

    private static String flagNames(final String message)
    {
        String result = message;
        for (final Map.Entry<String, String> entry : FLAGS.entrySet())
        {
            result = result.replace(entry.getKey(), entry.getValue());
        }
        return result;
    }
}
