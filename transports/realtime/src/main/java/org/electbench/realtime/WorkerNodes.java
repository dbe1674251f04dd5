package org.electbench.realtime;

import org.HdrHistogram.Histogram;
import org.agrona.DirectBuffer;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.transport.Fault;
import org.electbench.transport.host.SendBuffer;
import org.electbench.transport.host.Host;
import org.electbench.transport.host.HostedContext;
import org.electbench.transport.host.NodeLifecycle;

/**
 * One worker's nodes as their host: the {@link NodeLifecycle} they live by, the clock they read
 * (the instant the worker's duty cycle started; pinned while a boot or a late event runs), the
 * worker's timer store and delay queue, the run's wire, and this worker's own {@link WorkerFeed}
 * to the monitor. It delivers, fires and sends; when is the {@link Worker}'s duty cycle's business.
 */
final class WorkerNodes implements Wire.Receiver
{
    /** Not pinned: the nodes read the cycle's instant, and the feed stamps a belief with the run clock ({@link WorkerFeed#NOW}). */
    private static final long NOT_PINNED = WorkerFeed.NOW;

    /** {@link #runMessage}, {@link #runTimer}: done with the event, its slot may be freed. */
    static final int DONE = 0;
    /** The event went back into the queue (its node is paused): keep its slot. */
    static final int HELD = 1;
    /** A timer to fire after the inboxes are read: keep its slot. */
    static final int DEFERRED = 2;

    private final Cluster cluster;
    private final NodeLifecycle nodes;
    private final WorkerFeed feed;
    private final DelayQueue queue;
    private final Timers timers;
    private final SendBuffer claim = new SendBuffer();
    private final Host host = new WorkerHost();
    private final Histogram timerLatenessNs;

    /**
     * The instant the current duty cycle started at: what the nodes read as now during the cycle
     * (see {@link Worker}), and a message due by then is delivered at once.
     */
    private long cycleNowNs;
    /**
     * What the nodes' clock reads while it does not read the cycle's instant: a boot's planned instant
     * while the node boots, an event's due time while it runs late before a fault edge; else
     * {@link #NOT_PINNED}.
     */
    private long pinnedNowNs = NOT_PINNED;
    /** Set while the events due before a fault edge run: see {@link #pinIfAsOfDue}. */
    private boolean asOfDue;
    private long timersFired;
    /** The latest a message reached its node behind its due instant (on a wire that carries due times). */
    private long maxMessageLatenessNs;
    /** The latest this worker offered a held send behind its due instant (on a wire that does not). */
    private long maxOfferLatenessNs;
    /** Messages due at once on a wire that carries due times: their lateness is not known. */
    private long unstampedMessages;

    WorkerNodes(
        final Cluster cluster, final NodeLifecycle nodes, final DelayQueue queue, final Timers timers, final Histogram timerLatenessNs)
    {
        this.cluster = cluster;
        this.nodes = nodes;
        this.queue = queue;
        this.timers = timers;
        this.timerLatenessNs = timerLatenessNs;
        feed = cluster.monitor.newFeed(cluster);
        nodes.reset(cluster.scenario, host, claim, feed, true, cluster.firstSenders);
    }

    void startCycle(final long nowNs)
    {
        cycleNowNs = nowNs;
    }

    /** While set, each event run sees the clock read its due time (those due before a fault edge, run late). */
    void asOfDue(final boolean set)
    {
        asOfDue = set;
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

    long maxMessageLatenessNs()
    {
        return maxMessageLatenessNs;
    }

    long maxOfferLatenessNs()
    {
        return maxOfferLatenessNs;
    }

    long unstampedMessages()
    {
        return unstampedMessages;
    }

    /** Applies a fault edge: to the nodes this worker owns, and to its send edge for a network fault. */
    void applyFault(final int faultIndex, final Fault fault, final boolean end, final long edgeNs)
    {
        final int id = fault.nodeId();
        switch (fault.kind())
        {
            case CRASH:
                if (nodes.owns(id))
                {
                    crash(id, edgeNs);
                }
                break;
            case RECOVER:
                if (nodes.owns(id) && !nodes.live(id))
                {
                    boot(id, Start.RECOVERED, edgeNs);
                }
                break;
            case PAUSE:
                if (nodes.owns(id))
                {
                    nodes.pause(id, fault.endNs());
                }
                break;
            default:
                nodes.applyNetworkFault(faultIndex, fault, end);
                break;
        }
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
            if (0 != dueNs)
            {
                noteLateness(dueNs);
            }
            else if (cluster.wireCarriesDueTime)
            {
                unstampedMessages++;
            }
            deliver(toId, fromId, buffer, offset, messageLength);
        }
    }

