package org.electbench.realtime;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.Histogram;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.Agent;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.transport.Fault;
import org.electbench.transport.host.Claim;
import org.electbench.transport.host.FaultEdges;
import org.electbench.transport.host.Host;
import org.electbench.transport.host.HostedContext;
import org.electbench.transport.host.NodeLifecycle;

/**
 * One worker thread's agent: it owns a fixed set of nodes (ids congruent to its index modulo
 * the worker count), and every call into those nodes happens here, one at a time. A duty cycle
 * reads the clock once, applies the fault edges that are due (each after what it holds that fell
 * due before the edge), runs what the delay queue holds
 * that is due (messages at once, timers set aside), polls each owned node's {@link Wire} (a
 * message due now is delivered straight from the wire; one not yet due, or for a paused node, is
 * copied into the delay queue), and last fires the timers set aside, in due order, and what else
 * has come due. Timers sit in the delay queue at their exact deadlines ({@link Timers}), so a
 * busy-spinning worker fires them within a cycle of their deadline, and a backing-off one parks no
 * later than the next deadline ({@link DeadlineIdleStrategy}). For a wire that cannot carry due
 * times, a delayed send waits in the sender's delay queue and goes on the wire when due.
 * <p>
 * The delay queue runs before the inboxes so that a link never reorders: a message held from a
 * link is due no later than any behind it on that link. Timers run after the inboxes so that after a
 * stall of the worker (the host, not the modelled network) the messages that arrived in it are
 * seen before the timeouts that expired in it.
 * <p>
 * Faults apply at the send edge (loss, partition, cut, extra delay, all on the sender's worker)
 * and at the receive edge (crashed or paused receiver, partition and cut again on delivery).
 * Each cycle ends by publishing the instant it started from as the worker's progress: everything
 * due by then has run, which is what the run's end check needs to know. The nodes' lives (boot,
 * crash, pause, send admission, drops, crash triggers) are the {@link NodeLifecycle} every runtime
 * shares; what the monitor needs goes to this worker's own {@link WorkerFeed}, merged at the progress mark.
 */
final class Worker implements Agent, Wire.Receiver, DeadlineIdleStrategy.Deadlines
{
    private static final int READ_LIMIT = 256;
    private static final int MAX_DRAIN_ROUNDS = 4;
    private static final int INITIAL_EVENTS = 256;
    private static final int INITIAL_TIMERS = 64;
    /** Not pinned: the nodes read the run clock, which the monitor feed calls {@link WorkerFeed#NOW}. */
    private static final long NOT_PINNED = WorkerFeed.NOW;

    private final Cluster cluster;
    private final int index;
    private final int workerCount;
    private final int clusterSize;
    private final int[] owned;
    private final NodeLifecycle nodes;
    private final WorkerFeed feed;
    private final DelayQueue queue = new DelayQueue(INITIAL_EVENTS);
    private final Timers timers = new Timers(queue, INITIAL_TIMERS);
    private final Claim claim = new Claim();
    private final Host host = new WorkerHost();
    private final Histogram timerLatenessNs;
    private final AtomicLong progressNs = new AtomicLong(-1);

    private int[] deferredEvents = new int[INITIAL_TIMERS];
    private long[] deferredDueNs = new long[INITIAL_TIMERS];
    private int deferredCount;
    private boolean booted;
    private int nextEdge;
    private long cycleNowNs;
    /**
     * What the nodes' clock reads while it does not read the run clock: a boot's planned instant
     * while the node boots, an event's due time while it runs late before a fault edge; else
     * {@link #NOT_PINNED}.
     */
    private long pinnedNowNs = NOT_PINNED;
    /** Set while the events due before a fault edge run: see {@link #pinIfAsOfDue}. */
    private boolean asOfDue;

    /** The cycle gap a worker may leave by its own choice: its longest park and the kernel's timer slack. */
    private final long parkAllowanceNs;
    private long lastCycleNs;
    private boolean cycled;
    private long maxStallNs;

    private long timersFired;

    /**
     * @param timerLatenessNs where each fired timer's lateness behind its due time is recorded;
     *                        only this worker's thread writes it during the run.
     */
    Worker(final Cluster cluster, final int index, final int workerCount, final Histogram timerLatenessNs, final long parkAllowanceNs)
    {
        this.cluster = cluster;
        this.parkAllowanceNs = parkAllowanceNs;
        this.index = index;
        this.workerCount = workerCount;
        this.timerLatenessNs = timerLatenessNs;
        clusterSize = cluster.size;
        int count = 0;
        for (int id = 1; id <= clusterSize; id++)
        {
            count += owns(id) ? 1 : 0;
        }
        owned = new int[count];
        count = 0;
        for (int id = 1; id <= clusterSize; id++)
        {
            if (owns(id))
            {
                owned[count++] = id;
            }
        }
        feed = cluster.monitor.newFeed(cluster);
        nodes = new NodeLifecycle(clusterSize, this::owns);
        nodes.reset(cluster.scenario, host, claim, feed, true, cluster.firstSenders);
    }

