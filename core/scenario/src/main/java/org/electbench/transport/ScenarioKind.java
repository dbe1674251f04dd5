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
import org.electbench.transport.kind.Cascade;
import org.electbench.transport.kind.Chaos;
import org.electbench.transport.kind.ColdStart;
import org.electbench.transport.kind.Custom;
import org.electbench.transport.kind.Flapping;
import org.electbench.transport.kind.IncidentKind;
import org.electbench.transport.kind.LeaderCrash;
import org.electbench.transport.kind.Lossy;
import org.electbench.transport.kind.Partition;
import org.electbench.transport.kind.Pause;
import org.electbench.transport.kind.KindDefinition;

/**
 * The named scenarios, each a {@link KindDefinition} that holds its plan, its duration and its
 * description; adding one is a class in {@code org.electbench.transport.kind} and a constant here.
 */
public enum ScenarioKind
{
    COLD_START(new ColdStart()),
    LEADER_CRASH(new LeaderCrash()),
    CASCADE(new Cascade()),
    PARTITION(new Partition()),
    LOSSY(new Lossy()),
    PAUSE(new Pause()),
    FLAPPING(new Flapping()),
    /** A random fault schedule of the chaos explorer, drawn from the seed. */
    CHAOS(new Chaos()),
    /** No fault but the ones given explicitly; the cluster starts settled. */
    CUSTOM(new Custom()),
    /** The kinds below reproduce published incidents, each an {@link Incident}: a long, partial disturbance. */
    BRIDGE(new IncidentKind(new Bridge())),
    MAJORITIES_RING(new IncidentKind(new MajoritiesRing())),
    CHAINED(new IncidentKind(new Chained())),
    FLAPPING_LINK(new IncidentKind(new FlappingLink())),
    SLOW_NODE(new IncidentKind(new SlowNode())),
    SWITCH_FAILURE(new IncidentKind(new SwitchFailure()));

    private final KindDefinition type;

    ScenarioKind(final KindDefinition type)
    {
        this.type = type;
    }

    /** @return what this kind does: its plan, its duration, its description. */
    public KindDefinition type()
    {
        return type;
    }

    /** @return the incident this kind reproduces, or null for the textbook kinds. */
    public Incident incident()
    {
        return type instanceof IncidentKind ? ((IncidentKind)type).incident() : null;
    }

    /** @return one line on what the scenario does and what it is measured from. */
    public String description()
    {
        return type.description();
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
