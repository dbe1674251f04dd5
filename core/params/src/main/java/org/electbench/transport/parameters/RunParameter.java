package org.electbench.transport.parameters;

import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.regex.Pattern;

import org.electbench.transport.Scenario;

/**
 * One parameter of a run, declared once: its name, unit, default (or that the algorithm derives
 * it), its one parser, its help text, and where its value goes in the scenario. Every edge reads
 * the declarations in {@link RunParameters}, as every writer reads the metric declarations:
 * the flags of every command that runs a scenario ({@code --NAME}), the benchmarks' JMH
 * parameters and the run-report keys ({@link #key()}), the cluster-file keys (the
 * {@link #clusterFileKey() settings a node reads}), and {@code tune}'s sweep axes.
 *
 * @param <T> the value's type: {@link Long} nanoseconds for a duration, {@link Integer}, {@link Double},
 *            {@link Boolean} for on/off, an enum, or another value type such as a delay distribution.
 */
public final class RunParameter<T>
{
    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");

    private final String name;
    private final String key;
    private final String unit;
    private final String paramLabel;
    private final Class<T> valueType;
    private final T defaultValue;
    private final String derivation;
    private final String help;
    private final String accepted;
    private final Function<String, T> parser;
    private final Function<T, String> formatter;
    private final BiConsumer<RunParameters.Draft, T> target;
    private final Function<Scenario, T> reader;
    private final boolean clusterFileKey;

    RunParameter(
        final String name,
        final String unit,
        final String paramLabel,
        final Class<T> valueType,
        final T defaultValue,
        final String derivation,
        final String help,
        final String accepted,
        final Function<String, T> parser,
        final Function<T, String> formatter,
        final BiConsumer<RunParameters.Draft, T> target,
        final Function<Scenario, T> reader,
        final boolean clusterFileKey)
    {
        if (!NAME.matcher(name).matches())
        {
            throw new IllegalArgumentException("parameter name '" + name + "' must be lower-case words joined by '-'");
        }
        this.name = name;
        this.key = camelCase(name);
        this.unit = Objects.requireNonNull(unit, "unit");
        this.paramLabel = Objects.requireNonNull(paramLabel, "paramLabel");
        this.valueType = Objects.requireNonNull(valueType, "valueType");
        this.defaultValue = defaultValue;
        this.derivation = derivation;
        this.help = Objects.requireNonNull(help, "help");
        this.accepted = Objects.requireNonNull(accepted, "accepted");
        this.parser = Objects.requireNonNull(parser, "parser");
        this.formatter = Objects.requireNonNull(formatter, "formatter");
        this.target = Objects.requireNonNull(target, "target");
        this.reader = Objects.requireNonNull(reader, "reader");
        this.clusterFileKey = clusterFileKey;
    }

    /** @return the flag ({@code --NAME}), the cluster-file key and the name {@code run -p NAME=...} takes. */
    public String name()
    {
        return name;
    }

    /**
     * @return the same name in lower camel case ({@code detection-timeout} is {@code detectionTimeout}):
     *         the benchmarks' JMH {@code @Param} field and the run report's parameter key.
     */
    public String key()
    {
        return key;
    }

    /** @return what the value measures: {@code duration}, {@code nodes}, {@code probability}, ... */
    public String unit()
    {
        return unit;
    }

    /** @return the placeholder help text shows for the value. */
    public String paramLabel()
    {
        return paramLabel;
    }

    public Class<T> valueType()
    {
        return valueType;
    }

    /** @return the value a run takes when none is given, or null when the scenario sets its own. */
    public T defaultValue()
    {
        return defaultValue;
    }

    /**
     * @return how an algorithm may derive the value when none is given ("raised by bully, quorum
     *         and ring above twice the delay bound"), or null when the default stands as it is.
     */
    public String derivation()
    {
        return derivation;
    }

    /** @return one line of help: what it does, for whom. */
    public String help()
    {
        return help;
    }

    /** @return the accepted values in words, as error messages list them. */
    public String accepted()
    {
        return accepted;
    }

    /** @return whether the cluster file takes it as a key (the settings every node reads). */
    public boolean clusterFileKey()
    {
        return clusterFileKey;
    }

    /** @return the default in words for help text: {@code 50ms}, {@code the scenario's own}, and how it is derived. */
    public String defaultText()
    {
        final String text = null == defaultValue ? "the scenario's own" : format(defaultValue);
        return null == derivation ? text : text + ", " + derivation;
    }

    /**
     * @param text a value as written on a command line, in a cluster file or as a JMH parameter.
     * @return the value.
     * @throws IllegalArgumentException {@code "'x' is not accepted; accepted: ..."}, without the
     *                                  parameter's name (the caller names the flag, key or line).
     */
    public T parse(final String text)
    {
        return parser.apply(text.trim());
    }

    /** @return the value in the form {@link #parse} reads back. */
    public String format(final T value)
    {
        return formatter.apply(value);
    }

    /** @return the value as written, given as an Object of this parameter's type. */
    public String formatObject(final Object value)
    {
        return format(valueType.cast(value));
    }

    /**
     * @param scenario a scenario as built.
     * @return the value it runs with (a knob as derived), or null where it takes the scenario's own.
     */
    public T valueIn(final Scenario scenario)
    {
        return reader.apply(scenario);
    }

    void applyTo(final RunParameters.Draft draft, final Object value)
    {
        target.accept(draft, valueType.cast(value));
    }

    @Override
    public String toString()
    {
        return name;
    }

    private static String camelCase(final String name)
    {
        final StringBuilder camel = new StringBuilder(name.length());
        boolean upper = false;
        for (int i = 0; i < name.length(); i++)
        {
            final char c = name.charAt(i);
            if ('-' == c)
            {
                upper = true;
            }
            else
            {
                camel.append(upper ? Character.toUpperCase(c) : c);
                upper = false;
            }
        }
        return camel.toString();
    }
}
