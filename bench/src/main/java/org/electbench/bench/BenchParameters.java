package org.electbench.bench;

import java.lang.reflect.Field;
import java.util.LinkedHashMap;
import java.util.Map;

import org.electbench.spi.AlgorithmRegistry;
import org.electbench.transport.Scenario;
import org.electbench.transport.parameters.RunParameter;
import org.electbench.transport.parameters.RunParameters;

/**
 * A benchmark's {@code @Param} fields turned into a scenario through the run parameter
 * declarations ({@link RunParameters}): a benchmark declares a public field named as a
 * parameter's {@link RunParameter#key() key} for each one it lets JMH set ({@code heartbeat},
 * {@code detectionTimeout}, ...), spelled as on the command line, {@link RunParameters#NOT_GIVEN}
 * for "not given" (the algorithm derives it, as {@code simulate} does), and the algorithms' own
 * options in one field, {@code options} ({@link RunParameters#optionsFromText}). Nothing here
 * names a parameter, so a parameter declared once is a JMH parameter of every benchmark that
 * declares the field; {@code BenchParametersTest} checks the convergence benchmark declares them all.
 */
final class BenchParameters
{
    /** The JMH parameter that carries algorithm options: {@code pre-vote:on+check-quorum:off}. */
    static final String OPTIONS = "options";

    private BenchParameters()
    {
    }

    /**
     * @param benchmark a benchmark state object whose public {@code @Param} fields JMH has set.
     * @param algorithm the registered algorithm's name.
     * @param seed      run 0's seed.
     * @param fixed     values the benchmark sets itself, by parameter name, over its fields.
     * @return the scenario.
     * @throws IllegalArgumentException naming the parameter whose value makes no sense.
     */
    static Scenario scenario(final Object benchmark, final String algorithm, final long seed, final Map<String, String> fixed)
    {
        final Map<String, String> texts = new LinkedHashMap<>();
        for (final RunParameter<?> parameter : RunParameters.all())
        {
            final String value = field(benchmark, parameter.key());
            if (null != value)
            {
                texts.put(parameter.name(), value);
            }
        }
        texts.putAll(RunParameters.optionsFromText(field(benchmark, OPTIONS)));
        texts.putAll(fixed);
        try
        {
            return RunParameters.scenarioFromText(AlgorithmRegistry.instance().get(algorithm), seed, texts);
        }
        catch (final RunParameters.InvalidSettings ex)
        {
            throw new IllegalArgumentException("settings: " + ex.getMessage(), ex);
        }
    }

    /** @return a public field's value as text, or null when the benchmark has no such field. */
    private static String field(final Object benchmark, final String name)
    {
        try
        {
            final Field field = benchmark.getClass().getField(name);
            final Object value = field.get(benchmark);
            return null == value ? null : String.valueOf(value);
        }
        catch (final NoSuchFieldException ex)
        {
            return null;
        }
        catch (final IllegalAccessException ex)
        {
            throw new IllegalStateException("@Param field " + name + " must be public", ex);
        }
    }
}
