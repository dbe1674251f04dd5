package org.electbench.sim;

import java.util.List;
import java.util.function.IntPredicate;

import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.transport.BudgetExceededException;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.ConvergenceMonitor;
import org.electbench.transport.CrashTriggers;
import org.electbench.transport.Durations;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.Fault;
import org.electbench.transport.RunPlan;
import org.electbench.transport.Scenario;
import org.electbench.transport.TraceRecorder;
import org.electbench.transport.host.SendBuffer;
import org.electbench.transport.host.FaultEdges;
import org.electbench.transport.host.Host;
import org.electbench.transport.host.HostedContext;
import org.electbench.transport.host.NodeLifecycle;
import org.electbench.transport.host.SendEdge;

/**
 * The deterministic discrete-event runtime: one thread, a virtual clock, an event queue ordered
 * by (time, sequence), a seeded network. The same scenario and seed give the same result, bit
 * for bit. Events and message buffers are pooled and reused across runs, so a steady-state run
 * allocates nothing per event.
 * <p>
 * Messages are checked against partitions and cuts both when sent and when they arrive; a
 * message to a crashed node is sent (and counted) but never delivered; a paused node's events
 * wait, in order, until it resumes.
 * <p>
 * Two things keep the events per simulated second down without changing any result. A timer
 * cancelled and set again later (a follower's detection timer, re-armed by every heartbeat) does
 * not touch the queue: the cancelled event's slot is revived with the new deadline and, when the
 * old event comes up, goes back in at the deadline with the sequence it took when set, so it fires
 * exactly where a fresh event would have. And with a constant delay, a broadcast whose copies all
 * arrive at the same instant is one event delivering to each receiver in turn, in the order its
 * copies would have come up.
 * <p>
 * A run ends the moment agreement has held for the settle window after the last fault: checked
 * after every event, and before each event for a window that ran out in the gap before it, so
 * where a run ends never depends on which bookkeeping events happen to fall in that gap.
 * <p>
 * It ends at that same instant, without playing the rest of the window, once the window's outcome
 * is decided ({@link RunShortcuts#decidedAtRest}): after the last fault, every live node names the agreed
 * leader in its term, is at rest ({@link ElectionNode#restSilenceNs()}) and is not paused, and
 * every follower has heard a heartbeat sent after the last fault; no network fault is in force (a
 * cut with no end outlasts the last fault's edge); no election or announcement message is in
 * flight, no heartbeat but the leader's and no acknowledgement from a crashed node; nothing is
 * lost; every node keeps its durable state; a majority is live where the leader needs answers;
 * and no silence any node acts on opens before the window ends: none can with a bounded delay,
 * the chance of one is at most {@value RunShortcuts#REST_RISK} per run, or, on a FIFO network
 * where the leader acts on no silence, a replay of the window's heartbeats, their delays drawn as
 * the leader's sends would draw them, finds none. The window's heartbeats then
 * change no belief, so every figure is what the whole window gives; only the events counted
 * differ. A settled run of an algorithm whose rest repeats each heartbeat, with no pause planned,
 * starts at a later heartbeat before its first fault instead of time 0, on a random delay with the
 * rounds before it replayed ({@link RunShortcuts#settledStartNs}); the monitor hears its nodes'
 * beliefs from 0, as in the run from 0.
 * A traced run does neither ({@link #playWholeRuns}): its trace shows every event from time 0 to
 * the window's end.
 */
public final class SimRuntime implements ClusterRuntime
{
    private static final int INITIAL_EVENTS = 1024;
    private static final IntPredicate ALL_NODES = id -> true;

    private final EventQueue queue = new EventQueue(INITIAL_EVENTS);
    private final SendBuffer claim = new SendBuffer();
    private final Host host = new SimHost();
    private final FaultEdges edges = new FaultEdges();
    private final RunShortcuts shortcuts = new RunShortcuts(queue);
    /** One thread runs every node: the crash triggers' shared first senders need no copy per run. */
    private final CrashTriggers.FirstSenders firstSenders = new CrashTriggers.FirstSenders();
    private TraceRecorder trace;
    private boolean keepsDurableState = true;
    private boolean playsWholeRuns;

