package org.electbench.inmemory;

import java.nio.ByteBuffer;

import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.MessageHandler;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.ringbuffer.ManyToOneRingBuffer;
import org.agrona.concurrent.ringbuffer.RingBufferDescriptor;
import org.electbench.spi.MessageHeader;
import org.electbench.realtime.Wire;
import org.electbench.transport.Scenario;

/**
 * The {@code inmemory} wire: one Agrona {@link ManyToOneRingBuffer} inbox per node. A record is
 * the message's due time on the run clock, then the message, so the receiver's worker holds it
 * until due.
 */
final class RingBufferWire implements Wire
{
    /** Inbox record: the instant it is due on the run clock (0 for at once), then the message. */
    static final int DUE_OFFSET = 0;
    static final int MESSAGE_OFFSET = Long.BYTES;
    static final int MESSAGE_RECORD_TYPE = 1;

    private final ManyToOneRingBuffer[] inboxes;
    private final Reader[] readers;

    private RingBufferWire(final AtomicBuffer[] inboxBuffers, final int nodes)
    {
        inboxes = new ManyToOneRingBuffer[nodes + 1];
        readers = new Reader[nodes + 1];
        for (int id = 1; id <= nodes; id++)
        {
            inboxBuffers[id].setMemory(0, inboxBuffers[id].capacity(), (byte)0);
            inboxes[id] = new ManyToOneRingBuffer(inboxBuffers[id]);
            readers[id] = new Reader(id);
        }
    }

    @Override
    public boolean offer(final int fromId, final int toId, final long dueNs, final DirectBuffer buffer, final int offset, final int length)
    {
        final ManyToOneRingBuffer inbox = inboxes[toId];
        final int recordIndex = inbox.tryClaim(MESSAGE_RECORD_TYPE, MESSAGE_OFFSET + length);
        if (recordIndex < 0)
        {
            return false;
        }
        final AtomicBuffer record = inbox.buffer();
        record.putLong(recordIndex + DUE_OFFSET, dueNs);
        record.putBytes(recordIndex + MESSAGE_OFFSET, buffer, offset, length);
        inbox.commit(recordIndex);
        return true;
    }

    @Override
    public int poll(final int nodeId, final Receiver receiver, final int limit)
    {
        final Reader reader = readers[nodeId];
        reader.receiver = receiver;
        return inboxes[nodeId].read(reader, limit);
    }

    @Override
    public long drain()
    {
        long drained = 0;
        for (int id = 1; id < inboxes.length; id++)
        {
            drained += inboxes[id].read((msgTypeId, buffer, index, length) -> { }, Integer.MAX_VALUE);
        }
        return drained;
    }

    /** One node's adapter from ring-buffer records to the receiver; only that node's worker uses it. */
    private static final class Reader implements MessageHandler
    {
        private final int nodeId;
        private Receiver receiver;

        Reader(final int nodeId)
        {
            this.nodeId = nodeId;
        }

        @Override
        public void onMessage(final int msgTypeId, final MutableDirectBuffer buffer, final int index, final int length)
        {
            final int offset = index + MESSAGE_OFFSET;
            receiver.onMessage(nodeId, MessageHeader.senderId(buffer, offset), buffer.getLong(index + DUE_OFFSET),
                buffer, offset, length - MESSAGE_OFFSET);
        }
    }

    /** Keeps the inboxes' direct memory across runs of one cluster size. */
    static final class Factory implements Wire.Factory
    {
        private final int inboxCapacity;
        private AtomicBuffer[] inboxBuffers;

        Factory(final int inboxCapacity)
        {
            this.inboxCapacity = inboxCapacity;
        }

        @Override
        public Wire open(final Scenario scenario, final int lanes)
        {
            final int nodes = scenario.nodes();
            if (null == inboxBuffers || inboxBuffers.length != nodes + 1)
            {
                // Direct memory, reused by later runs of the same size.
                close();
                inboxBuffers = new AtomicBuffer[nodes + 1];
                for (int id = 1; id <= nodes; id++)
                {
                    // Not allocateDirectAligned: its slice could not be freed; malloc's 16-byte alignment is all the ring needs.
                    final ByteBuffer memory = ByteBuffer.allocateDirect(inboxCapacity + RingBufferDescriptor.TRAILER_LENGTH);
                    inboxBuffers[id] = new UnsafeBuffer(memory);
                }
            }
            return new RingBufferWire(inboxBuffers, nodes);
        }

        /** Free the inboxes' direct memory now rather than when the collector gets to it. */
        @Override
        public void close()
        {
            if (null != inboxBuffers)
            {
                for (final AtomicBuffer buffer : inboxBuffers)
                {
                    if (null != buffer)
                    {
                        BufferUtil.free(buffer);
                    }
                }
                inboxBuffers = null;
            }
        }
    }
}