    /** @return the worker thread's name: the agent runner renames its thread to this. */
    @Override
    public String roleName()
    {
        return RealtimeRuntime.THREAD_NAME_PREFIX + index;
    }

    @Override
    public void onStart()
    {
        cluster.workerReady();
    }

    @Override
    public int doWork()
    {
        if (!booted)
        {
            if (!cluster.started())
            {
                return 0;
            }
            booted = true;
            for (final int id : owned)
            {
                boot(id, cluster.plan.start(), 0);
            }
            return owned.length;
        }
        final long nowNs = cluster.nowNs();
        if (cycled && nowNs - lastCycleNs - parkAllowanceNs > maxStallNs)
        {
            // Start to start: a long cycle delays what waits for the next one as much as a descheduled thread.
            maxStallNs = nowNs - lastCycleNs - parkAllowanceNs;
        }
        lastCycleNs = nowNs;
        cycled = true;
        int work = applyFaults(nowNs);
        // Timers due now wait until the inboxes are read: see the class comment.
        work += runDue(nowNs, true);
        cycleNowNs = nowNs;
        // Again while messages keep coming, so that an answer sent by a node drained after its asker
        // still reaches the asker before the asker's timeouts run (a few rounds, so timers never starve).
        int rounds = 0;
        int drained;
        do
        {
            drained = cluster.wire.pollLane(index, owned, this, READ_LIMIT);
            work += drained;
        }
        while (drained > 0 && ++rounds < MAX_DRAIN_ROUNDS);
        work += fireDeferred();
        work += runDue(nowNs, false);
        progressNs.setRelease(nowNs);
        return work;
    }

    /**
     * @return the run-clock instant up to which this worker has applied every fault and run every
     * timer and message due, or -1 before its nodes booted.
     */
    long progressNs()
    {
        return progressNs.get();
    }

    @Override
    public long clockNs()
    {
        return cluster.nowNs();
    }

    /** @return the run-clock instant the earliest held event (timer or message) is due, or {@link Long#MAX_VALUE}. */
    @Override
    public long nextDueNs()
    {
        return queue.isEmpty() ? Long.MAX_VALUE : queue.peekDueNs();
    }

    /** A message off the wire: deliver it now, or hold it in the delay queue until it is due. */
    @Override
    public void onMessage(
        final int toId, final int fromId, final long dueNs, final DirectBuffer buffer, final int offset, final int messageLength)
    {
        if (!nodes.live(toId))
        {
            nodes.drop();
            return;
        }
        long holdUntilNs = dueNs;
        if (nodes.pausedUntilNs(toId) - holdUntilNs > 0)
        {
            holdUntilNs = nodes.pausedUntilNs(toId);
        }
        if (holdUntilNs - cycleNowNs > 0)
        {
            queue.push(queue.allocateMessage(toId, fromId, buffer, offset, messageLength), holdUntilNs);
        }
        else
        {
            deliver(toId, fromId, buffer, offset, messageLength);
        }
    }

    long sent()
    {
        return nodes.sent();
    }

    long delivered()
    {
        return nodes.delivered();
    }

    long dropped()
    {
        return nodes.dropped();
    }

    long timersFired()
    {
        return timersFired;
    }

    /** @return the longest this worker went from one duty cycle to the next beyond the park it may choose. */
    long maxStallNs()
    {
        return maxStallNs;
    }

    /** @return messages still held in this worker's delay queue (call once its thread has stopped). */
    int heldMessages()
    {
        return queue.messages();
    }

    private boolean owns(final int id)
    {
        return (id - 1) % workerCount == index;
    }