    private ElectionAlgorithm algorithm;
    private RunPlan plan;
    private List<Fault> faults;
    private ConvergenceMonitor monitor;
    private String monitorAlgorithm;
    private int clusterSize;
    /**
     * The nodes' lives. Its timer mark is a node's last cancelled timer's slot while still
     * queued, for a re-arm to revive ({@link NodeLifecycle#NO_TIMER_MARK} for none).
     */
    private NodeLifecycle nodes;
    /** Set when agreement settled part-way through a broadcast, whose remaining copies are then never delivered. */
    private boolean settledInBroadcast;
    private long lastFaultNs;

    private long nowNs;
    private long startNs;
    /** Set while a run's nodes start: the monitor hears their beliefs at 0, whenever the run starts. */
    private boolean bootedAtZero;
    private long events;


    @Override
    public String name()
    {
        return "sim";
    }

    /**
     * @param trace sees every send of later runs; null for none.
     * @return this.
     */
    public SimRuntime traceSends(final SendTrace trace)
    {
        return trace(trace);
    }

    /**
     * @param recorder sees every send, delivery, drop, timer, fault and belief change of later runs; null for none.
     * @return this.
     */
    public SimRuntime trace(final TraceRecorder recorder)
    {
        this.trace = recorder;
        return this;
    }

    /**
     * Later runs keep no durable state: {@link org.electbench.spi.NodeContext#durableState()} is
     * null, and every restart is as if the node's disk were wiped (to show what an algorithm that
     * needs stable storage does without it).
     *
     * @return this.
     */
    public SimRuntime withoutDurableState()
    {
        keepsDurableState = false;
        return this;
    }

    /**
     * Later runs play every event from time 0 to their settle window's end, as a traced run does:
     * neither a settled start at a later heartbeat nor an end at rest. For a measurement of the
     * events themselves (the message path in steady state), not of elections.
     *
     * @return this.
     */
    public SimRuntime playWholeRuns()
    {
        playsWholeRuns = true;
        return this;
    }

    /** @return when the last run started: 0, or for a settled run a later heartbeat instant ({@link RunShortcuts#settledStartNs}). */
    public long startNs()
    {
        return startNs;
    }

    /** @return messages of the last run lost to loss, partitions, cuts or crashed receivers. */
    public long droppedMessages()
    {
        return null == nodes ? 0 : nodes.dropped();
    }

    @Override
    public ElectionResult run(final Scenario scenario)
    {
        setUp(scenario);
        final long budgetEndNs = plan.budgetEndNs();
        lastFaultNs = plan.lastFaultNs();
        settledInBroadcast = false;
        final long eventBudget = SimBudget.eventBudget(scenario);
        boolean settled = false;
        while (!queue.isEmpty())
        {
            if (events >= eventBudget)
            {
                throw new BudgetExceededException(scenario + ": the run passed its event budget of " + eventBudget +
                    " events at " + Durations.describe(nowNs) + " of virtual time");
            }
            if (queue.peekTimeNs() - budgetEndNs > 0)
            {
                nowNs = budgetEndNs;
                break;
            }
            if (monitor.agreed() && queue.peekTimeNs() - lastFaultNs > 0 &&
                queue.peekTimeNs() - monitor.lastChangeNs() >= plan.settleWindowNs())
            {
                // The settle window ran out before this event: the run ended then, whatever comes next.
                nowNs = Math.max(monitor.lastChangeNs() + plan.settleWindowNs(), lastFaultNs);
                settled = true;
                break;
            }
            nowNs = queue.peekTimeNs();
            final int slot = queue.pop();
            dispatch(slot);
            events++;
            if (settledInBroadcast || monitor.settled(nowNs, lastFaultNs))
            {
                settled = true;
                break;
            }
            if (shortcuts.due(events, nowNs, lastFaultNs, monitor))
            {
                final long windowEndNs = monitor.lastChangeNs() + plan.settleWindowNs();
                if (windowEndNs - budgetEndNs <= 0 && shortcuts.decidedAtRest(nodes, monitor, nowNs, windowEndNs, lastFaultNs))
                {
                    nowNs = Math.max(windowEndNs, lastFaultNs);
                    settled = true;
                    break;
                }
                shortcuts.checked(events);
            }
        }
        if (!settled && queue.isEmpty())
        {
            // Nothing can change any more: the run ends where its belief last changed plus the settle window.
            nowNs = Math.max(nowNs, Math.max(lastFaultNs, monitor.lastChangeNs() + plan.settleWindowNs()));
        }
        final ElectionResult result = monitor.finish(nowNs, events);
        nodes.release();
        return result;
    }

