package org.electbench.raft;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.electbench.spi.Role;
import org.electbench.transport.Seeds;
import org.electbench.transport.TraceRecorder;

/**
 * What a simulated raft cluster did, from the simulator's trace ({@code SimRuntime#trace}): every
 * send, heartbeat delivered, timer fired and belief announced, with its time, so a test can say
 * who believed what when.
 * <p>
 * The trace sees a timer fire, not being set. So whose election timer was due first in a cluster
 * that started settled is the node's rule replayed on the trace ({@link #lastDraw}); a test pins
 * the replay to the node by the election timers it saw fire ({@link #fired}).
 */
final class RaftTrace implements TraceRecorder
{
    record Send(long atNs, int fromId, int toId, int type)
    {
    }

    record Belief(long atNs, int nodeId, Role role, int leaderId, long term)
    {
    }

    /** A timer of that kind fired at one node. */
    record Fired(long atNs, int nodeId, int kind)
    {
    }

    /** An election timer set at {@code atNs} to fire {@code delayNs} later. */
    record Draw(long atNs, int nodeId, long delayNs)
    {
        long dueNs()
        {
            return atNs + delayNs;
        }
    }

    final List<Send> sends = new ArrayList<>();
    final List<Belief> beliefs = new ArrayList<>();
    private final List<Fired> fired = new ArrayList<>();
    /** Heartbeats delivered: the time and the receiver of each, as a send of HEARTBEAT to it. */
    private final List<Send> heartbeatsDelivered = new ArrayList<>();

    @Override
    public void onSend(final long nowNs, final long messageId, final int fromId, final int toId, final int type, final int length)
    {
        sends.add(new Send(nowNs, fromId, toId, type));
    }

    @Override
    public void onDeliver(final long nowNs, final long messageId, final int fromId, final int toId, final int type)
    {
        if (RaftMessages.HEARTBEAT == type)
        {
            heartbeatsDelivered.add(new Send(nowNs, fromId, toId, type));
        }
    }

    @Override
    public void onTimer(final long nowNs, final int nodeId, final int kind)
    {
        fired.add(new Fired(nowNs, nodeId, kind));
    }

    @Override
    public void onBelief(final long nowNs, final int nodeId, final Role role, final int leaderId, final long term)
    {
        beliefs.add(new Belief(nowNs, nodeId, role, leaderId, term));
    }

    /** @return the beliefs one node announced, in order. */
    List<Belief> of(final int nodeId)
    {
        return beliefs.stream().filter(belief -> belief.nodeId() == nodeId).toList();
    }

    /** @return the ids that announced themselves candidates of that term. */
    List<Integer> candidatesOf(final long term)
    {
        return beliefs.stream()
            .filter(belief -> belief.role() == Role.CANDIDATE && belief.term() == term)
            .map(Belief::nodeId).distinct().sorted().toList();
    }

    /** @return the timers of that kind that fired, in order. */
    List<Fired> fired(final int kind)
    {
        return fired.stream().filter(timer -> timer.kind() == kind).toList();
    }

    /**
     * The node's rule replayed: in a cluster started settled, until its first election, a follower
     * draws its election timeout, T plus a uniform draw below the spread, from its own source (the
     * run seed's {@link Seeds#nodeRandom} of its first life) at its start and on every heartbeat
     * delivered to it. Valid for the first run of a fresh simulator only: a node's life counts on
     * from one run to the next.
     *
     * @return the election timer the follower last set at or before {@code atNs}.
     */
    Draw lastDraw(final int nodeId, final long atNs, final long seed, final RaftConfig config)
    {
        final SplittableRandom random = Seeds.nodeRandom(seed, nodeId, 1);
        long drawnNs = 0;
        long delayNs = draw(random, config);
        for (final Send heartbeat : heartbeatsDelivered)
        {
            if (heartbeat.toId() == nodeId && heartbeat.atNs() <= atNs)
            {
                drawnNs = heartbeat.atNs();
                delayNs = draw(random, config);
            }
        }
        return new Draw(drawnNs, nodeId, delayNs);
    }

    private static long draw(final SplittableRandom random, final RaftConfig config)
    {
        return config.minElectionTimeoutNs() + (config.spreadNs() > 0 ? random.nextLong(config.spreadNs()) : 0);
    }
}