    /** A delayed send now due goes on the wire; its lateness is read once the wire took it, back pressure included. */
    void offerOutgoing(final int slot, final long dueNs)
    {
        final boolean offered = cluster.wire.offer(queue.fromId[slot], queue.nodeId[slot], 0, queue.slab, queue.messageOffset(slot), queue.length[slot]);
        maxOfferLatenessNs = Math.max(maxOfferLatenessNs, cluster.nowNs() - dueNs);
        if (!offered)
        {
            nodes.drop();
        }
    }

    /** A held message now due: delivered, dropped, or held again for a paused receiver. */
    int runMessage(final int slot, final long dueNs, final long nowNs)
    {
        final int toId = queue.nodeId[slot];
        if (!nodes.live(toId))
        {
            nodes.drop();
            return DONE;
        }
        if (nodes.pausedUntilNs(toId) - nowNs > 0)
        {
            queue.push(slot, nodes.pausedUntilNs(toId));
            return HELD;
        }
        noteLateness(dueNs);
        pinIfAsOfDue(dueNs);
        try
        {
            deliver(toId, queue.fromId[slot], queue.slab, queue.messageOffset(slot), queue.length[slot]);
        }
        finally
        {
            pinnedNowNs = NOT_PINNED;
        }
        return DONE;
    }

    /**
     * A timer event now due: fired, released (cancelled, or its node crashed since), held again
     * for a paused node, or set aside.
     *
     * @param defer set the timer aside ({@link #DEFERRED}) rather than fire it.
     */
    int runTimer(final int slot, final long dueNs, final long nowNs, final boolean defer)
    {
        final int timerSlot = queue.timerSlot[slot];
        if (!timers.isQueued(timerSlot, queue.timerGeneration[slot]))
        {
            return DONE;
        }
        final int toId = queue.nodeId[slot];
        if (!current(toId, timerSlot))
        {
            timers.release(timerSlot);
            return DONE;
        }
        if (nodes.pausedUntilNs(toId) - nowNs > 0)
        {
            queue.push(slot, nodes.pausedUntilNs(toId));
            return HELD;
        }
        if (defer)
        {
            return DEFERRED;
        }
        pinIfAsOfDue(dueNs);
        try
        {
            fire(timerSlot, dueNs);
        }
        finally
        {
            pinnedNowNs = NOT_PINNED;
        }
        return DONE;
    }

    /** A timer set aside while the inboxes were read: fired now, unless a message cancelled it. */
    void fireDeferred(final int slot, final long dueNs)
    {
        final int timerSlot = queue.timerSlot[slot];
        if (timers.isQueued(timerSlot, queue.timerGeneration[slot]))
        {
            if (!current(queue.nodeId[slot], timerSlot))
            {
                timers.release(timerSlot);
            }
            else
            {
                fire(timerSlot, dueNs);
            }
        }
    }

    /**
     * Brings a node up as if at the instant its boot was planned for (the run's start, or its
     * recovery's edge), however late this worker got to it: during {@code onStart} the node's
     * clock reads that instant, so the timers it arms and the messages it sends count from there,
     * as they do in the simulator, and a worker that woke late to the start adds no offset to
     * every heartbeat of the run. The monitor sees the start at its planned instant.
     */
    void boot(final int id, final Start start, final long plannedNs)
    {
        pinnedNowNs = Math.min(plannedNs, cluster.nowNs());
        try
        {
            nodes.boot(id, start, plannedNs);
        }
        finally
        {
            pinnedNowNs = NOT_PINNED;
        }
    }

    /** A message due at {@code dueNs} (or released then by its receiver's pause) is delivered now. */
    private void noteLateness(final long dueNs)
    {
        maxMessageLatenessNs = Math.max(maxMessageLatenessNs, cluster.nowNs() - dueNs);
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

    /** While events due before a fault edge run late, each sees the clock read its due time. */
    private void pinIfAsOfDue(final long dueNs)
    {
        if (asOfDue)
        {
            pinnedNowNs = dueNs;
        }
    }

    /**
     * @return the clock the nodes see: the instant the duty cycle started, but for a boot's planned
     * instant while the node boots, and an event's due time while it runs late before a fault edge.
     */
    private long nodeNowNs()
    {
        return NOT_PINNED == pinnedNowNs ? cycleNowNs : pinnedNowNs;
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
        public void emit(final HostedContext from, final int toId, final SendBuffer message)
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
