package org.electbench.testkit;

import java.util.ArrayList;
import java.util.List;

import org.electbench.spi.Role;
import org.electbench.transport.TraceRecorder;

/**
 * A recorder of what nodes believe and which states they enter, in the order the runtime
 * reports them, for tests that check a run's beliefs, terms or transitions.
 */
public final class StateTrace implements TraceRecorder
{
    /** A node entered a state of its algorithm's state machine. */
    public record Transition(long atNs, int nodeId, String state)
    {
    }

    /** A node announced a belief. */
    public record Belief(long atNs, int nodeId, Role role, int leaderId, long term)
    {
    }

    private final List<Transition> transitions = new ArrayList<>();
    private final List<Belief> beliefs = new ArrayList<>();

    @Override
    public void onTransition(final long nowNs, final int nodeId, final String state)
    {
        transitions.add(new Transition(nowNs, nodeId, state));
    }

    @Override
    public void onBelief(final long nowNs, final int nodeId, final Role role, final int leaderId, final long term)
    {
        beliefs.add(new Belief(nowNs, nodeId, role, leaderId, term));
    }

    public List<Transition> transitions()
    {
        return transitions;
    }

    public List<Belief> beliefs()
    {
        return beliefs;
    }

    /** @return the states one node entered, in order. */
    public List<String> statesOf(final int nodeId)
    {
        return transitions.stream().filter(t -> t.nodeId() == nodeId).map(Transition::state).toList();
    }

    /**
     * @return the beliefs that changed a node's role (or were its first) with no transition of
     * that node at that instant: a state machine whose every change goes through its one
     * transition method has none.
     */
    public List<Belief> roleChangesWithoutTransition()
    {
        final List<Belief> missed = new ArrayList<>();
        for (int i = 0; i < beliefs.size(); i++)
        {
            final Belief belief = beliefs.get(i);
            Role before = null;
            for (int j = i - 1; j >= 0 && null == before; j--)
            {
                before = beliefs.get(j).nodeId() == belief.nodeId() ? beliefs.get(j).role() : null;
            }
            if (belief.role() != before && transitions.stream().noneMatch(t -> t.nodeId() == belief.nodeId() && t.atNs() == belief.atNs()))
            {
                missed.add(belief);
            }
        }
        return missed;
    }

    /** @return every term any node announced, each once, in ascending order. */
    public List<Long> terms()
    {
        return beliefs.stream().map(Belief::term).distinct().sorted().toList();
    }
}
