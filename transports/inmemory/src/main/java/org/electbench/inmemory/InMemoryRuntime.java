package org.electbench.inmemory;

import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;
import org.electbench.realtime.RealtimeRuntime;

/**
 * The {@code inmemory} runtime: the real-clock engine ({@link RealtimeRuntime}) with each node's
 * inbox an Agrona {@link org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer} in direct memory,
 * so a run measures the engine itself (timers, scheduling, idling) over the cheapest wire there is.
 */
public final class InMemoryRuntime
{
    public static final String NAME = "inmemory";
    public static final int DEFAULT_INBOX_CAPACITY = 64 * 1024;
    /**
     * Ring buffers cost memory, not threads (the engine's pool of workers multiplexes the nodes), so
     * the direct memory for the inboxes bounds N too; beyond this a run's N² election burst on a
     * worker or two takes longer than any timeout worth setting. Exercised up to 64.
     */
    public static final int MAX_NODES = 256;

    private InMemoryRuntime()
    {
    }

    /** @return a runtime with the engine's defaults and 64 KiB inboxes. */
    public static RealtimeRuntime create()
    {
        return builder().build();
    }

    /** @return the engine's default worker settings over 64 KiB inboxes. */
    public static RealtimeRuntime.Builder builder()
    {
        return builder(DEFAULT_INBOX_CAPACITY);
    }

    /**
     * @param inboxCapacity bytes of each node's inbox ring, a power of two of at least 1 KiB.
     * @return the engine's default worker settings over inboxes of that size.
     * @throws IllegalArgumentException when the capacity is not such a power of two.
     */
    public static RealtimeRuntime.Builder builder(final int inboxCapacity)
    {
        return withWire(RealtimeRuntime.builder(), inboxCapacity);
    }

    /**
     * The runtime the command line makes: worker settings from the engine's system properties
     * ({@link RealtimeRuntime#builderFromSystemProperties()}), 64 KiB inboxes.
     *
     * @throws IllegalArgumentException naming the property and what it accepts.
     */
    public static RealtimeRuntime fromSystemProperties()
    {
        return withWire(RealtimeRuntime.builderFromSystemProperties(), DEFAULT_INBOX_CAPACITY).build();
    }

    private static RealtimeRuntime.Builder withWire(final RealtimeRuntime.Builder builder, final int inboxCapacity)
    {
        if (inboxCapacity < 1024 || Integer.bitCount(inboxCapacity) != 1)
        {
            throw new IllegalArgumentException("inbox capacity must be a power of two of at least 1024 bytes, got " + inboxCapacity);
        }
        return builder.wire(NAME, new RingBufferWire.Factory(inboxCapacity))
            .maxNodes(MAX_NODES)
            .directBytesPerNode(inboxCapacity + RingBufferDescriptor.TRAILER_LENGTH);
    }
}
