package org.electbench.realtime;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.agrona.concurrent.AgentRunner;
import org.electbench.spi.Durations;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.MemoryLimits;
import org.electbench.transport.RunPlan;
import org.electbench.transport.RunTiming;
import org.electbench.transport.Scenario;

/**
 * The real-clock engine every real transport runs on: the N nodes of a scenario run as agents on a small
 * fixed pool of worker threads (by default one fewer than the cores, at least one), each node
 * pinned to one worker so that every call into it happens on one thread, one at a time. Each
 * node's messages arrive on the run's {@link Wire}; each
 * worker keeps its nodes' timers and the messages not yet due (network delay, a paused receiver)
 * in one delay queue ordered by exact due time. Nothing
 * on the message path allocates once pools have grown to a run's peak.
 * <p>
 * Faults mean what they mean in the simulator and fire at their scenario times on the real
 * clock, measured from the run start: crash, recover, pause, partition, one-way cut, loss, extra
 * delay, crash after the first send of a type. Each worker writes what the
 * {@link org.electbench.transport.ConvergenceMonitor} needs to a buffer of its own; the calling
 * thread merges them in time order up to the workers' progress ({@link MonitorMerge}) and ends the run when it has settled after the last fault (judged at the
 * instant every worker has caught up to, so a worker the host starves cannot fake a settled run),
 * or when the budget has passed, then stops and joins the workers. A runtime runs one scenario at a time.
 * <p>
 * What carries the messages is a {@link Wire} made per run by the {@link Wire.Factory} the builder
 * is given, with the runtime's name: {@code inmemory} gives ring-buffer inboxes, {@code aeron-udp}
 * and {@code aeron-ipc} a media driver's streams; nothing else changes between them.
 */
public final class RealtimeRuntime implements ClusterRuntime
{
    public static final String THREAD_NAME_PREFIX = "electbench-worker-";
    /** Worker threads of the real-clock runtimes (a whole number of at least 1): one fewer than the cores unless set. */
    public static final String THREADS_PROPERTY = "electbench.inmemory.threads";
    /** How an idle worker waits: {@code busy-spin}, {@code yield} or {@code backoff} (the default). */
    public static final String IDLE_PROPERTY = "electbench.inmemory.idle";
    /** How long a backing-off worker parks at most, so how late it can run a timer: a duration, {@code 100us} unless set. */
    public static final String BACKOFF_MAX_PARK_PROPERTY = "electbench.inmemory.backoff-max-park";
    public static final long DEFAULT_BACKOFF_MAX_PARK_NS = TimeUnit.MICROSECONDS.toNanos(100);
    /**
     * Leader crash, bully, n = 5, busy-spin on two cores: overhead p50 0.37 ms after 3 warm-up
     * runs, 0.29 ms after 20, 0.16–0.20 ms after 20 with the simulator's compile warm-up first,
     * 0.06 ms with the runtime's own compressed compile warm-up too (see SeededRuns.warmUp).
     */
    public static final int DEFAULT_WARMUP_RUNS = 20;
    /** Lateness above this is recorded as this. */
    public static final long MAX_RECORDED_LATENESS_NS = TimeUnit.SECONDS.toNanos(10);

    private static final long CHECK_PERIOD_NS = TimeUnit.MICROSECONDS.toNanos(500);
    private static final long START_CHECK_PERIOD_NS = TimeUnit.MICROSECONDS.toNanos(20);
    private static final int LATENESS_DIGITS = 3;

    private final int threads;
    private final IdleMode idleMode;
    private final long backoffMaxParkNs;
    private final String name;
    private final int maxNodes;
    private final long directBytesPerNode;
    private final Wire.Factory wireFactory;
    private final Histogram timerLatenessNs = newLatencyHistogram();

    private Histogram[] workerLatenessNs = new Histogram[0];
    private RunTiming lastRunTiming = RunTiming.VIRTUAL;
    private long sent;
    private long delivered;
    private long dropped;
    private long undelivered;
    private long timersFired;
    private int lastWorkerCount;
    private long oneWayLatencyNs;

