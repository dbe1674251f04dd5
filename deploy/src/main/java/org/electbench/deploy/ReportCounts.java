package org.electbench.deploy;

import org.agrona.DirectBuffer;
import org.electbench.spi.MessageHeader;

/**
 * The cumulative send counts each node's process last reported to the observer, so that a report
 * whose counts go back (an old report sent again, a forgery) or leap is refused before anything
 * loops over them: a node's counts only grow, by at most {@link #MAX_SENDS_PER_REPORT} a type
 * between two reports, each send between a message header's and the largest message's length.
 * Single-threaded: the observer's.
 */
final class ReportCounts
{
    /**
     * More sends of one type than any node makes between two of its reports (one every heartbeat
     * interval at least): a report claiming more is refused, so the observer's per-send work stays bounded.
     */
    static final long MAX_SENDS_PER_REPORT = 1 << 20;

    private final int typeCount;
    private final long[] incarnation;
    private final long[] messages;
    private final long[] bytes;

    ReportCounts(final int nodes, final int typeCount)
    {
        this.typeCount = typeCount;
        incarnation = new long[nodes + 1];
        messages = new long[(nodes + 1) * typeCount];
        bytes = new long[(nodes + 1) * typeCount];
    }

    /**
     * @return whether the report's counts can follow the last ones accepted from its node's
     * process (or, for its first report heard, start it), recording them if so.
     */
    boolean accept(final int id, final DirectBuffer buffer, final int offset)
    {
        final boolean sameProcess = StatusFrame.incarnation(buffer, offset) == incarnation[id];
        // A process's first report counts from zero; a later one heard first is only a base.
        final boolean fromZero = !sameProcess && StatusFrame.sequence(buffer, offset) == 1;
        for (int type = 0; type < typeCount; type++)
        {
            final int index = id * typeCount + type;
            final long sentMessages = StatusFrame.messages(buffer, offset, type);
            final long sentBytes = StatusFrame.bytes(buffer, offset, type);
            if (sentMessages < 0 || sentBytes < 0 ||
                (sameProcess && !plausible(sentMessages - messages[index], sentBytes - bytes[index])) ||
                (fromZero && !plausible(sentMessages, sentBytes)))
            {
                return false;
            }
        }
        incarnation[id] = StatusFrame.incarnation(buffer, offset);
        for (int type = 0; type < typeCount; type++)
        {
            messages[id * typeCount + type] = StatusFrame.messages(buffer, offset, type);
            bytes[id * typeCount + type] = StatusFrame.bytes(buffer, offset, type);
        }
        return true;
    }

    private static boolean plausible(final long newMessages, final long newBytes)
    {
        return newMessages >= 0 && newMessages <= MAX_SENDS_PER_REPORT &&
            newBytes >= newMessages * MessageHeader.LENGTH && newBytes <= newMessages * MessageHeader.MAX_MESSAGE_LENGTH;
    }
}
