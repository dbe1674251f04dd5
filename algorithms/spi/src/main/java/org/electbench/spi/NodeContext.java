package org.electbench.spi;

import java.util.random.RandomGenerator;

import org.agrona.MutableDirectBuffer;

/**
 * Everything a node may touch. The runtime lends it; the node never calls System.nanoTime,
 * never allocates to send, and never sees another node.
 * <p>
 * Sending is claim then send: {@link #claim(int, int)} lends a buffer with the header already
 * written and the body to be written at {@link MessageHeader#LENGTH}; {@link #send(int)} and
 * {@link #broadcast()} deliver what was claimed, as many times as called, until the next claim.
 */
public interface NodeContext
{
    /** @return this node's id, 1..{@link #clusterSize()}. */
    int selfId();

    /** @return N, the configured cluster size; peers are every id in 1..N but {@link #selfId()}. */
    int clusterSize();

    /**
     * @return whether this node's failure detector may fire: when false the node learns of a
     * failure only through messages (to reproduce the textbook best and worst cases).
     */
    boolean detectorEnabled();

    /** @return the settings every node of this cluster shares. */
    ElectionSettings settings();

    /** @return now in nanoseconds: virtual in the simulator, monotonic wall time elsewhere. */
    long nowNs();

    /** @return this node's seeded random source. */
    RandomGenerator random();

    /**
     * Claim the send buffer for one message: the header is written, the body goes at
     * {@link MessageHeader#LENGTH}.
     *
     * @param type       the algorithm's message type id.
     * @param bodyLength bytes of body to follow the header.
     * @return the buffer to write the body into.
     */
    MutableDirectBuffer claim(int type, int bodyLength);

    /**
     * Send the claimed message to one peer. A send to oneself is ignored: it is not a message.
     *
     * @param toId the receiver.
     */
    void send(int toId);

    /** Send the claimed message to every peer. */
    void broadcast();

    /**
     * @param delayNs how long from now.
     * @param kind    the node's own label for the timer, handed back on expiry.
     * @return an id for {@link #cancel(long)}.
     */
    long schedule(long delayNs, int kind);

    /**
     * @param timerId as returned by {@link #schedule(long, int)}.
     * @return true when it was pending and now will never fire.
     */
    boolean cancel(long timerId);

    /**
     * A small buffer, {@link MessageHeader#MAX_MESSAGE_LENGTH} bytes, that survives this node's
     * crash and recovery as a disk would (zeroed when the cluster first starts), for what an
     * algorithm must not forget across a restart, such as the last term it voted in.
     *
     * @return the node's durable state, or null when the runtime keeps none: the node then
     * restarts as if its disk were wiped.
     */
    default MutableDirectBuffer durableState()
    {
        return null;
    }

    /**
     * Tell the monitor this node's belief changed.
     *
     * @param role     what it now is.
     * @param leaderId whom it now names, or {@link ElectionNode#NO_LEADER}.
     * @param term     the term it now believes in.
     */
    void announce(Role role, int leaderId, long term);

    /**
     * Tell the trace this node entered a state of its own state machine, finer than its role
     * (bully's ELECTING, raft's PRE_CANDIDATE), so a trace shows every transition, announced or
     * not. An algorithm's one transition method calls it; the monitor ignores it.
     *
     * @param state the state's name, a constant: nothing is allocated.
     */
    default void transition(final String state)
    {
    }
}
