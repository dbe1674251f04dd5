package org.electbench.aeron;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.electbench.spi.MessageHeader;

/**
 * The transport header every datagram starts with, followed by exactly one SPI message
 * ({@link MessageHeader} and body). It lets a node drop what was not meant for its cluster
 * before an algorithm sees it.
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                     magic ("EBFR" in bytes)                   |
 *  +-------------------------------+-------------------------------+
 *  |            version            |             flags             |
 *  +-------------------------------+-------------------------------+
 *  |                           cluster id                          |
 *  +---------------------------------------------------------------+
 *  |                           sender id                           |
 *  +---------------------------------------------------------------+
 *  |                 SPI message: header and body ...              |
 * </pre>
 * Little-endian, as the SPI message and Aeron's own frames. Message frames have flags 0; a
 * frame with {@link #FLAG_STATUS} is a node's report to the observer ({@link StatusFrame}), never
 * a message.
 */
public final class FrameHeader
{
    /** The bytes 'E' 'B' 'F' 'R' read as a little-endian int. */
    public static final int MAGIC = 0x5246_4245;
    public static final short VERSION = 1;
    public static final int MAGIC_OFFSET = 0;
    public static final int VERSION_OFFSET = 4;
    public static final int FLAGS_OFFSET = 6;
    public static final int CLUSTER_ID_OFFSET = 8;
    public static final int SENDER_OFFSET = 12;
    public static final int LENGTH = 16;
    /** Set on a node's status report to the observer; message frames never carry it. */
    public static final int FLAG_STATUS = 1;
    /** Where the SPI message starts inside a frame. */
    public static final int MESSAGE_OFFSET = LENGTH;
    public static final int MIN_FRAME_LENGTH = LENGTH + MessageHeader.LENGTH;
    public static final int MAX_FRAME_LENGTH = LENGTH + MessageHeader.MAX_MESSAGE_LENGTH;

    private FrameHeader()
    {
    }

    public static void write(final MutableDirectBuffer buffer, final int offset, final int clusterId, final int senderId)
    {
        buffer.putInt(offset + MAGIC_OFFSET, MAGIC, MessageHeader.BYTE_ORDER);
        buffer.putShort(offset + VERSION_OFFSET, VERSION, MessageHeader.BYTE_ORDER);
        buffer.putShort(offset + FLAGS_OFFSET, (short)0, MessageHeader.BYTE_ORDER);
        buffer.putInt(offset + CLUSTER_ID_OFFSET, clusterId, MessageHeader.BYTE_ORDER);
        buffer.putInt(offset + SENDER_OFFSET, senderId, MessageHeader.BYTE_ORDER);
    }

    public static int magic(final DirectBuffer buffer, final int offset)
    {
        return buffer.getInt(offset + MAGIC_OFFSET, MessageHeader.BYTE_ORDER);
    }

    public static int version(final DirectBuffer buffer, final int offset)
    {
        return buffer.getShort(offset + VERSION_OFFSET, MessageHeader.BYTE_ORDER) & 0xFFFF;
    }

    public static int flags(final DirectBuffer buffer, final int offset)
    {
        return buffer.getShort(offset + FLAGS_OFFSET, MessageHeader.BYTE_ORDER) & 0xFFFF;
    }

    public static int clusterId(final DirectBuffer buffer, final int offset)
    {
        return buffer.getInt(offset + CLUSTER_ID_OFFSET, MessageHeader.BYTE_ORDER);
    }

    public static int senderId(final DirectBuffer buffer, final int offset)
    {
        return buffer.getInt(offset + SENDER_OFFSET, MessageHeader.BYTE_ORDER);
    }

    /**
     * Writes a whole frame: transport header, then the message copied as it is.
     *
     * @return the frame length.
     */
    public static int encode(
        final MutableDirectBuffer frame,
        final int frameOffset,
        final int clusterId,
        final int senderId,
        final DirectBuffer message,
        final int messageOffset,
        final int messageLength)
    {
        write(frame, frameOffset, clusterId, senderId);
        frame.putBytes(frameOffset + MESSAGE_OFFSET, message, messageOffset, messageLength);
        return LENGTH + messageLength;
    }
}
