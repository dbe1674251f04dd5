package org.electbench.spi;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * One setting, declared once: its name (the flag {@code --NAME}, the cluster-file key, and in
 * lower camel case the JMH {@code @Param} and result-row key), symbol, type, default, unit, one
 * line of doc, where it applies, and its one parser from text and formatter back. Every edge
 * reads the declaration: flags, help, error messages, keys and the reference page.
 * <p>
 * One builder per kind of value: {@link #duration}, {@link #onOff}, {@link #choice},
 * {@link #integer}, {@link #probability}, {@link #count}, and {@link #of} for a value type with
 * its own text form. An algorithm declares its own options as constants of its provider class
 * (scope {@link Scope#ALGORITHM}), lists them in {@link ElectionAlgorithm#options()} and reads
 * each once when a node is built:
 * <pre>{@code
 * public static final Parameter<Boolean> PRE_VOTE = Parameter.onOff("pre-vote").defaultValue(true)
 *     .doc("Raft: ask for votes before standing, so a partitioned node cannot disrupt").build();
 * ...
 * preVote = settings.get(RaftAlgorithm.PRE_VOTE); // in the node's constructor: a plain boolean from then on
 * }</pre>
 * Parameters are immutable and compare by name.
 *
 * @param <T> the value's type: {@link Long} nanoseconds for a duration, {@link Boolean} for on/off,
 *            an enum for a choice, {@link Long} for an integer, {@link Integer} for a count,
 *            {@link Double} for a probability, or the value type given to {@link #of}.
 */
public final class Parameter<T>
{
    /** Where a value applies. */
    public enum Scope
    {
        /** Read by the algorithm's nodes: a timing knob or an algorithm's own option; a cluster-file key. */
        ALGORITHM,
        /** Shapes the scenario: the cluster, the fault, the network. */
        SCENARIO,
        /** How a run is carried out, not what it is. */
        RUNTIME,
        /** A key of a real system's configuration. */
        SYSTEM
    }

    /** What kind of value a parameter takes; it fixes the text form and the placeholder help shows. */
    public enum Kind
    {
        /** Nanoseconds, written with a unit: {@code 150ms}, {@code 2.5s}. */
        DURATION("D", "duration"),
        /** {@code on} or {@code off} ({@code true}/{@code false} accepted too). */
        ON_OFF("on|off", "on/off"),
        /** One of an enum's constants, written in lower case with '-' for '_'. */
        CHOICE("VALUE", "choice"),
        /** A whole number in a declared range. */
        INTEGER("N", "number"),
        /** A number in [0, 1]. */
        PROBABILITY("P", "probability"),
        /** A count of things, at least a declared minimum. */
        COUNT("N", "count"),
        /** A value type with its own text form. */
        VALUE("VALUE", "value");

        private final String paramLabel;
        private final String unit;

        Kind(final String paramLabel, final String unit)
        {
            this.paramLabel = paramLabel;
            this.unit = unit;
        }

        /** @return the placeholder help text shows for the value. */
        public String paramLabel()
        {
            return paramLabel;
        }
    }

    /** The form of every name: lower-case words joined by '-'. */
    public static final String NAME_FORM = "[a-z][a-z0-9]*(-[a-z0-9]+)*";

    private final String name;
    private final List<String> aliases;
    private final String symbol;
    private final Kind kind;
    private final Class<T> type;
    private final T defaultValue;
    private final String unit;
    private final String paramLabel;
    private final String doc;
    private final Scope scope;
    private final String accepted;
    private final Function<String, T> parser;
    private final Function<T, String> formatter;
    private final Predicate<T> rule;

    private Parameter(final Builder<T> builder)
    {
        for (final String each : builder.aliases)
        {
            checkName(each);
        }
        checkName(builder.name);
        if (null == builder.doc || builder.doc.isBlank())
        {
            throw new IllegalArgumentException("parameter '" + builder.name + "' needs a doc line");
        }
        if (Scope.ALGORITHM == builder.scope && null == builder.defaultValue)
        {
            throw new IllegalArgumentException("parameter '" + builder.name + "' needs a default");
        }
        name = builder.name;
        aliases = List.copyOf(builder.aliases);
        symbol = null == builder.symbol ? builder.name : builder.symbol;
        kind = builder.kind;
        type = builder.type;
        defaultValue = builder.defaultValue;
        unit = null == builder.unit ? builder.kind.unit : builder.unit;
        paramLabel = null != builder.paramLabel ? builder.paramLabel :
            Kind.CHOICE == builder.kind ? builder.name.toUpperCase(Locale.ROOT) : builder.kind.paramLabel();
        doc = builder.doc;
        scope = builder.scope;
        accepted = Objects.requireNonNull(builder.accepted, "accepted");
        parser = Objects.requireNonNull(builder.parser, "parser");
        formatter = Objects.requireNonNull(builder.formatter, "formatter");
        rule = builder.rule;
        if (null != defaultValue && !rule.test(defaultValue))
        {
            throw new IllegalArgumentException("parameter '" + name + "': the default " + format(defaultValue) +
                " is not accepted; accepted: " + accepted);
        }
    }

    /** @return a builder of a duration in nanoseconds, at least 0 (see {@link Builder#atLeastNs}). */
    public static Builder<Long> duration(final String name)
    {
        return new Builder<>(name, Kind.DURATION, Long.class, Durations.ACCEPTED, Durations::parseNs, Durations::human,
            valueNs -> valueNs >= 0);
    }

    /** @return a builder of an on/off value. */
    public static Builder<Boolean> onOff(final String name)
    {
        return new Builder<>(name, Kind.ON_OFF, Boolean.class, "on, off", Parameter::parseOnOff, value -> value ? "on" : "off",
            value -> true);
    }

    /** @return a builder of one constant of an enum, written by {@link #choiceName} unless {@link Builder#written} says otherwise. */
    public static <E extends Enum<E>> Builder<E> choice(final String name, final Class<E> type)
    {
        return new Builder<E>(name, Kind.CHOICE, type, null, null, null, value -> true).written(Parameter::choiceName);
    }

    /** @return a builder of a whole number in {@code [min, max]}. */
    public static Builder<Long> integer(final String name, final long min, final long max)
    {
        final String accepted = "a whole number in [" + min + ", " + max + "]";
        return new Builder<>(name, Kind.INTEGER, Long.class, accepted, text -> parseNumber(text, accepted, Long::valueOf),
            String::valueOf, value -> value >= min && value <= max);
    }

    /** @return a builder of a probability in {@code [0, 1]}. */
    public static Builder<Double> probability(final String name)
    {
        final String accepted = "a number in [0, 1]";
        return new Builder<>(name, Kind.PROBABILITY, Double.class, accepted, text -> parseNumber(text, accepted, Double::valueOf),
            String::valueOf, value -> value >= 0.0 && value <= 1.0);
    }

    /** @return a builder of a count of at least {@code min}, such as the cluster size. */
    public static Builder<Integer> count(final String name, final int min)
    {
        final String accepted = "a whole number of at least " + min;
        return new Builder<>(name, Kind.COUNT, Integer.class, accepted,
            text -> parseNumber(text, accepted, Integer::valueOf), String::valueOf, value -> value >= min);
    }

    /**
     * @param parser    reads the text form, throwing an {@link IllegalArgumentException} that names the accepted values.
     * @param formatter writes it back.
     * @param accepted  the accepted values in words.
     * @return a builder of a value type with its own text form.
     */
    public static <T> Builder<T> of(
        final String name, final Class<T> type, final Function<String, T> parser, final Function<T, String> formatter,
        final String accepted)
    {
        return new Builder<>(name, Kind.VALUE, type, accepted, parser, formatter, value -> true);
    }

    /** @return the flag ({@code --NAME}) and cluster-file key. */
    public String name()
    {
        return name;
    }

    /**
     * @return the same name in lower camel case ({@code detection-timeout} is {@code detectionTimeout}):
     *         a JMH {@code @Param} field and a result row's parameter key.
     */
    public String key()
    {
        final StringBuilder camel = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++)
        {
            final char c = name.charAt(i);
            if ('-' != c)
            {
                camel.append(i > 0 && '-' == name.charAt(i - 1) ? Character.toUpperCase(c) : c);
            }
        }
        return camel.toString();
    }

    /** @return other names it answers to, such as an older spelling. */
    public List<String> aliases()
    {
        return aliases;
    }

    /** @return whether the name is this parameter's name or one of its aliases. */
    public boolean answersTo(final String flagName)
    {
        return name.equals(flagName) || aliases.contains(flagName);
    }

    /** @return the short name tables and the docs use ({@code T_elec}); the name where none is declared. */
    public String symbol()
    {
        return symbol;
    }

    public Kind kind()
    {
        return kind;
    }

    public Class<T> type()
    {
        return type;
    }

    /** @return the value taken when none is given; null where the scenario sets its own. */
    public T defaultValue()
    {
        return defaultValue;
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

    /** @return one line: what it does, for whom. */
    public String doc()
    {
        return doc;
    }

    public Scope scope()
    {
        return scope;
    }

    /** @return the accepted values in words, as error messages list them. */
    public String accepted()
    {
        return accepted;
    }

    /**
     * @param text a value as written on a command line, in a cluster file or as a JMH parameter.
     * @return the value.
     * @throws IllegalArgumentException {@code "'x' is not accepted; accepted: ..."}, without the
     *                                  parameter's name (the caller names the flag, key or line).
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
     * @param value a value of this parameter.
     * @return the value.
     * @throws IllegalArgumentException naming the parameter and the accepted values when the value breaks its rule.
     */
    public T validate(final T value)
    {
        if (!type.isInstance(value) || !rule.test(value))
        {
            throw new IllegalArgumentException(name + " " + (type.isInstance(value) ? format(value) : value) +
                " is not accepted; accepted: " + accepted);
        }
        return value;
    }

    /** @return the value in the form {@link #parse} reads back. */
    public String format(final T value)
    {
        return formatter.apply(value);
    }

    /** @return the value as written, given as an Object of this parameter's type. */
    public String formatObject(final Object value)
    {
        return format(type.cast(value));
    }

    /**
     * @param other a parameter of another algorithm with the same name.
     * @return whether both take the same kind of value and accept the same values, so one flag can set both.
     */
    public boolean sharesValuesWith(final Parameter<?> other)
    {
        return name.equals(other.name) && kind == other.kind && type.equals(other.type) && accepted.equals(other.accepted);
    }

    @Override
    public boolean equals(final Object other)
    {
        return other instanceof Parameter && name.equals(((Parameter<?>)other).name);
    }

    @Override
    public int hashCode()
    {
        return name.hashCode();
    }

    @Override
    public String toString()
    {
        return null == defaultValue ? name : name + "=" + format(defaultValue);
    }

    /** @return an enum constant's written form: lower case, '-' for '_'. */
    public static String choiceName(final Enum<?> constant)
    {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * @param text {@code on}, {@code off}, {@code true} or {@code false}, in any case.
     * @return the value.
     * @throws IllegalArgumentException {@code "'x' is not accepted; accepted: on, off"}.
     */
    public static Boolean parseOnOff(final String text)
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

    private static void checkName(final String name)
    {
        if (null == name || !name.matches(NAME_FORM))
        {
            throw new IllegalArgumentException("parameter name '" + name + "' must be lower-case words joined by '-'");
        }
    }

    private static <N> N parseNumber(final String text, final String accepted, final Function<String, N> parser)
    {
        try
        {
            return parser.apply(text);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("'" + text + "' is not accepted; accepted: " + accepted, ex);
        }
    }

    /** A parameter being declared: each kind's factory fixes the parser, the rest is said by name. */
    public static final class Builder<T>
    {
        private final String name;
        private final Kind kind;
        private final Class<T> type;
        private List<String> aliases = List.of();
        private String symbol;
        private T defaultValue;
        private String unit;
        private String paramLabel;
        private String doc;
        private Scope scope = Scope.ALGORITHM;
        private String accepted;
        private Function<String, T> parser;
        private Function<T, String> formatter;
        private Predicate<T> rule;

        private Builder(
            final String name,
            final Kind kind,
            final Class<T> type,
            final String accepted,
            final Function<String, T> parser,
            final Function<T, String> formatter,
            final Predicate<T> rule)
        {
            this.name = name;
            this.kind = kind;
            this.type = Objects.requireNonNull(type, "type");
            this.accepted = accepted;
            this.parser = parser;
            this.formatter = formatter;
            this.rule = rule;
        }

        public Builder<T> symbol(final String symbol)
        {
            this.symbol = symbol;
            return this;
        }

        /** @param defaultValue taken when none is given; null (only outside {@link Scope#ALGORITHM}) for the scenario's own. */
        public Builder<T> defaultValue(final T defaultValue)
        {
            this.defaultValue = defaultValue;
            return this;
        }

        /** @param unit what the value measures, where the kind's word is not enough ({@code nodes}). */
        public Builder<T> unit(final String unit)
        {
            this.unit = unit;
            return this;
        }

        public Builder<T> paramLabel(final String paramLabel)
        {
            this.paramLabel = paramLabel;
            return this;
        }

        /** @param doc one line: what it does, for whom. */
        public Builder<T> doc(final String doc)
        {
            this.doc = doc;
            return this;
        }

        /** @param scope where it applies; {@link Scope#ALGORITHM} unless said. */
        public Builder<T> scope(final Scope scope)
        {
            this.scope = Objects.requireNonNull(scope, "scope");
            return this;
        }

        /** @param moreNames other names the flag and key also answer to, such as an older spelling. */
        public Builder<T> aliases(final String... moreNames)
        {
            this.aliases = List.of(moreNames);
            return this;
        }

        /**
         * @param written a constant's text form ({@code ScenarioKind::cliName}); the accepted values list them all.
         * @return this builder of a choice.
         */
        public Builder<T> written(final Function<T, String> written)
        {
            if (Kind.CHOICE != kind)
            {
                throw new IllegalStateException(name + " is no choice");
            }
            final T[] constants = type.getEnumConstants();
            final String all = Arrays.stream(constants).map(written).collect(Collectors.joining(", "));
            accepted = all;
            formatter = written;
            parser = text ->
            {
                for (final T constant : constants)
                {
                    if (written.apply(constant).equals(text.toLowerCase(Locale.ROOT)))
                    {
                        return constant;
                    }
                }
                throw new IllegalArgumentException("'" + text + "' is not accepted; accepted: " + all);
            };
            return this;
        }

        /**
         * @param minNs the shortest duration accepted, e.g. {@link Durations#MIN_TIMER_NS} for a timer.
         * @return this builder of a duration, refusing shorter ones with the reason.
         */
        @SuppressWarnings("unchecked")
        public Builder<T> atLeastNs(final long minNs)
        {
            if (Kind.DURATION != kind)
            {
                throw new IllegalStateException(name + " is no duration");
            }
            accepted = "a duration of at least " + Durations.format(minNs) + ": " + Durations.ACCEPTED;
            parser = text -> (T)Long.valueOf(Durations.parseNs(text, minNs));
            rule = value -> (Long)value >= minNs;
            return this;
        }

        /**
         * @param extraRule    a further condition every value must meet, e.g. {@code ns -> ns > 0}.
         * @param acceptedText what the values meeting it are, for error messages: {@code "a duration above 0"}.
         */
        public Builder<T> validatedBy(final Predicate<T> extraRule, final String acceptedText)
        {
            rule = rule.and(extraRule);
            accepted = acceptedText;
            return this;
        }

        /**
         * @param ownParser reads the text and refuses it in its own words ({@code "'x' is not a probability; ..."}).
         * @param acceptedText what it accepts.
         * @return this builder, parsing with its own parser, of the same kind.
         */
        public Builder<T> parsedBy(final Function<String, T> ownParser, final String acceptedText)
        {
            parser = Objects.requireNonNull(ownParser, "parser");
            accepted = acceptedText;
            return this;
        }

        public Parameter<T> build()
        {
            return new Parameter<>(this);
        }
    }
}
