package org.electbench.deploy;

import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;

import io.aeron.ExclusivePublication;
import org.agrona.CloseHelper;
import org.agrona.DeadlineTimerWheel;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.collections.Long2LongHashMap;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.aeron.AeronEndpoint;
import org.electbench.aeron.EmbeddedDriver;
import org.electbench.aeron.MessageHandler;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;
import org.electbench.spi.Start;

/**
 * Hosts one node of a {@link ClusterFile} in this process, the way a real deployment runs it:
 * its own embedded media driver, an {@link AeronEndpoint} over UDP to the peers' endpoints, the
 * real monotonic clock, and one thread.
 * <p>
 * That thread is an {@link AgentRunner} with a backoff idle strategy (it parks when idle, never
 * spins): each duty cycle it polls the endpoint (invalid frames are dropped and counted by the
 * {@link FrameValidator}, never handed to the node), expires timers on a
 * {@link DeadlineTimerWheel}, and reports to the observer. Until every peer's subscription has
 * connected, or the file's connect timeout has passed, the node is not started, so a cold start
 * does not lose its first election messages to peers still coming up.
 * <p>
 * Reports are {@link StatusFrame}s to the file's observer endpoint: one after each callback in
 * which the node announced (so it carries the sends of that callback), and one every heartbeat
 * interval as a liveness beacon. Both carry the node's belief and its cumulative sends by type,
 * counted as every runtime counts them: every send for its sender, sends to dead peers included.
 * Reports the observer is not there to take are dropped and counted.
 */
public final class NodeHost implements Agent, AutoCloseable
{
    /** Timer wheel tick: about 262 us, finer than any timeout an election uses. */
    private static final long TICK_RESOLUTION_NS = 1L << 18;
    private static final int TICKS_PER_WHEEL = 1024;
    private static final long NO_KIND = -1;

    private final ClusterFile cluster;
    private final int selfId;
    private final int clusterSize;
    private final ElectionAlgorithm algorithm;
    private final ElectionSettings settings;
    private final ElectionNode node;
    private final Start start;
    private final int startLeaderId;
    private final long startTerm;
    private final EmbeddedDriver driver;
    private final AeronEndpoint endpoint;
    private final ExclusivePublication observerPublication;
    private final DeadlineTimerWheel wheel;
    private final Long2LongHashMap kindByTimerId = new Long2LongHashMap(NO_KIND);
    private final DeadlineTimerWheel.TimerHandler timerHandler = this::onTimerExpiry;
    private final MessageHandler messageHandler = this::onMessage;
    private final Context context = new Context();
    private final RandomGenerator random;
    private final long incarnation = ThreadLocalRandom.current().nextLong();
    private final long[] messagesByType;
    private final long[] bytesByType;
    private final UnsafeBuffer statusBuffer;
    private final AtomicLong statusSent = new AtomicLong();
    private final AtomicLong statusDropped = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final CountDownLatch closedLatch = new CountDownLatch(1);
    private final long connectDeadlineNs;
    private final long heartbeatIntervalNs;

    private AgentRunner runner;
    private boolean started;
    private boolean statusPending;
    private long nextBeaconNs;
    private int claimedType;
    private int claimedLength;
    private volatile Role role = Role.FOLLOWER;
    private volatile int leaderId = ElectionNode.NO_LEADER;
    private volatile long term;
    private boolean closed;

