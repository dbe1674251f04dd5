package org.electbench.harness;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.electbench.spi.ClusterProfile;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.Parameter;
import org.electbench.transport.Scenario;
import org.electbench.transport.parameters.RunParameter;
import org.electbench.transport.parameters.RunParameters;

/**
 * A scenario on a runtime as named parameters, in a fixed order, generated from the run parameter
 * declarations ({@link RunParameters}: each by its key, with the value the scenario runs with),
 * the algorithm's own options and the seed, and the result file names
 * built from them (as real-logic/benchmarks names its files from their configuration), so a
 * results folder explains itself: {@code bully_sim_n8_leader-crash_detect-lowest_hbt-50ms_...}.
 * A setting's key is its declaration's ({@code RunParameters.NODES.key()}); the constants here
 * name only what a row carries beside the settings.
 */
public final class Parameters
{
    public static final String ALGORITHM = "algorithm";
    public static final String RUNTIME = "runtime";
    public static final String SEED = "seed";
    /**
     * Present only where the delay has no maximum: the quantile of it the derived timeouts wait
     * for ({@code p99.9}), so a row derived from it says so.
     */
    public static final String DELAY_BOUND = "delayBound";
    /**
     * Present only in a row some explicit setting distorts: which setting, the bound it misses and
     * what goes wrong, so the row carries its mark and the reason wherever it is shown.
     */
    public static final String DISTORTION = "distortion";
    /**
     * Present only in a row that runs a wait every election sits through above the least value the
     * algorithm derives for it (bully's and quorum's T_elec at its 10 ms default): which, and the
     * derived value, so no verdict on speed reads the difference as the algorithm's own.
     */
    public static final String HANDICAP = "handicap";
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
        for (final RunParameter<?> parameter : RunParameters.all())
        {
            final Object value = parameter.valueIn(scenario);
            if (null != value)
            {
                parameters.put(parameter.key(), parameter.formatObject(value));
            }
        }
        for (final Parameter<?> option : scenario.algorithm().options())
        {
            parameters.put(option.name(), formatted(option, settings));
        }
        if (null != scenario.startUpRule())
        {
            parameters.put(START_UP, scenario.startUpRule());
        }
        parameters.put(SEED, String.valueOf(scenario.seed()));
        if (!scenario.profile().boundedDelay())
        {
            parameters.put(DELAY_BOUND, ClusterProfile.quantileName(scenario.profile().delayQuantile()));
        }
        if (scenario.distorted())
        {
            parameters.put(DISTORTION, String.join("; ", scenario.distortions()));
        }
        if (!scenario.handicaps().isEmpty())
        {
            parameters.put(HANDICAP, String.join("; ", scenario.handicaps()));
        }
        return Collections.unmodifiableMap(parameters);
    }

    private static <T> String formatted(final Parameter<T> option, final ElectionSettings settings)
    {
        return option.format(settings.get(option));
    }

    /**
     * The file name prefix for a parameter combination: algorithm and runtime bare, then
     * {@code n<nodes>}, the scenario bare, and every other parameter as {@code key-value}, joined
     * with {@code _}, but for the distortion's and the handicap's reasons (the settings in the name already fix it).
     * Characters a file system or shell may mind become {@code +}.
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
            if (DISTORTION.equals(key) || HANDICAP.equals(key) || START_UP.equals(key))
            {
                // The marks' reasons and the start-up rule follow from the algorithm and its settings, which the name holds.
                continue;
            }
            if (name.length() > 0)
            {
                name.append('_');
            }
            if (ALGORITHM.equals(key) || RUNTIME.equals(key) || RunParameters.SCENARIO.key().equals(key))
            {
                name.append(safe(value));
            }
            else if (RunParameters.NODES.key().equals(key))
            {
                name.append('n').append(safe(value));
            }
            else
            {
                name.append(safe(key)).append('-').append(safe(value));
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
