package org.electbench.sim;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntPredicate;
import java.util.random.RandomGenerator;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.transport.BudgetExceededException;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.ConvergenceMonitor;
import org.electbench.transport.CrashTriggers;
import org.electbench.transport.DelayDistribution;
import org.electbench.transport.Durations;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.Fault;
import org.electbench.transport.NetworkFaults;
import org.electbench.transport.RunPlan;
import org.electbench.transport.Scenario;
import org.electbench.transport.Seeds;

/**
 * The deterministic discrete-event runtime: one thread, a virtual clock, an event queue ordered
 * by (time, sequence), a seeded network. The same scenario and seed give the same result, bit
 * for bit. Events and message buffers are pooled and reused across runs, so a steady-state run
 * allocates nothing per event.
 * <p>
 * Messages are checked against partitions and cuts both when sent and when they arrive; a
 * message to a crashed node is sent (and counted) but never delivered; a paused node's events
 * wait, in order, until it resumes.
 */
public final class SimRuntime implements ClusterRuntime
{
    private static final int INITIAL_EVENTS = 1024;
    private static final IntPredicate ALL_NODES = id -> true;

    private final EventQueue queue = new EventQueue(INITIAL_EVENTS);
    private final byte[] claimBytes = new byte[MessageHeader.MAX_MESSAGE_LENGTH];
    private final UnsafeBuffer claimBuffer = new UnsafeBuffer(claimBytes);
    private SendTrace trace;

    private ElectionAlgorithm algorithm;
    private ElectionSettings settings;
    private RunPlan plan;
    private List<Fault> faults;
    private ConvergenceMonitor monitor;
    private String monitorAlgorithm;
    private SplittableRandom networkRandom;
    private DelayDistribution delay;
    private boolean constantDelay;
    private long constantDelayNs;
    private boolean fifo;
    private double baseLossProbability;
    private int clusterSize;
    private ElectionNode[] nodes;
    private Context[] contexts;
    private boolean[] live;
    private int[] incarnation;
    private long[] pausedUntilNs;
    private NetworkFaults networkFaults;
    private UnsafeBuffer[] durableState;
    private long[] lastArrivalNs;
    private final CrashTriggers crashTriggers = new CrashTriggers();