    private NodeHost(
        final ClusterFile cluster,
        final int selfId,
        final Start start,
        final EmbeddedDriver driver)
    {
        cluster.checkNodeId(selfId);
        this.cluster = cluster;
        this.selfId = selfId;
        this.start = start;
        this.driver = driver;
        clusterSize = cluster.clusterSize();
        algorithm = cluster.algorithm();
        settings = cluster.settings();
        heartbeatIntervalNs = settings.heartbeatIntervalNs();
        final int typeCount = algorithm.messageTypes().size();
        if (typeCount > StatusFrame.MAX_TYPES)
        {
            throw new IllegalArgumentException(algorithm.name() + " has " + typeCount +
                " message types; status frames carry at most " + StatusFrame.MAX_TYPES);
        }
        messagesByType = new long[typeCount];
        bytesByType = new long[typeCount];
        statusBuffer = new UnsafeBuffer(new byte[StatusFrame.length(typeCount)]);
        random = new SplittableRandom(cluster.seed() * 0x9E37_79B9_7F4A_7C15L + selfId);
        // A settled start names the highest id, term 1: what bully and ring would elect.
        startLeaderId = Start.SETTLED == start ? clusterSize : ElectionNode.NO_LEADER;
        startTerm = Start.SETTLED == start ? 1 : 0;
        node = algorithm.newNode(selfId, settings);

        final long nowNs = System.nanoTime();
        wheel = new DeadlineTimerWheel(TimeUnit.NANOSECONDS, nowNs, TICK_RESOLUTION_NS, TICKS_PER_WHEEL);
        connectDeadlineNs = nowNs + cluster.connectTimeoutNs();

        endpoint = new AeronEndpoint(
            driver.aeron(), cluster.channelPlan(), selfId, cluster.clusterId(), typeCount, messageHandler);
        ExclusivePublication publication = null;
        try
        {
            if (null != cluster.observerChannel())
            {
                publication = driver.aeron().addExclusivePublication(cluster.observerChannel(), cluster.streamId());
            }
        }
        catch (final RuntimeException ex)
        {
            endpoint.close();
            throw ex;
        }
        observerPublication = publication;
    }

    /**
     * Launches this process's media driver and the node's endpoint; call {@link #start()} to run it.
     *
     * @param cluster the cluster.
     * @param selfId  which of its nodes this process hosts.
     * @param start   {@link Start#COLD} (the detector fires at boot), or {@link Start#SETTLED}
     *                (node N leads term 1), or {@link Start#RECOVERED}.
     */
    public static NodeHost launch(final ClusterFile cluster, final int selfId, final Start start)
    {
        cluster.checkNodeId(selfId);
        final EmbeddedDriver driver = EmbeddedDriver.launch();
        try
        {
            return new NodeHost(cluster, selfId, start, driver);
        }
        catch (final RuntimeException ex)
        {
            driver.close();
            throw ex;
        }
    }

    /** Starts the node's thread. */
    public synchronized void start()
    {
        if (null != runner || closed)
        {
            throw new IllegalStateException("node " + selfId + " was already started or closed");
        }
        runner = new AgentRunner(new BackoffIdleStrategy(), this::onError, null, this);
        AgentRunner.startOnThread(runner);
    }

    private void onError(final Throwable error)
    {
        errors.incrementAndGet();
        System.err.println("node " + selfId + ": " + error);
        error.printStackTrace(System.err);
    }

    @Override
    public int doWork()
    {
        final long nowNs = System.nanoTime();
        if (!started)
        {
            if (endpoint.allPeersConnected() || nowNs - connectDeadlineNs >= 0)
            {
                started = true;
                nextBeaconNs = nowNs;
                node.onStart(context, start, startLeaderId, startTerm);
                afterCallback();
                return 1;
            }
            return 0;
        }

        int workCount = endpoint.doWork();
        workCount += pollTimers(System.nanoTime());
        final long afterNs = System.nanoTime();
        if (afterNs - nextBeaconNs >= 0)
        {
            nextBeaconNs = afterNs + heartbeatIntervalNs;
            sendStatus();
            workCount++;
        }
        return workCount;
    }

    private int pollTimers(final long nowNs)
    {
        // The wheel moves one tick per poll: poll until it has caught up with now.
        int expired = wheel.poll(nowNs, timerHandler, Integer.MAX_VALUE);
        while (wheel.currentTickTime() - nowNs <= 0)
        {
            expired += wheel.poll(nowNs, timerHandler, Integer.MAX_VALUE);
        }
        return expired;
    }

    private boolean onTimerExpiry(final TimeUnit timeUnit, final long nowNs, final long timerId)
    {
        final long kind = kindByTimerId.remove(timerId);
        if (NO_KIND != kind)
        {
            node.onTimer(timerId, (int)kind);
            afterCallback();
        }
        return true;
    }

    private void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
    {
        node.onMessage(fromId, buffer, offset, length);
        afterCallback();
    }

    /** Reports an announcement once the callback is over, so the report counts its sends. */
    private void afterCallback()
    {
        if (statusPending)
        {
            statusPending = false;
            sendStatus();
        }
    }

