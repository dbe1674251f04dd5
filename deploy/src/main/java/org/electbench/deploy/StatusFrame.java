package org.electbench.deploy;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.electbench.aeron.FrameHeader;
import org.electbench.aeron.FrameVerdict;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Role;

/**
 * What a node reports to the observer: its current belief and its cumulative sends. A status
 * frame carries {@link FrameHeader#FLAG_STATUS} in the transport header's flags, which no
 * message frame has, so neither side can take one for the other.
 * <pre>
 *  0  transport header (16 bytes), flags = FLAG_STATUS
 * 16  incarnation     (8)  drawn when the node process starts: a restart shows as a new value
 * 24  term            (8)
 * 32  leader id       (4)
 * 36  role ordinal    (2)
 * 38  type count      (2)
 * 40  per type: messages sent (8), bytes sent (8), headers included, since the process started
 * </pre>
 * Little-endian. Status frames stay below one UDP datagram: at most {@link #MAX_TYPES} types.
 */
public final class StatusFrame
{
    public static final int INCARNATION_OFFSET = FrameHeader.LENGTH;
    public static final int TERM_OFFSET = INCARNATION_OFFSET + 8;
    public static final int LEADER_OFFSET = TERM_OFFSET + 8;
    public static final int ROLE_OFFSET = LEADER_OFFSET + 4;
    public static final int TYPE_COUNT_OFFSET = ROLE_OFFSET + 2;
    public static final int COUNTS_OFFSET = TYPE_COUNT_OFFSET + 2;
    public static final int COUNTS_PER_TYPE_LENGTH = 16;
    public static final int MAX_TYPES = 64;

    private static final Role[] ROLES = Role.values();

    private StatusFrame()
    {
    }

    /** @return the frame length for an algorithm of {@code typeCount} types. */
    public static int length(final int typeCount)
    {
        return COUNTS_OFFSET + typeCount * COUNTS_PER_TYPE_LENGTH;
    }

    /**
     * Writes a whole status frame.
     *
     * @return its length.
     */
    public static int encode(
        final MutableDirectBuffer buffer,
        final int clusterId,
        final int senderId,
        final long incarnation,
        final Role role,
        final int leaderId,
        final long term,
        final long[] messagesByType,
        final long[] bytesByType)
    {
        final int typeCount = messagesByType.length;
        FrameHeader.write(buffer, 0, clusterId, senderId);
        buffer.putShort(FrameHeader.FLAGS_OFFSET, (short)FrameHeader.FLAG_STATUS, MessageHeader.BYTE_ORDER);
        buffer.putLong(INCARNATION_OFFSET, incarnation, MessageHeader.BYTE_ORDER);
        buffer.putLong(TERM_OFFSET, term, MessageHeader.BYTE_ORDER);
        buffer.putInt(LEADER_OFFSET, leaderId, MessageHeader.BYTE_ORDER);
        buffer.putShort(ROLE_OFFSET, (short)role.ordinal(), MessageHeader.BYTE_ORDER);
        buffer.putShort(TYPE_COUNT_OFFSET, (short)typeCount, MessageHeader.BYTE_ORDER);
        for (int type = 0; type < typeCount; type++)
        {
            final int offset = COUNTS_OFFSET + type * COUNTS_PER_TYPE_LENGTH;
            buffer.putLong(offset, messagesByType[type], MessageHeader.BYTE_ORDER);
            buffer.putLong(offset + 8, bytesByType[type], MessageHeader.BYTE_ORDER);
        }
        return length(typeCount);
    }

    /**
     * @return {@link FrameVerdict#OK} for a status frame of this cluster from a node 1..N with
     * {@code typeCount} types, a known role and a leader in 0..N; otherwise why not.
     */
    public static FrameVerdict validate(
        final DirectBuffer buffer,
        final int offset,
        final int length,
        final int clusterId,
        final int clusterSize,
        final int typeCount)
    {
        if (length < COUNTS_OFFSET)
        {
            return FrameVerdict.SHORT;
        }
        if (FrameHeader.magic(buffer, offset) != FrameHeader.MAGIC ||
            FrameHeader.version(buffer, offset) != FrameHeader.VERSION ||
            FrameHeader.clusterId(buffer, offset) != clusterId ||
            FrameHeader.flags(buffer, offset) != FrameHeader.FLAG_STATUS)
        {
            return FrameVerdict.FOREIGN;
        }
        final int sender = FrameHeader.senderId(buffer, offset);
        if (sender < 1 || sender > clusterSize)
        {
            return FrameVerdict.UNKNOWN_SENDER;
        }
        if (typeCount(buffer, offset) != typeCount || role(buffer, offset) < 0 ||
            leaderId(buffer, offset) < 0 || leaderId(buffer, offset) > clusterSize)
        {
            return FrameVerdict.UNKNOWN_TYPE;
        }
        if (length != length(typeCount))
        {
            return length < length(typeCount) ? FrameVerdict.SHORT : FrameVerdict.OVERSIZE;
        }
        return FrameVerdict.OK;
    }

    public static long incarnation(final DirectBuffer buffer, final int offset)
    {
        return buffer.getLong(offset + INCARNATION_OFFSET, MessageHeader.BYTE_ORDER);
    }

    public static long term(final DirectBuffer buffer, final int offset)
    {
        return buffer.getLong(offset + TERM_OFFSET, MessageHeader.BYTE_ORDER);
    }

    public static int leaderId(final DirectBuffer buffer, final int offset)
    {
        return buffer.getInt(offset + LEADER_OFFSET, MessageHeader.BYTE_ORDER);
    }

    /** @return the role's ordinal, or -1 when it names no role. */
    public static int role(final DirectBuffer buffer, final int offset)
    {
        final int ordinal = buffer.getShort(offset + ROLE_OFFSET, MessageHeader.BYTE_ORDER) & 0xFFFF;
        return ordinal < ROLES.length ? ordinal : -1;
    }

    public static Role roleOf(final int ordinal)
    {
        return ROLES[ordinal];
    }

    public static int typeCount(final DirectBuffer buffer, final int offset)
    {
        return buffer.getShort(offset + TYPE_COUNT_OFFSET, MessageHeader.BYTE_ORDER) & 0xFFFF;
    }

    public static long messages(final DirectBuffer buffer, final int offset, final int type)
    {
        return buffer.getLong(offset + COUNTS_OFFSET + type * COUNTS_PER_TYPE_LENGTH, MessageHeader.BYTE_ORDER);
    }

    public static long bytes(final DirectBuffer buffer, final int offset, final int type)
    {
        return buffer.getLong(offset + COUNTS_OFFSET + type * COUNTS_PER_TYPE_LENGTH + 8, MessageHeader.BYTE_ORDER);
    }
}
