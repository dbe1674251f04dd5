package org.electbench.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.Parameter;
import org.electbench.transport.Scenario;
import org.electbench.transport.parameters.RunParameter;
import org.electbench.transport.parameters.RunParameters;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * The flags that describe one scenario, shared by every command that runs one: {@code --algorithm}
 * here, and one flag per declared run parameter and algorithm option, added by {@link #declareFlags}.
 */
final class ScenarioOptions
{
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /** The flags that give the cluster size and the algorithm on this command, for error messages. */
    String nodesFlag = "--nodes";
    String algorithmFlag = "--algorithm";

    @Option(names = "--algorithm", paramLabel = "NAME", defaultValue = "bully",
        description = "Registered algorithm: bully, ring, quorum or a plug-in's name (default: ${DEFAULT-VALUE}).")
    String algorithm;

    /** Values of the run parameters and the algorithms' declared options given on the command line, by declaration. */
    private final Map<Parameter<?>, Object> given = new LinkedHashMap<>();

    /**
     * Adds a flag for every declared run parameter ({@link RunParameters}) and every option the
     * registered algorithms declare to a command that mixes these options in: {@code --NAME} (and
     * {@code --ALIAS}), its help text, default and accepted values from the declaration. A wrong
     * value fails as any flag does, naming the flag and the accepted values (exit 2). Only values
     * given on the command line are passed on as given; the rest the algorithm may derive.
     *
     * @param command  the command whose mixin this is.
     * @param registry the algorithms.
     */
    void declareFlags(final CommandSpec command, final AlgorithmRegistry registry)
    {
        for (final RunParameter<?> parameter : RunParameters.all())
        {
            if (null == command.findOption("--" + parameter.name()))
            {
                command.addOption(flag(parameter));
            }
        }
        for (final Parameter<?> option : registry.options())
        {
            command.addOption(flag(option, registry.algorithmsDeclaring(option)));
        }
    }

    /** @return the cluster size given, else the declared default. */
    int nodes()
    {
        return value(RunParameters.NODES);
    }

    /** @return a run parameter's value as given, else its declared default (null: the scenario's own). */
    <T> T value(final RunParameter<T> parameter)
    {
        final Object value = given.get(parameter.declared());
        return null == value ? parameter.defaultValue() : parameter.valueType().cast(value);
    }

    /** Sets a run parameter as a command's own rule requires, as if given. */
    <T> void force(final RunParameter<T> parameter, final T value)
    {
        given.put(parameter.declared(), value);
    }

    /** Leaves a run parameter to its default, as if not given. */
    void clear(final RunParameter<?> parameter)
    {
        given.remove(parameter.declared());
    }

    private <T> OptionSpec flag(final RunParameter<T> parameter)
    {
        return OptionSpec.builder("--" + parameter.name())
            .paramLabel(parameter.paramLabel())
            .arity("1")
            .type(parameter.valueType())
            .description(parameter.help() + " Accepted: " + parameter.accepted() + " (default: " + parameter.defaultText() + ").")
            .converters(text ->
            {
                try
                {
                    return parameter.parse(text);
                }
                catch (final IllegalArgumentException ex)
                {
                    throw new TypeConversionException(ex.getMessage());
                }
            })
            .hasInitialValue(false)
            .getter(new IGetter()
            {
                @Override
                @SuppressWarnings("unchecked")
                public <V> V get()
                {
                    return (V)value(parameter);
                }
            })
            .setter(new ISetter()
            {
                @Override
                @SuppressWarnings("unchecked")
                public <V> V set(final V value)
                {
                    return null == value ? null : (V)given.put(parameter.declared(), value);
                }
            })
            .build();
    }

    private <T> OptionSpec flag(final Parameter<T> option, final List<String> algorithms)
    {
        final List<String> names = new ArrayList<>();
        names.add("--" + option.name());
        option.aliases().forEach(alias -> names.add("--" + alias));
        return OptionSpec.builder(names.toArray(String[]::new))
            .paramLabel(option.kind() == Parameter.Kind.CHOICE ? option.name().toUpperCase(Locale.ROOT) :
                option.kind().paramLabel())
            .arity("1")
            .type(option.type())
            .description(option.doc() + " Read by " + String.join(", ", algorithms) + "; accepted: " +
                option.accepted() + " (default: " + option.format(option.defaultValue()) + ").")
            .converters(text ->
            {
                try
                {
                    return option.parse(text);
                }
                catch (final IllegalArgumentException ex)
                {
                    throw new TypeConversionException(ex.getMessage());
                }
            })
            .setter(new ISetter()
            {
                @Override
                @SuppressWarnings("unchecked")
                public <V> V set(final V value)
                {
                    return null == value ? null : (V)given.put(option, value);
                }
            })
            .build();
    }

    /**
     * @param seed the scenario's seed (run 0's; other runs derive theirs).
     * @return the scenario the flags describe.
     * @throws ParameterException naming the flag whose value makes no sense.
     */
    Scenario toScenario(final long seed)
    {
        final Scenario built;
        try
        {
            built = RunParameters.scenario(AlgorithmRegistry.instance().get(algorithm), seed, given);
        }
        catch (final RunParameters.InvalidSettings ex)
        {
            throw FlagErrors.timing(spec, ex);
        }
        catch (final IllegalArgumentException ex)
        {
            throw FlagErrors.scenario(spec, ex, nodesFlag, algorithmFlag);
        }
        warn(built);
        return built;
    }

    /**
     * @return the values given, by name in the order given, each written back by its declaration:
     *         the text a benchmark fork parses with the same parser.
     */
    Map<String, String> givenAsText()
    {
        final Map<String, String> texts = new LinkedHashMap<>();
        for (final Map.Entry<Parameter<?>, Object> entry : given.entrySet())
        {
            texts.put(entry.getKey().name(), entry.getKey().formatObject(entry.getValue()));
        }
        return texts;
    }

    /** Never silence: a setting known to distort, or one the algorithm does not read, is said on stderr. */
    private void warn(final Scenario built)
    {
        final PrintWriter err = spec.commandLine().getErr();
        for (final String distortion : built.distortions())
        {
            err.println("warning: " + built.algorithm().name() + ": " + distortion);
        }
        for (final Parameter<?> option : RunParameters.unread(built.algorithm(), given.keySet()))
        {
            err.println("warning: " + built.algorithm().name() + " does not read --" + option.name() + " (read by " +
                String.join(", ", AlgorithmRegistry.instance().algorithmsDeclaring(option)) + ")");
        }
        err.flush();
    }
}
