package org.electbench.realtime;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.Histogram;
import org.agrona.concurrent.Agent;
import org.electbench.transport.host.FaultEdges;
import org.electbench.transport.host.NodeLifecycle;

/**
 * One worker thread's agent: it owns a fixed set of nodes (ids congruent to its index modulo
 * the worker count), and every call into those nodes happens here, one at a time. A duty cycle
 * reads the clock once, and that instant is what every node reads as now for whatever it does in
 * the cycle. The nodes a worker hosts stand for separate hosts: node B's timeouts must not count
 * the time the worker spent on node A, which on B's own host would have run beside it. So the 16
 * detection timeouts that fall due together at n = 17, run one after another, each count their
 * next timeout from the instant they fell due, as in the simulator, and not from the end of the
 * others' sends. What the worker's serial work costs still shows where it is real: in each timer's
 * lateness (the run clock when it fired, against its due time), in the gap to the next cycle
 * (the worker's stall), and in the monitor's stamp of each belief, taken from the run clock when
 * the node announced it. This is the cached clock of Aeron's agents, which read the clock once per
 * duty cycle (its {@code CachedNanoClock}).
 * <p>
 * The cycle applies the fault edges that are due (each after what it holds that fell
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
 * due by then has run, which is what the run's end check needs to know.
 * <p>
 * This class is the duty cycle alone: what runs when. Running it is {@link WorkerNodes}' (the
 * nodes' host: delivery, timers firing, sends), over the {@link NodeLifecycle} every runtime
 * shares; what the monitor needs goes to this worker's own {@link WorkerFeed}, merged at the progress mark.
 */
final class Worker implements Agent, DeadlineIdleStrategy.Deadlines
{
    private static final int READ_LIMIT = 256;
    private static final int MAX_DRAIN_ROUNDS = 4;
    private static final int INITIAL_EVENTS = 256;
    private static final int INITIAL_TIMERS = 64;

    private final Cluster cluster;
    private final int index;
    private final int workerCount;
    private final int[] owned;
    private final DelayQueue queue = new DelayQueue(INITIAL_EVENTS);
    private final Timers timers = new Timers(queue, INITIAL_TIMERS);
    private final WorkerNodes hosted;
    private final AtomicLong progressNs = new AtomicLong(-1);

    /** The timer events set aside in this cycle, and their due times, to fire once the inboxes are read. */
    private int[] deferredEvents = new int[INITIAL_TIMERS];
    private long[] deferredDueNs = new long[INITIAL_TIMERS];
    private int deferredCount;
    private boolean booted;
    private int nextEdge;

    /** The cycle gap a worker may leave by its own choice: its longest park and the kernel's timer slack. */
    private final long parkAllowanceNs;
    private long lastCycleNs;
    private boolean cycled;
    private long maxStallNs;

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
        final int clusterSize = cluster.size;
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
        hosted = new WorkerNodes(cluster, new NodeLifecycle(clusterSize, this::owns), queue, timers, timerLatenessNs);
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
        // Its parks end when due, not up to 50 us later: each is a wait on some message or timer (TimerSlack).
        TimerSlack.setForThisThread(TimerSlack.TIGHT_NS);
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
                hosted.boot(id, cluster.plan.start(), 0);
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
        hosted.startCycle(nowNs);
        int work = applyFaults(nowNs);
        // Timers due now wait until the inboxes are read: see the class comment.
        work += runDue(nowNs, true);
        // Again while messages keep coming, so that an answer sent by a node drained after its asker
        // still reaches the asker before the asker's timeouts run (a few rounds, so timers never starve).
        int rounds = 0;
        int drained;
        do
        {
            drained = cluster.wire.pollLane(index, owned, hosted, READ_LIMIT);
            work += drained;
        }
        while (drained > 0 && ++rounds < MAX_DRAIN_ROUNDS);
        work += fireDeferred();
        work += runDue(nowNs, false);
        work += cluster.wire.endCycle(index, owned);
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

    long sent()
    {
        return hosted.sent();
    }

    long delivered()
    {
        return hosted.delivered();
    }

    long dropped()
    {
        return hosted.dropped();
    }

    long timersFired()
    {
        return hosted.timersFired();
    }

    long maxMessageLatenessNs()
    {
        return hosted.maxMessageLatenessNs();
    }

    long maxOfferLatenessNs()
    {
        return hosted.maxOfferLatenessNs();
    }

    long unstampedMessages()
    {
        return hosted.unstampedMessages();
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
            final long edgeNs = edges.timeNs(nextEdge);
            // What this worker holds that fell due before the edge happens before it, as in the
            // simulator, and as of its due time: a leader's heartbeat due just before its crash
            // still goes out when the worker woke after both, and a belief announced then reaches
            // the monitor before the crash, not after it.
            hosted.asOfDue(true);
            try
            {
                applied += runDue(edgeNs - 1, false);
            }
            finally
            {
                hosted.asOfDue(false);
            }
            final int faultIndex = edges.fault(nextEdge);
            hosted.applyFault(faultIndex, cluster.faults.get(faultIndex), edges.end(nextEdge), edgeNs);
            nextEdge++;
            applied++;
        }
        return applied;
    }

    /**
     * Runs what is due by {@code nowNs} in due order, of what was held when it began: a timer a
     * callback arms for 0 ns from the cycle's instant is due by then too, and waits for the next
     * cycle rather than fire again and again in this one.
     *
     * @param deferTimers hold the timers that would fire for {@link #fireDeferred()} instead.
     */
    private int runDue(final long nowNs, final boolean deferTimers)
    {
        final long heldBefore = queue.nextSequence();
        int work = 0;
        while (!queue.isEmpty() && queue.peekDueNs() - nowNs <= 0 && queue.peekSequence() < heldBefore)
        {
            final long dueNs = queue.peekDueNs();
            final int slot = queue.pop();
            final int outcome;
            if (DelayQueue.OUTGOING == queue.kind[slot])
            {
                hosted.offerOutgoing(slot, dueNs);
                outcome = WorkerNodes.DONE;
            }
            else if (DelayQueue.MESSAGE == queue.kind[slot])
            {
                outcome = hosted.runMessage(slot, dueNs, nowNs);
            }
            else
            {
                outcome = hosted.runTimer(slot, dueNs, nowNs, deferTimers);
            }
            if (WorkerNodes.DEFERRED == outcome)
            {
                defer(slot, dueNs);
            }
            if (WorkerNodes.DONE == outcome)
            {
                queue.free(slot);
                work++;
            }
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
            hosted.fireDeferred(deferredEvents[i], deferredDueNs[i]);
            queue.free(deferredEvents[i]);
        }
        deferredCount = 0;
        return count;
    }
}
