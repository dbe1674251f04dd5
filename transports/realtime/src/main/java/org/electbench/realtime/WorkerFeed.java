package org.electbench.realtime;

import java.nio.ByteBuffer;

import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.OneToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;
import org.electbench.spi.Role;
import org.electbench.transport.host.MonitorFeed;

/**
 * One worker's way to the monitor: its own single-writer ring buffer (an Agrona
 * {@link OneToOneRingBuffer}), which the run's {@link MonitorMerge} reads and merges with the
 * other workers' in time order. No lock and no shared writer on the send path: a worker only
 * writes its own buffer, and the clock it stamps records with is read without one. A start, crash
 * or belief is stamped no earlier than the worker's previous one (a planned crash applied late is
 * seen at its planned instant unless a later change was already reported); a send is stamped when
 * it was sent, and moves no other record's stamp, as the monitor only counts it.
 * <p>
 * A full buffer makes the worker wait for the merge to read (counted as its stall like any other
 * hold-up); once the run has ended the merge closes the feed and records are dropped.
 */
final class WorkerFeed implements MonitorFeed
{
    /** The instant of an event that happens as it is reported: the run clock now. */
    static final long NOW = Long.MIN_VALUE;

    static final int START = 1;
    static final int CRASH = 2;
    static final int SEND = 3;
    static final int ANNOUNCE = 4;

    static final int AT_OFFSET = 0;
    static final int TERM_OFFSET = AT_OFFSET + Long.BYTES;
    static final int NODE_OFFSET = TERM_OFFSET + Long.BYTES;
    /** The message type, or the announced role's ordinal. */
    static final int A_OFFSET = NODE_OFFSET + Integer.BYTES;
    /** The message length, or the announced leader. */
    static final int B_OFFSET = A_OFFSET + Integer.BYTES;
    static final int RECORD_LENGTH = B_OFFSET + Integer.BYTES;

    /** Room for some 100,000 records: a burst the merge reads at its next check. */
    private static final int CAPACITY = 1 << 22;
    private static final int SPINS_BEFORE_YIELD = 64;

    private final Cluster cluster;
    private final long referenceNs;
    private final RingBuffer buffer;
    private volatile boolean closed;
    /** The stamp of this worker's last start, crash or belief. */
    private long lastChangeNs;

    /** @param referenceNs sends before it are not reported: the monitor counts none before it. */
    WorkerFeed(final Cluster cluster, final long referenceNs)
    {
        this.cluster = cluster;
        this.referenceNs = referenceNs;
        final AtomicBuffer memory = new UnsafeBuffer(ByteBuffer.allocateDirect(CAPACITY + RingBufferDescriptor.TRAILER_LENGTH));
        buffer = new OneToOneRingBuffer(memory);
    }

    RingBuffer buffer()
    {
        return buffer;
    }

    /** The run has ended: nothing more is read, so nothing more is written. */
    void close()
    {
        closed = true;
    }

    @Override
    public void onStart(final int nodeId, final long atNs)
    {
        write(START, atNs, nodeId, 0, 0, 0);
    }

    @Override
    public void onCrash(final int nodeId, final long atNs)
    {
        write(CRASH, atNs, nodeId, 0, 0, 0);
    }

    @Override
    public void onSend(final int fromId, final long atNs, final int type, final int length)
    {
        // The monitor ignores sends before the reference instant: no need to write them.
        if ((NOW == atNs ? cluster.nowNs() : atNs) - referenceNs < 0)
        {
            return;
        }
        write(SEND, atNs, fromId, type, length, 0);
    }

    @Override
    public void onAnnounce(final int nodeId, final long atNs, final Role role, final int leaderId, final long term)
    {
        write(ANNOUNCE, atNs, nodeId, role.ordinal(), leaderId, term);
    }

    private void write(final int kind, final long atNs, final int node, final int a, final int b, final long term)
    {
        long stampNs = NOW == atNs ? cluster.nowNs() : atNs;
        if (SEND != kind)
        {
            lastChangeNs = Math.max(lastChangeNs, stampNs);
            stampNs = lastChangeNs;
        }
        int spins = 0;
        int index;
        while ((index = buffer.tryClaim(kind, RECORD_LENGTH)) < 0)
        {
            if (closed)
            {
                return;
            }
            if (++spins < SPINS_BEFORE_YIELD)
            {
                Thread.onSpinWait();
            }
            else
            {
                Thread.yield();
            }
        }
        final AtomicBuffer memory = buffer.buffer();
        memory.putLong(index + AT_OFFSET, stampNs);
        memory.putLong(index + TERM_OFFSET, term);
        memory.putInt(index + NODE_OFFSET, node);
        memory.putInt(index + A_OFFSET, a);
        memory.putInt(index + B_OFFSET, b);
        buffer.commit(index);
    }
}