    private void setUp(final Scenario scenario)
    {
        algorithm = scenario.algorithm();
        plan = scenario.plan();
        faults = plan.faults().faults();
        final int n = scenario.nodes();
        if (null == monitor || monitor.nodes() != n || !algorithm.name().equals(monitorAlgorithm))
        {
            monitor = new ConvergenceMonitor(algorithm, n);
            monitorAlgorithm = algorithm.name();
            shortcuts.algorithm(algorithm);
        }
        monitor.reset(plan);
        queue.clear();
        if (clusterSize != n || null == nodes)
        {
            clusterSize = n;
            nodes = new NodeLifecycle(n, ALL_NODES).keepNodes();
        }
        // A node without durable state may come back below a term its earlier life answered with. A traced
        // run plays from time 0 to the window's end, so its trace shows every heartbeat of it.
        shortcuts.reset(scenario, n, keepsDurableState && null == trace && !playsWholeRuns);
        firstSenders.reset();
        nodes.reset(scenario, plan, host, claim, monitor, keepsDurableState, firstSenders);
        nowNs = 0;
        events = 0;

        edges.load(faults);
        for (int i = 0; i < edges.size(); i++)
        {
            scheduleFault(edges.fault(i), edges.timeNs(i), edges.end(i));
        }

        nowNs = shortcuts.settledStartNs(scenario, plan, nodes);
        startNs = nowNs;
        // A run started at a later heartbeat tells the monitor its nodes started, and named their leader, at 0:
        // before the first fault nothing changes, so in the run from 0 every belief it holds then dates from 0
        // (the run's end, a stable leader's office). The nodes themselves start at startNs.
        bootedAtZero = true;
        for (int id = 1; id <= n; id++)
        {
            nodes.boot(id, plan.start(), 0);
        }
        bootedAtZero = false;
    }

    private void scheduleFault(final int index, final long atNs, final boolean end)
    {
        final int slot = queue.allocate();
        queue.setFault(slot, index, end);
        queue.push(slot, atNs);
    }

    private void dispatch(final int slot)
    {
        final int id = queue.nodeId(slot);
        switch (queue.type(slot))
        {
            case EventQueue.MESSAGE:
            {
                final int from = queue.fromId(slot);
                if (!nodes.receives(from, id))
                {
                    nodes.drop();
                    if (null != trace)
                    {
                        trace.onDrop(nowNs, timerId(slot), from, id, messageType(slot),
                            nodes.live(id) ? TraceRecorder.DropReason.BLOCKED : TraceRecorder.DropReason.RECEIVER_DOWN);
                    }
                }
                else if (nodes.pausedUntilNs(id) - nowNs > 0)
                {
                    queue.push(slot, nodes.pausedUntilNs(id));
                    return;
                }
                else
                {
                    if (null != trace)
                    {
                        trace.onDeliver(nowNs, timerId(slot), from, id, messageType(slot));
                    }
                    shortcuts.heard(slot, from, id, nowNs, lastFaultNs);
                    nodes.deliver(id, from, queue.messageBuffer(slot), queue.messageOffset(slot), queue.length(slot));
                }
                shortcuts.handled(slot);
                break;
            }
            case EventQueue.BROADCAST:
                deliverBroadcast(slot);
                shortcuts.handled(slot);
                break;
            case EventQueue.TIMER:
                if (nodes.live(id) && queue.incarnation(slot) == nodes.incarnation(id))
                {
                    if (queue.isDeferred(slot))
                    {
                        // Re-armed while queued: now it goes in at its deadline.
                        queue.pushDeferred(slot);
                        return;
                    }
                    if (nodes.pausedUntilNs(id) - nowNs > 0)
                    {
                        queue.push(slot, nodes.pausedUntilNs(id));
                        return;
                    }
                    final long timerId = timerId(slot);
                    // Mark it spent first so a cancel from inside the callback is a no-op.
                    queue.cancel(slot);
                    if (null != trace)
                    {
                        trace.onTimer(nowNs, id, queue.kind(slot));
                    }
                    nodes.fire(id, timerId, queue.kind(slot));
                }
                break;
            case EventQueue.FAULT:
                applyFault(id, queue.kind(slot) == 1);
                break;
            case EventQueue.CANCELLED:
                if (nodes.timerMark(id) == slot)
                {
                    nodes.timerMark(id, NodeLifecycle.NO_TIMER_MARK);
                }
                break;
            default:
                break;
        }
        queue.free(slot);
    }

