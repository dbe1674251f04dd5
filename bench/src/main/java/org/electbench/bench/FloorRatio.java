package org.electbench.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.function.ToLongFunction;

import org.electbench.transport.Scenario;

/**
 * A short paired measurement of the simulator against its floor ({@link EventHeapFloor}) in one
 * JVM: slices of seeded elections, each followed by the floor handling the same number of events.
 * Warm-up lasts until the simulator's slices stop getting faster with no JIT compilation in
 * them (on a loaded machine the compiler threads lag far behind), or the warm-up budget is spent.
 * Each side is timed in this thread's CPU time (a slice descheduled by other processes is not
 * charged for it) by its fastest slice per event, the least disturbed one: the ratio of the two is
 * the share of the floor's event rate the simulator reaches.
 */
final class FloorRatio
{
    /** Elections before the warm-up may end: the election path's methods compiled on a quiet machine. */
    private static final int MIN_WARMUP_ELECTIONS = 50_000;
    /** Pairs in a row with no compilation and no pair 10 % faster than the best before: the warm-up's end. */
    private static final int STEADY_PAIRS = 3;
    private static final double IMPROVEMENT = 0.9;

    private final Scenario scenario;
    private final ToLongFunction<Scenario> elections;
    private final int sliceElections;
    private final EventHeapFloor floor;
    private final CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private int run;
    private long sink;
    private double bestSimNsPerEvent = Double.MAX_VALUE;
    private double bestFloorNsPerEvent = Double.MAX_VALUE;
    private boolean warmedUp;

    /**
     * @param scenario       run 0's scenario; slice after slice runs its seeds 0, 1, 2, ...
     * @param elections      runs one seeded election and returns the events it took.
     * @param sliceElections elections per slice.
     */
    FloorRatio(final Scenario scenario, final ToLongFunction<Scenario> elections, final int sliceElections)
    {
        this.scenario = scenario;
        this.elections = elections;
        this.sliceElections = sliceElections;
        floor = new EventHeapFloor(scenario.nodes());
    }

    /**
     * @param pairs          pairs measured after the warm-up.
     * @param warmupBudgetNs the longest the warm-up may last.
     * @return the floor's fastest time per event over the simulator's: 1 means as fast as a bare heap.
     */
    double measure(final int pairs, final long warmupBudgetNs)
    {
        final long startNs = System.nanoTime();
        double bestWarmupNsPerEvent = Double.MAX_VALUE;
        int steadyPairs = 0;
        while (steadyPairs < STEADY_PAIRS && System.nanoTime() - startNs < warmupBudgetNs)
        {
            final long compiledMs = compiler.isCompilationTimeMonitoringSupported() ? compiler.getTotalCompilationTime() : -1;
            final double simNsPerEvent = pair(false);
            final boolean compiled = compiledMs >= 0 && compiler.getTotalCompilationTime() != compiledMs;
            final boolean improved = simNsPerEvent < IMPROVEMENT * bestWarmupNsPerEvent;
            steadyPairs = run >= MIN_WARMUP_ELECTIONS && !compiled && !improved ? steadyPairs + 1 : 0;
            bestWarmupNsPerEvent = Math.min(bestWarmupNsPerEvent, simNsPerEvent);
        }
        warmedUp = steadyPairs == STEADY_PAIRS;
        for (int pair = 0; pair < pairs; pair++)
        {
            pair(true);
        }
        // The sink keeps the floor's work from being optimised away.
        return bestFloorNsPerEvent / bestSimNsPerEvent + (sink == Long.MIN_VALUE ? 1 : 0);
    }

    /** @return whether the last {@link #measure} ended its warm-up steady, not by running out of budget. */
    boolean warmedUp()
    {
        return warmedUp;
    }

    /** @return the simulator's fastest slice, CPU nanoseconds per event. */
    double simNsPerEvent()
    {
        return bestSimNsPerEvent;
    }

    /** @return the floor's fastest slice, CPU nanoseconds per event. */
    double floorNsPerEvent()
    {
        return bestFloorNsPerEvent;
    }

    /** @return the simulator's time per event in this pair. */
    private double pair(final boolean measured)
    {
        long events = 0;
        final long simStartNs = threads.getCurrentThreadCpuTime();
        for (int i = 0; i < sliceElections; i++)
        {
            events += elections.applyAsLong(scenario.forRun(run++));
        }
        final long simNs = threads.getCurrentThreadCpuTime() - simStartNs;
        final long floorStartNs = threads.getCurrentThreadCpuTime();
        sink += floor.handle(events);
        final long floorNs = threads.getCurrentThreadCpuTime() - floorStartNs;
        if (measured && events > 0)
        {
            bestSimNsPerEvent = Math.min(bestSimNsPerEvent, (double)simNs / events);
            bestFloorNsPerEvent = Math.min(bestFloorNsPerEvent, (double)floorNs / events);
        }
        return events > 0 ? (double)simNs / events : Double.MAX_VALUE;
    }
}
