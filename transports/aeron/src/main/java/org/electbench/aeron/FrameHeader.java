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
 *  |   incarnation: the sender process's start, ordered (see        |
 *  |   {@link #newIncarnation}); 0 inside one process               |
 *  +---------------------------------------------------------------+
 *  |   sequence: 1, 2, 3... per frame the process puts on the wire  |
 *  |   (per report for status frames); 0 inside one process         |
 *  +-------------------------------+-------------------------------+
 *  |   destination: the receiving node's id, 0 for the observer     |
 *  |   or inside one process       |        reserved (0)           |
 *  +---------------------------------------------------------------+
 *  |                 SPI message: header and body ...              |
 *  +---------------------------------------------------------------+
 *  |        MAC tag (16 bytes), only when flags has FLAG_MAC        |
 * </pre>
 * Little-endian, as the SPI message and Aeron's own frames. Message frames have no flag but
 * {@link #FLAG_MAC}; a frame with {@link #FLAG_STATUS} is a node's report to the observer
 * ({@code StatusFrame}), never a message. A frame with {@link #FLAG_MAC} ends with a MAC over all
 * the bytes before it, under the cluster key ({@link FrameMac}): incarnation, sequence and
 * destination included, so a captured frame can be sent again only as it was, which the
 * receiver's {@link FrameTrust} refuses (docs/design/trust-wire.md).
 */
public final class FrameHeader
{
    /** The bytes 'E' 'B' 'F' 'R' read as a little-endian int. */
    public static final int MAGIC = 0x5246_4245;
    /** 3: the sequence and destination were added and the incarnation is ordered; 2 had the fingerprint, incarnation and MAC. */
    public static final short VERSION = 3;
    public static final int MAGIC_OFFSET = 0;
    public static final int VERSION_OFFSET = 4;
    public static final int FLAGS_OFFSET = 6;
    public static final int CLUSTER_ID_OFFSET = 8;
    public static final int SENDER_OFFSET = 12;
    public static final int FINGERPRINT_OFFSET = 16;
    public static final int INCARNATION_OFFSET = 24;
    public static final int SEQUENCE_OFFSET = 32;
    public static final int DESTINATION_OFFSET = 40;
    public static final int RESERVED_OFFSET = 44;
    public static final int LENGTH = 48;
    /** The incarnation's low bits drawn at random, below the start time's milliseconds. */
    public static final int INCARNATION_RANDOM_BITS = 20;
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
        buffer.putLong(offset + SEQUENCE_OFFSET, 0, MessageHeader.BYTE_ORDER);
        buffer.putInt(offset + DESTINATION_OFFSET, 0, MessageHeader.BYTE_ORDER);
        buffer.putInt(offset + RESERVED_OFFSET, 0, MessageHeader.BYTE_ORDER);
    }

    /** Sets the fields that change with every frame a process sends: before the frame is signed. */
    public static void stamp(final MutableDirectBuffer buffer, final int offset, final long sequence, final int destination)
    {
        buffer.putLong(offset + SEQUENCE_OFFSET, sequence, MessageHeader.BYTE_ORDER);
        buffer.putInt(offset + DESTINATION_OFFSET, destination, MessageHeader.BYTE_ORDER);
    }

    /**
     * A process's incarnation: its start time's epoch milliseconds above {@link #INCARNATION_RANDOM_BITS}
     * random bits. A later start of a node is a larger number (the same host's clock, unless it was set
     * back by more than the restart took), two starts in one millisecond differ by the random bits, and
     * the value stays positive until the year 2248. Never 0, which marks frames inside one process.
     */
    public static long newIncarnation(final long epochMs, final long random)
    {
        return (epochMs << INCARNATION_RANDOM_BITS) | (random & ((1L << INCARNATION_RANDOM_BITS) - 1)) | 1;
    }

    /** @return the epoch milliseconds an incarnation was drawn at, for naming it. */
    public static long incarnationEpochMs(final long incarnation)
    {
        return incarnation >>> INCARNATION_RANDOM_BITS;
    }

    public static long sequence(final DirectBuffer buffer, final int offset)
    {
        return buffer.getLong(offset + SEQUENCE_OFFSET, MessageHeader.BYTE_ORDER);
    }

    public static int reserved(final DirectBuffer buffer, final int offset)
    {
        return buffer.getInt(offset + RESERVED_OFFSET, MessageHeader.BYTE_ORDER);
    }

    public static int destination(final DirectBuffer buffer, final int offset)
    {
        return buffer.getInt(offset + DESTINATION_OFFSET, MessageHeader.BYTE_ORDER);
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
