package org.electbench.transport;

import org.electbench.spi.Role;

/**
 * Sees everything that happens in one run, in the order it happens: every send, delivery and
 * drop, every timer that fires, every fault and every change of a node's belief. The runtime
 * calls it on its event thread; a runtime with no recorder set makes no call and allocates
 * nothing for it. Every method defaults to doing nothing, so a recorder overrides what it needs.
 * <p>
 * A message is named by the id the runtime gives it at its send: unique among the messages in
 * flight, so a delivery or a drop names the send it ends. A message lost as it is sent (loss,
 * partition or cut at the sender's edge) is never queued: its drop follows its send at once and
 * carries {@link #NOT_QUEUED}.
 */
public interface TraceRecorder
{
    /** The id of a message dropped at its send, before the network took it. */
    long NOT_QUEUED = -1;

    /** Why a message never arrived. */
    enum DropReason
    {
        /** The network's loss probability (or a loss burst) took it. */
        LOSS,
        /** A partition or a one-way cut stood between sender and receiver. */
        BLOCKED,
        /** The receiver was down when it arrived. */
        RECEIVER_DOWN
    }

    default void onSend(final long nowNs, final long messageId, final int fromId, final int toId, final int type, final int length)
    {
    }

    default void onDeliver(final long nowNs, final long messageId, final int fromId, final int toId, final int type)
    {
    }

    default void onDrop(final long nowNs, final long messageId, final int fromId, final int toId, final int type, final DropReason reason)
    {
    }

    /** The node set a timer, due {@code delayNs} from now. */
    default void onSchedule(final long nowNs, final int nodeId, final int kind, final long delayNs)
    {
    }

    /** A timer the node set fired and its callback runs now. */
    default void onTimer(final long nowNs, final int nodeId, final int kind)
    {
    }

    /**
     * A fault took effect (or, with {@code end}, its duration ran out).
     *
     * @param nodeId the node it hit, or 0 for one of the whole network (partition, loss, delay).
     */
    default void onFault(final long nowNs, final Fault.Kind kind, final int nodeId, final boolean end)
    {
    }

    /** The node announced a new belief: its role, the leader it names (0 for none) and its term. */
    default void onBelief(final long nowNs, final int nodeId, final Role role, final int leaderId, final long term)
    {
    }

    /** The node entered a state of its algorithm's own state machine (its name), announced or not. */
    default void onTransition(final long nowNs, final int nodeId, final String state)
    {
    }
}