    /**
     * Each receiver in turn, as its own copy would have been delivered: a crashed or cut-off one
     * loses it, a paused one gets its own copy at its resume. The run may settle part-way, as it
     * could have between two copies; the rest are then never delivered.
     */
    private void deliverBroadcast(final int slot)
    {
        final int from = queue.fromId(slot);
        int receivers = queue.receivers(slot);
        while (0 != receivers)
        {
            final int to = Integer.numberOfTrailingZeros(receivers) + 1;
            receivers &= receivers - 1;
            if (!nodes.receives(from, to))
            {
                nodes.drop();
            }
            else if (nodes.pausedUntilNs(to) - nowNs > 0)
            {
                final int copy = queue.allocate();
                queue.copyMessage(copy, slot, to);
                queue.push(copy, nodes.pausedUntilNs(to));
                shortcuts.copied(copy, slot);
            }
            else
            {
                shortcuts.heard(slot, from, to, nowNs, lastFaultNs);
                nodes.deliver(to, from, queue.messageBuffer(slot), queue.messageOffset(slot), queue.length(slot));
            }
            if (0 != receivers)
            {
                events++;
                if (monitor.settled(nowNs, lastFaultNs))
                {
                    settledInBroadcast = true;
                    return;
                }
            }
        }
    }

    private void applyFault(final int index, final boolean end)
    {
        final Fault fault = faults.get(index);
        if (null != trace)
        {
            trace.onFault(nowNs, fault.kind(), fault.nodeId(), end);
        }
        switch (fault.kind())
        {
            case CRASH:
                nodes.crash(fault.nodeId(), nowNs);
                break;
            case RECOVER:
                if (!nodes.live(fault.nodeId()))
                {
                    nodes.boot(fault.nodeId(), Start.RECOVERED, nowNs);
                }
                break;
            case PAUSE:
                nodes.pause(fault.nodeId(), nowNs + fault.durationNs());
                break;
            case PARTITION:
            case CUT:
            case LOSS:
            case EXTRA_DELAY:
                nodes.applyNetworkFault(index, fault, end);
                break;
            default:
                break;
        }
    }

    private long timerId(final int slot)
    {
        return ((long)queue.generation(slot) << 32) | slot;
    }

    private int messageType(final int slot)
    {
        return MessageHeader.type(queue.messageBuffer(slot), queue.messageOffset(slot));
    }

    private void send(final HostedContext from, final int to)
    {
        final int fromId = from.selfId();
        final int type = claim.type();
        final long arrivalNs = admit(fromId, to, type);
        if (arrivalNs >= 0)
        {
            final int slot = queue.allocate();
            queue.setMessage(slot, to, fromId, claim.bytes(), claim.length());
            if (null != trace)
            {
                trace.onSend(nowNs, timerId(slot), fromId, to, type, claim.length());
            }
            queue.push(slot, arrivalNs);
            shortcuts.sent(slot, nowNs, type);
        }
        else if (null != trace)
        {
            trace.onSend(nowNs, TraceRecorder.NOT_QUEUED, fromId, to, type, claim.length());
            trace.onDrop(nowNs, TraceRecorder.NOT_QUEUED, fromId, to, type,
                SendEdge.LOST == arrivalNs ? TraceRecorder.DropReason.LOSS : TraceRecorder.DropReason.BLOCKED);
        }
        if (nodes.crashTriggered(fromId, nowNs, type))
        {
            if (null != trace)
            {
                trace.onFault(nowNs, Fault.Kind.CRASH_AFTER_SEND, fromId, false);
            }
            nodes.crash(fromId, nowNs);
        }
    }

