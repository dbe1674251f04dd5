package org.electbench.transport.kind;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.incident.Incident;

/**
 * A scenario kind that reproduces a published incident: the {@link Incident}'s partial
 * disturbance from the seeded fault instant until the heal, the fault duration (default
 * {@value Incident#DEFAULT_DETECTIONS} D). Measured from the heal; the disturbance metrics cover
 * the fault to the heal.
 */
public final class IncidentKind implements KindDefinition
{
    private final Incident incident;

    public IncidentKind(final Incident incident)
    {
        this.incident = incident;
    }

    /** @return the incident this kind reproduces. */
    public Incident incident()
    {
        return incident;
    }

    @Override
    public String description()
    {
        return incident.description();
    }

    @Override
    public void plan(final PlanDraft draft)
    {
        final ElectionSettings settings = draft.settings();
        final long healNs = draft.faultAtNs() + draft.faultDurationOr(incident.defaultDurationNs(settings));
        incident.plan(draft.faults(), draft.nodes(), settings, draft.faultAtNs(), healNs, draft.random());
        draft.measureFrom(healNs);
    }

    @Override
    public double lastEffectNs(final ElectionSettings settings, final double faultDurationNs)
    {
        return 3.0 * settings.heartbeatIntervalNs() +
            (0 == faultDurationNs ? incident.defaultDurationNs(settings) : faultDurationNs);
    }

    @Override
    public int faultDurations()
    {
        return 1;
    }

    @Override
    public int minNodes()
    {
        return incident.minNodes();
    }
}