    private int applyFaults(final long nowNs)
    {
        final FaultEdges edges = cluster.edges;
        int applied = 0;
        while (nextEdge < edges.size() && edges.timeNs(nextEdge) - nowNs <= 0)
        {
            final int faultIndex = edges.fault(nextEdge);
            final boolean end = edges.end(nextEdge);
            final long edgeNs = edges.timeNs(nextEdge);
            // What this worker holds that fell due before the edge happens before it, as in the
            // simulator, and as of its due time: a leader's heartbeat due just before its crash
            // still goes out when the worker woke after both, and a belief announced then reaches
            // the monitor before the crash, not after it.
            asOfDue = true;
            try
            {
                applied += runDue(edgeNs - 1, false);
            }
            finally
            {
                asOfDue = false;
            }
            nextEdge++;
            applied++;
            final Fault fault = cluster.faults.get(faultIndex);
            final int id = fault.nodeId();
            switch (fault.kind())
            {
                case CRASH:
                    if (owns(id))
                    {
                        crash(id, edgeNs);
                    }
                    break;
                case RECOVER:
                    if (owns(id) && !nodes.live(id))
                    {
                        boot(id, Start.RECOVERED, edgeNs);
                    }
                    break;
                case PAUSE:
                    if (owns(id))
                    {
                        nodes.pause(id, fault.endNs());
                    }
                    break;
                default:
                    nodes.applyNetworkFault(faultIndex, fault, end);
                    break;
            }
        }
        return applied;
    }

    /**
     * Runs what is due by {@code nowNs} in due order.
     *
     * @param deferTimers hold the timers that would fire for {@link #fireDeferred()} instead.
     */
    private int runDue(final long nowNs, final boolean deferTimers)
    {
        int work = 0;
        while (!queue.isEmpty() && queue.peekDueNs() - nowNs <= 0)
        {
            final long dueNs = queue.peekDueNs();
            final int slot = queue.pop();
            final int toId = queue.nodeId[slot];
            if (DelayQueue.OUTGOING == queue.kind[slot])
            {
                if (!cluster.wire.offer(queue.fromId[slot], toId, 0, queue.slab, queue.messageOffset(slot), queue.length[slot]))
                {
                    nodes.drop();
                }
            }
            else if (DelayQueue.MESSAGE == queue.kind[slot])
            {
                if (!nodes.live(toId))
                {
                    nodes.drop();
                }
                else if (nodes.pausedUntilNs(toId) - nowNs > 0)
                {
                    queue.push(slot, nodes.pausedUntilNs(toId));
                    continue;
                }
                else
                {
                    pinIfAsOfDue(dueNs);
                    try
                    {
                        deliver(toId, queue.fromId[slot], queue.slab, queue.messageOffset(slot), queue.length[slot]);
                    }
                    finally
                    {
                        pinnedNowNs = NOT_PINNED;
                    }
                }
            }
            else
            {
                final int timerSlot = queue.timerSlot[slot];
                if (timers.isQueued(timerSlot, queue.timerGeneration[slot]))
                {
                    if (!current(toId, timerSlot))
                    {
                        timers.release(timerSlot);
                    }
                    else if (nodes.pausedUntilNs(toId) - nowNs > 0)
                    {
                        queue.push(slot, nodes.pausedUntilNs(toId));
                        continue;
                    }
                    else if (deferTimers)
                    {
                        defer(slot, dueNs);
                        continue;
                    }
                    else
                    {
                        pinIfAsOfDue(dueNs);
                        try
                        {
                            fire(timerSlot, dueNs);
                        }
                        finally
                        {
                            pinnedNowNs = NOT_PINNED;
                        }
                    }
                }
            }
            queue.free(slot);
            work++;
        }
        return work;
    }

    private void defer(final int event, final long dueNs)
    {
        if (deferredCount == deferredEvents.length)
        {
            deferredEvents = Arrays.copyOf(deferredEvents, 2 * deferredCount);
            deferredDueNs = Arrays.copyOf(deferredDueNs, 2 * deferredCount);
        }
        deferredEvents[deferredCount] = event;
        deferredDueNs[deferredCount] = dueNs;
        deferredCount++;
    }

    /** Fires, in due order, the timers held back while the inboxes were read, unless a message cancelled them. */
    private int fireDeferred()
    {
        final int count = deferredCount;
        for (int i = 0; i < count; i++)
        {
            final int event = deferredEvents[i];
            final int timerSlot = queue.timerSlot[event];
            if (timers.isQueued(timerSlot, queue.timerGeneration[event]))
            {
                final int toId = queue.nodeId[event];
                if (!current(toId, timerSlot))
                {
                    timers.release(timerSlot);
                }
                else
                {
                    fire(timerSlot, deferredDueNs[i]);
                }
            }
            queue.free(event);
        }
        deferredCount = 0;
        return count;
    }

    /** @return whether a timer belongs to its node's live incarnation (else the node crashed since it was set). */
    private boolean current(final int toId, final int timerSlot)
    {
        return nodes.live(toId) && timers.incarnation[timerSlot] == nodes.incarnation(toId);
    }

