package org.electbench.tune;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.ElectionSettings.Knob;
import org.electbench.spi.Parameter;

/**
 * One point of a sweep: the timing knobs an algorithm reads, each keyed by its declaration
 * ({@link Knob#parameter()}), so the {@code simulate} flags that reproduce it are the
 * declarations' names. A knob the algorithm does not read is absent and appears in no flag.
 *
 * @param knobsNs  the knobs set, in nanoseconds: always the heartbeat and the detection timeout.
 * @param spreadNs the algorithm's declared random spread of the detection timeout (raft's {@code --timeout-spread}),
 *                 or -1 for its default.
 * @param options  other declared options of the algorithm (raft's {@code pre-vote}), each keyed by its declaration.
 */
public record Setting(Map<Knob, Long> knobsNs, long spreadNs, Map<Parameter<?>, Object> options)
{
    public Setting
    {
        if (!knobsNs.containsKey(Knob.HEARTBEAT_INTERVAL) || !knobsNs.containsKey(Knob.DETECTION_TIMEOUT))
        {
            throw new IllegalArgumentException("a setting needs a heartbeat and a detection timeout: " + knobsNs);
        }
        knobsNs = Collections.unmodifiableMap(new EnumMap<>(knobsNs));
        options = Map.copyOf(options);
    }

    /**
     * @param electionNs    T_elec, or -1 where the algorithm does not read it.
     * @param coordinatorNs T_coord, or -1 where the algorithm does not read it.
     * @return a setting of the knobs, the spread and the options.
     */
    public Setting(
        final long heartbeatNs,
        final long detectionNs,
        final long electionNs,
        final long coordinatorNs,
        final long spreadNs,
        final Map<Parameter<?>, Object> options)
    {
        this(knobs(heartbeatNs, detectionNs, electionNs, coordinatorNs), spreadNs, options);
    }

    /** @return a setting of the four shared knobs. */
    public Setting(final long heartbeatNs, final long detectionNs, final long electionNs, final long coordinatorNs)
    {
        this(heartbeatNs, detectionNs, electionNs, coordinatorNs, -1, Map.of());
    }

    /** @return this with one more declared option. */
    public <T> Setting withOption(final Parameter<T> option, final T value)
    {
        final Map<Parameter<?>, Object> more = new HashMap<>(options);
        more.put(option, option.validate(value));
        return new Setting(knobsNs, spreadNs, more);
    }

    /** @return heartbeat interval HBT. */
    public long heartbeatNs()
    {
        return knobNs(Knob.HEARTBEAT_INTERVAL);
    }

    /** @return leader silence before a follower acts. */
    public long detectionNs()
    {
        return knobNs(Knob.DETECTION_TIMEOUT);
    }

    /** @return T_elec, or -1. */
    public long electionNs()
    {
        return knobNs(Knob.ELECTION_TIMEOUT);
    }

    /** @return T_coord, or -1. */
    public long coordinatorNs()
    {
        return knobNs(Knob.COORDINATOR_TIMEOUT);
    }

    /** @return the knob's value, or -1 where the setting leaves it out. */
    public long knobNs(final Knob knob)
    {
        final Long valueNs = knobsNs.get(knob);
        return null == valueNs ? -1 : valueNs;
    }

    /**
     * @param seed      the scenario seed, which {@code simulate} also gives the settings (the ring's random arrangement).
     * @param algorithm the algorithm, whose declared options take the spread and the options.
     * @return validated settings.
     */
    public ElectionSettings settings(final long seed, final ElectionAlgorithm algorithm)
    {
        final ElectionSettings.Builder builder = ElectionSettings.builder().arrangementSeed(seed);
        knobsNs.forEach(builder::knobNs);
        if (spreadNs >= 0)
        {
            builder.option(spreadOption(algorithm), spreadNs);
        }
        for (final Map.Entry<Parameter<?>, Object> entry : byName(options).entrySet())
        {
            if (!algorithm.options().contains(entry.getKey()))
            {
                throw new IllegalArgumentException(algorithm.name() + " has no option --" + entry.getKey().name());
            }
            put(builder, entry.getKey(), entry.getValue());
        }
        return builder.build();
    }

    private Parameter<Long> spreadOption(final ElectionAlgorithm algorithm)
    {
        final Parameter<Long> spread = algorithm.detectionSpread();
        if (null == spread)
        {
            throw new IllegalArgumentException(algorithm.name() + " declares no random spread of its detection timeout: " + this);
        }
        return spread;
    }

    /**
     * @param algorithm the algorithm, which names the spread's option.
     * @return the {@code simulate} flags that reproduce this setting.
     */
    public List<String> flags(final ElectionAlgorithm algorithm)
    {
        final List<String> flags = new ArrayList<>();
        knobsNs.forEach((knob, valueNs) -> flags.addAll(List.of("--" + knob.parameter().name(), TuneFormat.flagDuration(valueNs))));
        if (spreadNs >= 0)
        {
            flags.addAll(List.of("--" + spreadOption(algorithm).name(), TuneFormat.flagDuration(spreadNs)));
        }
        byName(options).forEach((option, value) -> flags.addAll(List.of("--" + option.name(), option.formatObject(value))));
        return flags;
    }

    /** @return the detection timeout as a multiple of the heartbeat. */
    public double detectionRatio()
    {
        return (double)detectionNs() / heartbeatNs();
    }

    @Override
    public String toString()
    {
        final StringBuilder text = new StringBuilder("HBT ").append(TuneFormat.duration(heartbeatNs()))
            .append(", detect ").append(TuneFormat.duration(detectionNs()));
        if (spreadNs >= 0)
        {
            text.append(", spread ").append(TuneFormat.duration(spreadNs));
        }
        for (final Knob knob : List.of(Knob.ELECTION_TIMEOUT, Knob.COORDINATOR_TIMEOUT))
        {
            if (knobsNs.containsKey(knob))
            {
                text.append(", ").append(knob.symbol()).append(' ').append(TuneFormat.duration(knobsNs.get(knob)));
            }
        }
        byName(options).forEach((option, value) -> text.append(", ").append(option.name()).append(' ').append(option.formatObject(value)));
        return text.toString();
    }

    private static <T> void put(final ElectionSettings.Builder builder, final Parameter<T> option, final Object value)
    {
        builder.option(option, option.type().cast(value));
    }

    /** @return the options in name order, as flags and text list them. */
    private static Map<Parameter<?>, Object> byName(final Map<Parameter<?>, Object> options)
    {
        final Map<Parameter<?>, Object> sorted = new TreeMap<>(Comparator.comparing(Parameter::name));
        sorted.putAll(options);
        return sorted;
    }

    private static Map<Knob, Long> knobs(final long heartbeatNs, final long detectionNs, final long electionNs, final long coordinatorNs)
    {
        final Map<Knob, Long> knobsNs = new EnumMap<>(Knob.class);
        knobsNs.put(Knob.HEARTBEAT_INTERVAL, heartbeatNs);
        knobsNs.put(Knob.DETECTION_TIMEOUT, detectionNs);
        if (electionNs >= 0)
        {
            knobsNs.put(Knob.ELECTION_TIMEOUT, electionNs);
        }
        if (coordinatorNs >= 0)
        {
            knobsNs.put(Knob.COORDINATOR_TIMEOUT, coordinatorNs);
        }
        return knobsNs;
    }
}
