package org.electbench.aeron;

import java.io.File;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import org.agrona.CloseHelper;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.electbench.realtime.IdleMode;
import org.electbench.realtime.RealtimeRuntime;
import org.electbench.realtime.Wire;
import org.electbench.spi.Durations;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.RunTiming;
import org.electbench.transport.Scenario;

/**
 * The real-clock runtimes over Aeron, {@code aeron-udp} (loopback UDP) and {@code aeron-ipc}
 * (shared-memory streams): the real-clock engine's workers, fault handling and monitor,
 * unchanged, with an Aeron wire. Same scenario, same nodes, same measurements; only the messages
 * cross a real media driver.
 * <p>
 * By default the wire is a {@link SharedChannelWire}: one channel per worker that the worker's
 * nodes share, one publication per worker per channel that the worker's nodes send through, the
 * destination in each frame's reserved value; the driver's work per duty cycle does not grow with
 * N, and it runs up to {@value #MAX_NODES} nodes. {@link #perPeer}
 * gives the {@link AeronWire} instead, every node on its own endpoint with one publication per
 * peer, as nodes in separate processes are (N(N−1) publications on the driver's one duty cycle,
 * which keeps up with them to {@value #MAX_NODES_PER_PEER} nodes).
 * <p>
 * The runtime launches one {@link EmbeddedDriver} (sparse terms, its own directory) at its
 * first run and keeps it. The driver has no thread of its own
 * ({@link EmbeddedDriver.Builder#invokedByCallers()}): each worker runs the driver's duty cycle
 * as it reads its inbox and after a cycle that sent, so a frame leaves and arrives on the
 * threads that send and read it. With a driver thread, on two cores, a message now and then
 * waited milliseconds for it (aeron-udp, n = 17, busy-spin: overhead p99 0.84-3.3 ms, the late
 * messages' transit matching the driver's longest duty cycle; a scheduler trace showed the
 * driver's thread held off its core by a busy worker or a compiler thread, or woken late from
 * its park).
 * <p>
 * The runtime keeps the driver, and the wire of the last cluster size and algorithm, for later
 * runs: a run drains what the previous one left in flight and
 * times a ping-pong for {@link #oneWayLatencyNs()} before its clock starts, once every
 * publication is connected. {@link #close()} closes wire, client and driver and deletes the
 * driver's directory.
 */
