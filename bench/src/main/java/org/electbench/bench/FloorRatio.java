package org.electbench.bench;

import java.util.function.ToLongFunction;

import org.electbench.transport.Scenario;

/**
 * A short paired measurement of the simulator against its floor ({@link EventHeapFloor}) in one
 * JVM: slices of seeded elections and slices of the same number of floor events, alternated, so a
 * burst of load on a shared machine hits both sides of a pair. The ratio of a pair is the floor's
 * time over the simulator's for the same events; the best pair is kept, because load only ever
 * slows a slice down, and a simulator made slower slows every pair.
 */
final class FloorRatio
{
    private FloorRatio()
    {
    }

    /**
     * @param scenario       run 0's scenario; slice after slice runs its seeds 0, 1, 2, ...
     * @param elections      runs one seeded election and returns the events it took.
     * @param slices         pairs measured after as many warm-up pairs.
     * @param sliceElections elections per slice.
     * @return the best pair's ratio: 1 means the simulator handles events as fast as a bare heap.
     */
    static double best(
        final Scenario scenario,
        final ToLongFunction<Scenario> elections,
        final int slices,
        final int sliceElections)
    {
        final EventHeapFloor floor = new EventHeapFloor(scenario.nodes());
        long sink = 0;
        int run = 0;
        double best = 0;
        for (int slice = -slices; slice < slices; slice++)
        {
            long simEvents = 0;
            final long simStartNs = System.nanoTime();
            for (int i = 0; i < sliceElections; i++)
            {
                simEvents += elections.applyAsLong(scenario.forRun(run++));
            }
            final long simNs = System.nanoTime() - simStartNs;
            final long floorStartNs = System.nanoTime();
            sink += floor.handle(simEvents);
            final long floorNs = System.nanoTime() - floorStartNs;
            if (slice >= 0 && simNs > 0)
            {
                best = Math.max(best, (double)floorNs / simNs);
            }
        }
        // The sink keeps the floor's work from being optimised away.
        return 0 == (sink & 1) ? best : best + 0.0;
    }
}