    private RealtimeRuntime(final Builder builder)
    {
        threads = builder.threads;
        idleMode = builder.idleMode;
        backoffMaxParkNs = builder.backoffMaxParkNs;
        name = builder.name;
        maxNodes = builder.maxNodes;
        directBytesPerNode = builder.directBytesPerNode;
        wireFactory = builder.wireFactory;
    }

    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * The worker settings the command line takes: the defaults, but for what these system
     * properties set (for instance through {@code ELECTBENCH_JAVA_OPTS}):
     * {@value #THREADS_PROPERTY} (a count), {@value #IDLE_PROPERTY} ({@value IdleMode#ACCEPTED}),
     * {@value #BACKOFF_MAX_PARK_PROPERTY} (a duration such as 100us).
     *
     * @return a builder holding what the system properties set; give it a wire before building.
     * @throws IllegalArgumentException naming the property and what it accepts.
     */
    public static Builder builderFromSystemProperties()
    {
        final Builder builder = builder();
        final String threads = System.getProperty(THREADS_PROPERTY);
        if (null != threads)
        {
            try
            {
                builder.threads(Integer.parseInt(threads.trim()));
            }
            catch (final NumberFormatException ex)
            {
                throw new IllegalArgumentException(THREADS_PROPERTY + " must be a whole number of at least 1, got '" + threads + "'", ex);
            }
        }
        final String idle = System.getProperty(IDLE_PROPERTY);
        if (null != idle)
        {
            try
            {
                builder.idleMode(IdleMode.parse(idle));
            }
            catch (final IllegalArgumentException ex)
            {
                throw new IllegalArgumentException(IDLE_PROPERTY + ": " + ex.getMessage(), ex);
            }
        }
        final String maxPark = System.getProperty(BACKOFF_MAX_PARK_PROPERTY);
        if (null != maxPark)
        {
            try
            {
                builder.backoffMaxParkNs(Durations.parseNs(maxPark));
            }
            catch (final IllegalArgumentException ex)
            {
                throw new IllegalArgumentException(BACKOFF_MAX_PARK_PROPERTY + ": " + ex.getMessage(), ex);
            }
        }
        return builder;
    }

    /** @return one fewer than the available cores, at least one: the caller's thread keeps a core. */
    public static int defaultThreads()
    {
        return Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
    }

    @Override
    public String name()
    {
        return name;
    }

    /** @return the one-way latency the wire measured before the last run, 0 for a wire that adds none worth measuring. */
    @Override
    public long oneWayLatencyNs()
    {
        return oneWayLatencyNs;
    }

    /** @return the configured worker pool size; a run uses at most one worker per node. */
    public int threads()
    {
        return threads;
    }

    public IdleMode idleMode()
    {
        return idleMode;
    }

    /** @return the longest a backing-off idle worker parks. */
    public long backoffMaxParkNs()
    {
        return backoffMaxParkNs;
    }

    /**
     * @return the largest cluster the wire carries ({@link Builder#maxNodes}), the heap's bound as
     * for every runtime, and the direct memory's for a wire that reserves some per node; {@link #run}
     * refuses a larger one.
     */
    @Override
    public int maxNodes()
    {
        int limit = Math.min(maxNodes, ClusterRuntime.super.maxNodes());
        if (directBytesPerNode > 0)
        {
            limit = Math.min(limit, MemoryLimits.maxNodes(
                (long)(MemoryLimits.maxDirectBytes() * MemoryLimits.DIRECT_SHARE), directBytesPerNode, 0));
        }
        return limit;
    }

    @Override
    public String maxNodesBound()
    {
        return "the " + name + " wire (" + maxNodes + " nodes), " + ClusterRuntime.super.maxNodesBound() +
            (0 == directBytesPerNode ? "" : " and direct memory (" + MemoryLimits.formatBytes(MemoryLimits.maxDirectBytes()) +
            " for " + MemoryLimits.formatBytes(directBytesPerNode) + " a node)");
    }

    /**
     * @throws IllegalArgumentException when the scenario has more nodes than {@link #maxNodes()},
     *                                  before anything starts.
     */
    @Override
    public ElectionResult run(final Scenario given)
    {
        // This transport's own latency and scheduling are not in the delay bound (ClusterProfile#partialBound).
        final Scenario scenario = given.onRealClock();
        final int limit = maxNodes();
        if (scenario.nodes() > limit)
        {
            throw new IllegalArgumentException(name + " runs at most " + limit + " nodes, got " + scenario.nodes() +
                ": bounded by " + maxNodesBound());
        }
        final int workerCount = Math.min(threads, scenario.nodes());
        final Wire wire = wireFactory.open(scenario, workerCount);
        oneWayLatencyNs = wire.oneWayLatencyNs();
        final Cluster cluster = new Cluster(scenario, wire);
        final RunPlan plan = cluster.plan;
        final Worker[] workers = new Worker[workerCount];
        final AgentRunner[] runners = new AgentRunner[workerCount];
        prepareLatencyHistograms(workerCount);
        for (int k = 0; k < workerCount; k++)
        {
            workers[k] = new Worker(cluster, k, workerCount, workerLatenessNs[k], parkAllowanceNs());
        }
        long endNs = -1;
        try
        {
            for (int k = 0; k < workerCount; k++)
            {
                runners[k] = new AgentRunner(idleMode.newStrategy(workers[k], backoffMaxParkNs), cluster::onError, null, workers[k]);
                final String threadName = workers[k].roleName();
                AgentRunner.startOnThread(runners[k], runnable ->
                {
                    final Thread thread = new Thread(runnable, threadName);
                    // A bug must not keep the JVM alive; a run still joins its threads before it returns.
                    thread.setDaemon(true);
                    return thread;
                });
            }
            // The clock starts once every worker runs: a thread slow to start would otherwise boot its nodes late.
            while (cluster.readyWorkers() < workerCount && null == cluster.error() && !Thread.currentThread().isInterrupted())
            {
                LockSupport.parkNanos(START_CHECK_PERIOD_NS);
            }
            wireFactory.takeStallNs();
            wire.takeMaxTransitNs();
            cluster.start();
            while (endNs < 0)
            {
                if (null != cluster.error() || Thread.currentThread().isInterrupted())
                {
                    cluster.monitor.freeze();
                    endNs = cluster.nowNs();
                    break;
                }
                endNs = cluster.monitor.tryEnd(progressNs(workers), cluster.nowNs(), plan.lastFaultNs(), plan.budgetEndNs());
                if (endNs < 0)
                {
                    LockSupport.parkNanos(CHECK_PERIOD_NS);
                }
            }
        }
        finally
        {
            if (endNs < 0)
            {
                cluster.monitor.freeze();
            }
            for (final AgentRunner runner : runners)
            {
                if (null != runner)
                {
                    runner.close();
                }
            }
        }
        if (null != cluster.error())
        {
            wire.drain();
            throw new IllegalStateException("the " + name + " run of " + scenario + " failed", cluster.error());
        }
        if (Thread.currentThread().isInterrupted())
        {
            wire.drain();
            throw new IllegalStateException("the " + name + " run of " + scenario + " was interrupted");
        }
        collect(cluster, workers);
        long workerStallNs = 0;
        long messageLatenessNs = 0;
        long offerLatenessNs = 0;
        long unstamped = 0;
        for (final Worker worker : workers)
        {
            workerStallNs = Math.max(workerStallNs, worker.maxStallNs());
            messageLatenessNs = Math.max(messageLatenessNs, worker.maxMessageLatenessNs());
            offerLatenessNs = Math.max(offerLatenessNs, worker.maxOfferLatenessNs());
            unstamped += worker.unstampedMessages();
        }
        lastRunTiming = RunTiming.measured(timerLatenessNs.getMaxValue(),
            messageLateness(cluster.wireCarriesDueTime, messageLatenessNs, offerLatenessNs, wire.takeMaxTransitNs(), unstamped),
            workerStallNs, wireFactory.takeStallNs(), oneWayLatencyNs, scenario.settings());
        return cluster.monitor.finish(endNs, delivered + timersFired);
    }

    /**
     * @return the latest any message of the run reached its receiver behind its due instant: as the
     * receivers measured it on a wire that carries due times; else the latest its sender offered
     * it plus the longest it took on the wire (each the worst, so at least the worst message's);
     * {@link RunTiming#NOT_MEASURED} where some message could not be measured.
     */
    static long messageLateness(
        final boolean wireCarriesDueTime, final long receivedLateNs, final long offeredLateNs, final long transitNs, final long unstamped)
    {
        if (wireCarriesDueTime)
        {
            return 0 == unstamped ? receivedLateNs : RunTiming.NOT_MEASURED;
        }
        // Held by the receiver only for a paused node, until the pause's end.
        return RunTiming.NOT_MEASURED == transitNs ? RunTiming.NOT_MEASURED : Math.max(receivedLateNs, offeredLateNs + transitNs);
    }

    private static long progressNs(final Worker[] workers)
    {
        long progressNs = Long.MAX_VALUE;
        for (final Worker worker : workers)
        {
            progressNs = Math.min(progressNs, worker.progressNs());
        }
        return progressNs;
    }

    /** @return messages the last run sent: every send of every node, heartbeats included. */
    public long sentMessages()
    {
        return sent;
    }

    /** @return messages the last run handed to a node. */
    public long deliveredMessages()
    {
        return delivered;
    }

    /** @return messages of the last run lost to loss, partitions, cuts, crashed receivers or a full inbox. */
    public long droppedMessages()
    {
        return dropped;
    }

    /** @return messages still in flight when the last run ended: sent = delivered + dropped + undelivered. */
    public long undeliveredMessages()
    {
        return undelivered;
    }

    /** @return timers the last run fired. */
    public long timersFired()
    {
        return timersFired;
    }

    /** @return how late the last run's timers fired behind their due time, in nanoseconds (a copy). */
    public Histogram timerLatenessNs()
    {
        return timerLatenessNs.copy();
    }

    /** @return the last run's timer lateness, one value per timer at the histogram's three significant digits. */
    @Override
    public long[] timerLatenessSamplesNs()
    {
        final long[] samples = new long[(int)Math.min(Integer.MAX_VALUE - 8, timerLatenessNs.getTotalCount())];
        int count = 0;
        for (final HistogramIterationValue value : timerLatenessNs.recordedValues())
        {
            final long valueNs = value.getValueIteratedTo();
            for (long k = value.getCountAtValueIteratedTo(); k > 0 && count < samples.length; k--)
            {
                samples[count++] = valueNs;
            }
        }
        return count == samples.length ? samples : Arrays.copyOf(samples, count);
    }

    /**
     * @return {@value #DEFAULT_WARMUP_RUNS}: the first runs in a JVM carry the JIT's compilation,
     * milliseconds of it, and a path run once an election is compiled only after many.
     */
    @Override
    public int defaultWarmupRuns()
    {
        return DEFAULT_WARMUP_RUNS;
    }

    /** @return the last run's timer lateness, worker and transport stalls; for a run that failed, the one before. */
    @Override
    public RunTiming lastRunTiming()
    {
        return lastRunTiming;
    }

    /** @return the cycle gap a worker leaves by its own choice: a backing-off worker's longest park and the kernel's timer slack. */
    private long parkAllowanceNs()
    {
        return IdleMode.BACKOFF == idleMode ? backoffMaxParkNs + DeadlineIdleStrategy.WAKE_EARLY_NS : 0;
    }

    /** @return worker threads the last run used. */
    public int lastWorkerCount()
    {
        return lastWorkerCount;
    }

    private void collect(final Cluster cluster, final Worker[] workers)
    {
        sent = 0;
        delivered = 0;
        dropped = 0;
        undelivered = 0;
        timersFired = 0;
        timerLatenessNs.reset();
        for (int k = 0; k < workers.length; k++)
        {
            // The runners have joined their threads: the workers' plain counters are visible here.
            sent += workers[k].sent();
            delivered += workers[k].delivered();
            dropped += workers[k].dropped();
            timersFired += workers[k].timersFired();
            undelivered += workers[k].heldMessages();
            timerLatenessNs.add(workerLatenessNs[k]);
        }
        undelivered += cluster.wire.drain();
        lastWorkerCount = workers.length;
    }

    /** Release what the wire keeps across runs (the inboxes' direct memory, a media driver); a later run starts afresh. */
    @Override
    public void close()
    {
        wireFactory.close();
    }

    private void prepareLatencyHistograms(final int workerCount)
    {
        if (workerLatenessNs.length < workerCount)
        {
            final Histogram[] grown = new Histogram[workerCount];
            for (int k = 0; k < workerCount; k++)
            {
                grown[k] = k < workerLatenessNs.length ? workerLatenessNs[k] : newLatencyHistogram();
            }
            workerLatenessNs = grown;
        }
        for (final Histogram histogram : workerLatenessNs)
        {
            histogram.reset();
        }
    }

    private static Histogram newLatencyHistogram()
    {
        return new Histogram(1, MAX_RECORDED_LATENESS_NS, LATENESS_DIGITS);
    }

    public static final class Builder
    {
        private int threads = defaultThreads();
        private IdleMode idleMode = IdleMode.BACKOFF;
        private long backoffMaxParkNs = DEFAULT_BACKOFF_MAX_PARK_NS;
        private String name;
        private int maxNodes = Integer.MAX_VALUE;
        private long directBytesPerNode;
        private Wire.Factory wireFactory;

        private Builder()
        {
        }

        /** @param threads worker threads, at least 1 (a run never uses more than it has nodes). */
        public Builder threads(final int threads)
        {
            this.threads = threads;
            return this;
        }

        public Builder idleMode(final IdleMode idleMode)
        {
            this.idleMode = idleMode;
            return this;
        }

        /** @param backoffMaxParkNs the longest a backing-off idle worker parks: it bounds timer lateness. */
        public Builder backoffMaxParkNs(final long backoffMaxParkNs)
        {
            this.backoffMaxParkNs = backoffMaxParkNs;
            return this;
        }

        /**
         * The transport: the factory makes each run's wire, and the runtime closes it when it closes.
         *
         * @param name        the runtime's name, as on the command line.
         * @param wireFactory makes each run's wire.
         */
        public Builder wire(final String name, final Wire.Factory wireFactory)
        {
            this.name = name;
            this.wireFactory = wireFactory;
            return this;
        }

        /** @param maxNodes the largest cluster the wire carries, at least 1. */
        public Builder maxNodes(final int maxNodes)
        {
            this.maxNodes = maxNodes;
            return this;
        }

        /** @param directBytesPerNode direct memory the wire reserves per node, which bounds the nodes a run may have. */
        public Builder directBytesPerNode(final long directBytesPerNode)
        {
            this.directBytesPerNode = directBytesPerNode;
            return this;
        }

        /**
         * @return the runtime.
         * @throws IllegalArgumentException naming the setting that makes no sense.
         */
        public RealtimeRuntime build()
        {
            if (threads < 1)
            {
                throw new IllegalArgumentException("threads must be at least 1, got " + threads);
            }
            if (null == idleMode)
            {
                throw new IllegalArgumentException("idle mode must be one of " + IdleMode.ACCEPTED);
            }
            if (backoffMaxParkNs < 1)
            {
                throw new IllegalArgumentException("backoff max park must be at least 1 ns, got " + backoffMaxParkNs);
            }
            if (maxNodes < 1)
            {
                throw new IllegalArgumentException("max nodes must be at least 1, got " + maxNodes);
            }
            if (null == name || name.isBlank() || null == wireFactory)
            {
                throw new IllegalArgumentException("a real-clock runtime needs a name and a wire factory, got '" + name + "'");
            }
            return new RealtimeRuntime(this);
        }
    }
}
