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
     * @return how well the host kept the last run's timing; {@link RunTiming#VIRTUAL} for a
     * runtime on virtual time.
     */
    default RunTiming lastRunTiming()
    {
        return RunTiming.VIRTUAL;
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

    /** Heap a node costs in the default reckoning of {@link #maxNodes()}: its objects, context and monitor state. */
    long DEFAULT_HEAP_BYTES_PER_NODE = 4 * 1024;
    /**
     * Heap an ordered pair of nodes costs in the default reckoning: the messages an election has in
     * flight between them, per-link state, and the per-peer arrays some algorithms keep. Measured
     * on the simulator, the heaviest case it has: quorum at cold start with every detector firing
     * needs a heap of about 300 bytes per pair (1024 nodes run in 320 MiB, 2048 nodes in 1.5 GiB
     * but not in 1 GiB); with {@link MemoryLimits#HEAP_SHARE} this figure asks for 384.
     */
    long DEFAULT_HEAP_BYTES_PER_PAIR = 192;

    /**
     * The largest cluster this runtime can host in this JVM's memory, as it is now, so that a
     * command refuses a larger one before allocating anything, naming the limit, instead of
     * failing part-way with {@link OutOfMemoryError} or reserving memory the machine lacks.
     * <p>
     * The default, which is the simulator's, reckons with {@link #DEFAULT_HEAP_BYTES_PER_NODE} and
     * {@link #DEFAULT_HEAP_BYTES_PER_PAIR} on {@link MemoryLimits#HEAP_SHARE} of the free heap; a
     * runtime that keeps more per node (direct memory, driver resources) overrides it.
     *
     * @return at most {@link MemoryLimits#HARD_MAX_NODES}.
     */
    default int maxNodes()
    {
        return MemoryLimits.maxNodesOnHeap(DEFAULT_HEAP_BYTES_PER_NODE, DEFAULT_HEAP_BYTES_PER_PAIR);
    }

    /**
     * @return what bounds {@link #maxNodes()}, for the message that refuses a larger cluster,
     * e.g. {@code "the heap (-Xmx 5.9 GiB)"}.
     */
    default String maxNodesBound()
    {
        return "the heap (-Xmx " + MemoryLimits.formatBytes(MemoryLimits.maxHeapBytes()) + ")";
    }

    @Override
    default void close()
    {
    }
}
