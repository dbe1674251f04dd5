package org.electbench.transport.host;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.MessageHeader;

/**
 * The send buffer that the nodes run by one thread take turns to claim: the header written by
 * {@link #claim}, the body after it, and its length. One per host thread, so a send copies
 * nothing until the wire takes it.
 */
public final class SendBuffer
{
    private final byte[] bytes = new byte[MessageHeader.MAX_MESSAGE_LENGTH];
    private final UnsafeBuffer buffer = new UnsafeBuffer(bytes);
    private int length;

    /**
     * @return the buffer with the header written, the body to follow at {@link MessageHeader#LENGTH}.
     * @throws IllegalArgumentException for a body length outside 0..{@link MessageHeader#MAX_BODY_LENGTH}.
     */
    MutableDirectBuffer claim(final int type, final int bodyLength, final int senderId)
    {
        if (bodyLength < 0 || bodyLength > MessageHeader.MAX_BODY_LENGTH)
        {
            throw new IllegalArgumentException("body length must be 0.." + MessageHeader.MAX_BODY_LENGTH + ", got " + bodyLength);
        }
        MessageHeader.write(buffer, 0, type, bodyLength, senderId);
        length = MessageHeader.LENGTH + bodyLength;
        return buffer;
    }

    /** @return the claimed message, from offset 0. */
    public UnsafeBuffer buffer()
    {
        return buffer;
    }

    /** @return the claimed message's bytes, from offset 0: the buffer's backing array. */
    public byte[] bytes()
    {
        return bytes;
    }

    /** @return header plus body of the claimed message. */
    public int length()
    {
        return length;
    }

    /** @return the claimed message's type, read straight from the array (no bounds-checked buffer call per send). */
    public int type()
    {
        return (bytes[MessageHeader.TYPE_OFFSET] & 0xFF) | (bytes[MessageHeader.TYPE_OFFSET + 1] & 0xFF) << 8;
    }
}
