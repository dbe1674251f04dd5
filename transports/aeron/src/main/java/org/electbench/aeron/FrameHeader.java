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
 *  |            cluster fingerprint (algorithm, settings,          |
 *  |                 membership: see the cluster file)             |
 *  +---------------------------------------------------------------+
 *  |          incarnation (drawn when the sender's process         |
 *  |                  starts; 0 inside one process)                |
 *  +---------------------------------------------------------------+
 *  |                 SPI message: header and body ...              |
 *  +---------------------------------------------------------------+
 *  |        MAC tag (16 bytes), only when flags has FLAG_MAC        |
 * </pre>
 * Little-endian, as the SPI message and Aeron's own frames. Message frames have no flag but
 * {@link #FLAG_MAC}; a frame with {@link #FLAG_STATUS} is a node's report to the observer
 * ({@code StatusFrame}), never a message. A frame with {@link #FLAG_MAC} ends with a MAC over all
 * the bytes before it, under the cluster key ({@link FrameMac}).
 */
public final class FrameHeader
{
    /** The bytes 'E' 'B' 'F' 'R' read as a little-endian int. */
    public static final int MAGIC = 0x5246_4245;
    /** 2: the fingerprint, the incarnation and the MAC flag were added. */
    public static final short VERSION = 2;
    public static final int MAGIC_OFFSET = 0;
    public static final int VERSION_OFFSET = 4;
    public static final int FLAGS_OFFSET = 6;
    public static final int CLUSTER_ID_OFFSET = 8;
    public static final int SENDER_OFFSET = 12;
    public static final int FINGERPRINT_OFFSET = 16;
    public static final int INCARNATION_OFFSET = 24;
    public static final int LENGTH = 32;
    /** Set on a node's status report to the observer; message frames never carry it. */
    public static final int FLAG_STATUS = 1;
    /** The frame ends with a {@link FrameMac} tag. */
    public static final int FLAG_MAC = 2;
    /** Where the SPI message starts inside a frame. */
    public static final int MESSAGE_OFFSET = LENGTH;
    public static final int MIN_FRAME_LENGTH = LENGTH + MessageHeader.LENGTH;
    /** The longest frame: the largest message and a MAC tag. */
    public static final int MAX_FRAME_LENGTH = LENGTH + MessageHeader.MAX_MESSAGE_LENGTH + FrameMac.TAG_LENGTH;

    private FrameHeader()
    {
    }

    /** Writes a header with no fingerprint, incarnation or flag: frames that never leave one process. */
    public static void write(final MutableDirectBuffer buffer, final int offset, final int clusterId, final int senderId)
    {
        write(buffer, offset, clusterId, senderId, 0, 0, 0);
    }

    public static void write(
        final MutableDirectBuffer buffer,
        final int offset,
        final int clusterId,
        final int senderId,
        final long fingerprint,
        final long incarnation,
        final int flags)
    {
        buffer.putInt(offset + MAGIC_OFFSET, MAGIC, MessageHeader.BYTE_ORDER);
        buffer.putShort(offset + VERSION_OFFSET, VERSION, MessageHeader.BYTE_ORDER);
        buffer.putShort(offset + FLAGS_OFFSET, (short)flags, MessageHeader.BYTE_ORDER);
        buffer.putInt(offset + CLUSTER_ID_OFFSET, clusterId, MessageHeader.BYTE_ORDER);
        buffer.putInt(offset + SENDER_OFFSET, senderId, MessageHeader.BYTE_ORDER);
        buffer.putLong(offset + FINGERPRINT_OFFSET, fingerprint, MessageHeader.BYTE_ORDER);
        buffer.putLong(offset + INCARNATION_OFFSET, incarnation, MessageHeader.BYTE_ORDER);
    }

    public static long fingerprint(final DirectBuffer buffer, final int offset)
    {
        return buffer.getLong(offset + FINGERPRINT_OFFSET, MessageHeader.BYTE_ORDER);
    }

    public static long incarnation(final DirectBuffer buffer, final int offset)
    {
        return buffer.getLong(offset + INCARNATION_OFFSET, MessageHeader.BYTE_ORDER);
    }

    /** @return the tag's length if the frame says it carries one, else 0. */
    public static int tagLength(final DirectBuffer buffer, final int offset)
    {
        return (flags(buffer, offset) & FLAG_MAC) != 0 ? FrameMac.TAG_LENGTH : 0;
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
