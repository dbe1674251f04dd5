package org.electbench.transport;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntPredicate;

import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.MessageRole;

/**
 * The CRASH_AFTER_SEND faults of a plan, checked on every send: a node crashes right after it
 * sends its first message of the named type (any message the algorithm declares an election
 * message when none is named) at or after the fault's time; a {@link Fault#FIRST_SENDER} trigger
 * crashes whichever node sends one first. Each trigger fires once, across every copy that shares
 * its {@link FirstSenders} (a runtime with several threads keeps one copy per thread). A trigger
 * of the type {@link Fault#ONCE_HEARD} waits until the node has started its election (sent an
 * election message) and then crashes it right after its first election or announcement message
 * that reaches a live node: the same protocol point for every algorithm, its election begun and
 * heard by someone.
 * Allocation-free once loaded; reusable.
 */
public final class CrashTriggers
{
    private static final int ANY_ELECTION_TYPE = -1;
    private static final int ONCE_HEARD_TYPE = -2;
    /** A trigger that has fired; no node has this id. */
    private static final int SPENT = -1;

    private int[] node = new int[0];
    private int[] type = new int[0];
    private long[] fromNs = new long[0];
    /** Per {@link Fault#ONCE_HEARD} trigger: whether its node has started its election. */
    private boolean[] started = new boolean[0];
    /** Per trigger: its rank among the plan's first-sender triggers, the same in every copy; -1 for others. */
    private int[] firstSender = new int[0];
    private int count;
    private MessageRole[] roleByType = new MessageRole[0];
    /** The algorithm {@link #roleByType} was read from, so a copy loaded run after run reads it once. */
    private ElectionAlgorithm rolesOf;
    private FirstSenders firstSenders;

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
        load(algorithm, faults, owned, new FirstSenders());
    }

    /**
     * Load the triggers of one run, one copy of several.
     *
     * @param firstSenders shared by every copy of the run, so a first-sender trigger fires once in all.
     * @see #load(ElectionAlgorithm, List, IntPredicate)
     */
    public void load(final ElectionAlgorithm algorithm, final List<Fault> faults, final IntPredicate owned, final FirstSenders firstSenders)
    {
        count = 0;
        this.firstSenders = firstSenders;
        if (algorithm != rolesOf)
        {
            roleByType = algorithm.messageRoles().toArray(new MessageRole[0]);
            rolesOf = algorithm;
        }
        if (node.length < faults.size())
        {
            node = new int[faults.size()];
            type = new int[faults.size()];
            fromNs = new long[faults.size()];
            firstSender = new int[faults.size()];
            started = new boolean[faults.size()];
        }
        int firstSenderRank = 0;
        // Indexed, as every per-run loop over a plan's faults: an iterator is an allocation per run.
        for (int index = 0; index < faults.size(); index++)
        {
            final Fault fault = faults.get(index);
            if (fault.kind() == Fault.Kind.CRASH_AFTER_SEND && (Fault.FIRST_SENDER == fault.nodeId() || owned.test(fault.nodeId())))
            {
                node[count] = fault.nodeId();
                type[count] = typeOf(algorithm, fault.typeName());
                fromNs[count] = fault.atNs();
                started[count] = false;
                if (Fault.FIRST_SENDER == fault.nodeId() && firstSenderRank == FirstSenders.MAX)
                {
                    throw new IllegalArgumentException("a plan may hold at most " + FirstSenders.MAX + " first-sender crashes");
                }
                firstSender[count] = Fault.FIRST_SENDER == fault.nodeId() ? firstSenderRank++ : -1;
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
        return fire(fromId, nowNs, msgType, true);
    }

    /**
     * @param fromId  the sender.
     * @param nowNs   the run clock.
     * @param msgType the type it just sent.
     * @param heard   whether this copy reaches a live node.
     * @return true when this send must crash the sender (the trigger is then spent).
     */
    public boolean fire(final int fromId, final long nowNs, final int msgType, final boolean heard)
    {
        boolean crash = false;
        for (int i = 0; i < count; i++)
        {
            final boolean firstSenderTrigger = Fault.FIRST_SENDER == node[i];
            if (!(node[i] == fromId || firstSenderTrigger) || nowNs - fromNs[i] < 0)
            {
                continue;
            }
            if (ONCE_HEARD_TYPE == type[i])
            {
                started[i] |= firstSenderTrigger || role(msgType) == MessageRole.ELECTION;
                if (!(started[i] && heard && (role(msgType) == MessageRole.ELECTION || role(msgType) == MessageRole.ANNOUNCEMENT)))
                {
                    continue;
                }
                crash |= !firstSenderTrigger || firstSenders.claim(firstSender[i]);
                node[i] = SPENT;
            }
            else if (matches(type[i], msgType))
            {
                // Another thread's copy may have claimed a first-sender trigger already: spent here too.
                crash |= !firstSenderTrigger || firstSenders.claim(firstSender[i]);
                node[i] = SPENT;
            }
        }
        return crash;
    }

    private MessageRole role(final int msgType)
    {
        return msgType >= 0 && msgType < roleByType.length ? roleByType[msgType] : null;
    }

    private boolean matches(final int triggerType, final int msgType)
    {
        return triggerType == msgType || (ANY_ELECTION_TYPE == triggerType && msgType >= 0 && msgType < roleByType.length &&
            roleByType[msgType] == MessageRole.ELECTION);
    }

    private static int typeOf(final ElectionAlgorithm algorithm, final String typeName)
    {
        if (null == typeName)
        {
            return ANY_ELECTION_TYPE;
        }
        if (Fault.ONCE_HEARD.equals(typeName))
        {
            return ONCE_HEARD_TYPE;
        }
        final int typeId = algorithm.typeId(typeName);
        if (typeId < 0)
        {
            throw new IllegalArgumentException("fault names message type '" + typeName + "', but " + algorithm.name() +
                " has only " + algorithm.messageTypes());
        }
        return typeId;
    }

    /**
     * Which first-sender triggers of one run have fired, shared by the copies of several threads:
     * the first to claim a trigger crashes its sender, the others see it spent.
     */
    public static final class FirstSenders
    {
        /** The most first-sender triggers one plan may hold. */
        static final int MAX = Long.SIZE;

        private final AtomicLong fired = new AtomicLong();

        /** Forgets every claim, for the next run of a runtime that keeps one across runs. */
        public void reset()
        {
            fired.set(0);
        }

        boolean claim(final int trigger)
        {
            final long bit = 1L << trigger;
            long previous;
            do
            {
                previous = fired.get();
                if (0 != (previous & bit))
                {
                    return false;
                }
            }
            while (!fired.compareAndSet(previous, previous | bit));
            return true;
        }
    }
}
