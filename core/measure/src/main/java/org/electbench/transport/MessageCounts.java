package org.electbench.transport;

import java.util.Arrays;

import org.electbench.spi.MessageRole;

/**
 * Sends and their bytes over one window of a run, by message type and by the role each send
 * played ({@link MessageRole}), with a new leader's first round of heartbeats apart from the rest:
 * it counts under its type and as a first heartbeat, not as a heartbeat. Mutable, for the monitor;
 * a result holds a copy no one changes.
 */
final class MessageCounts
{
    private static final int ROLES = MessageRole.values().length;

    private final long[] messagesByType;
    private final long[] bytesByType;
    private final long[] messagesByRole = new long[ROLES];
    private final long[] bytesByRole = new long[ROLES];
    private long firstHeartbeats;
    private long firstHeartbeatBytes;

    MessageCounts(final int typeCount)
    {
        messagesByType = new long[typeCount];
        bytesByType = new long[typeCount];
    }

    void add(final int type, final MessageRole role, final int length)
    {
        messagesByType[type]++;
        bytesByType[type] += length;
        messagesByRole[role.ordinal()]++;
        bytesByRole[role.ordinal()] += length;
    }

    /** A heartbeat of a new leader's first round: under its type, apart from the other heartbeats. */
    void addFirstHeartbeat(final int type, final int length)
    {
        messagesByType[type]++;
        bytesByType[type] += length;
        firstHeartbeats++;
        firstHeartbeatBytes += length;
    }

    void clear()
    {
        firstHeartbeats = 0;
        firstHeartbeatBytes = 0;
        Arrays.fill(messagesByType, 0);
        Arrays.fill(bytesByType, 0);
        Arrays.fill(messagesByRole, 0);
        Arrays.fill(bytesByRole, 0);
    }

    /** Become what {@code other} holds, allocating nothing. */
    void copyFrom(final MessageCounts other)
    {
        System.arraycopy(other.messagesByType, 0, messagesByType, 0, messagesByType.length);
        System.arraycopy(other.bytesByType, 0, bytesByType, 0, bytesByType.length);
        System.arraycopy(other.messagesByRole, 0, messagesByRole, 0, ROLES);
        System.arraycopy(other.bytesByRole, 0, bytesByRole, 0, ROLES);
        firstHeartbeats = other.firstHeartbeats;
        firstHeartbeatBytes = other.firstHeartbeatBytes;
    }

    MessageCounts copy()
    {
        final MessageCounts copy = new MessageCounts(messagesByType.length);
        copy.copyFrom(this);
        return copy;
    }

    /** @return sends of one type, 0 for a type the algorithm does not have. */
    long messages(final int type)
    {
        return type >= 0 && type < messagesByType.length ? messagesByType[type] : 0;
    }

    long bytes(final int type)
    {
        return type >= 0 && type < bytesByType.length ? bytesByType[type] : 0;
    }

    long messages(final MessageRole role)
    {
        return messagesByRole[role.ordinal()];
    }

    long bytes(final MessageRole role)
    {
        return bytesByRole[role.ordinal()];
    }

    /** @return the new leader's first round of heartbeats (for an algorithm without an announcement type, its announcement). */
    long firstHeartbeats()
    {
        return firstHeartbeats;
    }

    long firstHeartbeatBytes()
    {
        return firstHeartbeatBytes;
    }

    /**
     * @return the messages it took, counted alike for every algorithm: election messages and their
     *         replies, acknowledgements, the announcement and the new leader's first round of
     *         heartbeats; later heartbeats are not needed for agreement.
     */
    long alike()
    {
        return messages(MessageRole.ELECTION) + messages(MessageRole.ACKNOWLEDGEMENT) + messages(MessageRole.ANNOUNCEMENT) +
            firstHeartbeats;
    }

    /** @return bytes of the messages of {@link #alike()}. */
    long bytesAlike()
    {
        return bytes(MessageRole.ELECTION) + bytes(MessageRole.ACKNOWLEDGEMENT) + bytes(MessageRole.ANNOUNCEMENT) +
            firstHeartbeatBytes;
    }

    int typeCount()
    {
        return messagesByType.length;
    }
}
