package org.electbench.raft;

import java.util.ArrayList;
import java.util.List;

import org.electbench.spi.Role;
import org.electbench.transport.TraceRecorder;

/**
 * What a simulated raft cluster did, from the simulator's trace ({@code SimRuntime#trace}): every
 * send, election timer set, timer fired and belief announced, with its time, so a test can say
 * who believed what when and whose election timer was due first.
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
    private final List<Draw> draws = new ArrayList<>();

    @Override
    public void onSend(final long nowNs, final long messageId, final int fromId, final int toId, final int type, final int length)
    {
        sends.add(new Send(nowNs, fromId, toId, type));
    }

    @Override
    public void onSchedule(final long nowNs, final int nodeId, final int kind, final long delayNs)
    {
        if (RaftNode.ELECTION_TIMER == kind)
        {
            draws.add(new Draw(nowNs, nodeId, delayNs));
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

    /** @return the election timer the node last set at or before {@code atNs}. */
    Draw lastDraw(final int nodeId, final long atNs)
    {
        return draws.stream().filter(draw -> draw.nodeId() == nodeId && draw.atNs() <= atNs)
            .reduce((earlier, later) -> later).orElseThrow();
    }
}
