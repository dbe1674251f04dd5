package org.electbench.realtime;

import org.agrona.DirectBuffer;
import org.electbench.transport.RunTiming;
import org.electbench.transport.Scenario;

/**
 * What carries the messages of one run between nodes: the only part of the real-clock runtime
 * that differs between transports. The workers do everything else (timers, the delay queue,
 * faults at the edges, the monitor); a wire only moves bytes.
 * <p>
 * Threading: {@link #offer} for a sender and {@link #poll} for a receiver are each called by the
 * one worker thread that owns that node, so a wire may keep per-node state unsynchronised; calls
 * for different nodes come from different threads at once.
 */
public interface Wire
{
    /**
     * Whether a message's due time travels with it to the receiver. A wire that cannot carry it
     * gets only messages due at once: the sender's worker holds a delayed message in its delay
     * queue and offers it when due (still in flight, so it leaves even if its sender crashed).
     *
     * @return true when {@link #offer} takes any due time.
     */
    default boolean carriesDueTime()
    {
        return true;
    }

    /**
     * Send one message, copied before the call returns.
     *
     * @param fromId the sender, 1..N; the message header names it too.
     * @param toId   the receiver, 1..N, never the sender.
     * @param dueNs  when it may be delivered on the run clock, 0 for at once; always 0 when the
     *               wire does not {@linkplain #carriesDueTime() carry due times}.
     * @return false when the wire lost it (a full inbox, back pressure that did not clear):
     * the worker counts it dropped, as a full socket buffer would lose it.
     */
    boolean offer(int fromId, int toId, long dueNs, DirectBuffer buffer, int offset, int length);

    /**
     * Hand up to {@code limit} messages waiting for one node to the receiver.
     *
     * @return how many were handed over (work done, for the idle strategy).
     */
    int poll(int nodeId, Receiver receiver, int limit);

    /**
     * Hand what is waiting for the nodes of one worker to the receiver. A wire that receives per
     * worker rather than per node (one channel a worker's nodes share) reads that channel once.
     *
     * @param lane         the worker's index; its nodes are those with {@code (id - 1) % lanes == lane}.
     * @param ownedNodeIds the worker's nodes.
     * @return how many were handed over (work done, for the idle strategy).
     */
    default int pollLane(final int lane, final int[] ownedNodeIds, final Receiver receiver, final int limit)
    {
        int handed = 0;
        for (final int id : ownedNodeIds)
        {
            handed += poll(id, receiver, limit);
        }
        return handed;
    }

    /**
     * A worker's duty cycle has ended. A wire whose transport runs on the workers' own threads
     * sends now what the cycle offered, rather than in the worker's next cycle, which a parked
     * worker may start late.
     *
     * @param lane         the worker's index.
     * @param ownedNodeIds the worker's nodes.
     * @return work done (for the idle strategy).
     */
    default int endCycle(final int lane, final int[] ownedNodeIds)
    {
        return 0;
    }

    /**
     * After the run's workers have stopped: discard what is still in flight, so a later run on
     * the same wire starts empty.
     *
     * @return messages discarded.
     */
    long drain();

    /**
     * For a wire that does not {@linkplain #carriesDueTime() carry due times}, whose senders offer a
     * message when it is due: the longest any message took from its sender's offer to its
     * receiver's poll since the last call, so that a run knows how late each message arrived. The
     * runtime calls it as its clock starts and again after the run, its workers stopped.
     *
     * @return nanoseconds, or {@link RunTiming#NOT_MEASURED} for a wire that does not measure it.
     */
    default long takeMaxTransitNs()
    {
        return RunTiming.NOT_MEASURED;
    }

    /** @return the one-way latency measured on this wire before the run, 0 when it adds none worth measuring. */
    default long oneWayLatencyNs()
    {
        return 0;
    }

    /** Receives what {@link #poll} reads; the buffer is only valid during the call. */
    @FunctionalInterface
    interface Receiver
    {
        void onMessage(int toId, int fromId, long dueNs, DirectBuffer buffer, int offset, int length);
    }

    /** Makes a run's wire; may keep resources (memory, a media driver) across runs until closed. */
    interface Factory extends AutoCloseable
    {
        /**
         * @param scenario what the run will carry.
         * @param lanes    the run's workers: node {@code id} is polled by worker {@code (id - 1) % lanes}.
         * @return a wire ready to carry the scenario's messages the moment the run clock starts
         * (connected, empty).
         */
        Wire open(Scenario scenario, int lanes);

        /**
         * The longest the transport's own threads (a media driver's) went without doing their work
         * since the last call, beyond the parks they chose: a stall of the host that delays every
         * message in flight. The runtime calls it as its clock starts and again after the run.
         *
         * @return nanoseconds; 0 for a transport that runs on the workers' threads alone.
         */
        default long takeStallNs()
        {
            return 0;
        }

        /** Release what the factory keeps; a later {@link #open} may start afresh. */
        @Override
        void close();
    }
}
