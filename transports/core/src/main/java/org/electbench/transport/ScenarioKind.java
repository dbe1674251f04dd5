package org.electbench.transport;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

import org.electbench.transport.incident.Bridge;
import org.electbench.transport.incident.Chained;
import org.electbench.transport.incident.FlappingLink;
import org.electbench.transport.incident.Incident;
import org.electbench.transport.incident.MajoritiesRing;
import org.electbench.transport.incident.SlowNode;
import org.electbench.transport.incident.SwitchFailure;

/**
 * The named scenarios; {@link Scenario} says exactly what each one does.
 */
public enum ScenarioKind
{
    COLD_START,
    LEADER_CRASH,
    CASCADE,
    PARTITION,
    LOSSY,
    PAUSE,
    FLAPPING,
    /** A random fault schedule of the chaos explorer, drawn from the seed. */
    CHAOS,
    /** No fault but the ones given explicitly; the cluster starts settled. */
    CUSTOM,
    /** The kinds below reproduce published incidents, each an {@link Incident}: a long, partial disturbance. */
    BRIDGE(new Bridge()),
    MAJORITIES_RING(new MajoritiesRing()),
    CHAINED(new Chained()),
    FLAPPING_LINK(new FlappingLink()),
    SLOW_NODE(new SlowNode()),
    SWITCH_FAILURE(new SwitchFailure());

    private final Incident incident;

    ScenarioKind()
    {
        this(null);
    }

    ScenarioKind(final Incident incident)
    {
        this.incident = incident;
    }

    /** @return the incident this kind reproduces, or null for the textbook kinds. */
    public Incident incident()
    {
        return incident;
    }

    public String cliName()
    {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * @param name as on the command line, e.g. {@code leader-crash}.
     * @return the kind.
     * @throws IllegalArgumentException listing the accepted names.
     */
    public static ScenarioKind fromCliName(final String name)
    {
        for (final ScenarioKind kind : values())
        {
            if (kind.cliName().equals(name))
            {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown scenario '" + name + "'; accepted: " + acceptedNames());
    }

    public static String acceptedNames()
    {
        return Arrays.stream(values()).map(ScenarioKind::cliName).collect(Collectors.joining(", "));
    }
}
