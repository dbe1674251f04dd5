package org.electbench.transport.incident;

import java.util.SplittableRandom;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.FaultPlan;

/**
 * A scenario drawn from a published incident: a long, partial disturbance (links cut one way or
 * both, a flapping link, a node that stalls again and again) on a settled cluster with N leading,
 * from the seeded first fault instant until a stated heal, after which the cluster must settle.
 * Each is one class; its description names the report it comes from.
 * <p>
 * Measured from the heal (convergence, as for partition); the disturbance metrics
 * ({@link org.electbench.transport.metrics.Metrics#AVAILABILITY} and the rest) cover the span from
 * the first fault to the heal.
 */
public interface Incident
{
    /** The disturbance's default length, in detection timeouts: long enough for many elections. */
    int DEFAULT_DETECTIONS = 40;

    /** @return what the scenario does, with the source it comes from. */
    String description();

    /** @return the published report the scenario reproduces (a URL). */
    String source();

    /** @return the fewest nodes the pattern makes sense for. */
    default int minNodes()
    {
        return 3;
    }

    /** @return how long the disturbance lasts when no fault duration is given. */
    default long defaultDurationNs(final ElectionSettings settings)
    {
        return DEFAULT_DETECTIONS * settings.detectionTimeoutNs();
    }

    /**
     * @param faults   the run's faults, to add to.
     * @param nodes    N; ids 1..N, N leading at the start.
     * @param settings what the nodes run with.
     * @param atNs     the first fault.
     * @param healNs   when everything has healed.
     * @param random   the run's seeded draws.
     */
    void plan(FaultPlan.Builder faults, int nodes, ElectionSettings settings, long atNs, long healNs, SplittableRandom random);
}
