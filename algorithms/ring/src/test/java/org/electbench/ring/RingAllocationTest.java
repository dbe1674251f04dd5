package org.electbench.ring;

import static org.electbench.spi.MessageHeader.BYTE_ORDER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Start;
import org.electbench.testkit.ScriptedHost;
import org.junit.jupiter.api.Test;

/**
 * A relay's whole election, message by message, on a {@link ScriptedHost} that records without
 * allocating: once warm, the node allocates nothing.
 */
class RingAllocationTest
{
    /** @return the hop number of the last ELECTION or ELECTED sent, read without allocating. */
    private static long lastHopSent(final ScriptedHost host)
    {
        int i = host.sentCount() - 1;
        while (host.sentType(i) != RingMessages.ELECTION && host.sentType(i) != RingMessages.ELECTED)
        {
            i--;
        }
        return host.sentLong(i, MessageHeader.LENGTH + RingMessages.HOP_OFFSET);
    }

    @Test
    void handlingElectionsElectedsAcksAndHeartbeatsAllocatesNothing()
    {
        final ElectionSettings settings = ElectionSettings.builder().option(RingAlgorithm.ACK, true).build();
        final ScriptedHost host = new ScriptedHost();
        host.recordBroadcastsAsOne();
        host.countAnnouncementsOnly();
        final RingNode node = new RingNode(3, settings);
        node.onStart(host.context(3, 5, true, settings), Start.COLD, 0, 0);

        final UnsafeBuffer election = new UnsafeBuffer(new byte[MessageHeader.LENGTH + RingMessages.ACKNOWLEDGED_ELECTION_BODY_LENGTH]);
        MessageHeader.write(election, 0, RingMessages.ELECTION, RingMessages.ACKNOWLEDGED_ELECTION_BODY_LENGTH, 2);
        final UnsafeBuffer elected = new UnsafeBuffer(new byte[MessageHeader.LENGTH + RingMessages.ACKNOWLEDGED_ELECTED_BODY_LENGTH]);
        MessageHeader.write(elected, 0, RingMessages.ELECTED, RingMessages.ACKNOWLEDGED_ELECTED_BODY_LENGTH, 2);
        final UnsafeBuffer ack = new UnsafeBuffer(new byte[MessageHeader.LENGTH + RingMessages.ACK_BODY_LENGTH]);
        MessageHeader.write(ack, 0, RingMessages.ACK, RingMessages.ACK_BODY_LENGTH, 4);
        final UnsafeBuffer heartbeat = new UnsafeBuffer(new byte[MessageHeader.LENGTH + RingMessages.HEARTBEAT_BODY_LENGTH]);
        MessageHeader.write(heartbeat, 0, RingMessages.HEARTBEAT, RingMessages.HEARTBEAT_BODY_LENGTH, 5);

        ack.putLong(MessageHeader.LENGTH + RingMessages.ACK_HOP_OFFSET, lastHopSent(host), BYTE_ORDER);
        node.onMessage(4, ack, 0, ack.capacity()); // the boot ELECTION's hop

        final com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        final long threadId = Thread.currentThread().getId();
        long allocatedBytes = 0;
        for (int round = 0; round < 2; round++)
        {
            final long beforeBytes = threads.getThreadAllocatedBytes(threadId);
            for (int term = 1 + round * 100_000; term <= (round + 1) * 100_000; term++)
            {
                // An election for 5 passes through (forwarded and acknowledged), its hop is acknowledged,
                // then 5's ELECTED (forwarded) and heartbeat arrive: a whole election as one relay sees it.
                election.putInt(MessageHeader.LENGTH + RingMessages.ID_OFFSET, 5, BYTE_ORDER);
                election.putLong(MessageHeader.LENGTH + RingMessages.TERM_OFFSET, term - 1, BYTE_ORDER);
                election.putLong(MessageHeader.LENGTH + RingMessages.LAP_OFFSET, (9L << 32) | term, BYTE_ORDER);
                node.onMessage(2, election, 0, election.capacity());
                ack.putLong(MessageHeader.LENGTH + RingMessages.ACK_HOP_OFFSET, lastHopSent(host), BYTE_ORDER);
                node.onMessage(4, ack, 0, ack.capacity());
                elected.putInt(MessageHeader.LENGTH + RingMessages.ID_OFFSET, 5, BYTE_ORDER);
                elected.putLong(MessageHeader.LENGTH + RingMessages.TERM_OFFSET, term, BYTE_ORDER);
                node.onMessage(2, elected, 0, elected.capacity());
                ack.putLong(MessageHeader.LENGTH + RingMessages.ACK_HOP_OFFSET, lastHopSent(host), BYTE_ORDER);
                node.onMessage(4, ack, 0, ack.capacity());
                heartbeat.putLong(MessageHeader.LENGTH + RingMessages.HEARTBEAT_TERM_OFFSET, term, BYTE_ORDER);
                node.onMessage(5, heartbeat, 0, heartbeat.capacity());
            }
            allocatedBytes = threads.getThreadAllocatedBytes(threadId) - beforeBytes;
        }
        assertEquals(200_000L * 4 + 1, host.sentCount(), "forward and ACK per ELECTION and ELECTED, plus the boot ELECTION");
        assertEquals(0, host.refusedSends(), "sends to the node itself or to no node, which the count above leaves out");
        assertEquals(0, node.pendingHops());
        assertEquals(5, node.leaderId());
        assertTrue(allocatedBytes < 1024, "allocated " + allocatedBytes + " bytes over 100,000 elections");
    }
}