    private void sendStatus()
    {
        if (null == observerPublication)
        {
            return;
        }
        final int length = StatusFrame.encode(statusBuffer, cluster.clusterId(), selfId, incarnation,
            role, leaderId, term, messagesByType, bytesByType);
        if (observerPublication.offer(statusBuffer, 0, length) > 0)
        {
            statusSent.setRelease(statusSent.getPlain() + 1);
        }
        else
        {
            statusDropped.setRelease(statusDropped.getPlain() + 1);
        }
    }

    @Override
    public void onClose()
    {
        CloseHelper.quietCloseAll(observerPublication, endpoint);
    }

    @Override
    public String roleName()
    {
        return "electbench-node-" + selfId;
    }

    /**
     * Stops the thread, then closes the endpoint, the client and the driver, and deletes the
     * Aeron directory. Safe to call from a shutdown hook and more than once.
     */
    @Override
    public void close()
    {
        synchronized (this)
        {
            if (closed)
            {
                return;
            }
            closed = true;
        }
        try
        {
            if (null != runner)
            {
                CloseHelper.quietClose(runner);
            }
            else
            {
                onClose();
            }
        }
        finally
        {
            driver.close();
            closedLatch.countDown();
        }
    }

    /** Blocks until {@link #close()} has finished. */
    public void awaitClosed() throws InterruptedException
    {
        closedLatch.await();
    }

    public int selfId()
    {
        return selfId;
    }

    /** @return the node's latest announced role, from any thread. */
    public Role role()
    {
        return role;
    }

    /** @return the node's latest announced leader, from any thread. */
    public int leaderId()
    {
        return leaderId;
    }

    /** @return the node's latest announced term, from any thread. */
    public long term()
    {
        return term;
    }

    /** @return the endpoint, whose validator and send counters say what was received and sent. */
    public AeronEndpoint endpoint()
    {
        return endpoint;
    }

    public long statusSent()
    {
        return statusSent.get();
    }

    /** @return reports dropped because the observer was not connected or was back pressured. */
    public long statusDropped()
    {
        return statusDropped.get();
    }

    /** @return errors the node threw, printed and survived. */
    public long errors()
    {
        return errors.get();
    }

    /** @return the Aeron directory of this process's driver (deleted on close). */
    public String aeronDirectoryName()
    {
        return driver.aeronDirectoryName();
    }

    private final class Context implements NodeContext
    {
        @Override
        public int selfId()
        {
            return selfId;
        }

        @Override
        public int clusterSize()
        {
            return clusterSize;
        }

        @Override
        public boolean detectorEnabled()
        {
            return true;
        }

        @Override
        public ElectionSettings settings()
        {
            return settings;
        }

        @Override
        public long nowNs()
        {
            return System.nanoTime();
        }

        @Override
        public RandomGenerator random()
        {
            return random;
        }

        @Override
        public MutableDirectBuffer claim(final int type, final int bodyLength)
        {
            final MutableDirectBuffer buffer = endpoint.claim(type, bodyLength);
            claimedType = type;
            claimedLength = MessageHeader.LENGTH + bodyLength;
            return buffer;
        }

        @Override
        public void send(final int toId)
        {
            if (toId == selfId)
            {
                return;
            }
            endpoint.send(toId);
            messagesByType[claimedType]++;
            bytesByType[claimedType] += claimedLength;
        }

        @Override
        public void broadcast()
        {
            endpoint.broadcast();
            messagesByType[claimedType] += clusterSize - 1;
            bytesByType[claimedType] += (long)claimedLength * (clusterSize - 1);
        }

        @Override
        public long schedule(final long delayNs, final int kind)
        {
            final long timerId = wheel.scheduleTimer(System.nanoTime() + Math.max(0, delayNs));
            kindByTimerId.put(timerId, kind);
            return timerId;
        }

        @Override
        public boolean cancel(final long timerId)
        {
            if (NO_KIND != kindByTimerId.remove(timerId))
            {
                wheel.cancelTimer(timerId);
                return true;
            }
            return false;
        }

        @Override
        public void announce(final Role newRole, final int newLeaderId, final long newTerm)
        {
            role = newRole;
            leaderId = newLeaderId;
            term = newTerm;
            statusPending = true;
        }
    }
}
