package org.electbench.deploy;

import java.net.InetAddress;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.aeron.CommonContext;
import io.aeron.ExclusivePublication;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.aeron.AeronEndpoint;
import org.electbench.aeron.EmbeddedDriver;
import org.electbench.aeron.FrameHeader;
import org.electbench.aeron.FrameMac;
import org.electbench.aeron.FrameVerdict;
import org.electbench.aeron.Membership;
import org.electbench.aeron.MessageHandler;
import org.electbench.aeron.SetupGuard;
import org.electbench.realtime.RealtimeRuntime;
import org.electbench.realtime.TimerSlack;
import org.electbench.realtime.TimerStore;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.transport.Seeds;
import org.electbench.transport.host.SendBuffer;
import org.electbench.transport.host.Host;
import org.electbench.transport.host.HostedContext;

/**
 * Hosts one node of a {@link ClusterFile} in this process, the way a real deployment runs it:
 * its own embedded media driver, an {@link AeronEndpoint} over UDP to the peers' endpoints, the
 * real monotonic clock, and one thread.
 * <p>
 * The node's context is the shared {@link HostedContext}; this class is its {@link Host}: the
 * monotonic clock, the real-clock engine's {@link TimerStore} (every timer at its exact deadline,
 * periodic ones re-armed from the deadline) and the endpoint as the wire. The thread is an
 * {@link AgentRunner} with the engine's deadline-aware backoff (it parks when idle, never spins,
 * and never past the next timer's deadline): each duty cycle it polls the endpoint (invalid
 * frames are dropped and counted by the {@link org.electbench.aeron.FrameValidator}, never handed
 * to the node), fires the timers that are due, and reports to the observer. Until every peer's
 * subscription has connected, or the file's connect timeout has passed, the node is not started,
 * so a cold start does not lose its first election messages to peers still coming up.
 * <p>
 * Reports are {@link StatusFrame}s to the file's observer endpoint: one after each callback in
 * which the node announced (so it carries the sends of that callback), and one every heartbeat
 * interval as a liveness beacon. Both carry the node's belief and its cumulative sends by type,
 * counted as every runtime counts them: every send for its sender, sends to dead peers included.
 * Reports the observer is not there to take are dropped and counted.
 * <p>
 * The node speaks only with its cluster ({@link Membership}): it sends from its listed host, every
 * frame and report carries the cluster file's fingerprint, this process's incarnation and, with a
 * key, a MAC; frames from unlisted addresses, without the key, of another cluster file, or of a
 * second process claiming a peer's id are dropped, counted by reason, and named on stderr the
 * first time for each peer; so are copies of earlier frames (an older incarnation's, or ones
 * already received). Its driver refuses sessions from unlisted hosts before mapping an image
 * ({@link SetupGuard}). Should its Aeron client be closed under it after a stall, it stops and
 * says why ({@link #failure()}): docs/design/trust-wire.md.
 */
public final class NodeHost implements Agent, AutoCloseable
{
    /** This host runs one life of its node: a restart is a new process. */
    private static final int INCARNATION = 1;

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
    private final SetupGuard setupGuard;
    private final AeronEndpoint endpoint;
    private final ExclusivePublication observerPublication;
    private final TimerStore timers = new TimerStore();
    private final TimerStore.Expiry expiry = this::onTimerExpiry;
    private final MessageHandler messageHandler = this::onMessage;
    private final SendBuffer claim = new SendBuffer();
    private final HostedContext context;
    /** Tells this process's frames and reports from those of an earlier or second process as the same node. */
    private final long incarnation = FrameHeader.newIncarnation(System.currentTimeMillis(), ThreadLocalRandom.current().nextLong());
    private final Membership membership;
    private final FrameMac statusMac;
    private final long[] messagesByType;
    private final long[] bytesByType;
    private final UnsafeBuffer statusBuffer;
    private final AtomicLong statusSent = new AtomicLong();
    private final AtomicLong statusDropped = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final CountDownLatch closedLatch = new CountDownLatch(1);
    private final CountDownLatch stoppedLatch = new CountDownLatch(1);
    private final long connectDeadlineNs;
    private final long heartbeatIntervalNs;

    private final Consumer<String> log;
    private AgentRunner runner;
    private boolean started;
    private boolean statusPending;
    private long statusSequence;
    private long nextBeaconNs;
    private long lastCycleNs;
    private long longestGapNs;
    private volatile String failure;
    private volatile Role role = Role.FOLLOWER;
    private volatile int leaderId = ElectionNode.NO_LEADER;
    private volatile long term;
    private boolean closed;

