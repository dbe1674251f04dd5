package org.electbench.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.Scenario;
import org.junit.jupiter.api.Test;

/**
 * An algorithm derives the timeouts its counts rely on from the network (its largest one-way delay,
 * or a stated quantile of an unbounded one) and never silently runs an explicit setting below
 * that bound: it keeps the setting and reports it as a distortion. The fixture names the network
 * and the figures.
 */
public abstract class DerivedSettingsConformance
{
    protected static final long MS = 1_000_000L;

    /**
     * The figures: the timeouts and settings line derived for {@link #scenario} from the defaults; an
     * explicit election timeout below the bound and how its distortion is reported (the start of
     * the line, or all of it).
     */
    public record Derived(long electionTimeoutNs, long coordinatorTimeoutNs, String description, long explicitElectionTimeoutNs,
        String distortion)
    {
    }

    private final Derived derived;

    protected DerivedSettingsConformance(final Derived derived)
    {
        this.derived = derived;
    }

    /** @return a scenario of this algorithm on a network whose delay bound lifts the defaults, with {@code settings}. */
    protected abstract Scenario scenario(ElectionSettings settings);

    /** Checks what else the algorithm derives around an explicit election timeout (e.g. T_coord above it). */
    protected void assertAroundExplicitElectionTimeout(final Scenario scenario)
    {
    }

    @Test
    void defaultsRiseAboveTheDelayBoundAndAreNotReportedAsDistortions()
    {
        final Scenario scenario = scenario(ElectionSettings.defaults());
        assertEquals(derived.electionTimeoutNs(), scenario.settings().electionTimeoutNs());
        assertEquals(derived.coordinatorTimeoutNs(), scenario.settings().coordinatorTimeoutNs());
        assertFalse(scenario.distorted(), scenario.distortions().toString());
        assertEquals(derived.description(), scenario.settingsDescription());
    }

    @Test
    void anExplicitElectionTimeoutBelowTheBoundIsKeptAndReported()
    {
        final Scenario scenario = scenario(ElectionSettings.builder().electionTimeoutNs(derived.explicitElectionTimeoutNs()).build());
        assertEquals(derived.explicitElectionTimeoutNs(), scenario.settings().electionTimeoutNs());
        assertTrue(scenario.distorted());
        assertEquals(1, scenario.distortions().size(), scenario.distortions().toString());
        assertTrue(scenario.distortions().get(0).startsWith(derived.distortion()), scenario.distortions().toString());
        assertAroundExplicitElectionTimeout(scenario);
    }
}
