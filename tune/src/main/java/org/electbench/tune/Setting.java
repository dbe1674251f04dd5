package org.electbench.tune;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.ElectionSettings.Knob;
import org.electbench.spi.Parameter;
import org.electbench.transport.Durations;

/**
 * One point of a sweep: the timing knobs an algorithm reads, each keyed by its declaration
 * ({@link Knob#parameter()}), so the {@code simulate} flags that reproduce it are the
 * declarations' names. A knob the algorithm does not read is absent and appears in no flag.
 *
 * @param knobsNs  the knobs set, in nanoseconds: always the heartbeat and the detection timeout.
 * @param spreadNs the algorithm's declared random spread of the detection timeout (raft's {@code --timeout-spread}),
 *                 or -1 for its default.
 * @param options  other declared options of the algorithm (raft's {@code pre-vote}), name to value.
 */
public record Setting(Map<Knob, Long> knobsNs, long spreadNs, Map<String, String> options)
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
        final Map<String, String> options)
    {
        this(knobs(heartbeatNs, detectionNs, electionNs, coordinatorNs), spreadNs, options);
    }

    /** @return a setting of the four shared knobs. */
    public Setting(final long heartbeatNs, final long detectionNs, final long electionNs, final long coordinatorNs)
    {
        this(heartbeatNs, detectionNs, electionNs, coordinatorNs, -1, Map.of());
    }

    /** @return this with one more declared option. */
    public Setting withOption(final String name, final String value)
    {
        final Map<String, String> more = new TreeMap<>(options);
        more.put(name, value);
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
        final Map<String, String> all = new TreeMap<>(options);
        if (spreadNs >= 0)
        {
            all.put(spreadOption(algorithm).name(), Durations.format(spreadNs));
        }
        for (final Map.Entry<String, String> entry : all.entrySet())
        {
            final Parameter<?> option = algorithm.options().stream().filter(each -> each.name().equals(entry.getKey())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(algorithm.name() + " has no option --" + entry.getKey()));
            builder.parseOption(option, entry.getValue());
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
        new TreeMap<>(options).forEach((name, value) -> flags.addAll(List.of("--" + name, value)));
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
        options.forEach((name, value) -> text.append(", ").append(name).append(' ').append(value));
        return text.toString();
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
