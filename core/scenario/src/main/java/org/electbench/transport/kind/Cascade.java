package org.electbench.transport.kind;

import org.electbench.spi.ElectionNode;
import org.electbench.transport.Fault;

/**
 * A leader crash, and the algorithm's own next leader crashes in the election that replaces it,
 * at the same protocol point for every algorithm: once it has started its election (sent an
 * election message) and right after its first election or announcement message that a live node
 * receives ({@link Fault#ONCE_HEARD}), so its election was heard by someone. Bully's N-1 sends its
 * ELECTION only to the dead leader; it dies after its first OK to a lower node, or its
 * COORDINATOR, not unheard. The next leader is the one the algorithm promises for
 * the survivors ({@link org.electbench.spi.ElectionAlgorithm#expectedLeader}: N-1 for bully and
 * ring, the smallest id for quorum); where it promises none (raft, whose winner is the first to
 * time out), the first node to send an election message, the candidate the election is about.
 * So every algorithm faces the same event: the node it is electing dies mid-election.
 */
public final class Cascade implements KindDefinition
{
    @Override
    public String description()
    {
        return "leader-crash, and the algorithm's own next leader (bully and ring N-1, quorum the smallest id, raft the " +
            "first candidate) crashes once its election has begun and been heard: right after its first election or announcement message " +
            "that a live node receives (the same protocol point for every algorithm)";
    }

    @Override
    public void plan(final PlanDraft draft)
    {
        final int crashed = draft.nodes();
        draft.faults().crash(crashed, draft.faultAtNs());
        final int next = draft.algorithm().expectedLeader(crashed, id -> id != crashed);
        draft.faults().crashAfterFirstSend(ElectionNode.NO_LEADER == next ? Fault.FIRST_SENDER : next, Fault.ONCE_HEARD,
            draft.faultAtNs());
    }

    @Override
    public int minNodes()
    {
        return 3;
    }
}
