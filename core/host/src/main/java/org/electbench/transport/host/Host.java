package org.electbench.transport.host;

import org.electbench.spi.Role;

/**
 * What a runtime supplies to host nodes: a clock, a timer store and a wire. Everything else a
 * node's {@link org.electbench.spi.NodeContext} does (its id, incarnation, the claim and its
 * checks, the detector flag, durable state, the guard that silences a crashed incarnation) is
 * {@link HostedContext}'s, the one implementation every runtime and test kit shares.
 * <p>
 * Every call comes from the thread that runs the node, and only for a context that is still
 * {@link HostedContext#active() active}.
 */
public interface Host
{
    /** @return now in nanoseconds: virtual in the simulator, the run's clock elsewhere. */
    long nowNs();

    /**
     * @param node    the node asking.
     * @param delayNs how long from now, at least 0.
     * @param kind    the node's label for the timer.
     * @return an id for {@link #cancel}, never 0.
     */
    long schedule(HostedContext node, long delayNs, int kind);

    /** @return true when the node's timer was pending and now will never fire. */
    boolean cancel(HostedContext node, long timerId);

    /**
     * Puts one copy of the claimed message on the wire to a peer.
     *
     * @param from    the sender.
     * @param toId    a peer of the sender's: 1..N and not the sender.
     * @param message what the sender claimed and wrote.
     */
    void emit(HostedContext from, int toId, SendBuffer message);

    /**
     * Puts a copy of the claimed message on the wire to every peer, in id order, stopping when
     * the sender goes down part-way (a crash triggered by one of the sends). A host whose wire
     * can do better than one copy at a time overrides this.
     */
    default void emitToAll(final HostedContext from, final SendBuffer message)
    {
        final int selfId = from.selfId();
        for (int toId = 1, n = from.clusterSize(); toId <= n && from.active(); toId++)
        {
            if (toId != selfId)
            {
                emit(from, toId, message);
            }
        }
    }

    /**
     * The node sent to itself or to an id outside 1..N: no message, and no runtime puts one on
     * the wire. A host that checks its node (a test's) counts these; a runtime ignores them.
     */
    default void onRefusedSend(final HostedContext from, final int toId)
    {
    }

    /** The node's belief changed. */
    void announce(HostedContext node, Role role, int leaderId, long term);

    /** The node entered a state of its own state machine; a host that traces records it. */
    default void transition(final HostedContext node, final String state)
    {
    }
}
