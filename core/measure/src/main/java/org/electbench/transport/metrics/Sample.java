package org.electbench.transport.metrics;

import org.electbench.transport.ElectionResult;
import org.electbench.transport.RunTiming;

/**
 * One run as the metrics read it: what the monitor measured, and for a real-clock runtime the
 * transport's measured one-way latency and the simulator's floor for the identical scenario.
 *
 * @param result          the monitor's result.
 * @param oneWayLatencyNs the transport's one-way latency for this run, or -1 on the simulator.
 * @param floorNs         the simulator's convergence time for the same scenario with that latency
 *                        added to every message, or -1 when there is none (simulator, or either
 *                        run unconverged).
 * @param timing          how well the host kept the run's timing ({@link RunTiming#VIRTUAL} on the simulator).
 * @param lateAttempts    earlier attempts at this run's seed that the host made late, measured
 *                        again in its place (see {@link Metrics#HOST_REMEASURED}).
 */
public record Sample(ElectionResult result, long oneWayLatencyNs, long floorNs, RunTiming timing, int lateAttempts)
{
    /** A run measured at its first attempt. */
    public Sample(final ElectionResult result, final long oneWayLatencyNs, final long floorNs, final RunTiming timing)
    {
        this(result, oneWayLatencyNs, floorNs, timing, 0);
    }

    /** A run whose host timing was not measured: counted as kept. */
    public Sample(final ElectionResult result, final long oneWayLatencyNs, final long floorNs)
    {
        this(result, oneWayLatencyNs, floorNs, RunTiming.VIRTUAL);
    }

    /** @return a run of the simulator, which has no floor. */
    public static Sample of(final ElectionResult result)
    {
        return new Sample(result, -1, -1);
    }

    /** @return this run, measured after that many late attempts at its seed. */
    public Sample afterLateAttempts(final int attempts)
    {
        return new Sample(result, oneWayLatencyNs, floorNs, timing, attempts);
    }

    /** @return the run's convergence time less its floor, or {@link Long#MIN_VALUE} when there is no floor. */
    public long overheadNs()
    {
        return floorNs < 0 || !result.converged() ? Long.MIN_VALUE : result.convergenceNs() - floorNs;
    }
}