    private void deliver(final int toId, final int fromId, final DirectBuffer buffer, final int offset, final int length)
    {
        if (nodes.blocked(fromId, toId))
        {
            nodes.drop();
            return;
        }
        nodes.deliver(toId, fromId, buffer, offset, length);
    }

    private void fire(final int timerSlot, final long dueNs)
    {
        final int toId = timers.nodeId[timerSlot];
        final int kind = timers.kind[timerSlot];
        final long timerId = timers.timerId(timerSlot);
        // Released first: a cancel from inside the callback is a no-op, and the slot may be reused at once.
        timers.release(timerSlot);
        final long latenessNs = Math.max(0, cluster.nowNs() - dueNs);
        timerLatenessNs.recordValue(Math.min(latenessNs, timerLatenessNs.getHighestTrackableValue()));
        timersFired++;
        timers.firing(dueNs, kind);
        try
        {
            nodes.fire(toId, timerId, kind);
        }
        finally
        {
            timers.fired();
        }
    }

    /**
     * Brings a node up as if at the instant its boot was planned for (the run's start, or its
     * recovery's edge), however late this worker got to it: during {@code onStart} the node's
     * clock reads that instant, so the timers it arms and the messages it sends count from there,
     * as they do in the simulator, and a worker that woke late to the start adds no offset to
     * every heartbeat of the run.
     */
    private void boot(final int id, final Start start, final long plannedNs)
    {
        pinnedNowNs = Math.min(plannedNs, cluster.nowNs());
        try
        {
            // The monitor sees the start at its planned instant.
            nodes.boot(id, start, plannedNs);
        }
        finally
        {
            pinnedNowNs = NOT_PINNED;
        }
    }

    /** While events due before a fault edge run late, each sees the clock read its due time. */
    private void pinIfAsOfDue(final long dueNs)
    {
        if (asOfDue)
        {
            pinnedNowNs = dueNs;
        }
    }

    /**
     * @return the clock the nodes see: the run clock, but for a boot's planned instant while the
     * node boots, and an event's due time while it runs late before a fault edge.
     */
    private long nodeNowNs()
    {
        return NOT_PINNED == pinnedNowNs ? cluster.nowNs() : pinnedNowNs;
    }

    /**
     * @param plannedNs the crash's planned instant (a worker applies a fault edge a little after
     *                  it: the monitor must not see the cluster as it was before the crash at the
     *                  fault's own instant), or {@link WorkerFeed#NOW} for one that happens now.
     */
    private void crash(final int id, final long plannedNs)
    {
        if (nodes.crash(id, plannedNs))
        {
            timers.cancelAll(id);
        }
    }

    private void send(final HostedContext from, final int toId)
    {
        final int fromId = from.selfId();
        final int type = claim.type();
        final int length = claim.length();
        final long nowNs = nodeNowNs();
        final long arrivalNs = nodes.admit(fromId, toId, nowNs, type, length);
        if (arrivalNs >= 0)
        {
            // 0 means due at once, whatever the receiver's clock read at the start of its cycle.
            final long dueNs = arrivalNs == nowNs ? 0 : arrivalNs;
            if (0 != dueNs && !cluster.wireCarriesDueTime)
            {
                final int slot = queue.allocateMessage(toId, fromId, claim.buffer(), 0, length);
                queue.kind[slot] = DelayQueue.OUTGOING;
                queue.push(slot, dueNs);
            }
            else if (!cluster.wire.offer(fromId, toId, dueNs, claim.buffer(), 0, length))
            {
                // A full inbox loses the message, as a full socket buffer would.
                nodes.drop();
            }
        }
        if (nodes.crashTriggered(fromId, nowNs, type))
        {
            crash(fromId, WorkerFeed.NOW);
        }
    }

    /** The worker as the host of its nodes: the run's clock, its timer store and the run's wire. */
    private final class WorkerHost implements Host
    {
        @Override
        public long nowNs()
        {
            return nodeNowNs();
        }

        @Override
        public void emit(final HostedContext from, final int toId, final Claim message)
        {
            send(from, toId);
        }

        @Override
        public long schedule(final HostedContext node, final long delayNs, final int kind)
        {
            return timers.schedule(node.selfId(), node.incarnation(), kind, delayNs, nodeNowNs());
        }

        @Override
        public boolean cancel(final HostedContext node, final long timerId)
        {
            return timers.cancel(node.selfId(), timerId);
        }

        @Override
        public void announce(final HostedContext node, final Role role, final int leaderId, final long term)
        {
            feed.onAnnounce(node.selfId(), pinnedNowNs, role, leaderId, term);
        }
    }
}