public final class AeronRuntime implements ClusterRuntime
{
    public static final String UDP = "aeron-udp";
    public static final String IPC = "aeron-ipc";
    /** Which wire the command line's runtimes use: {@code shared} (the default) or {@code per-peer}. */
    public static final String WIRE_PROPERTY = "electbench.aeron.wire";
    public static final long CONNECT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);
    /** The shared-channel wire's limit: tested at 128 on two cores, where one worker carries a leader crash's burst with roomy timeouts. */
    public static final int MAX_NODES = 128;
    /**
     * The per-peer wire's limit: its N(N−1) publications outgrow the driver's one duty cycle early. On
     * two cores (leader crash, bully, aeron-udp) at n = 12 the one-way latency p50 was 15 us and no
     * run of 20 saw two leaders; at n = 16, 37 us, 1 run in 20 with two leaders and overhead p99
     * 27 ms; at n = 20, 45 us and 2 in 10; at n = 24 the frames of a finished run did not drain in 5 s.
     */
    public static final int MAX_NODES_PER_PEER = 12;
    private static final int DRIVER_SPINS = 100;
    private static final long PAGE_BYTES = 4096;
    private static final int DRIVER_YIELDS = 10;
    private static final long DRIVER_MIN_PARK_NS = TimeUnit.MICROSECONDS.toNanos(1);
    /** How long the media driver's keeper thread parks at most when idle: a duration, {@code 10us} unless set. */
    public static final String DRIVER_MAX_PARK_PROPERTY = "electbench.aeron.driver-max-park";
    /**
     * The longest park of the driver's keeper thread, which runs its duty cycle between runs (and
     * when every worker is held up): the connect, drain and latency ping-pong wait on it.
     */
    public static final long DEFAULT_DRIVER_MAX_PARK_NS = TimeUnit.MICROSECONDS.toNanos(10);

    private final Wires wires;
    private final RealtimeRuntime runtime;
    private long invalidFramesBefore;
    private long invalidFrames;
    private final long[] sendCountsBefore = new long[SendCounter.values().length];
    private final long[] sendCounts = new long[SendCounter.values().length];

    private AeronRuntime(final boolean ipc, final boolean perPeer, final RealtimeRuntime.Builder builder)
    {
        this(ipc, perPeer, builder, DEFAULT_DRIVER_MAX_PARK_NS);
    }

    private AeronRuntime(final boolean ipc, final boolean perPeer, final RealtimeRuntime.Builder builder, final long driverMaxParkNs)
    {
        wires = new Wires(ipc, perPeer);
        runtime = builder.wire(ipc ? IPC : UDP, wires).maxNodes(perPeer ? MAX_NODES_PER_PEER : MAX_NODES).build();
        wires.driverMaxParkNs = driverMaxParkNs;
        wires.workerParkNs = IdleMode.BACKOFF == runtime.idleMode() ? runtime.backoffMaxParkNs() : 0;
    }

    /** @return an aeron-udp runtime with the engine's default worker settings. */
    public static AeronRuntime udp()
    {
        return new AeronRuntime(false, false, RealtimeRuntime.builder());
    }

    /** @return an aeron-ipc runtime with the engine's default worker settings. */
    public static AeronRuntime ipc()
    {
        return new AeronRuntime(true, false, RealtimeRuntime.builder());
    }

    /**
     * @param ipc     aeron-ipc rather than aeron-udp.
     * @param workers the worker settings (threads, idle mode, longest park, which the driver's
     *                idle strategy shares); its wire is replaced.
     */
    public static AeronRuntime of(final boolean ipc, final RealtimeRuntime.Builder workers)
    {
        return new AeronRuntime(ipc, false, workers);
    }

    /**
     * @param ipc     aeron-ipc rather than aeron-udp.
     * @param workers the worker settings; its wire is replaced.
     * @return a runtime whose every node has its own endpoint and one publication per peer, as
     * in separate processes; up to {@value #MAX_NODES_PER_PEER} nodes.
     */
    public static AeronRuntime perPeer(final boolean ipc, final RealtimeRuntime.Builder workers)
    {
        return new AeronRuntime(ipc, true, workers);
    }

    /** @return the runtime the command line makes: worker settings from the engine's system properties. */
    public static AeronRuntime fromSystemProperties(final boolean ipc)
    {
        final String wire = System.getProperty(WIRE_PROPERTY, "shared").trim();
        if (!"shared".equals(wire) && !"per-peer".equals(wire))
        {
            throw new IllegalArgumentException(WIRE_PROPERTY + " must be one of shared, per-peer; got '" + wire + "'");
        }
        final String maxPark = System.getProperty(DRIVER_MAX_PARK_PROPERTY);
        long driverMaxParkNs = DEFAULT_DRIVER_MAX_PARK_NS;
        if (null != maxPark)
        {
            try
            {
                driverMaxParkNs = Durations.parseNs(maxPark);
            }
            catch (final IllegalArgumentException ex)
            {
                throw new IllegalArgumentException(DRIVER_MAX_PARK_PROPERTY + ": " + ex.getMessage(), ex);
            }
            if (driverMaxParkNs < DRIVER_MIN_PARK_NS)
            {
                throw new IllegalArgumentException(DRIVER_MAX_PARK_PROPERTY + " must be at least 1us, got " + maxPark);
            }
        }
        return new AeronRuntime(ipc, "per-peer".equals(wire), RealtimeRuntime.builderFromSystemProperties(), driverMaxParkNs);
    }

    @Override
    public String name()
    {
        return runtime.name();
    }

    @Override
    public ElectionResult run(final Scenario scenario)
    {
        try
        {
            return runtime.run(scenario);
        }
        finally
        {
            final AeronRunWire wire = wires.current;
            if (null != wire)
            {
                final long invalid = wire.invalidFrames();
                invalidFrames = invalid - invalidFramesBefore;
                invalidFramesBefore = invalid;
                for (final SendCounter counter : SendCounter.values())
                {
                    final long count = wire.sendCount(counter);
                    sendCounts[counter.ordinal()] = count - sendCountsBefore[counter.ordinal()];
                    sendCountsBefore[counter.ordinal()] = count;
                }
            }
        }
    }

    /**
     * A conservative figure: the wire's and workers' own limit, and the Aeron logs. Each link (an
     * ordered pair of nodes on the per-peer wire; an ordered pair of workers on the shared one)
     * holds a publication log and, over UDP, a receiver image's log, each of three terms and a
     * metadata page and each mapped by the driver and by the client; so the links are bounded by
     * half the process's memory-map limit ({@code vm.max_map_count}, the other half left to the
     * JVM) and by the driver directory's free space with every sparse log counted whole. The shared
     * wire's W·W links do not grow with N: they bound the cluster only when even those do not fit.
     */
    @Override
    public int maxNodes()
    {
        final boolean udp = UDP.equals(name());
        final int logsPerLink = udp ? 2 : 1;
        final int termLength = wires.perPeer ? EmbeddedDriver.DEFAULT_TERM_LENGTH : SharedChannelWire.TERM_LENGTH;
        final long logBytes = 3L * termLength + PAGE_BYTES;
        final long byMaps = KernelLimits.maxMapCount() / 2 / (2L * logsPerLink);
        final long bySpace = new File(System.getProperty("java.io.tmpdir")).getUsableSpace() / (logsPerLink * logBytes);
        final long links = Math.min(byMaps, bySpace);
        final long workers = runtime.threads();
        final long byLogs = wires.perPeer ? (long)Math.floor((1 + Math.sqrt(1 + 4.0 * links)) / 2) :
            links >= workers * workers ? Long.MAX_VALUE : 0;
        return (int)Math.min(runtime.maxNodes(), byLogs);
    }

    @Override
    public String maxNodesBound()
    {
        return runtime.maxNodesBound() + " and the Aeron logs of every link (vm.max_map_count " + KernelLimits.maxMapCount() +
            ", free space in " + System.getProperty("java.io.tmpdir") + ")";
    }

    /** @return half the median ping-pong round trip between two nodes, timed before the last run. */
    @Override
    public long oneWayLatencyNs()
    {
        return runtime.oneWayLatencyNs();
    }

    @Override
    public long[] timerLatenessSamplesNs()
    {
        return runtime.timerLatenessSamplesNs();
    }

    @Override
    public RunTiming lastRunTiming()
    {
        return runtime.lastRunTiming();
    }

    @Override
    public int defaultWarmupRuns()
    {
        return runtime.defaultWarmupRuns();
    }

    /** @return messages the last run sent: every send of every node, heartbeats included. */
    public long sentMessages()
    {
        return runtime.sentMessages();
    }

    /** @return messages the last run handed to a node. */
    public long deliveredMessages()
    {
        return runtime.deliveredMessages();
    }

    /** @return messages of the last run lost to loss, partitions, cuts, crashed receivers or offers Aeron refused. */
    public long droppedMessages()
    {
        return runtime.droppedMessages();
    }

    /** @return messages still in flight when the last run ended. */
    public long undeliveredMessages()
    {
        return runtime.undeliveredMessages();
    }

    /** @return frames the nodes' validators dropped during the last run (and the drain after it). */
    public long invalidFrames()
    {
        return invalidFrames;
    }

    /** @return how often the last run's offers ended, or were retried, this way. */
    public long sendCount(final SendCounter counter)
    {
        return sendCounts[counter.ordinal()];
    }

    /** @return the per-peer endpoints kept from the last run; null before the first run, after close, or on the shared-channel wire. */
    public AeronWire wire()
    {
        return wires.current instanceof AeronWire ? (AeronWire)wires.current : null;
    }

    /** @return the media driver, null before the first run and after close. */
    public EmbeddedDriver driver()
    {
        return wires.driver;
    }

    /** Closes the endpoints, the client and the driver; the driver's directory is deleted. */
    @Override
    public void close()
    {
        runtime.close();
    }

    /** Keeps one driver, and the wire of the last cluster, for every run. */
    private static final class Wires implements Wire.Factory
    {
        private final boolean ipc;
        private final boolean perPeer;
        private long driverMaxParkNs;
        /** The longest a worker parks between cycles, each running the driver's: 0 for busy-spin workers. */
        private long workerParkNs;
        private EmbeddedDriver driver;
        private AeronRunWire current;

        Wires(final boolean ipc, final boolean perPeer)
        {
            this.ipc = ipc;
            this.perPeer = perPeer;
        }

        @Override
        public Wire open(final Scenario scenario, final int lanes)
        {
            final int nodes = scenario.nodes();
            final int typeCount = scenario.algorithm().messageTypes().size();
            if (null == driver)
            {
                // The driver parks no longer than the workers do, so it adds no more lateness than they do.
                driver = EmbeddedDriver.builder()
                    .idleStrategy(() -> new BackoffIdleStrategy(DRIVER_SPINS, DRIVER_YIELDS, DRIVER_MIN_PARK_NS, driverMaxParkNs))
                    .invokedByCallers()
                    .launch();
            }
            // A wire whose connections a storm of an earlier run timed out is built afresh, not reused.
            if (null == current || current.clusterSize() != nodes || current.typeCount() != typeCount ||
                (!perPeer && current.lanes() != lanes) || !current.isConnected())
            {
                closeWire();
                final int clusterId = ThreadLocalRandom.current().nextInt(1, Integer.MAX_VALUE);
                if (perPeer)
                {
                    final ChannelPlan plan = ipc ? ChannelPlan.ipc(nodes) : ChannelPlan.udpLoopback(nodes);
                    current = new AeronWire(driver, plan, clusterId, typeCount);
                }
                else
                {
                    current = new SharedChannelWire(driver, ipc, nodes, lanes, clusterId, typeCount);
                }
                current.connect(CONNECT_TIMEOUT_NS);
            }
            current.measureOneWayLatencyNs();
            return current;
        }

        /**
         * @return the driver's longest stall since the last call: its longest time between duty
         * cycles beyond the longest its callers park (the keeper's, a backoff worker's).
         */
        @Override
        public long takeStallNs()
        {
            return null == driver ? 0 : Math.max(0, driver.takeMaxDutyCycleNs() - Math.max(driverMaxParkNs, workerParkNs));
        }

        private void closeWire()
        {
            if (null != current)
            {
                final AeronRunWire wire = current;
                current = null;
                wire.close();
            }
        }

        @Override
        public void close()
        {
            final EmbeddedDriver closing = driver;
            driver = null;
            try
            {
                closeWire();
            }
            finally
            {
                CloseHelper.close(closing);
            }
        }
    }

    /** @return the driver's directory, while the driver runs; null otherwise. */
    public File driverDirectory()
    {
        return null == wires.driver ? null : wires.driver.directory();
    }
}
