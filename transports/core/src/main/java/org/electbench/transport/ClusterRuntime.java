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

    @Override
    default void close()
    {
    }
}
