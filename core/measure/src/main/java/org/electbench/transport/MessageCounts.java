package org.electbench.transport;

import java.util.Arrays;

import org.electbench.spi.MessageRole;

/**
 * Sends and their bytes over one window of a run, by message type and by the role each send
 * played ({@link MessageRole}): a heartbeat that announced a new leader counts under its type and
 * as an announcement. Mutable, for the monitor; a result holds a copy no one changes.
 */
final class MessageCounts
{
    private static final int ROLES = MessageRole.values().length;

    private final long[] messagesByType;
    private final long[] bytesByType;
    private final long[] messagesByRole = new long[ROLES];
    private final long[] bytesByRole = new long[ROLES];

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

    void clear()
    {
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

    /** @return messages to a leader: the election messages and the new leader's announcement. */
    long toLeader()
    {
        return messages(MessageRole.ELECTION) + messages(MessageRole.ANNOUNCEMENT);
    }

    /** @return bytes of the messages to a leader. */
    long bytesToLeader()
    {
        return bytes(MessageRole.ELECTION) + bytes(MessageRole.ANNOUNCEMENT);
    }

    int typeCount()
    {
        return messagesByType.length;
    }
}
