package org.electbench.transport;

import java.util.List;
import java.util.function.IntPredicate;

import org.electbench.spi.ElectionAlgorithm;

/**
 * The CRASH_AFTER_SEND faults of a plan, checked on every send: a node crashes right after it
 * sends its first message of the named type (any election message when none is named) at or
 * after the fault's time. Each trigger fires once. Allocation-free once loaded; reusable.
 */
public final class CrashTriggers
{
    private static final int ANY_ELECTION_TYPE = -1;

    private int[] node = new int[0];
    private int[] type = new int[0];
    private long[] fromNs = new long[0];
    private int count;
    private int heartbeatType;

    /**
     * Load the triggers of one run.
     *
     * @param algorithm whose type names the faults use.
     * @param faults    the run's faults; only CRASH_AFTER_SEND ones are kept.
     * @param owned     which nodes' sends this copy sees (a runtime with several threads keeps one per thread).
     * @throws IllegalArgumentException when a fault names a type the algorithm does not have.
     */
    public void load(final ElectionAlgorithm algorithm, final List<Fault> faults, final IntPredicate owned)
    {
        count = 0;
        heartbeatType = algorithm.heartbeatType();
        if (node.length < faults.size())
        {
            node = new int[faults.size()];
            type = new int[faults.size()];
            fromNs = new long[faults.size()];
        }
        for (final Fault fault : faults)
        {
            if (fault.kind() == Fault.Kind.CRASH_AFTER_SEND && owned.test(fault.nodeId()))
            {
                node[count] = fault.nodeId();
                type[count] = typeOf(algorithm, fault.typeName());
                fromNs[count] = fault.atNs();
                count++;
            }
        }
    }

    public boolean isEmpty()
    {
        return 0 == count;
    }

    /**
     * @param fromId  the sender.
     * @param nowNs   the run clock.
     * @param msgType the type it just sent.
     * @return true when this send must crash the sender (the trigger is then spent).
     */
    public boolean fire(final int fromId, final long nowNs, final int msgType)
    {
        boolean crash = false;
        for (int i = 0; i < count; i++)
        {
            if (node[i] == fromId && nowNs - fromNs[i] >= 0 &&
                (type[i] == msgType || (type[i] == ANY_ELECTION_TYPE && msgType != heartbeatType)))
            {
                node[i] = 0;
                crash = true;
            }
        }
        return crash;
    }

    private static int typeOf(final ElectionAlgorithm algorithm, final String typeName)
    {
        if (null == typeName)
        {
            return ANY_ELECTION_TYPE;
        }
        final int typeId = algorithm.typeId(typeName);
        if (typeId < 0)
        {
            throw new IllegalArgumentException("fault names message type '" + typeName + "', but " + algorithm.name() +
                " has only " + algorithm.messageTypes());
        }
        return typeId;
    }
}