    private NodeHost(
        final ClusterFile cluster,
        final int selfId,
        final Start start,
        final EmbeddedDriver driver,
        final SetupGuard setupGuard,
        final Consumer<String> log)
    {
        cluster.checkNodeId(selfId);
        this.setupGuard = setupGuard;
        this.log = log;
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
        statusBuffer = new UnsafeBuffer(new byte[StatusFrame.length(typeCount) + FrameMac.TAG_LENGTH]);
        // A settled start names the highest id, term 1: what bully and ring would elect.
        startLeaderId = Start.SETTLED == start ? clusterSize : ElectionNode.NO_LEADER;
        startTerm = Start.SETTLED == start ? 1 : 0;
        node = algorithm.newNode(selfId, settings);
        // No durable state: a restarted process starts as if its disk were wiped.
        context = new HostedContext(new ProcessHost(), claim, selfId, clusterSize, INCARNATION, true, settings,
            Seeds.nodeRandom(cluster.seed(), selfId, (int)incarnation), null);
        connectDeadlineNs = System.nanoTime() + cluster.connectTimeoutNs();

        membership = cluster.membership();
        statusMac = membership.keyed() ? membership.newMac() : null;
        endpoint = new AeronEndpoint(driver.aeron(), cluster.channelPlan(), selfId, cluster.clusterId(), typeCount,
            messageHandler, AeronEndpoint.DEFAULT_FRAGMENT_LIMIT, AeronEndpoint.DEFAULT_MAX_SEND_RETRIES, membership,
            incarnation, this::onRefused);
        ExclusivePublication publication = null;
        try
        {
            if (null != cluster.observerChannel())
            {
                publication = driver.aeron().addExclusivePublication(
                    membership.sendChannel(cluster.observerChannel(), selfId), cluster.streamId());
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
        return launch(cluster, selfId, start, line ->
        {
            System.err.println(line);
            System.err.flush();
        });
    }

    /**
     * @param log where the node names what it refuses (once per peer and reason), from its thread.
     * @see #launch(ClusterFile, int, Start)
     */
    public static NodeHost launch(
        final ClusterFile cluster, final int selfId, final Start start, final Consumer<String> log)
    {
        cluster.checkNodeId(selfId);
        final SetupGuard guard = new SetupGuard(EmbeddedDriver.DEFAULT_TERM_LENGTH, cluster.membership()::admitsAny);
        final EmbeddedDriver driver = EmbeddedDriver.builder().setupGuard(guard).launch();
        try
        {
            return new NodeHost(cluster, selfId, start, driver, guard, log);
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
        runner = new AgentRunner(
            timers.idleStrategy(System::nanoTime, RealtimeRuntime.DEFAULT_BACKOFF_MAX_PARK_NS), this::onError, null, this);
        AgentRunner.startOnThread(runner);
    }

    private void onError(final Throwable error)
    {
        errors.incrementAndGet();
        System.err.println("node " + selfId + ": " + error);
        error.printStackTrace(System.err);
    }

    /** Names, once per peer and reason, frames this node refuses: on the polling thread, rare. */
    private void onRefused(final FrameVerdict verdict, final int senderId, final InetAddress source, final long detail)
    {
        log.accept(refusal("node " + selfId, cluster, verdict, senderId, source, detail));
    }

    /** @return one line naming a refused sender and why, for a node's or the observer's log. */
    public static String refusal(
        final String who, final ClusterFile cluster, final FrameVerdict verdict, final int senderId, final InetAddress source,
        final long detail)
    {
        final String from = null == source ? "an unknown address" : source.getHostAddress();
        final String listed = ClusterFile.format(cluster.node(senderId));
        return switch (verdict)
        {
            case UNLISTED_SOURCE -> String.format(Locale.ROOT, "%s: refusing frames that claim to be node %d from %s: " +
                "node %d is listed at %s (an outsider, or a second process as node %d)", who, senderId, from, senderId,
                listed, senderId);
            case BAD_MAC -> String.format(Locale.ROOT, "%s: refusing frames that claim to be node %d from %s: %s",
                who, senderId, from, cluster.keyed() ? "they do not carry the cluster key's MAC" :
                    "they carry a MAC, and this cluster file names no key");
            case MISMATCHED -> String.format(Locale.ROOT, "%s: refusing node %d (%s): it runs another cluster file " +
                "(fingerprint %016x, this one's %016x: algorithm, settings or membership differ)", who, senderId, from,
                detail, cluster.fingerprint());
            case DUPLICATE_ID -> String.format(Locale.ROOT, "%s: two processes claim to be node %d (one at %s went back " +
                "to incarnation %016x after another was heard): refusing the older one's frames", who, senderId, from, detail);
            case STALE_INCARNATION -> String.format(Locale.ROOT, "%s: refusing frames of node %d from %s of incarnation " +
                "%016x (started %s), older than the newest heard: a replay of an earlier process's frames, or an older " +
                "process still running as node %d", who, senderId, from, detail,
                java.time.Instant.ofEpochMilli(FrameHeader.incarnationEpochMs(detail)), senderId);
            case REPLAYED -> String.format(Locale.ROOT, "%s: refusing frames of node %d from %s that were already " +
                "received, fell behind the anti-replay window, or were addressed to another receiver: copies sent again",
                who, senderId, from);
            case IMPLAUSIBLE -> String.format(Locale.ROOT, "%s: refusing reports of node %d from %s whose send counts " +
                "go back or grow by more than a node sends between two reports", who, senderId, from);
            default -> String.format(Locale.ROOT, "%s: refusing frames of node %d from %s: %s", who, senderId, from, verdict);
        };
    }

    @Override
    public int doWork()
    {
        final long nowNs = System.nanoTime();
        if (null != failure)
        {
            return 0;
        }
        if (0 != lastCycleNs)
        {
            longestGapNs = Math.max(longestGapNs, nowNs - lastCycleNs);
        }
        lastCycleNs = nowNs;
        if (endpoint.transportClosed())
        {
            stalled();
            return 0;
        }
        if (!started)
        {
            // Waits for the observer too, so an observer that is up counts the node's first sends.
            if ((endpoint.allPeersConnected() && (null == observerPublication || observerPublication.isConnected())) ||
                nowNs - connectDeadlineNs >= 0)
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
        workCount += timers.fireDue(System.nanoTime(), expiry, null);
        final long afterNs = System.nanoTime();
        if (afterNs - nextBeaconNs >= 0)
        {
            nextBeaconNs = afterNs + heartbeatIntervalNs;
            sendStatus();
            workCount++;
        }
        return workCount;
    }

    /**
     * Aeron closed this process's client under the node: its conductor found itself, or the driver,
     * silent past Aeron's timeouts (10 s), as after the process was stopped (SIGSTOP, a long GC or
     * swap). The node has heard nothing since and its peers have moved on, so it stops and the
     * process exits non-zero naming the stall: restarted, it rejoins as a new incarnation with
     * fresh state, as after any crash, instead of lingering deaf and mute or resuming on stale beliefs.
     */
    private void stalled()
    {
        errors.incrementAndGet();
        failure = String.format(Locale.ROOT, "node %d: its Aeron client was closed under it after a stall: the longest " +
            "gap between its duty cycles was %.1f s, past Aeron's %d s service interval and driver timeout; it can no " +
            "longer send or receive, so it stops (exit 1) and a restart rejoins as a new incarnation", selfId,
            longestGapNs / 1e9, TimeUnit.MILLISECONDS.toSeconds(CommonContext.DEFAULT_DRIVER_TIMEOUT_MS));
        log.accept(failure);
        stoppedLatch.countDown();
    }

    private void onTimerExpiry(final int nodeId, final long timerId, final int kind)
    {
        node.onTimer(timerId, kind);
        afterCallback();
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
        final int length = StatusFrame.encode(statusBuffer, cluster.clusterId(), selfId, cluster.fingerprint(),
            incarnation, ++statusSequence, role, leaderId, term, messagesByType, bytesByType, statusMac);
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
    public void onStart()
    {
        // As a runtime's worker: its parks end when due, not up to 50 us later.
        TimerSlack.setForThisThread(TimerSlack.TIGHT_NS);
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
            stoppedLatch.countDown();
        }
    }

    /** Blocks until the node stops: closed, or its transport failed ({@link #failure()}). */
    public void awaitStopped() throws InterruptedException
    {
        stoppedLatch.await();
    }

    /** @return why the node stopped by itself (its transport closed after a stall), or null. */
    public String failure()
    {
        return failure;
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

    /** @return this process's incarnation, carried by its every frame and report. */
    public long incarnation()
    {
        return incarnation;
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

    /** @return new sessions the driver refused before mapping an image: unlisted sources, or terms longer than its own. */
    public long sessionsRefused()
    {
        return setupGuard.refused();
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

    /** This process as its node's host: the monotonic clock, the timer store, the endpoint. */
    private final class ProcessHost implements Host
    {
        @Override
        public long nowNs()
        {
            return System.nanoTime();
        }

        @Override
        public void emit(final HostedContext from, final int toId, final SendBuffer message)
        {
            // Counted whether or not Aeron takes it, as every runtime counts a send to a dead peer.
            endpoint.send(toId, message.buffer(), 0, message.length());
            final int type = message.type();
            if (type < messagesByType.length)
            {
                messagesByType[type]++;
                bytesByType[type] += message.length();
            }
        }

        @Override
        public long schedule(final HostedContext node, final long delayNs, final int kind)
        {
            return timers.schedule(selfId, INCARNATION, kind, delayNs, System.nanoTime());
        }

        @Override
        public boolean cancel(final HostedContext node, final long timerId)
        {
            return timers.cancel(selfId, timerId);
        }

        @Override
        public void announce(final HostedContext node, final Role newRole, final int newLeaderId, final long newTerm)
        {
            role = newRole;
            leaderId = newLeaderId;
            term = newTerm;
            statusPending = true;
        }
    }
}