    private long nowNs;
    private long events;
    private long dropped;
    private int claimLength;

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
        this.trace = trace;
        return this;
    }

    /** @return messages of the last run lost to loss, partitions, cuts or crashed receivers. */
    public long droppedMessages()
    {
        return dropped;
    }

    @Override
    public ElectionResult run(final Scenario scenario)
    {
        setUp(scenario);
        final long budgetEndNs = plan.budgetEndNs();
        final long lastFaultNs = plan.lastFaultNs();
        final long eventBudget = scenario.eventBudget();
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
            nowNs = queue.peekTimeNs();
            final int slot = queue.pop();
            dispatch(slot);
            events++;
            if (monitor.settled(nowNs, lastFaultNs))
            {
                settled = true;
                break;
            }
        }
        if (!settled && queue.isEmpty())
        {
            // Nothing can change any more: the run ends where its belief last changed plus the settle window.
            nowNs = Math.max(nowNs, Math.max(lastFaultNs, monitor.lastChangeNs() + plan.settleWindowNs()));
        }
        final ElectionResult result = monitor.finish(nowNs, events);
        // Let the run's nodes go; the arrays are kept for the next run of this size.
        Arrays.fill(nodes, null);
        Arrays.fill(contexts, null);
        return result;
    }

    private void setUp(final Scenario scenario)
    {
        algorithm = scenario.algorithm();
        settings = scenario.settings();
        plan = scenario.plan();
        faults = plan.faults().faults();
        final int n = scenario.nodes();
        if (null == monitor || monitor.nodes() != n || !algorithm.name().equals(monitorAlgorithm))
        {
            monitor = new ConvergenceMonitor(algorithm, n);
            monitorAlgorithm = algorithm.name();
        }
        monitor.reset(plan.referenceNs(), plan.settleWindowNs());
        queue.clear();
        networkRandom = new SplittableRandom(Seeds.mix(scenario.seed() ^ 0x4E7A0B5EL));
        delay = scenario.network().delay();
        constantDelay = delay.isConstant();
        constantDelayNs = constantDelay ? delay.sampleNs(networkRandom) : 0;
        fifo = scenario.network().fifo() && !constantDelay;
        baseLossProbability = scenario.network().lossProbability();
        if (clusterSize != n || null == live)
        {
            clusterSize = n;
            live = new boolean[n + 1];
            incarnation = new int[n + 1];
            pausedUntilNs = new long[n + 1];
            networkFaults = new NetworkFaults(n);
            lastArrivalNs = null;
            durableState = new UnsafeBuffer[n + 1];
            for (int id = 1; id <= n; id++)
            {
                durableState[id] = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);
            }
        }
        if (fifo && null == lastArrivalNs)
        {
            lastArrivalNs = new long[(n + 1) * (n + 1)];
        }
        Arrays.fill(live, false);
        Arrays.fill(pausedUntilNs, 0);
        networkFaults.clear();
        for (int id = 1; id <= n; id++)
        {
            durableState[id].setMemory(0, MessageHeader.MAX_MESSAGE_LENGTH, (byte)0);
        }
        if (null != lastArrivalNs)
        {
            Arrays.fill(lastArrivalNs, 0);
        }
        nowNs = 0;
        events = 0;
        dropped = 0;
        if (null == nodes || nodes.length != n + 1)
        {
            nodes = new ElectionNode[n + 1];
            contexts = new Context[n + 1];
        }

        crashTriggers.load(algorithm, faults, ALL_NODES);
        for (int index = 0; index < faults.size(); index++)
        {
            final Fault fault = faults.get(index);
            if (fault.kind() != Fault.Kind.CRASH_AFTER_SEND)
            {
                scheduleFault(index, fault.atNs(), false);
                if (NetworkFaults.hasEnd(fault.kind()))
                {
                    scheduleFault(index, fault.endNs(), true);
                }
            }
        }

        for (int id = 1; id <= n; id++)
        {
            boot(id, plan.start());
        }
    }

    private void scheduleFault(final int index, final long atNs, final boolean end)
    {
        final int slot = queue.allocate();
        queue.setFault(slot, index, end);
        queue.push(slot, atNs);
    }

    private void boot(final int id, final Start start)
    {
        live[id] = true;
        incarnation[id]++;
        pausedUntilNs[id] = 0;
        final ElectionNode node = algorithm.newNode(id, settings);
        final Context context = new Context(id, incarnation[id], plan.detectors()[id],
            new SplittableRandom(Seeds.mix(networkRandom.nextLong() ^ id)));
        nodes[id] = node;
        contexts[id] = context;
        monitor.onStart(id, nowNs);
        if (start == Start.SETTLED)
        {
            node.onStart(context, start, plan.initialLeader(), plan.initialTerm());
        }
        else
        {
            node.onStart(context, start, ElectionNode.NO_LEADER, 0);
        }
    }

    private void crash(final int id)
    {
        if (!live[id])
        {
            return;
        }
        live[id] = false;
        incarnation[id]++;
        contexts[id].active = false;
        monitor.onCrash(id, nowNs);
    }

    private void dispatch(final int slot)
    {
        final int id = queue.nodeId(slot);
        switch (queue.type(slot))
        {
            case EventQueue.MESSAGE:
            {
                final int from = queue.fromId(slot);
                if (!live[id] || networkFaults.blocked(from, id))
                {
                    dropped++;
                }
                else if (pausedUntilNs[id] - nowNs > 0)
                {
                    queue.push(slot, pausedUntilNs[id]);
                    return;
                }
                else
                {
                    nodes[id].onMessage(from, queue.messageBuffer(slot), queue.messageOffset(slot), queue.length(slot));
                }
                break;
            }
            case EventQueue.TIMER:
                if (live[id] && queue.incarnation(slot) == incarnation[id])
                {
                    if (pausedUntilNs[id] - nowNs > 0)
                    {
                        queue.push(slot, pausedUntilNs[id]);
                        return;
                    }
                    final long timerId = timerId(slot);
                    // Mark it spent first so a cancel from inside the callback is a no-op.
                    queue.cancel(slot);
                    nodes[id].onTimer(timerId, queue.kind(slot));
                }
                break;
            case EventQueue.FAULT:
                applyFault(id, queue.kind(slot) == 1);
                break;
            default:
                break;
        }
        queue.free(slot);
    }

    private void applyFault(final int index, final boolean end)
    {
        final Fault fault = faults.get(index);
        switch (fault.kind())
        {
            case CRASH:
                crash(fault.nodeId());
                break;
            case RECOVER:
                if (!live[fault.nodeId()])
                {
                    boot(fault.nodeId(), Start.RECOVERED);
                }
                break;
            case PAUSE:
                if (live[fault.nodeId()])
                {
                    pausedUntilNs[fault.nodeId()] = Math.max(pausedUntilNs[fault.nodeId()], nowNs + fault.durationNs());
                }
                break;
            case PARTITION:
            case CUT:
            case LOSS:
            case EXTRA_DELAY:
                networkFaults.apply(index, fault, end);
                break;
            default:
                break;
        }
    }

    private long timerId(final int slot)
    {
        return ((long)queue.generation(slot) << 32) | slot;
    }

    private void send(final Context from, final int to)
    {
        final int fromId = from.selfId;
        if (to == fromId || to < 1 || to > clusterSize || !from.active())
        {
            return;
        }
        // Read from the array: the header's little-endian type, without a bounds-checked buffer call per send.
        final int type = (claimBytes[MessageHeader.TYPE_OFFSET] & 0xFF) | (claimBytes[MessageHeader.TYPE_OFFSET + 1] & 0xFF) << 8;
        final int length = claimLength;
        monitor.onSend(fromId, nowNs, type, length);
        if (null != trace)
        {
            trace.onSend(nowNs, fromId, to, type, length);
        }
        final double lossProbability = Math.max(baseLossProbability, networkFaults.lossProbability());
        if ((lossProbability > 0 && networkRandom.nextDouble() < lossProbability) || networkFaults.blocked(fromId, to))
        {
            dropped++;
        }
        else
        {
            long arrivalNs = nowNs + networkFaults.extraDelayNs() + (constantDelay ? constantDelayNs : delay.sampleNs(networkRandom));
            if (fifo)
            {
                final int link = fromId * (clusterSize + 1) + to;
                if (arrivalNs - lastArrivalNs[link] < 0)
                {
                    arrivalNs = lastArrivalNs[link];
                }
                lastArrivalNs[link] = arrivalNs;
            }
            final int slot = queue.allocate();
            queue.setMessage(slot, to, fromId, claimBytes, length);
            queue.push(slot, arrivalNs);
        }
        if (!crashTriggers.isEmpty() && crashTriggers.fire(fromId, nowNs, type))
        {
            crash(fromId);
        }
    }

    /**
     * One node's view of the simulator, valid for one incarnation: after a crash every call is
     * a no-op, so a node that crashes mid-callback sends nothing more.
     */
    private final class Context implements NodeContext
    {
        private final int selfId;
        private final int incarnationOfNode;
        private final boolean detectorEnabled;
        private final RandomGenerator random;
        /** Whether this incarnation is still up: cleared at its crash, so a check is one field read. */
        private boolean active = true;

        Context(final int selfId, final int incarnationOfNode, final boolean detectorEnabled, final RandomGenerator random)
        {
            this.selfId = selfId;
            this.incarnationOfNode = incarnationOfNode;
            this.detectorEnabled = detectorEnabled;
            this.random = random;
        }

        boolean active()
        {
            return active;
        }

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
            return detectorEnabled;
        }

        @Override
        public ElectionSettings settings()
        {
            return settings;
        }

        @Override
        public long nowNs()
        {
            return nowNs;
        }

        @Override
        public RandomGenerator random()
        {
            return random;
        }

        @Override
        public MutableDirectBuffer claim(final int type, final int bodyLength)
        {
            if (bodyLength < 0 || bodyLength > MessageHeader.MAX_BODY_LENGTH)
            {
                throw new IllegalArgumentException("body length must be 0.." + MessageHeader.MAX_BODY_LENGTH + ", got " + bodyLength);
            }
            MessageHeader.write(claimBuffer, 0, type, bodyLength, selfId);
            claimLength = MessageHeader.LENGTH + bodyLength;
            return claimBuffer;
        }

        @Override
        public void send(final int toId)
        {
            SimRuntime.this.send(this, toId);
        }

        @Override
        public void broadcast()
        {
            for (int to = 1; to <= clusterSize && active(); to++)
            {
                SimRuntime.this.send(this, to);
            }
        }

        @Override
        public long schedule(final long delayNs, final int kind)
        {
            if (!active())
            {
                return 0;
            }
            final int slot = queue.allocate();
            queue.setTimer(slot, selfId, kind, incarnationOfNode);
            queue.push(slot, nowNs + Math.max(0, delayNs));
            return timerId(slot);
        }

        @Override
        public boolean cancel(final long timerId)
        {
            final int slot = (int)timerId;
            if (slot < 0 || slot >= queue.capacity() || queue.generation(slot) != (int)(timerId >>> 32) ||
                queue.type(slot) != EventQueue.TIMER || queue.nodeId(slot) != selfId)
            {
                return false;
            }
            queue.cancel(slot);
            return true;
        }

        @Override
        public MutableDirectBuffer durableState()
        {
            return durableState[selfId];
        }

        @Override
        public void announce(final Role role, final int leaderId, final long term)
        {
            if (active())
            {
                monitor.onAnnounce(selfId, nowNs, role, leaderId, term);
            }
        }
    }
}
