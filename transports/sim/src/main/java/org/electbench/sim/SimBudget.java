package org.electbench.sim;

import java.util.Locale;
import java.util.concurrent.TimeUnit;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.Durations;
import org.electbench.transport.FaultPlan;
import org.electbench.transport.MemoryLimits;
import org.electbench.transport.RunExtent;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.ScenarioLimitException;
import org.electbench.transport.ScenarioLimits;
import org.electbench.transport.kind.KindDefinition;

/**
 * The simulator's budgets, checked against every scenario as it is built ({@link ScenarioLimits})
 * and, for events, as it runs: the virtual time a run may cover, the events it may take, and the
 * heap its queued events may fill. Each kind states how long its faults last
 * ({@link KindDefinition#lastEffectNs}), so no budget restates a kind's plan.
 */
public final class SimBudget implements ScenarioLimits
{
    /**
     * The most virtual time a run may cover, from its start to the end of its budget: far beyond
     * any election setting in use, and well inside the 292 years a long of nanoseconds holds, so
     * no instant of a run can overflow.
     */
    public static final long MAX_VIRTUAL_NS = TimeUnit.DAYS.toNanos(365);
    /** The most events one run may take unless its scenario says otherwise: about a minute of simulation. */
    public static final long DEFAULT_EVENT_BUDGET = 1_000_000_000L;
    /** Heap one queued event takes in the simulator, pools and growth included, for the queued-events check. */
    public static final long QUEUED_EVENT_BYTES = 64;

    /** @return the most events a run of the scenario may take: its own budget, or the simulator's. */
    public static long eventBudget(final Scenario scenario)
    {
        return eventBudget(scenario.eventBudget());
    }

    private static long eventBudget(final long givenBudget)
    {
        return 0 == givenBudget ? DEFAULT_EVENT_BUDGET : givenBudget;
    }

    /**
     * Checks, from the settings alone and before anything runs, that a run stays within
     * {@link #MAX_VIRTUAL_NS} of virtual time, within its event budget, and that its queued events
     * fit the heap. The arithmetic is in doubles, so settings whose products overflow a long are
     * caught rather than wrapped into a negative budget.
     * <p>
     * The event estimate: while the run lasts (at least until its last fault, plus the settle
     * window) a leader heartbeats every HBT to each of the N-1 others. Each heartbeat also re-arms
     * a follower's detection timer, and the cancelled timer stays queued until it falls due, so
     * about D / HBT timers are queued per follower.
     */
    @Override
    public void check(final RunExtent extent)
    {
        final ElectionSettings settings = extent.settings();
        final ScenarioKind kind = extent.kind();
        final int nodes = extent.nodes();
        final long faultDurationNs = extent.faultDurationNs();
        final long budgetNs = extent.budgetNs();
        final long settleWindowNs = extent.settleWindowNs();
        final long eventBudget = eventBudget(extent.eventBudget());
        final FaultPlan extraFaults = extent.extraFaults();
        final double hbtNs = settings.heartbeatIntervalNs();
        final double detectNs = settings.detectionTimeoutNs();
        final double coordNs = settings.coordinatorTimeoutNs();
        final double patienceNs = Math.max(Math.max(detectNs, coordNs), 5 * hbtNs);
        final KindDefinition type = kind.type();
        final double lastEffectNs = type.lastEffectNs(settings, faultDurationNs);
        final double faultPartNs = type.faultDurations() * (double)faultDurationNs;
        final double lastNs = Math.max(lastEffectNs, extraFaults.isEmpty() ? 0 : extraFaults.lastEffectNs());
        final double afterNs = 0 != budgetNs ? budgetNs : type.budgetPatiences() * patienceNs;
        final double endNs = lastNs + Math.max(afterNs, settleWindowNs);
        if (endNs > MAX_VIRTUAL_NS)
        {
            final String setting = faultPartNs >= endNs - faultPartNs ? ScenarioLimitException.FAULT_DURATION :
                0 != budgetNs ? ScenarioLimitException.BUDGET :
                patienceNs == detectNs ? ScenarioLimitException.DETECTION_TIMEOUT :
                patienceNs == coordNs ? ScenarioLimitException.COORDINATOR_TIMEOUT : ScenarioLimitException.HEARTBEAT_INTERVAL;
            throw new ScenarioLimitException(setting, setting + " (" + Durations.format(valueOf(extent, setting)) + ") lets a " +
                kind.cliName() + " run go on for up to " + Durations.describe(endNs) + " of virtual time, past the " +
                "simulator's virtual time budget of " + Durations.describe(MAX_VIRTUAL_NS));
        }
        final double spanNs = lastNs + settleWindowNs;
        final double events = (spanNs / hbtNs) * (nodes - 1);
        if (events > eventBudget)
        {
            throw new ScenarioLimitException(ScenarioLimitException.HEARTBEAT_INTERVAL, "heartbeat interval (" +
                Durations.format(settings.heartbeatIntervalNs()) + ") makes a " + kind.cliName() + " run of " + nodes +
                " nodes take about " + String.format(Locale.ROOT, "%.2g", events) + " events (a heartbeat to each of " +
                (nodes - 1) + " followers every HBT for at least " + Durations.describe(spanNs) + "), past the " +
                "simulator's event budget of " + String.format(Locale.ROOT, "%.2g", (double)eventBudget) + " per run");
        }
        final double queued = (detectNs / hbtNs + 1) * (nodes - 1);
        final double heapBytes = MemoryLimits.maxHeapBytes() * MemoryLimits.HEAP_SHARE;
        if (queued * QUEUED_EVENT_BYTES > heapBytes)
        {
            throw new ScenarioLimitException(ScenarioLimitException.HEARTBEAT_INTERVAL, "heartbeat interval (" +
                Durations.format(settings.heartbeatIntervalNs()) + ") under a detection timeout of " +
                Durations.format(settings.detectionTimeoutNs()) + " keeps about " + String.format(Locale.ROOT, "%.2g", queued) +
                " events queued at once (each heartbeat re-arms a follower's detection timer, queued until it falls due), " +
                "more than half the heap holds (-Xmx " + MemoryLimits.formatBytes(MemoryLimits.maxHeapBytes()) + ", " +
                QUEUED_EVENT_BYTES + " bytes an event)");
        }
    }

    private static long valueOf(final RunExtent extent, final String setting)
    {
        final ElectionSettings settings = extent.settings();
        switch (setting)
        {
            case ScenarioLimitException.FAULT_DURATION:
                return extent.faultDurationNs();
            case ScenarioLimitException.BUDGET:
                return extent.budgetNs();
            case ScenarioLimitException.DETECTION_TIMEOUT:
                return settings.detectionTimeoutNs();
            case ScenarioLimitException.COORDINATOR_TIMEOUT:
                return settings.coordinatorTimeoutNs();
            default:
                return settings.heartbeatIntervalNs();
        }
    }
}
