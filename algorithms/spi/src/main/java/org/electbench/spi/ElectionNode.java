package org.electbench.spi;

import org.agrona.DirectBuffer;

/**
 * One node of one election algorithm: a single-threaded, event-driven state machine.
 * <p>
 * The runtime guarantees that all calls into one node happen on one thread, one at a time, and
 * that nothing else is touched: the node reads time, randomness, the network and timers only
 * through its {@link NodeContext}. Whenever its belief about the leader changes the node calls
 * {@link NodeContext#announce(Role, int, long)}; the monitor learns nothing else.
 */
public interface ElectionNode
{
    /** Ids are 1..N; 0 means "no leader known". */
    int NO_LEADER = 0;
    /** {@link #restSilenceNs()} of a node that is not at rest. */
    long NOT_AT_REST = -1;

    /**
     * The node boots or recovers with fresh state.
     *
     * @param ctx      everything the node may touch, valid until the node crashes.
     * @param start    how it comes up.
     * @param leaderId for {@link Start#SETTLED}, the leader of the settled cluster; otherwise {@link #NO_LEADER}.
     * @param term     for {@link Start#SETTLED}, the settled leader's term; otherwise 0.
     */
    void onStart(NodeContext ctx, Start start, int leaderId, long term);

    /**
     * One message arrived.
     *
     * @param fromId sender id.
     * @param buffer holding the message, starting with a {@link MessageHeader}; only valid during the call.
     * @param offset of the header in the buffer.
     * @param length of header and body together.
     */
    void onMessage(int fromId, DirectBuffer buffer, int offset, int length);

    /**
     * A timer this node set has fired (cancelled timers never fire).
     *
     * @param timerId as returned by {@link NodeContext#schedule(long, int)}.
     * @param kind    the kind the node gave when scheduling it.
     */
    void onTimer(long timerId, int kind);

    /** @return the leader this node currently names, or {@link #NO_LEADER}. */
    int leaderId();

    /** @return what this node currently believes it is. */
    Role role();

    /** @return the term this node currently believes in. */
    long term();

    /**
     * How long this node stays at rest in a settled cluster, for a runtime that can prove nothing
     * will change and stop early (the simulator's settle window, see {@code SimRuntime}).
     * <p>
     * At rest, the node is a follower of the leader it names or that leader itself, holding no
     * election state: no election, no reply awaited, no timer armed but a follower's watch on its
     * leader and a leader's heartbeat timer (and a leader's watch that its own heartbeats or its
     * followers' answers keep re-arming). Its belief, its timers' kinds and what it sends then
     * change only if the heartbeat exchange goes silent: a follower hears nothing from its leader,
     * or a leader nothing back from its followers, for longer than the returned silence. A
     * heartbeat from that leader, an answer to one, or an acknowledgement arriving leaves it at
     * rest with the same belief. The leader sends its heartbeats every
     * {@link ElectionSettings#heartbeatIntervalNs()}.
     *
     * @return the shortest silence, in nanoseconds from the last message of the exchange the node
     *         heard, after which it acts ({@link Long#MAX_VALUE} for never: a leader that acts on
     *         no silence, a follower whose detector may not fire), or {@link #NOT_AT_REST}.
     */
    default long restSilenceNs()
    {
        return NOT_AT_REST;
    }

    /**
     * Messages this node dropped as malformed: a frame shorter than a header, longer than
     * {@link MessageHeader#MAX_MESSAGE_LENGTH} or than its header claims, a type the algorithm
     * does not know, a body of the wrong length for its type, a sender outside 1..N, or a term no
     * honest peer could hold ({@link Terms}: negative, or a forged jump). A node
     * drops and counts such a message and never throws on one. The count covers every life of the
     * node (a restart does not reset it); read it on the node's thread, or after the run.
     *
     * @return the count, 0 for an algorithm that keeps none.
     */
    default long malformedMessages()
    {
        return 0;
    }

    /**
     * The argument checks every {@link #onStart} shares: a context for this node, and for a settled
     * start a leader in 1..N and a term of at least 0.
     *
     * @throws IllegalArgumentException naming what does not fit.
     */
    static void checkStart(final int selfId, final NodeContext ctx, final Start start, final int leaderId, final long term)
    {
        if (null == ctx || null == start)
        {
            throw new IllegalArgumentException("context and start must not be null");
        }
        if (ctx.selfId() != selfId || selfId > ctx.clusterSize())
        {
            throw new IllegalArgumentException("node " + selfId + " started with a context for node " +
                ctx.selfId() + " of a cluster of " + ctx.clusterSize() + " (ids are 1..N)");
        }
        if (Start.SETTLED == start && (leaderId < 1 || leaderId > ctx.clusterSize() || term < 0))
        {
            throw new IllegalArgumentException("a settled start needs a leader in 1.." + ctx.clusterSize() +
                " and a term of at least 0, was leader " + leaderId + " term " + term);
        }
    }
}
