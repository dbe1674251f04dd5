package org.electbench.spi;

import java.nio.ByteOrder;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The header every message starts with, so a runtime can count messages by type and bytes
 * without understanding the body.
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +-------------------------------+-------------------------------+
 *  |             type              |          body length          |
 *  +-------------------------------+-------------------------------+
 *  |                           sender id                           |
 *  +---------------------------------------------------------------+
 * </pre>
 * Little-endian, as Aeron's own frames.
 */
public final class MessageHeader
{
    public static final ByteOrder BYTE_ORDER = ByteOrder.LITTLE_ENDIAN;
    public static final int TYPE_OFFSET = 0;
    public static final int BODY_LENGTH_OFFSET = 2;
    public static final int SENDER_OFFSET = 4;
    public static final int LENGTH = 8;
    /** Largest body an algorithm may claim; runtimes size their slots from it. */
    public static final int MAX_BODY_LENGTH = 56;
    public static final int MAX_MESSAGE_LENGTH = LENGTH + MAX_BODY_LENGTH;

    private MessageHeader()
    {
    }

    public static void write(final MutableDirectBuffer buffer, final int offset, final int type, final int bodyLength, final int senderId)
    {
        buffer.putShort(offset + TYPE_OFFSET, (short)type, BYTE_ORDER);
        buffer.putShort(offset + BODY_LENGTH_OFFSET, (short)bodyLength, BYTE_ORDER);
        buffer.putInt(offset + SENDER_OFFSET, senderId, BYTE_ORDER);
    }

    public static int type(final DirectBuffer buffer, final int offset)
    {
        return buffer.getShort(offset + TYPE_OFFSET, BYTE_ORDER) & 0xFFFF;
    }

    public static int bodyLength(final DirectBuffer buffer, final int offset)
    {
        return buffer.getShort(offset + BODY_LENGTH_OFFSET, BYTE_ORDER) & 0xFFFF;
    }

    public static int senderId(final DirectBuffer buffer, final int offset)
    {
        return buffer.getInt(offset + SENDER_OFFSET, BYTE_ORDER);
    }

    /**
     * The framing check every algorithm's decoder starts with: the frame lies within the buffer,
     * holds a whole header, is no longer than {@link #MAX_MESSAGE_LENGTH}, and is exactly as long
     * as its header says. A frame that fails it is malformed, whatever its type.
     *
     * @param buffer holding the frame.
     * @param offset of the header in the buffer.
     * @param length of the frame as delivered.
     * @return the body length, or -1 for a malformed frame.
     */
    public static int checkedBodyLength(final DirectBuffer buffer, final int offset, final int length)
    {
        if (null == buffer || offset < 0 || length < LENGTH || length > MAX_MESSAGE_LENGTH ||
            length > buffer.capacity() - offset)
        {
            return -1;
        }
        final int bodyLength = bodyLength(buffer, offset);
        return LENGTH + bodyLength == length ? bodyLength : -1;
    }

    /** @return header plus body length, as the header claims it. */
    public static int messageLength(final DirectBuffer buffer, final int offset)
    {
        return LENGTH + bodyLength(buffer, offset);
    }
}
