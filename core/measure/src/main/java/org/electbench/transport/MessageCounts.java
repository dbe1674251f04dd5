package org.electbench.transport;

import java.util.Arrays;

import org.electbench.spi.MessageRole;

/**
 * Sends and their bytes over one window of a run, by message type and by the role each send
 * played ({@link MessageRole}), with a new leader's first round of heartbeats apart from the rest:
 * it counts under its type and as a first heartbeat, not as a heartbeat. Mutable, for the monitor;
 * a result holds a snapshot no one changes.
 * <p>
 * Every figure lives in one stretch of a flat array ({@link #width} longs from {@code base}): the
 * messages by type, the messages by role, the bytes by role, then the first heartbeats and their
 * bytes. Bytes by type are not kept: no figure reads them. A run's snapshots of several counts share one array
 * ({@link #snapshot}), so finishing a run allocates one array for all of them.
 */
final class MessageCounts
{
    private static final int ROLES = MessageRole.values().length;

    private final long[] values;
    private final int base;
    private final int typeCount;

    MessageCounts(final int typeCount)
    {
        this(new long[width(typeCount)], 0, typeCount);
    }

    private MessageCounts(final long[] values, final int base, final int typeCount)
    {
        this.values = values;
        this.base = base;
        this.typeCount = typeCount;
    }

    /** @return the longs one counts object of {@code typeCount} types takes. */
    private static int width(final int typeCount)
    {
        return typeCount + 2 * ROLES + 2;
    }

    /** @return an array to hold {@code count} snapshots ({@link #snapshot}) of counts of {@code typeCount} types. */
    static long[] snapshotArray(final int typeCount, final int count)
    {
        return new long[count * width(typeCount)];
    }

    /**
     * @param into  from {@link #snapshotArray}, of this object's type count.
     * @param index which of its snapshots to fill.
     * @return a copy of these counts in {@code into}, for a result: no one changes it.
     */
    MessageCounts snapshot(final long[] into, final int index)
    {
        final int width = width(typeCount);
        System.arraycopy(values, base, into, index * width, width);
        return new MessageCounts(into, index * width, typeCount);
    }

    void add(final int type, final MessageRole role, final int length)
    {
        values[base + type]++;
        values[base + typeCount + role.ordinal()]++;
        values[base + typeCount + ROLES + role.ordinal()] += length;
    }

    /** A heartbeat of a new leader's first round: under its type, apart from the other heartbeats. */
    void addFirstHeartbeat(final int type, final int length)
    {
        values[base + type]++;
        values[firstHeartbeatsIndex()]++;
        values[firstHeartbeatsIndex() + 1] += length;
    }

    void clear()
    {
        Arrays.fill(values, base, base + width(typeCount), 0);
    }

    /** Become what {@code other} holds, allocating nothing. */
    void copyFrom(final MessageCounts other)
    {
        System.arraycopy(other.values, other.base, values, base, width(typeCount));
    }

    /** @return sends of one type, 0 for a type the algorithm does not have. */
    long messages(final int type)
    {
        return type >= 0 && type < typeCount ? values[base + type] : 0;
    }

    long messages(final MessageRole role)
    {
        return values[base + typeCount + role.ordinal()];
    }

    long bytes(final MessageRole role)
    {
        return values[base + typeCount + ROLES + role.ordinal()];
    }

    /** @return the new leader's first round of heartbeats (for an algorithm without an announcement type, its announcement). */
    long firstHeartbeats()
    {
        return values[firstHeartbeatsIndex()];
    }

    long firstHeartbeatBytes()
    {
        return values[firstHeartbeatsIndex() + 1];
    }

    /**
     * @return the messages it took, counted alike for every algorithm: election messages and their
     *         replies, acknowledgements, the announcement and the new leader's first round of
     *         heartbeats; later heartbeats are not needed for agreement.
     */
    long alike()
    {
        return messages(MessageRole.ELECTION) + messages(MessageRole.ACKNOWLEDGEMENT) + messages(MessageRole.ANNOUNCEMENT) +
            firstHeartbeats();
    }

    /** @return bytes of the messages of {@link #alike()}. */
    long bytesAlike()
    {
        return bytes(MessageRole.ELECTION) + bytes(MessageRole.ACKNOWLEDGEMENT) + bytes(MessageRole.ANNOUNCEMENT) +
            firstHeartbeatBytes();
    }

    int typeCount()
    {
        return typeCount;
    }

    private int firstHeartbeatsIndex()
    {
        return base + typeCount + 2 * ROLES;
    }
}
