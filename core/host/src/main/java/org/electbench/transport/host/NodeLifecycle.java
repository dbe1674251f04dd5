package org.electbench.transport.host;

import java.util.Arrays;
import java.util.function.IntPredicate;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Start;
import org.electbench.transport.CrashTriggers;
import org.electbench.transport.Fault;
import org.electbench.transport.RunPlan;
import org.electbench.transport.Scenario;
import org.electbench.transport.Seeds;

/**
 * The life of a runtime's nodes, written once for every runtime: boot (a fresh node and context
 * per incarnation, seeded by the incarnation, with durable state kept across its crashes), crash,
 * pause, and what every copy sent and every delivery passes through (the monitor's count, the
 * send edge's fate, drops, crash triggers). A runtime supplies only the clock, the timers and the
 * wire (its {@link Host}) and where the monitor is fed ({@link MonitorFeed}).
 * <p>
 * Single-threaded: a runtime with several threads keeps one per thread for the nodes that thread
 * owns, each with its own send edge (the same fault edges applied to each) and its own copy of
 * the crash triggers. Reusable across runs of one cluster size; allocation-free on the message path.
 */
public final class NodeLifecycle
{
    /** {@link #timerMark} of a node with none. */
    public static final int NO_TIMER_MARK = -1;

    private final int clusterSize;
    private final IntPredicate owned;
    private final ElectionNode[] nodes;
    /**
     * Per node, the last run's node object, started again for the node's first start in the next
     * run when its algorithm's nodes start afresh ({@link ElectionAlgorithm#nodesStartAfresh()})
     * and the settings are the same but for the arrangement seed.
     */
    private final ElectionNode[] spare;
    /** Whether this copy keeps nodes across runs: only a runtime that leaves nothing of a run behind may. */
    private boolean keepsNodes;
    private ElectionAlgorithm spareAlgorithm;
    private ElectionSettings spareSettings;
    private final HostedContext[] contexts;
    /**
     * Per node, kept across runs where {@link #keepNodes()} allows it: the context and random source
     * of its first incarnation in a run, opened again at each run's first boot rather than made anew.
     */
    private final HostedContext[] firstContexts;
    private final ReseedableRandom[] firstRandoms;
    private final boolean[] live;
    private final int[] incarnation;
    private final long[] pausedUntilNs;
    /** Per owned node, zeroed at the start of each run, kept across its crashes as a disk would be. */
    private final UnsafeBuffer[] durableState;
    /** Per owned sender, its network's draws (loss, delay): {@link Seeds#senderRandom}. */
    private final ReseedableRandom[] senderRandom;
    /** Per node, one timer its runtime remembers across calls (the simulator's revivable timer); reset at boot. */
    private final int[] timerMark;
    private final SendEdge sendEdge;
    private final CrashTriggers crashTriggers = new CrashTriggers();

    private ElectionAlgorithm algorithm;
    private ElectionSettings settings;
    private RunPlan plan;
    private long seed;
    private Host host;
    private SendBuffer claim;
    private MonitorFeed feed;
    private boolean keepsDurableState;

    private long sent;
    /** Whether the copy {@link #admit} last counted reaches a live node. */
    private boolean lastAdmitHeard;
    private long delivered;
    private long dropped;

