package org.electbench.deploy;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.electbench.aeron.FrameHeader;
import org.electbench.aeron.FrameMac;
import org.electbench.aeron.FrameVerdict;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Role;

/**
 * What a node reports to the observer: its current belief and its cumulative sends. A status
 * frame carries {@link FrameHeader#FLAG_STATUS} in the transport header's flags, which no
 * message frame has, so neither side can take one for the other.
 * <pre>
 *  0  transport header (48 bytes), flags = FLAG_STATUS (and FLAG_MAC with a key); its
 *     incarnation is the node process's (a restart shows as a larger value), its sequence
 *     numbers the process's reports 1, 2, 3... (every report written, sent or not), destination 0
 * 48  term            (8)
 * 56  leader id       (4)
 * 60  role ordinal    (2)
 * 62  type count      (2)
 * 64  per type: messages sent (8), bytes sent (8), headers included, since the process started
 *     then, with a key, the MAC tag (16)
 * </pre>
 * Little-endian. Status frames stay below one UDP datagram: at most {@link #MAX_TYPES} types. Who
 * sent one is checked as for messages ({@link org.electbench.aeron.FrameTrust}).
 */
public final class StatusFrame
{
    public static final int TERM_OFFSET = FrameHeader.LENGTH;
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

    /** @return the frame length for an algorithm of {@code typeCount} types, without a MAC tag. */
    public static int length(final int typeCount)
    {
        return COUNTS_OFFSET + typeCount * COUNTS_PER_TYPE_LENGTH;
    }

    /** Writes a whole status frame with no fingerprint and no MAC. */
    public static int encode(
        final MutableDirectBuffer buffer,
        final int clusterId,
        final int senderId,
        final long incarnation,
        final long sequence,
        final Role role,
        final int leaderId,
        final long term,
        final long[] messagesByType,
        final long[] bytesByType)
    {
        return encode(buffer, clusterId, senderId, 0, incarnation, sequence, role, leaderId, term, messagesByType, bytesByType, null);
    }

    /**
     * Writes a whole status frame.
     *
     * @param mac the cluster key's MAC, or null when the cluster has no key.
     * @return its length, the tag included.
     */
    public static int encode(
        final MutableDirectBuffer buffer,
        final int clusterId,
        final int senderId,
        final long fingerprint,
        final long incarnation,
        final long sequence,
        final Role role,
        final int leaderId,
        final long term,
        final long[] messagesByType,
        final long[] bytesByType,
        final FrameMac mac)
    {
        final int typeCount = messagesByType.length;
        FrameHeader.write(buffer, 0, clusterId, senderId, fingerprint, incarnation,
            FrameHeader.FLAG_STATUS | (null == mac ? 0 : FrameHeader.FLAG_MAC));
        FrameHeader.stamp(buffer, 0, sequence, 0);
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
        return null == mac ? length(typeCount) : mac.sign(buffer, 0, length(typeCount));
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
            (FrameHeader.flags(buffer, offset) & ~FrameHeader.FLAG_MAC) != FrameHeader.FLAG_STATUS ||
            FrameHeader.reserved(buffer, offset) != 0)
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
        final int expected = length(typeCount) + FrameHeader.tagLength(buffer, offset);
        if (length != expected)
        {
            return length < expected ? FrameVerdict.SHORT : FrameVerdict.OVERSIZE;
        }
        return FrameVerdict.OK;
    }

    public static long incarnation(final DirectBuffer buffer, final int offset)
    {
        return FrameHeader.incarnation(buffer, offset);
    }

    public static long sequence(final DirectBuffer buffer, final int offset)
    {
        return FrameHeader.sequence(buffer, offset);
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
