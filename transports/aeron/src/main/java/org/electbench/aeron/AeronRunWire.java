package org.electbench.aeron;

import org.electbench.realtime.Wire;

/** What {@link AeronRuntime} needs of either of its wires, beyond carrying messages. */
interface AeronRunWire extends Wire
{
    /**
     * Waits until every publication and subscription is connected.
     *
     * @throws IllegalStateException when the deadline passes first.
     */
    void connect(long timeoutNs);

    /** @return whether every publication and subscription is still connected; a run on a wire that is not would lose messages. */
    boolean isConnected();

    /** Times ping-pongs between nodes 1 and 2 on the calling thread, before the run's workers start. */
    long measureOneWayLatencyNs();

    int clusterSize();

    int typeCount();

    /** @return the worker lanes the wire was built for; 0 when it serves any number. */
    int lanes();

    /** @return frames dropped so far as invalid. */
    long invalidFrames();

    /** @return this send outcome summed over every node so far. */
    long sendCount(SendCounter counter);

    void close();
}
