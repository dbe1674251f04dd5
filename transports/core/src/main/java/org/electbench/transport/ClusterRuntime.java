package org.electbench.transport;

/**
 * Hosts the N nodes of one algorithm, delivers their messages and timers, applies the fault plan
 * and feeds the {@link ConvergenceMonitor}. The same {@link Scenario} runs on every runtime.
 */
public interface ClusterRuntime extends AutoCloseable
{
    /** @return the runtime's name as on the command line: sim, inmemory, aeron-udp, aeron-ipc. */
    String name();

    /**
     * Run one scenario to convergence or its budget.
     *
     * @param scenario what to run, with its seed.
     * @return what the monitor measured.
     */
    ElectionResult run(Scenario scenario);

    /**
     * The one-way latency of this runtime's transport, measured for the last run (before its
     * clock started): what a message takes on top of the scenario's modelled delay. The command
     * line simulates the same scenario with it added to find the protocol's own floor.
     *
     * @return nanoseconds; 0 for a runtime whose transport adds nothing worth measuring (the simulator).
     */
    default long oneWayLatencyNs()
    {
        return 0;
    }

    /**
     * How late the last run's timers fired behind their deadlines: the host's share of a real
     * run's overhead above the simulator's floor, which fires every timer on its deadline.
     *
     * @return one value per timer fired, in nanoseconds, in no particular order; empty for a
     * runtime on virtual time.
     */
    default long[] timerLatenessSamplesNs()
    {
        return new long[0];
    }

    /**
     * Runs made and discarded before the measured ones, by default, so that the measured ones
     * do not carry the JIT's compilation and the transport's first connections.
     *
     * @return 0 for a runtime whose results do not depend on warm-up (the simulator's virtual time).
     */
    default int defaultWarmupRuns()
    {
        return 0;
    }

    /**
     * The largest cluster this runtime hosts faithfully; {@link #run} refuses a larger scenario
     * with an {@link IllegalArgumentException} that names the limit.
     *
     * @return nodes, at least 1.
     */
    default int maxNodes()
    {
        return Integer.MAX_VALUE;
    }

    @Override
    default void close()
    {
    }
}
