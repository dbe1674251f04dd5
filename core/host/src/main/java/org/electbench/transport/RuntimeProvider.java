package org.electbench.transport;

/**
 * A runtime as a plug-in: each runtime module provides one of these per name it answers to,
 * under {@code META-INF/services/org.electbench.transport.RuntimeProvider}, so front ends find
 * runtimes the way they find algorithms and nothing keeps a hand-written list of them.
 */
public interface RuntimeProvider
{
    /** @return the name as on the command line: sim, inmemory, aeron-udp, aeron-ipc. */
    String name();

    /**
     * @return whether the runtime runs on the real clock, so a run's convergence time is paired
     * with the simulator's floor for the same scenario.
     */
    boolean realClock();

    /**
     * @return a new runtime configured from system properties where the runtime reads any.
     * @throws IllegalArgumentException naming a system property whose value makes no sense.
     */
    ClusterRuntime newRuntime();
}