    /**
     * A broadcast with a constant delay: every copy that is not lost arrives at the same instant,
     * so they travel as one event (a cluster of at most {@link EventQueue#MAX_BROADCAST_ID} nodes).
     * Each copy is counted, lost and can trigger a crash just as a send of its own. A traced run
     * sends each copy on its own, so every message has its own event id in the trace.
     */
    private void broadcast(final HostedContext from)
    {
        final int fromId = from.selfId();
        if (!nodes.constantDelay() || clusterSize > EventQueue.MAX_BROADCAST_ID || null != trace)
        {
            for (int to = 1; to <= clusterSize && from.active(); to++)
            {
                if (to != fromId)
                {
                    send(from, to);
                }
            }
            return;
        }
        final int type = claim.type();
        int receivers = 0;
        long arrivalNs = -1;
        for (int to = 1; to <= clusterSize && from.active(); to++)
        {
            if (to == fromId)
            {
                continue;
            }
            final long copyArrivalNs = admit(fromId, to, type);
            if (copyArrivalNs >= 0)
            {
                receivers |= 1 << (to - 1);
                arrivalNs = copyArrivalNs;
            }
            if (nodes.crashTriggered(fromId, nowNs, type))
            {
                nodes.crash(fromId, nowNs);
            }
        }
        if (0 != receivers)
        {
            final int slot = queue.allocate();
            if (0 == (receivers & (receivers - 1)))
            {
                queue.setMessage(slot, Integer.numberOfTrailingZeros(receivers) + 1, fromId, claim.bytes(), claim.length());
            }
            else
            {
                queue.setBroadcast(slot, receivers, fromId, claim.bytes(), claim.length());
            }
            queue.push(slot, arrivalNs);
            shortcuts.sent(slot, nowNs, type);
        }
    }

    /** Count one copy of the claimed message and draw its fate: {@link NodeLifecycle#admit}. */
    private long admit(final int fromId, final int to, final int type)
    {
        return nodes.admit(fromId, to, nowNs, type, claim.length());
    }

    /** The simulator as the host of its nodes: its virtual clock, its event queue for timers and messages. */
    private final class SimHost implements Host
    {
        @Override
        public long nowNs()
        {
            return nowNs;
        }

        @Override
        public void emit(final HostedContext from, final int toId, final SendBuffer message)
        {
            send(from, toId);
        }

        @Override
        public void emitToAll(final HostedContext from, final SendBuffer message)
        {
            broadcast(from);
        }

        @Override
        public long schedule(final HostedContext node, final long delayNs, final int kind)
        {
            final int selfId = node.selfId();
            final long deadlineNs = nowNs + delayNs;
            if (null != trace)
            {
                trace.onSchedule(nowNs, selfId, kind, delayNs);
            }
            final int revivable = nodes.timerMark(selfId);
            if (revivable >= 0 && queue.queuedAtNs(revivable) - deadlineNs <= 0)
            {
                // A re-arm: the cancelled event still queued comes up first and then goes in at the deadline.
                nodes.timerMark(selfId, NodeLifecycle.NO_TIMER_MARK);
                queue.renew(revivable);
                queue.setTimer(revivable, selfId, kind, node.incarnation());
                queue.defer(revivable, deadlineNs);
                return timerId(revivable);
            }
            final int slot = queue.allocate();
            queue.setTimer(slot, selfId, kind, node.incarnation());
            queue.push(slot, deadlineNs);
            return timerId(slot);
        }

        @Override
        public boolean cancel(final HostedContext node, final long timerId)
        {
            final int selfId = node.selfId();
            final int slot = (int)timerId;
            if (slot < 0 || slot >= queue.capacity() || queue.generation(slot) != (int)(timerId >>> 32) ||
                queue.type(slot) != EventQueue.TIMER || queue.nodeId(slot) != selfId)
            {
                return false;
            }
            queue.cancel(slot);
            nodes.timerMark(selfId, slot);
            return true;
        }

        @Override
        public void announce(final HostedContext node, final Role role, final int leaderId, final long term)
        {
            if (null != trace)
            {
                trace.onBelief(nowNs, node.selfId(), role, leaderId, term);
            }
            monitor.onAnnounce(node.selfId(), bootedAtZero ? 0 : nowNs, role, leaderId, term);
        }

        @Override
        public void transition(final HostedContext node, final String state)
        {
            if (null != trace)
            {
                trace.onTransition(nowNs, node.selfId(), state);
            }
        }
    }
}
