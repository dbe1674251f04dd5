package org.electbench.spi;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * One knob an algorithm declares for itself: its name, type, default, one line of description
 * and what values it accepts. The CLI makes a flag {@code --NAME} of each declared option, the
 * cluster file a key {@code NAME}, and help and error messages come from the same declaration,
 * so adding a knob to an algorithm touches the algorithm alone.
 * <p>
 * Declare options as constants of the algorithm's provider class, list them in
 * {@link ElectionAlgorithm#options()}, and read each once when a node is built:
 * <pre>{@code
 * public static final AlgorithmOption<Boolean> PRE_VOTE =
 *     AlgorithmOption.onOff("pre-vote", true, "Raft: ask for votes before standing, so a partitioned node cannot disrupt");
 * ...
 * preVote = settings.get(RaftAlgorithm.PRE_VOTE); // in the node's constructor: a plain boolean from then on
 * }</pre>
 * Values are kept in {@link ElectionSettings} by option name, so two algorithms that declare an
 * option of the same name and the same accepted values share one flag (bully and ring both read
 * {@code recovery}); a name declared twice with different values is refused by the registry.
 * Options are immutable and compare by name.
 *
 * @param <T> the value's type: {@link Long} nanoseconds for a duration, {@link Boolean} for on/off,
 *            an enum for a choice, {@link Long} for an integer, {@link Double} for a probability.
 */
public final class AlgorithmOption<T>
{
    /** What kind of value an option takes; it fixes the text form and the parameter label. */
    public enum Kind
    {
        /** Nanoseconds, written with a unit: {@code 150ms}, {@code 2.5s}. */
        DURATION("D"),
        /** {@code on} or {@code off} ({@code true}/{@code false} accepted too). */
        ON_OFF("on|off"),
        /** One of an enum's constants, written in lower case with '-' for '_'. */
        CHOICE("VALUE"),
        /** A whole number in a declared range. */
        INTEGER("N"),
        /** A number in [0, 1]. */
        PROBABILITY("P");

        private final String paramLabel;

        Kind(final String paramLabel)
        {
            this.paramLabel = paramLabel;
        }

        /** @return the placeholder help text shows for the value. */
        public String paramLabel()
        {
            return paramLabel;
        }
    }

    private static final String NAME_FORM = "[a-z][a-z0-9]*(-[a-z0-9]+)*";

    private final String name;
    private final List<String> aliases;
    private final Kind kind;
    private final Class<T> valueType;
    private final T defaultValue;
    private final String description;
    private final String accepted;
    private final Function<String, T> parser;
    private final Function<T, String> formatter;
    private final Predicate<T> rule;

    private AlgorithmOption(
        final String name,
        final List<String> aliases,
        final Kind kind,
        final Class<T> valueType,
        final T defaultValue,
        final String description,
        final String accepted,
        final Function<String, T> parser,
        final Function<T, String> formatter,
        final Predicate<T> rule)
    {
        for (final String each : aliases)
        {
            if (!each.matches(NAME_FORM))
            {
                throw new IllegalArgumentException("option name '" + each + "' must be lower-case words joined by '-'");
            }
        }
        if (!name.matches(NAME_FORM))
        {
            throw new IllegalArgumentException("option name '" + name + "' must be lower-case words joined by '-'");
        }
        if (null == description || description.isBlank())
        {
            throw new IllegalArgumentException("option '" + name + "' needs a description");
        }
        this.name = name;
        this.aliases = List.copyOf(aliases);
        this.kind = kind;
        this.valueType = valueType;
        this.defaultValue = Objects.requireNonNull(defaultValue, "default");
        this.description = description;
        this.accepted = accepted;
        this.parser = parser;
        this.formatter = formatter;
        this.rule = rule;
        if (!rule.test(defaultValue))
        {
            throw new IllegalArgumentException("option '" + name + "': the default " + format(defaultValue) +
                " is not accepted; accepted: " + accepted);
        }
    }

    /**
     * A duration in nanoseconds, at least 0.
     *
     * @param name        the flag and key name, lower-case words joined by '-'.
     * @param defaultNs   used when the option is not given.
     * @param description one line: what it does, for whom.
     * @return the option.
     */
    public static AlgorithmOption<Long> duration(final String name, final long defaultNs, final String description)
    {
        return new AlgorithmOption<>(name, List.of(), Kind.DURATION, Long.class, defaultNs, description,
            Durations.ACCEPTED, Durations::parseNs, Durations::human, valueNs -> valueNs >= 0);
    }

    /**
     * On or off.
     *
     * @see #duration(String, long, String) for the parameters.
     */
    public static AlgorithmOption<Boolean> onOff(final String name, final boolean defaultValue, final String description)
    {
        return new AlgorithmOption<>(name, List.of(), Kind.ON_OFF, Boolean.class, defaultValue, description,
            "on, off", AlgorithmOption::parseOnOff, value -> value ? "on" : "off", value -> true);
    }

    /**
     * One constant of an enum, written as its name in lower case with '-' for '_'.
     *
     * @param type the enum.
     * @see #duration(String, long, String) for the other parameters.
     */
    public static <E extends Enum<E>> AlgorithmOption<E> choice(
        final String name, final Class<E> type, final E defaultValue, final String description)
    {
        final String accepted = Arrays.stream(type.getEnumConstants())
            .map(AlgorithmOption::choiceName)
            .collect(Collectors.joining(", "));
        return new AlgorithmOption<>(name, List.of(), Kind.CHOICE, type, defaultValue, description, accepted,
            text -> parseChoice(type, text, accepted), AlgorithmOption::choiceName, value -> true);
    }

    /**
     * A whole number in {@code [min, max]}.
     *
     * @see #duration(String, long, String) for the other parameters.
     */
    public static AlgorithmOption<Long> integer(
        final String name, final long defaultValue, final long min, final long max, final String description)
    {
        final String accepted = "a whole number in [" + min + ", " + max + "]";
        return new AlgorithmOption<>(name, List.of(), Kind.INTEGER, Long.class, defaultValue, description, accepted,
            text -> parseInteger(text, accepted), String::valueOf, value -> value >= min && value <= max);
    }

    /**
     * A probability in {@code [0, 1]}.
     *
     * @see #duration(String, long, String) for the parameters.
     */
    public static AlgorithmOption<Double> probability(final String name, final double defaultValue, final String description)
    {
        final String accepted = "a number in [0, 1]";
        return new AlgorithmOption<>(name, List.of(), Kind.PROBABILITY, Double.class, defaultValue, description, accepted,
            text -> parseProbability(text, accepted), String::valueOf, value -> value >= 0.0 && value <= 1.0);
    }

    /**
     * @param extraRule    a further condition every value must meet, e.g. {@code ns -> ns > 0}.
     * @param acceptedText what the values meeting it are, for error messages: {@code "a duration above 0"}.
     * @return this option with the further rule (the default must meet it).
     */
    public AlgorithmOption<T> validatedBy(final Predicate<T> extraRule, final String acceptedText)
    {
        return new AlgorithmOption<>(name, aliases, kind, valueType, defaultValue, description, acceptedText, parser,
            formatter, rule.and(extraRule));
    }

    /**
     * @param moreNames other names the flag and key also answer to, such as an older spelling.
     * @return this option with the aliases.
     */
    public AlgorithmOption<T> withAliases(final String... moreNames)
    {
        return new AlgorithmOption<>(name, List.of(moreNames), kind, valueType, defaultValue, description, accepted,
            parser, formatter, rule);
    }

    /** @return the flag ({@code --NAME}) and cluster-file key. */
    public String name()
    {
        return name;
    }

    /** @return other names it answers to. */
    public List<String> aliases()
    {
        return aliases;
    }

    public Kind kind()
    {
        return kind;
    }

    public Class<T> valueType()
    {
        return valueType;
    }

    public T defaultValue()
    {
        return defaultValue;
    }

    public String description()
    {
        return description;
    }

    /** @return the accepted values in words, as error messages list them. */
    public String accepted()
    {
        return accepted;
    }

    /**
     * @param text a value as written on a command line or in a cluster file.
     * @return the value.
     * @throws IllegalArgumentException {@code "'x' is not accepted; accepted: ..."}, without the option's name
     *                                  (the caller names the flag or the file line).
     */
    public T parse(final String text)
    {
        final T value = parser.apply(text.trim());
        if (!rule.test(value))
        {
            throw new IllegalArgumentException("'" + text + "' is not accepted; accepted: " + accepted);
        }
        return value;
    }

    /**
     * @param value a value of this option.
     * @return the value as {@link #parse} reads it back.
     * @throws IllegalArgumentException when the value breaks the option's rule.
     */
    public T validate(final T value)
    {
        if (!valueType.isInstance(value) || !rule.test(value))
        {
            throw new IllegalArgumentException(name + " " + (valueType.isInstance(value) ? format(value) : value) +
                " is not accepted; accepted: " + accepted);
        }
        return value;
    }

    /** @return the value in the form {@link #parse} reads. */
    public String format(final T value)
    {
        return formatter.apply(value);
    }

    /**
     * @param other an option of another algorithm with the same name.
     * @return whether both take the same kind of value and accept the same values, so one flag can set both.
     */
    public boolean sharesValuesWith(final AlgorithmOption<?> other)
    {
        return name.equals(other.name) && kind == other.kind && valueType.equals(other.valueType) &&
            accepted.equals(other.accepted);
    }

    @Override
    public boolean equals(final Object other)
    {
        return other instanceof AlgorithmOption && name.equals(((AlgorithmOption<?>)other).name);
    }

    @Override
    public int hashCode()
    {
        return name.hashCode();
    }

    @Override
    public String toString()
    {
        return name + "=" + format(defaultValue);
    }

    /** @return an enum constant's written form: lower case, '-' for '_'. */
    public static String choiceName(final Enum<?> constant)
    {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static Boolean parseOnOff(final String text)
    {
        switch (text.toLowerCase(Locale.ROOT))
        {
            case "on":
            case "true":
                return Boolean.TRUE;
            case "off":
            case "false":
                return Boolean.FALSE;
            default:
                throw new IllegalArgumentException("'" + text + "' is not accepted; accepted: on, off");
        }
    }

    private static <E extends Enum<E>> E parseChoice(final Class<E> type, final String text, final String accepted)
    {
        for (final E constant : type.getEnumConstants())
        {
            if (choiceName(constant).equals(text.toLowerCase(Locale.ROOT)))
            {
                return constant;
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not accepted; accepted: " + accepted);
    }

    private static Long parseInteger(final String text, final String accepted)
    {
        try
        {
            return Long.parseLong(text);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("'" + text + "' is not accepted; accepted: " + accepted, ex);
        }
    }

    private static Double parseProbability(final String text, final String accepted)
    {
        try
        {
            return Double.parseDouble(text);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("'" + text + "' is not accepted; accepted: " + accepted, ex);
        }
    }
}
