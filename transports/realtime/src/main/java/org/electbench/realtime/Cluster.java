package org.electbench.realtime;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionSettings;
import org.electbench.transport.ConvergenceMonitor;
import org.electbench.transport.DelayDistribution;
import org.electbench.transport.Fault;
import org.electbench.transport.NetworkFaults;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.RunPlan;
import org.electbench.transport.Scenario;

/**
 * What the workers of one run share: the scenario as read-only facts, the fault edges in time
 * order, the wire, the monitor gate and the start signal. Everything mutable a worker touches on
 * the message path is its own; the wire and the gate are the only meeting points.
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
    final DelayDistribution delay;
    final boolean constantDelay;
    final long constantDelayNs;
    final boolean fifo;
    final double baseLossProbability;
    final long[] edgeTimeNs;
    final int[] edgeFault;
    final boolean[] edgeEnd;
    final Wire wire;
    final MonitorGate gate;
    final boolean wireCarriesDueTime;

    private final AtomicReference<Throwable> error = new AtomicReference<>();
    private final AtomicInteger readyWorkers = new AtomicInteger();
    private volatile boolean started;

    Cluster(final Scenario scenario, final Wire wire)
    {
        this.scenario = scenario;
        algorithm = scenario.algorithm();
        settings = scenario.settings();
        plan = scenario.plan();
        faults = plan.faults().faults();
        size = scenario.nodes();
        seed = scenario.seed();
        final NetworkModel network = scenario.network();
        delay = network.delay();
        constantDelay = delay.isConstant();
        constantDelayNs = constantDelay ? delay.sampleNs(new SplittableRandom(seed)) : 0;
        // With one delay for every message a link cannot reorder, but for the end of an extra delay (as in the simulator).
        fifo = network.fifo() && !constantDelay;
        baseLossProbability = network.lossProbability();

        final List<long[]> edges = new ArrayList<>();
        for (int index = 0; index < faults.size(); index++)
        {
            final Fault fault = faults.get(index);
            if (fault.kind() != Fault.Kind.CRASH_AFTER_SEND)
            {
                edges.add(new long[]{fault.atNs(), index, 0});
                if (NetworkFaults.hasEnd(fault.kind()))
                {
                    edges.add(new long[]{fault.endNs(), index, 1});
                }
            }
        }
        // Stable: edges at one instant apply in plan order, a start before its own end.
        edges.sort((a, b) -> Long.compare(a[0], b[0]));
        edgeTimeNs = new long[edges.size()];
        edgeFault = new int[edges.size()];
        edgeEnd = new boolean[edges.size()];
        for (int i = 0; i < edges.size(); i++)
        {
            edgeTimeNs[i] = edges.get(i)[0];
            edgeFault[i] = (int)edges.get(i)[1];
            edgeEnd[i] = 1 == edges.get(i)[2];
        }

        this.wire = wire;
        wireCarriesDueTime = wire.carriesDueTime();
        final ConvergenceMonitor monitor = new ConvergenceMonitor(algorithm, size);
        monitor.reset(plan);
        gate = new MonitorGate(monitor, plan.referenceNs());
    }

    /** Anchor the run clock, bring every node up in the monitor, and let the workers boot them. */
    void start()
    {
        gate.start(size);
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

    long nowNs()
    {
        return gate.nowNs();
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
