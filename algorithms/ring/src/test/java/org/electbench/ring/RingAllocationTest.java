package org.electbench.ring;

import static org.electbench.spi.MessageHeader.BYTE_ORDER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.junit.jupiter.api.Test;

class RingAllocationTest
{
    /** A context that allocates nothing itself and remembers only the last hop number sent. */
    private static final class QuietContext implements NodeContext
    {
        private final ElectionSettings settings;
        private final UnsafeBuffer claimBuffer = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);
        private final RandomGenerator random = new SplittableRandom(1);
        private long lastTimerId;
        private long lastHopSent;
        long sends;

        QuietContext(final ElectionSettings settings)
        {
            this.settings = settings;
        }

        @Override
        public int selfId()
        {
            return 3;
        }

        @Override
        public int clusterSize()
        {
            return 5;
        }

        @Override
        public boolean detectorEnabled()
        {
            return true;
        }

        @Override
        public ElectionSettings settings()
        {
            return settings;
        }

        @Override
        public long nowNs()
        {
            return 0;
        }

        @Override
        public RandomGenerator random()
        {
            return random;
        }

        @Override
        public MutableDirectBuffer claim(final int type, final int bodyLength)
        {
            MessageHeader.write(claimBuffer, 0, type, bodyLength, 3);
            return claimBuffer;
        }

        @Override
        public void send(final int toId)
        {
            sends++;
            if (MessageHeader.type(claimBuffer, 0) != RingMessages.ACK)
            {
                lastHopSent = claimBuffer.getLong(MessageHeader.LENGTH + RingMessages.HOP_OFFSET, BYTE_ORDER);
            }
        }

        @Override
        public void broadcast()
        {
            sends++;
        }

        @Override
        public long schedule(final long delayNs, final int kind)
        {
            return ++lastTimerId;
        }

        @Override
        public boolean cancel(final long timerId)
        {
            return true;
        }

        @Override
        public void announce(final Role role, final int leaderId, final long term)
        {
        }
    }

    @Test
    void handlingElectionsElectedsAcksAndHeartbeatsAllocatesNothing()
    {
        final ElectionSettings settings = ElectionSettings.builder().option(RingAlgorithm.ACK, true).build();
        final QuietContext ctx = new QuietContext(settings);
        final RingNode node = new RingNode(3, settings);
        node.onStart(ctx, Start.COLD, 0, 0);

        final UnsafeBuffer election = new UnsafeBuffer(new byte[MessageHeader.LENGTH + RingMessages.ACKNOWLEDGED_ELECTION_BODY_LENGTH]);
        MessageHeader.write(election, 0, RingMessages.ELECTION, RingMessages.ACKNOWLEDGED_ELECTION_BODY_LENGTH, 2);
        final UnsafeBuffer elected = new UnsafeBuffer(new byte[MessageHeader.LENGTH + RingMessages.ACKNOWLEDGED_ELECTED_BODY_LENGTH]);
        MessageHeader.write(elected, 0, RingMessages.ELECTED, RingMessages.ACKNOWLEDGED_ELECTED_BODY_LENGTH, 2);
        final UnsafeBuffer ack = new UnsafeBuffer(new byte[MessageHeader.LENGTH + RingMessages.ACK_BODY_LENGTH]);
        MessageHeader.write(ack, 0, RingMessages.ACK, RingMessages.ACK_BODY_LENGTH, 4);
        final UnsafeBuffer heartbeat = new UnsafeBuffer(new byte[MessageHeader.LENGTH + RingMessages.HEARTBEAT_BODY_LENGTH]);
        MessageHeader.write(heartbeat, 0, RingMessages.HEARTBEAT, RingMessages.HEARTBEAT_BODY_LENGTH, 5);

        ack.putLong(MessageHeader.LENGTH + RingMessages.ACK_HOP_OFFSET, ctx.lastHopSent, BYTE_ORDER);
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
                ack.putLong(MessageHeader.LENGTH + RingMessages.ACK_HOP_OFFSET, ctx.lastHopSent, BYTE_ORDER);
                node.onMessage(4, ack, 0, ack.capacity());
                elected.putInt(MessageHeader.LENGTH + RingMessages.ID_OFFSET, 5, BYTE_ORDER);
                elected.putLong(MessageHeader.LENGTH + RingMessages.TERM_OFFSET, term, BYTE_ORDER);
                node.onMessage(2, elected, 0, elected.capacity());
                ack.putLong(MessageHeader.LENGTH + RingMessages.ACK_HOP_OFFSET, ctx.lastHopSent, BYTE_ORDER);
                node.onMessage(4, ack, 0, ack.capacity());
                heartbeat.putLong(MessageHeader.LENGTH + RingMessages.HEARTBEAT_TERM_OFFSET, term, BYTE_ORDER);
                node.onMessage(5, heartbeat, 0, heartbeat.capacity());
            }
            allocatedBytes = threads.getThreadAllocatedBytes(threadId) - beforeBytes;
        }
        assertEquals(200_000L * 4 + 1, ctx.sends, "forward and ACK per ELECTION and ELECTED, plus the boot ELECTION");
        assertEquals(0, node.pendingHops());
        assertEquals(5, node.leaderId());
        assertTrue(allocatedBytes < 1024, "allocated " + allocatedBytes + " bytes over 100,000 elections");
    }
}
