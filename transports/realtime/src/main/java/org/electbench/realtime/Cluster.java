package org.electbench.realtime;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionSettings;
import org.electbench.transport.ConvergenceMonitor;
import org.electbench.transport.CrashTriggers;
import org.electbench.transport.Fault;
import org.electbench.transport.RunPlan;
import org.electbench.transport.Scenario;
import org.electbench.transport.host.FaultEdges;

/**
 * What the workers of one run share: the scenario as read-only facts, the fault edges in time
 * order, the wire, the monitor merge, the run clock and the start signal. Everything mutable a
 * worker touches on the message path is its own (its feed to the monitor too); the wire is the only
 * meeting point.
 */
final class Cluster
{
    final Scenario scenario;
    final ElectionAlgorithm algorithm;
    final ElectionSettings settings;
    final RunPlan plan;
    final List<Fault> faults;
    final int size;
    final long seed;
    final FaultEdges edges;
    final Wire wire;
    final MonitorMerge monitor;
    /** Shared by the workers' crash triggers, so a first-sender crash hits one node in all. */
    final CrashTriggers.FirstSenders firstSenders = new CrashTriggers.FirstSenders();
    final boolean wireCarriesDueTime;

    private final AtomicReference<Throwable> error = new AtomicReference<>();
    private final AtomicInteger readyWorkers = new AtomicInteger();
    private volatile boolean started;
    /** The run clock's zero; written before {@link #started} is set, read after it is seen set. */
    private long runStartNs;

    Cluster(final Scenario scenario, final Wire wire)
    {
        this.scenario = scenario;
        algorithm = scenario.algorithm();
        settings = scenario.settings();
        plan = scenario.plan();
        faults = plan.faults().faults();
        size = scenario.nodes();
        seed = scenario.seed();
        edges = new FaultEdges(faults);

        this.wire = wire;
        wireCarriesDueTime = wire.carriesDueTime();
        final ConvergenceMonitor monitor = new ConvergenceMonitor(algorithm, size);
        monitor.reset(plan);
        // The monitor counts sends from the fault where it comes before the reference (a partition's cut before its heal).
        this.monitor = new MonitorMerge(monitor, Math.min(plan.referenceNs(), plan.faultNs()));
    }

    /** Anchor the run clock, bring every node up in the monitor, and let the workers boot them. */
    void start()
    {
        monitor.start(size);
        runStartNs = System.nanoTime();
        started = true;
    }

    boolean started()
    {
        return started;
    }

    /** A worker's thread is running its duty cycle. */
    void workerReady()
    {
        readyWorkers.incrementAndGet();
    }

    int readyWorkers()
    {
        return readyWorkers.get();
    }

    /** @return nanoseconds since the run started. */
    long nowNs()
    {
        return System.nanoTime() - runStartNs;
    }

    void onError(final Throwable throwable)
    {
        error.compareAndSet(null, throwable);
    }

    Throwable error()
    {
        return error.get();
    }
}