    /**
     * @param clusterSize N.
     * @param owned       the nodes this copy runs (all of them in a single-threaded runtime).
     */
    public NodeLifecycle(final int clusterSize, final IntPredicate owned)
    {
        this.clusterSize = clusterSize;
        this.owned = owned;
        nodes = new ElectionNode[clusterSize + 1];
        spare = new ElectionNode[clusterSize + 1];
        contexts = new HostedContext[clusterSize + 1];
        firstContexts = new HostedContext[clusterSize + 1];
        firstRandoms = new ReseedableRandom[clusterSize + 1];
        live = new boolean[clusterSize + 1];
        incarnation = new int[clusterSize + 1];
        pausedUntilNs = new long[clusterSize + 1];
        timerMark = new int[clusterSize + 1];
        durableState = new UnsafeBuffer[clusterSize + 1];
        senderRandom = new ReseedableRandom[clusterSize + 1];
        for (int id = 1; id <= clusterSize; id++)
        {
            if (owned.test(id))
            {
                durableState[id] = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);
                senderRandom[id] = new ReseedableRandom(0);
            }
        }
        sendEdge = new SendEdge(clusterSize);
    }

    public int clusterSize()
    {
        return clusterSize;
    }

    /** @return whether this copy runs the node. */
    public boolean owns(final int id)
    {
        return owned.test(id);
    }

    /**
     * Readies a run: every node down at incarnation 0 (each node's random source is seeded by its
     * incarnation counted from the run's start, so a run draws the same whatever ran before it),
     * durable state zeroed, the network healed, the counts zeroed, the crash triggers loaded.
     *
     * @param host              the clock, timers and wire of the nodes.
     * @param claim             the send buffer of the thread that runs them.
     * @param feed              where starts, crashes and sends are reported.
     * @param keepsDurableState false to give every node null durable state (a wiped disk at each restart).
     * @param firstSenders      shared by every copy of the run (see {@link CrashTriggers}).
     */
    public void reset(
        final Scenario scenario,
        final Host host,
        final SendBuffer claim,
        final MonitorFeed feed,
        final boolean keepsDurableState,
        final CrashTriggers.FirstSenders firstSenders)
    {
        reset(scenario, scenario.plan(), host, claim, feed, keepsDurableState, firstSenders);
    }

    /**
     * As {@link #reset(Scenario, Host, Claim, MonitorFeed, boolean, CrashTriggers.FirstSenders)}, with the
     * scenario's plan already made (a plan is drawn afresh on every call of {@link Scenario#plan()}).
     */
    public void reset(
        final Scenario scenario,
        final RunPlan plan,
        final Host host,
        final SendBuffer claim,
        final MonitorFeed feed,
        final boolean keepsDurableState,
        final CrashTriggers.FirstSenders firstSenders)
    {
        algorithm = scenario.algorithm();
        settings = scenario.settings();
        this.plan = plan;
        seed = scenario.seed();
        this.host = host;
        this.claim = claim;
        this.feed = feed;
        this.keepsDurableState = keepsDurableState;
        sendEdge.reset(scenario.network());
        Arrays.fill(nodes, null);
        Arrays.fill(contexts, null);
        Arrays.fill(live, false);
        Arrays.fill(incarnation, 0);
        Arrays.fill(pausedUntilNs, 0);
        Arrays.fill(timerMark, NO_TIMER_MARK);
        for (int id = 1; id <= clusterSize; id++)
        {
            if (owned.test(id))
            {
                durableState[id].setMemory(0, MessageHeader.MAX_MESSAGE_LENGTH, (byte)0);
                senderRandom[id].reseed(Seeds.senderSeed(seed, id));
            }
        }
        sent = 0;
        delivered = 0;
        dropped = 0;
        crashTriggers.load(algorithm, plan.faults().faults(), owned, firstSenders);
    }

    /**
     * Later runs start the last run's node objects again where their algorithm allows it
     * ({@link ElectionAlgorithm#nodesStartAfresh()}): for a runtime that leaves no timer or
     * message of a run behind for the next (the simulator, whose queue is cleared), as a real
     * clock's late timers and frames could reach a node of the same id and incarnation.
     *
     * @return this.
     */
    public NodeLifecycle keepNodes()
    {
        keepsNodes = true;
        return this;
    }

    /**
     * Lets the last run's nodes go (the arrays are kept for the next run), keeping them to start
     * again in the next run where {@link #keepNodes()} and their algorithm allow it.
     */
    public void release()
    {
        if (keepsNodes && algorithm.nodesStartAfresh())
        {
            System.arraycopy(nodes, 0, spare, 0, nodes.length);
            spareAlgorithm = algorithm;
            spareSettings = settings;
        }
        Arrays.fill(nodes, null);
        Arrays.fill(contexts, null);
    }

    /**
     * Brings a node up in a new incarnation and reports its start at {@code atNs}, then starts it:
     * from the plan's settled leader and term for a settled start, from nobody otherwise.
     */
    public void boot(final int id, final Start start, final long atNs)
    {
        live[id] = true;
        incarnation[id]++;
        pausedUntilNs[id] = 0;
        timerMark[id] = NO_TIMER_MARK;
        final ElectionNode kept = spare[id];
        spare[id] = null;
        final ElectionNode node = null != kept && 1 == incarnation[id] && algorithm == spareAlgorithm &&
            settings.sameBesidesArrangement(spareSettings) ? kept : algorithm.newNode(id, settings);
        final HostedContext context = context(id);
        nodes[id] = node;
        contexts[id] = context;
        feed.onStart(id, atNs);
        if (start == Start.SETTLED)
        {
            node.onStart(context, start, plan.initialLeader(), plan.initialTerm());
        }
        else
        {
            node.onStart(context, start, ElectionNode.NO_LEADER, 0);
        }
    }

    /**
     * The context of the node's current incarnation, a new one but for a run's first boot. A runtime that keeps nodes leaves nothing of a run behind, and a
     * crashed incarnation is never called again once its callback returns, so the first incarnation of each run may
     * open the last run's again, its source seeded again to draw what a fresh one of the same seed would.
     */
    private HostedContext context(final int id)
    {
        final boolean detector = plan.detectors()[id];
        final UnsafeBuffer durable = keepsDurableState ? durableState[id] : null;
        final long nodeSeed = Seeds.nodeSeed(seed, id, incarnation[id]);
        if (!keepsNodes || 1 != incarnation[id])
        {
            return new HostedContext(host, claim, id, clusterSize, incarnation[id], detector, settings,
                new ReseedableRandom(nodeSeed), durable);
        }
        if (null == firstContexts[id])
        {
            firstRandoms[id] = new ReseedableRandom(nodeSeed);
            firstContexts[id] = new HostedContext(host, claim, id, clusterSize, incarnation[id], detector, settings,
                firstRandoms[id], durable);
        }
        else
        {
            firstContexts[id].reopen(host, claim, incarnation[id], detector, settings, firstRandoms[id].reseed(nodeSeed), durable);
        }
        return firstContexts[id];
    }

    /**
     * Takes a live node down: a new incarnation (its timers and context of the old one are void),
     * its context deactivated, the crash reported at {@code atNs}.
     *
     * @return whether it was live.
     */
    public boolean crash(final int id, final long atNs)
    {
        if (!live[id])
        {
            return false;
        }
        live[id] = false;
        incarnation[id]++;
        contexts[id].deactivate();
        feed.onCrash(id, atNs);
        return true;
    }

    /** Holds a live node's events until {@code untilNs} (the later of two overlapping pauses). */
    public void pause(final int id, final long untilNs)
    {
        if (live[id])
        {
            pausedUntilNs[id] = Math.max(pausedUntilNs[id], untilNs);
        }
    }

    /** Applies a network fault's start or end to this copy's send edge. */
    public void applyNetworkFault(final int index, final Fault fault, final boolean end)
    {
        sendEdge.apply(index, fault, end);
    }

    /**
     * Counts one copy of the claimed message, reports it to the feed, and draws its fate at the send edge.
     *
     * @return when it arrives, or {@link SendEdge#LOST} or {@link SendEdge#BLOCKED} (counted as dropped).
     */
    public long admit(final int fromId, final int toId, final long nowNs, final int type, final int length)
    {
        sent++;
        feed.onSend(fromId, nowNs, type, length);
        final long arrivalNs = sendEdge.admit(fromId, toId, nowNs, senderRandom[fromId]);
        lastAdmitHeard = arrivalNs >= 0 && live[toId];
        if (arrivalNs < 0)
        {
            dropped++;
        }
        return arrivalNs;
    }

    /**
     * @return whether this send must crash its sender ({@link CrashTriggers}); the caller crashes it. Asked
     *     right after {@link #admit} of the same copy, whose fate says whether a live node hears it.
     */
    public boolean crashTriggered(final int fromId, final long nowNs, final int type)
    {
        return !crashTriggers.isEmpty() && crashTriggers.fire(fromId, nowNs, type, lastAdmitHeard);
    }

    /** @return whether a copy arriving now reaches its receiver: live, and no partition or cut between them. */
    public boolean receives(final int fromId, final int toId)
    {
        return live[toId] && !sendEdge.blocked(fromId, toId);
    }

    /** @return whether a copy from one node to another is stopped by a partition or a cut now. */
    public boolean blocked(final int fromId, final int toId)
    {
        return sendEdge.blocked(fromId, toId);
    }

    /** @return whether no network fault (partition, cut, loss burst, extra delay) is in force. */
    public boolean networkHealed()
    {
        return sendEdge.healed();
    }

    /**
     * @param into a source to set.
     * @return {@code into}, drawing next what the sender's network source draws next for its next copy.
     */
    public ReseedableRandom followSenderDraws(final int id, final ReseedableRandom into)
    {
        return into.follow(senderRandom[id]);
    }

    /** Moves the sender's network source to where {@code source} is: its next copy draws what {@code source} would draw next. */
    public void resumeSenderDraws(final int id, final ReseedableRandom source)
    {
        senderRandom[id].follow(source);
    }

    /** Holds a FIFO link's next copies back to no earlier than {@code atNs} ({@link SendEdge#holdBack}). */
    public void holdBack(final int fromId, final int toId, final long atNs)
    {
        sendEdge.holdBack(fromId, toId, atNs);
    }

    /** @return whether a link holds a later copy back to an earlier one's arrival ({@link SendEdge#fifo()}). */
    public boolean fifo()
    {
        return sendEdge.fifo();
    }

    /** @return on a FIFO network, the latest arrival of a copy queued on the link ({@link SendEdge#lastArrivalNs}). */
    public long lastArrivalNs(final int fromId, final int toId)
    {
        return sendEdge.lastArrivalNs(fromId, toId);
    }

    /** @return whether every copy takes the same delay. */
    public boolean constantDelay()
    {
        return sendEdge.constantDelay();
    }

    /** Counts a copy that never reached its node (down, cut off, or a full inbox). */
    public void drop()
    {
        dropped++;
    }

    /** Hands a message to its live node. */
    public void deliver(final int toId, final int fromId, final DirectBuffer buffer, final int offset, final int length)
    {
        delivered++;
        nodes[toId].onMessage(fromId, buffer, offset, length);
    }

    /** Fires a live node's timer. */
    public void fire(final int id, final long timerId, final int kind)
    {
        nodes[id].onTimer(timerId, kind);
    }

    public boolean live(final int id)
    {
        return live[id];
    }

    /** @return the node's current incarnation, or null when it never booted in this run. */
    public ElectionNode node(final int id)
    {
        return nodes[id];
    }

    public int incarnation(final int id)
    {
        return incarnation[id];
    }

    /** @return until when the node's events wait (no later than now when it is not paused). */
    public long pausedUntilNs(final int id)
    {
        return pausedUntilNs[id];
    }

    /** @return the node's remembered timer, or {@link #NO_TIMER_MARK}. */
    public int timerMark(final int id)
    {
        return timerMark[id];
    }

    public void timerMark(final int id, final int mark)
    {
        timerMark[id] = mark;
    }

    /** @return copies sent by this copy's nodes. */
    public long sent()
    {
        return sent;
    }

    /** @return messages handed to this copy's nodes. */
    public long delivered()
    {
        return delivered;
    }

    /** @return copies lost to loss, partitions, cuts, crashed receivers or full inboxes. */
    public long dropped()
    {
        return dropped;
    }
}
