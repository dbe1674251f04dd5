package org.electbench.harness;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.electbench.spi.AlgorithmOption;
import org.electbench.spi.ElectionSettings;
import org.electbench.transport.Durations;
import org.electbench.transport.Scenario;

/**
 * A scenario on a runtime as named parameters, in a fixed order, and the result file names
 * built from them (as real-logic/benchmarks names its files from their configuration), so a
 * results folder explains itself: {@code bully_sim_n8_leader-crash_detect-lowest_hbt-50ms_...}.
 */
public final class Parameters
{
    public static final String ALGORITHM = "algorithm";
    public static final String RUNTIME = "runtime";
    public static final String NODES = "nodes";
    public static final String SCENARIO = "scenario";
    public static final String DETECT = "detect";
    public static final String DELAY = "delay";
    public static final String LOSS = "loss";
    public static final String FIFO = "fifo";
    public static final String HEARTBEAT = "heartbeat";
    public static final String DETECTION_TIMEOUT = "detectionTimeout";
    public static final String ELECTION_TIMEOUT = "electionTimeout";
    public static final String COORDINATOR_TIMEOUT = "coordinatorTimeout";
    public static final String SEED = "seed";
    /** For a scenario that boots with no leader: the algorithm's start-up rule, stated in its row, not in file names. */
    public static final String START_UP = "startUp";

    private Parameters()
    {
    }

    /**
     * @param scenario what ran (run 0's seed).
     * @param runtime  the runtime's name.
     * @return the parameters, in the order file names and tables use.
     */
    public static Map<String, String> of(final Scenario scenario, final String runtime)
    {
        final ElectionSettings settings = scenario.settings();
        final Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put(ALGORITHM, scenario.algorithm().name());
        parameters.put(RUNTIME, runtime);
        parameters.put(NODES, String.valueOf(scenario.nodes()));
        parameters.put(SCENARIO, scenario.kind().cliName());
        parameters.put(DETECT, scenario.detect().cliName());
        parameters.put(DELAY, scenario.network().delay().toString());
        parameters.put(LOSS, String.valueOf(scenario.network().lossProbability()));
        parameters.put(FIFO, scenario.network().fifo() ? "on" : "off");
        parameters.put(HEARTBEAT, Durations.format(settings.heartbeatIntervalNs()));
        parameters.put(DETECTION_TIMEOUT, Durations.format(settings.detectionTimeoutNs()));
        parameters.put(ELECTION_TIMEOUT, Durations.format(settings.electionTimeoutNs()));
        parameters.put(COORDINATOR_TIMEOUT, Durations.format(settings.coordinatorTimeoutNs()));
        for (final AlgorithmOption<?> option : scenario.algorithm().options())
        {
            parameters.put(option.name(), formatted(option, settings));
        }
        if (null != scenario.startUpRule())
        {
            parameters.put(START_UP, scenario.startUpRule());
        }
        parameters.put(SEED, String.valueOf(scenario.seed()));
        return Collections.unmodifiableMap(parameters);
    }

    private static <T> String formatted(final AlgorithmOption<T> option, final ElectionSettings settings)
    {
        return option.format(settings.get(option));
    }

    /**
     * The file name prefix for a parameter combination: algorithm and runtime bare, then
     * {@code n<nodes>}, the scenario bare, and every other parameter as {@code key-value}, joined
     * with {@code _}. Characters a file system or shell may mind become {@code +}.
     *
     * @param parameters as {@link #of} gives them (others are appended as key-value too).
     * @return a prefix without extension.
     */
    public static String fileNamePrefix(final Map<String, String> parameters)
    {
        final StringBuilder name = new StringBuilder();
        for (final Map.Entry<String, String> entry : parameters.entrySet())
        {
            final String key = entry.getKey();
            final String value = entry.getValue();
            if (START_UP.equals(key))
            {
                // Follows from the algorithm and its settings, which the name already holds.
                continue;
            }
            if (name.length() > 0)
            {
                name.append('_');
            }
            switch (key)
            {
                case ALGORITHM:
                case RUNTIME:
                case SCENARIO:
                    name.append(safe(value));
                    break;
                case NODES:
                    name.append('n').append(safe(value));
                    break;
                default:
                    name.append(safe(key)).append('-').append(safe(value));
                    break;
            }
        }
        return name.toString();
    }

    private static String safe(final String text)
    {
        final StringBuilder safe = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++)
        {
            final char c = text.charAt(i);
            safe.append(Character.isLetterOrDigit(c) && c < 128 || c == '.' || c == '-' ? c : '+');
        }
        return safe.toString();
    }
}
