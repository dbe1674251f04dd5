package org.electbench.tune;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.Parameter;
import org.electbench.transport.Durations;

/**
 * One point of a sweep: the timing knobs an algorithm reads, as {@code simulate} flags
 * reproduce them. A knob the algorithm does not read is -1 and appears in no flag.
 *
 * @param heartbeatNs   heartbeat interval HBT.
 * @param detectionNs   leader silence before a follower acts.
 * @param electionNs    T_elec, or -1.
 * @param coordinatorNs T_coord, or -1.
 * @param spreadNs      the algorithm's declared random spread of the detection timeout (raft's {@code --timeout-spread}),
 *                      or -1 for its default.
 * @param options       other declared options of the algorithm (raft's {@code pre-vote}), name to value.
 */
public record Setting(long heartbeatNs, long detectionNs, long electionNs, long coordinatorNs, long spreadNs, Map<String, String> options)
{
    public Setting
    {
        options = Map.copyOf(options);
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
        return new Setting(heartbeatNs, detectionNs, electionNs, coordinatorNs, spreadNs, more);
    }

    /**
     * @param seed      the scenario seed, which {@code simulate} also gives the settings (the ring's random arrangement).
     * @param algorithm the algorithm, whose declared options take the spread and the options.
     * @return validated settings.
     */
    public ElectionSettings settings(final long seed, final ElectionAlgorithm algorithm)
    {
        final ElectionSettings.Builder builder = ElectionSettings.builder()
            .heartbeatIntervalNs(heartbeatNs)
            .detectionTimeoutNs(detectionNs)
            .arrangementSeed(seed);
        if (electionNs >= 0)
        {
            builder.electionTimeoutNs(electionNs);
        }
        if (coordinatorNs >= 0)
        {
            builder.coordinatorTimeoutNs(coordinatorNs);
        }
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
        final List<String> flags = new ArrayList<>(List.of("--heartbeat", TuneFormat.flagDuration(heartbeatNs),
            "--detection-timeout", TuneFormat.flagDuration(detectionNs)));
        if (electionNs >= 0)
        {
            flags.addAll(List.of("--election-timeout", TuneFormat.flagDuration(electionNs)));
        }
        if (coordinatorNs >= 0)
        {
            flags.addAll(List.of("--coordinator-timeout", TuneFormat.flagDuration(coordinatorNs)));
        }
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
        return (double)detectionNs / heartbeatNs;
    }

    @Override
    public String toString()
    {
        final StringBuilder text = new StringBuilder("HBT ").append(TuneFormat.duration(heartbeatNs))
            .append(", detect ").append(TuneFormat.duration(detectionNs));
        if (spreadNs >= 0)
        {
            text.append(", spread ").append(TuneFormat.duration(spreadNs));
        }
        if (electionNs >= 0)
        {
            text.append(", T_elec ").append(TuneFormat.duration(electionNs));
        }
        if (coordinatorNs >= 0)
        {
            text.append(", T_coord ").append(TuneFormat.duration(coordinatorNs));
        }
        options.forEach((name, value) -> text.append(", ").append(name).append(' ').append(value));
        return text.toString();
    }
}
