package org.electbench.spi;

import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The knobs every algorithm reads, in nanoseconds, validated when built: a nonsense value is a
 * clear {@link IllegalArgumentException} naming the setting.
 * <ul>
 *   <li>heartbeat interval (HBT): how often a leader announces itself;</li>
 *   <li>detection timeout: leader silence before a follower acts;</li>
 *   <li>election timeout T_elec: bully waits this long for OK; quorum's RTT voting window; ring's per-hop acknowledgement timeout;</li>
 *   <li>coordinator timeout T_coord: bully waits this long for COORDINATOR after an OK; ring waits this long for the ELECTED lap.</li>
 * </ul>
 * Beside these shared {@link Knob}s the settings carry the values of the options each algorithm
 * declares for itself, keyed by their {@link Parameter}; an option not given reads as its
 * declared default. {@link #get} and {@link #isExplicit(Parameter)} answer for knobs and options alike. A node reads what it needs once, in its constructor, so nothing here is
 * touched on the message path.
 * <p>
 * The settings remember which knobs were given explicitly: an algorithm may raise a knob left at
 * its default to a value that does not distort its results for the cluster size and network
 * ({@link SettingsDerivation}), and never overrides one a user chose.
 */
public final class ElectionSettings
{
    // Constant expressions, so the Knob enum's initialiser does not start this class's (which lists the knobs).
    private static final long MS = 1_000_000L;
    public static final long DEFAULT_HEARTBEAT_INTERVAL_NS = 50 * MS;
    public static final long DEFAULT_DETECTION_TIMEOUT_NS = 150 * MS;
    public static final long DEFAULT_ELECTION_TIMEOUT_NS = 10 * MS;
    public static final long DEFAULT_COORDINATOR_TIMEOUT_NS = 30 * MS;
    /** The shortest knob {@link #dividedBy} leaves. */
    private static final long MIN_DIVIDED_NS = 1_000;

    /**
     * The timing knobs every algorithm reads, each a {@link Parameter} declared here once: its
     * name is the flag and cluster-file key. The enum indexes the values a settings object holds.
     */
    public enum Knob
    {
        HEARTBEAT_INTERVAL(Parameter.duration("heartbeat").symbol("HBT").defaultValue(DEFAULT_HEARTBEAT_INTERVAL_NS)
            .doc("Heartbeat interval HBT: how often a leader announces itself.")),
        DETECTION_TIMEOUT(Parameter.duration("detection-timeout").symbol("D").defaultValue(DEFAULT_DETECTION_TIMEOUT_NS)
            .doc("Leader silence before a follower acts (raft's election timeout T).")),
        ELECTION_TIMEOUT(Parameter.duration("election-timeout").symbol("T_elec").defaultValue(DEFAULT_ELECTION_TIMEOUT_NS)
            .doc("T_elec: bully's wait for OK, quorum's voting window, ring's hop timeout.")),
        COORDINATOR_TIMEOUT(Parameter.duration("coordinator-timeout").symbol("T_coord").defaultValue(DEFAULT_COORDINATOR_TIMEOUT_NS)
            .doc("T_coord: bully's wait for COORDINATOR after OK, ring's wait for the ELECTED lap."));

        private final Parameter<Long> parameter;

        Knob(final Parameter.Builder<Long> declaration)
        {
            this.parameter = declaration.atLeastNs(Durations.MIN_TIMER_NS).build();
        }

        /** @return the knob's declaration: name, symbol, default, doc, parser. */
        public Parameter<Long> parameter()
        {
            return parameter;
        }

        /** @return the flag ({@code --NAME}) and cluster-file key. */
        public String optionName()
        {
            return parameter.name();
        }

        /** @return the short name tables and the docs use: HBT, D, T_elec, T_coord. */
        public String symbol()
        {
            return parameter.symbol();
        }

        public long defaultNs()
        {
            return parameter.defaultValue();
        }

        /** @return the knob a parameter declares, or null when it is no knob. */
        public static Knob of(final Parameter<?> parameter)
        {
            // The shared array, not values(): an option read at every boot would allocate a copy each time.
            for (final Knob knob : KNOBS)
            {
                if (knob.parameter == parameter || knob.parameter.equals(parameter))
                {
                    return knob;
                }
            }
            return null;
        }
    }

    private static final Knob[] KNOBS = Knob.values();

    private final long[] knobNs;
    private final int explicitKnobs;
    private final Map<Parameter<?>, Object> optionValues;
    private final Map<Parameter<?>, Object> derivedOptionValues;
    /** Every option's value, given over derived: what {@link #get} reads (a node reads its options at each boot). */
    private final Map<Parameter<?>, Object> values;
    private final long arrangementSeed;

    private ElectionSettings(final Builder builder)
    {
        knobNs = builder.knobNs.clone();
        explicitKnobs = builder.explicitKnobs;
        optionValues = Collections.unmodifiableMap(byName(builder.optionValues));
        derivedOptionValues = Collections.unmodifiableMap(byName(builder.derivedOptionValues));
        final Map<Parameter<?>, Object> all = new HashMap<>(builder.derivedOptionValues);
        all.putAll(builder.optionValues);
        values = all;
        arrangementSeed = builder.arrangementSeed;
    }

    /** The same values, their maps shared (they are unmodifiable), with another arrangement seed. */
    private ElectionSettings(final ElectionSettings settings, final long arrangementSeed)
    {
        knobNs = settings.knobNs;
        explicitKnobs = settings.explicitKnobs;
        optionValues = settings.optionValues;
        derivedOptionValues = settings.derivedOptionValues;
        values = settings.values;
        this.arrangementSeed = arrangementSeed;
    }

    private static Map<Parameter<?>, Object> byName(final Map<Parameter<?>, Object> values)
    {
        final Map<Parameter<?>, Object> sorted = new TreeMap<>(Comparator.comparing(Parameter::name));
        sorted.putAll(values);
        return sorted;
    }

    public static Builder builder()
    {
        return new Builder();
    }

    public static ElectionSettings defaults()
    {
        return builder().build();
    }

    /**
     * @return the same values, every knob and every derived option marked explicit: settings
     *         that already ran as they are, so no derivation changes them again.
     */
    public ElectionSettings explicit()
    {
        final Builder builder = toBuilder();
        for (final Knob knob : KNOBS)
        {
            builder.knobNs(knob, knobNs(knob));
        }
        builder.optionValues.putAll(builder.derivedOptionValues);
        builder.derivedOptionValues.clear();
        return builder.build();
    }

    /**
     * @param divisor at least 1.
     * @param options the algorithm's options: those that are durations are divided too.
     * @return these settings, {@link #explicit()}, with every knob and duration option divided
     *         (none below 1 us): the same protocol played faster.
     */
    public ElectionSettings dividedBy(final long divisor, final List<Parameter<?>> options)
    {
        if (divisor < 1)
        {
            throw new IllegalArgumentException("divisor must be at least 1, got " + divisor);
        }
        final Builder builder = explicit().toBuilder();
        for (final Knob knob : KNOBS)
        {
            builder.knobNs(knob, Math.max(MIN_DIVIDED_NS, knobNs(knob) / divisor));
        }
        for (final Parameter<?> option : options)
        {
            if (Parameter.Kind.DURATION == option.kind())
            {
                @SuppressWarnings("unchecked")
                final Parameter<Long> duration = (Parameter<Long>)option;
                builder.option(duration, get(duration) / divisor);
            }
        }
        return builder.build();
    }

    /** @return a builder holding these settings, explicit marks included. */
    public Builder toBuilder()
    {
        final Builder builder = new Builder();
        System.arraycopy(knobNs, 0, builder.knobNs, 0, knobNs.length);
        builder.explicitKnobs = explicitKnobs;
        builder.optionValues.putAll(optionValues);
        builder.derivedOptionValues.putAll(derivedOptionValues);
        builder.arrangementSeed = arrangementSeed;
        return builder;
    }

    public long heartbeatIntervalNs()
    {
        return knobNs[Knob.HEARTBEAT_INTERVAL.ordinal()];
    }

    public long detectionTimeoutNs()
    {
        return knobNs[Knob.DETECTION_TIMEOUT.ordinal()];
    }

    public long electionTimeoutNs()
    {
        return knobNs[Knob.ELECTION_TIMEOUT.ordinal()];
    }

    public long coordinatorTimeoutNs()
    {
        return knobNs[Knob.COORDINATOR_TIMEOUT.ordinal()];
    }

    /** @return one shared knob's value. */
    public long knobNs(final Knob knob)
    {
        return knobNs[knob.ordinal()];
    }

    /** @return whether the knob was set on a builder rather than left at its default. */
    public boolean isExplicit(final Knob knob)
    {
        return 0 != (explicitKnobs & (1 << knob.ordinal()));
    }

    /**
     * @param option an option some algorithm declares.
     * @return the value given for it, else the value the algorithm derived, else its declared default.
     */
    public <T> T get(final Parameter<T> option)
    {
        final Knob knob = Knob.of(option);
        if (null != knob)
        {
            return option.type().cast(knobNs(knob));
        }
        final Object value = values.get(option);
        return null == value ? option.defaultValue() : option.type().cast(value);
    }

    /** @return whether a value was given for the knob or option (else it reads as its default or a derived value). */
    public boolean isExplicit(final Parameter<?> option)
    {
        final Knob knob = Knob.of(option);
        return null != knob ? isExplicit(knob) : optionValues.containsKey(option);
    }

    /** @return the options given, in name order, as typed values (an option not here reads as its default). */
    public Map<Parameter<?>, Object> optionValues()
    {
        return optionValues;
    }

    /** @return the seed a ring draws a random arrangement from. */
    public long arrangementSeed()
    {
        return arrangementSeed;
    }

    /**
     * @return these settings with another arrangement seed, as {@code toBuilder().arrangementSeed(seed).build()}
     *         gives, without copying the rest: what each seeded run of a scenario changes.
     */
    public ElectionSettings withArrangementSeed(final long seed)
    {
        return seed == arrangementSeed ? this : new ElectionSettings(this, seed);
    }

    /**
     * @return whether {@code other} is these settings with perhaps another arrangement seed: one
     *         made from the other by {@link #withArrangementSeed}, or the same object (a check of
     *         shared values, not of equal ones).
     */
    public boolean sameBesidesArrangement(final ElectionSettings other)
    {
        return this == other || (null != other && knobNs == other.knobNs && values == other.values &&
            optionValues == other.optionValues && derivedOptionValues == other.derivedOptionValues &&
            explicitKnobs == other.explicitKnobs);
    }

    /**
     * What a run used, for a table header: each knob by its symbol, marked {@code derived} where
     * the algorithm raised it from its default, then each of the algorithm's options.
     *
     * @param options the options of the algorithm that runs with these settings.
     * @return e.g. {@code HBT 50ms, D 150ms, T_elec 10ms, T_coord 54.1ms (derived), recovery bully, arrangement increasing, ack on}.
     */
    public String describe(final List<Parameter<?>> options)
    {
        final StringBuilder text = new StringBuilder();
        for (final Knob knob : KNOBS)
        {
            text.append(text.length() == 0 ? "" : ", ").append(knob.symbol()).append(' ')
                .append(Durations.human(knobNs(knob)))
                .append(!isExplicit(knob) && knobNs(knob) != knob.defaultNs() ? " (derived)" : "");
        }
        for (final Parameter<?> option : options)
        {
            text.append(", ").append(option.name()).append(' ').append(formatted(option))
                .append(derivedOptionValues.containsKey(option) && !isExplicit(option) ? " (derived)" : "");
        }
        return text.toString();
    }

    private <T> String formatted(final Parameter<T> option)
    {
        return option.format(get(option));
    }

    @Override
    public String toString()
    {
        final StringBuilder text = new StringBuilder("ElectionSettings{");
        for (final Knob knob : KNOBS)
        {
            text.append(knob.optionName()).append('=').append(Durations.format(knobNs(knob)))
                .append(isExplicit(knob) ? "" : "(default)").append(", ");
        }
        for (final Map.Entry<Parameter<?>, Object> option : optionValues.entrySet())
        {
            text.append(option.getKey().name()).append('=').append(option.getValue()).append(", ");
        }
        return text.append("arrangementSeed=").append(arrangementSeed).append('}').toString();
    }

    public static final class Builder
    {
        private final long[] knobNs = new long[KNOBS.length];
        private int explicitKnobs;
        private final Map<Parameter<?>, Object> optionValues = new HashMap<>();
        private final Map<Parameter<?>, Object> derivedOptionValues = new HashMap<>();
        private long arrangementSeed;

        private Builder()
        {
            for (final Knob knob : KNOBS)
            {
                knobNs[knob.ordinal()] = knob.defaultNs();
            }
        }

        public Builder heartbeatIntervalNs(final long heartbeatIntervalNs)
        {
            return knobNs(Knob.HEARTBEAT_INTERVAL, heartbeatIntervalNs);
        }

        public Builder detectionTimeoutNs(final long detectionTimeoutNs)
        {
            return knobNs(Knob.DETECTION_TIMEOUT, detectionTimeoutNs);
        }

        public Builder electionTimeoutNs(final long electionTimeoutNs)
        {
            return knobNs(Knob.ELECTION_TIMEOUT, electionTimeoutNs);
        }

        public Builder coordinatorTimeoutNs(final long coordinatorTimeoutNs)
        {
            return knobNs(Knob.COORDINATOR_TIMEOUT, coordinatorTimeoutNs);
        }

        /** Set a knob explicitly: no derivation overrides it. */
        public Builder knobNs(final Knob knob, final long valueNs)
        {
            knobNs[knob.ordinal()] = valueNs;
            explicitKnobs |= 1 << knob.ordinal();
            return this;
        }

        /**
         * Set a knob still at its default to a derived value, leaving it marked as not explicit.
         * A knob given explicitly is left alone.
         *
         * @return whether the knob took the value.
         */
        public boolean deriveKnobNs(final Knob knob, final long valueNs)
        {
            if (0 != (explicitKnobs & (1 << knob.ordinal())))
            {
                return false;
            }
            knobNs[knob.ordinal()] = valueNs;
            return true;
        }

        /** @return a knob's value as built so far. */
        public long knobNs(final Knob knob)
        {
            return knobNs[knob.ordinal()];
        }

        /**
         * @param option a knob or an option an algorithm declares.
         * @param value  its value.
         * @throws IllegalArgumentException naming the option and its accepted values when the value is not accepted.
         */
        public <T> Builder option(final Parameter<T> option, final T value)
        {
            final Knob knob = Knob.of(option);
            if (null != knob)
            {
                return knobNs(knob, (Long)option.validate(value));
            }
            optionValues.put(option, option.validate(value));
            return this;
        }

        /**
         * Set an option not given explicitly to a derived value, leaving it marked as not
         * explicit; an option given explicitly is left alone.
         *
         * @return whether the option took the value.
         * @throws IllegalArgumentException when the value is not accepted.
         */
        public <T> boolean deriveOption(final Parameter<T> option, final T value)
        {
            final Knob knob = Knob.of(option);
            if (null != knob)
            {
                return deriveKnobNs(knob, (Long)option.validate(value));
            }
            if (optionValues.containsKey(option))
            {
                return false;
            }
            derivedOptionValues.put(option, option.validate(value));
            return true;
        }

        /** @return an option's value as built so far. */
        public <T> T option(final Parameter<T> option)
        {
            final Knob knob = Knob.of(option);
            if (null != knob)
            {
                return option.type().cast(knobNs(knob));
            }
            final Object given = optionValues.get(option);
            final Object value = null != given ? given : derivedOptionValues.get(option);
            return null == value ? option.defaultValue() : option.type().cast(value);
        }

        /**
         * @param option an option an algorithm declares.
         * @param text   its value as written on a command line or in a cluster file.
         * @throws IllegalArgumentException listing the accepted values when the text is not one.
         */
        public <T> Builder parseOption(final Parameter<T> option, final String text)
        {
            return option(option, option.parse(text));
        }

        public Builder arrangementSeed(final long arrangementSeed)
        {
            this.arrangementSeed = arrangementSeed;
            return this;
        }

        /**
         * @return the validated settings.
         * @throws IllegalArgumentException naming the first setting that makes no sense.
         */
        public ElectionSettings build()
        {
            for (final Knob knob : KNOBS)
            {
                if (knobNs(knob) <= 0)
                {
                    throw new IllegalArgumentException(knob.optionName().replace('-', ' ') +
                        (Knob.HEARTBEAT_INTERVAL == knob ? " interval" : "") +
                        " must be greater than zero, was " + knobNs(knob) + " ns");
                }
            }
            if (knobNs(Knob.COORDINATOR_TIMEOUT) < knobNs(Knob.ELECTION_TIMEOUT))
            {
                // Only a coordinator timeout left at its default follows the election timeout up.
                deriveKnobNs(Knob.COORDINATOR_TIMEOUT, knobNs(Knob.ELECTION_TIMEOUT));
            }
            final long heartbeatIntervalNs = knobNs(Knob.HEARTBEAT_INTERVAL);
            final long detectionTimeoutNs = knobNs(Knob.DETECTION_TIMEOUT);
            final long electionTimeoutNs = knobNs(Knob.ELECTION_TIMEOUT);
            final long coordinatorTimeoutNs = knobNs(Knob.COORDINATOR_TIMEOUT);
            if (detectionTimeoutNs <= heartbeatIntervalNs)
            {
                throw new IllegalArgumentException("detection timeout (" + detectionTimeoutNs +
                    " ns) must exceed the heartbeat interval (" + heartbeatIntervalNs +
                    " ns), or every follower suspects a live leader between two heartbeats");
            }
            if (coordinatorTimeoutNs < electionTimeoutNs)
            {
                throw new IllegalArgumentException("coordinator timeout (" + coordinatorTimeoutNs +
                    " ns) must be at least the election timeout (" + electionTimeoutNs + " ns)");
            }
            return new ElectionSettings(this);
        }
    }
}
