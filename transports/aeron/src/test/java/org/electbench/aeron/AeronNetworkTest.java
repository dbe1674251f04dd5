package org.electbench.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.electbench.spi.MessageHeader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class AeronNetworkTest
{
    private static final int CLUSTER_ID = 77;
    private static final int TYPE_COUNT = 4;
    private static final int MESSAGES_PER_LINK = 200;
    private static final long CONNECT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(20);

    /** What one node received, by sender: count, and the last sequence number, which must rise by one. */
    private static final class Inbox implements MessageHandler
    {
        private final int selfId;
        private final int[] countBySender;
        private final int[] lastSequenceBySender;
        private int misdelivered;
        private int outOfOrder;

        Inbox(final int selfId, final int clusterSize)
        {
            this.selfId = selfId;
            countBySender = new int[clusterSize + 1];
            lastSequenceBySender = new int[clusterSize + 1];
            java.util.Arrays.fill(lastSequenceBySender, -1);
        }

        @Override
        public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
        {
            final int body = offset + MessageHeader.LENGTH;
            final int sequence = buffer.getInt(body, MessageHeader.BYTE_ORDER);
            final int to = buffer.getInt(body + 4, MessageHeader.BYTE_ORDER);
            if (to != selfId || MessageHeader.senderId(buffer, offset) != fromId ||
                MessageHeader.type(buffer, offset) != sequence % TYPE_COUNT || length != MessageHeader.LENGTH + 8)
            {
                misdelivered++;
            }
            if (sequence != lastSequenceBySender[fromId] + 1)
            {
                outOfOrder++;
            }
            lastSequenceBySender[fromId] = sequence;
            countBySender[fromId]++;
        }

        int total()
        {
            int total = 0;
            for (final int count : countBySender)
            {
                total += count;
            }
            return total;
        }
    }

    private static ChannelPlan plan(final String transport, final int clusterSize)
    {
        return "ipc".equals(transport) ? ChannelPlan.ipc(clusterSize) : ChannelPlan.udpLoopback(clusterSize);
    }

    @ParameterizedTest
    @ValueSource(strings = {"udp", "ipc"})
    void everyNodeReceivesEveryPeersMessagesInOrderWithSenderIds(final String transport)
    {
        for (final int clusterSize : new int[] {2, 3})
        {
            final Inbox[] inboxes = new Inbox[clusterSize + 1];
            try (EmbeddedDriver driver = EmbeddedDriver.launch();
                AeronNetwork network = new AeronNetwork(driver.aeron(), plan(transport, clusterSize), CLUSTER_ID, TYPE_COUNT,
                    (id) -> inboxes[id] = new Inbox(id, clusterSize)))
            {
                network.connect(CONNECT_TIMEOUT_NS);
                for (int sequence = 0; sequence < MESSAGES_PER_LINK; sequence++)
                {
                    for (int from = 1; from <= clusterSize; from++)
                    {
                        final AeronEndpoint endpoint = network.endpoint(from);
                        for (int to = 1; to <= clusterSize; to++)
                        {
                            if (to != from)
                            {
                                final MutableDirectBuffer message = endpoint.claim(sequence % TYPE_COUNT, 8);
                                message.putInt(MessageHeader.LENGTH, sequence, MessageHeader.BYTE_ORDER);
                                message.putInt(MessageHeader.LENGTH + 4, to, MessageHeader.BYTE_ORDER);
                                final String link = from + "->" + to;
                                assertTrue(endpoint.send(to), () -> "send " + link);
                            }
                        }
                    }
                    network.pollAll();
                }

                final int expectedPerNode = MESSAGES_PER_LINK * (clusterSize - 1);
                Await.until(
                    () ->
                    {
                        for (int id = 1; id <= clusterSize; id++)
                        {
                            if (inboxes[id].total() < expectedPerNode)
                            {
                                return false;
                            }
                        }
                        return true;
                    },
                    network::pollAll,
                    () -> "every node receives " + expectedPerNode + " messages");
                network.pollAll();

                for (int id = 1; id <= clusterSize; id++)
                {
                    final Inbox inbox = inboxes[id];
                    for (int from = 1; from <= clusterSize; from++)
                    {
                        assertEquals(from == id ? 0 : MESSAGES_PER_LINK, inbox.countBySender[from], "node " + id + " from " + from);
                    }
                    assertEquals(0, inbox.misdelivered, "misdelivered at node " + id);
                    assertEquals(0, inbox.outOfOrder, "out of order at node " + id);
                    final AeronEndpoint endpoint = network.endpoint(id);
                    assertEquals(expectedPerNode, endpoint.validator().count(FrameVerdict.OK));
                    assertEquals(0, endpoint.validator().dropped());
                    assertEquals(expectedPerNode, endpoint.count(SendCounter.SENT));
                    assertEquals(0, endpoint.count(SendCounter.NOT_CONNECTED_DROPS) + endpoint.count(SendCounter.BACK_PRESSURE_DROPS));
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"udp", "ipc"})
    void broadcastReachesEveryPeerButTheSender(final String transport)
    {
        final int clusterSize = 4;
        final Inbox[] inboxes = new Inbox[clusterSize + 1];
        try (EmbeddedDriver driver = EmbeddedDriver.launch();
            AeronNetwork network = new AeronNetwork(driver.aeron(), plan(transport, clusterSize), CLUSTER_ID, TYPE_COUNT,
                (id) -> inboxes[id] = new Inbox(id, clusterSize)))
        {
            network.connect(CONNECT_TIMEOUT_NS);
            final AeronEndpoint sender = network.endpoint(2);
            for (int to = 1; to <= clusterSize; to++)
            {
                // The body names its receiver, so each broadcast is claimed once per receiver here.
                final MutableDirectBuffer message = sender.claim(0, 8);
                message.putInt(MessageHeader.LENGTH, 0, MessageHeader.BYTE_ORDER);
                message.putInt(MessageHeader.LENGTH + 4, to, MessageHeader.BYTE_ORDER);
                assertEquals(to != 2, sender.send(to));
            }
            final MutableDirectBuffer message = sender.claim(1, 8);
            message.putInt(MessageHeader.LENGTH, 1, MessageHeader.BYTE_ORDER);
            message.putInt(MessageHeader.LENGTH + 4, 0, MessageHeader.BYTE_ORDER);
            assertEquals(clusterSize - 1, sender.broadcast());

            Await.until(() -> inboxes[1].total() == 2 && inboxes[3].total() == 2 && inboxes[4].total() == 2,
                network::pollAll, () -> "every peer receives two messages");
            network.pollAll();
            assertEquals(0, inboxes[2].total());
            for (final int id : new int[] {1, 3, 4})
            {
                assertEquals(2, inboxes[id].countBySender[2]);
                // The broadcast's body names no receiver.
                assertEquals(1, inboxes[id].misdelivered);
                assertEquals(0, inboxes[id].outOfOrder);
            }
            assertEquals(2 * (clusterSize - 1), sender.count(SendCounter.SENT));
        }
    }

    /** Counts messages in a field, so the receive path allocates nothing of the test's own. */
    private static final class Counter implements MessageHandler
    {
        long received;

        @Override
        public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
        {
            received++;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"udp", "ipc"})
    void steadyStateSendAndReceiveAllocateNothing(final String transport)
    {
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)java.lang.management.ManagementFactory.getThreadMXBean();
        final Counter[] counters = {null, new Counter(), new Counter()};
        try (EmbeddedDriver driver = EmbeddedDriver.launch();
            AeronNetwork network = new AeronNetwork(driver.aeron(), plan(transport, 2), CLUSTER_ID, TYPE_COUNT, (id) -> counters[id]))
        {
            network.connect(CONNECT_TIMEOUT_NS);
            final int warmup = 10_000;
            final int measured = 10_000;
            exchange(network, counters, warmup);
            final long allocatedBefore = threads.getCurrentThreadAllocatedBytes();
            exchange(network, counters, measured);
            final long allocatedBytes = threads.getCurrentThreadAllocatedBytes() - allocatedBefore;
            assertEquals(warmup + measured, counters[2].received);
            assertEquals(warmup + measured, counters[1].received);
            // Less than a byte per message: anything allocated per send or per receive would show.
            assertTrue(allocatedBytes < measured, () -> allocatedBytes + " bytes allocated for " + measured + " round trips");
        }
    }

    /** Node 1 sends, node 2 answers, one message in flight; no lambda, no boxing in the loop. */
    private static void exchange(final AeronNetwork network, final Counter[] counters, final int roundTrips)
    {
        final AeronEndpoint one = network.endpoint(1);
        final AeronEndpoint two = network.endpoint(2);
        // A safety net for a loaded machine, not a timing assertion.
        final long deadlineNs = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        for (int i = 0; i < roundTrips; i++)
        {
            final long expected = counters[1].received + 1;
            one.claim(1, 16).putLong(MessageHeader.LENGTH, i, MessageHeader.BYTE_ORDER);
            sendUntilAccepted(one, 2, two, deadlineNs);
            while (counters[2].received < expected)
            {
                if (0 == two.doWork())
                {
                    Thread.yield();
                }
                assertTrue(deadlineNs - System.nanoTime() > 0, "node 2 receives in time");
            }
            two.claim(2, 8).putLong(MessageHeader.LENGTH, i, MessageHeader.BYTE_ORDER);
            sendUntilAccepted(two, 1, one, deadlineNs);
            while (counters[1].received < expected)
            {
                if (0 == one.doWork())
                {
                    Thread.yield();
                }
                assertTrue(deadlineNs - System.nanoTime() > 0, "node 1 receives in time");
            }
        }
    }

    /** A drop here would be the loaded machine starving the driver, not a lost message: send again. */
    private static void sendUntilAccepted(
        final AeronEndpoint from, final int toId, final AeronEndpoint receiver, final long deadlineNs)
    {
        while (!from.send(toId))
        {
            receiver.doWork();
            assertTrue(deadlineNs - System.nanoTime() > 0, "send accepted in time");
        }
    }

    @Test
    void sendToAPeerThatNeverCameUpIsDroppedAfterBoundedRetries()
    {
        final ChannelPlan plan = ChannelPlan.udpLoopback(2);
        try (EmbeddedDriver driver = EmbeddedDriver.launch();
            AeronEndpoint lonely = new AeronEndpoint(driver.aeron(), plan, 1, CLUSTER_ID, TYPE_COUNT,
                (from, buffer, offset, length) -> { }, 1, 5))
        {
            lonely.claim(0, 0);
            assertFalse(lonely.send(2));
            assertFalse(lonely.send(2));
            assertEquals(0, lonely.count(SendCounter.SENT));
            assertEquals(10, lonely.count(SendCounter.NOT_CONNECTED_RETRIES));
            assertEquals(2, lonely.count(SendCounter.NOT_CONNECTED_DROPS));
            assertFalse(lonely.isConnected(2));
            assertFalse(lonely.send(1), "sending to oneself is no message");
            assertEquals(2, lonely.count(SendCounter.NOT_CONNECTED_DROPS));
        }
    }

    @Test
    void misuseFailsWithTheAcceptedValues()
    {
        try (EmbeddedDriver driver = EmbeddedDriver.launch();
            AeronEndpoint endpoint = new AeronEndpoint(driver.aeron(), ChannelPlan.ipc(3), 1, CLUSTER_ID, TYPE_COUNT,
                (from, buffer, offset, length) -> { }))
        {
            assertEquals("nothing claimed: call claim(type, bodyLength) before send",
                assertThrows(IllegalStateException.class, () -> endpoint.send(2)).getMessage());
            assertEquals("type must be in 0..3, was 4",
                assertThrows(IllegalArgumentException.class, () -> endpoint.claim(4, 0)).getMessage());
            assertEquals("bodyLength must be in 0.." + MessageHeader.MAX_BODY_LENGTH + ", was 57",
                assertThrows(IllegalArgumentException.class, () -> endpoint.claim(0, 57)).getMessage());
            endpoint.claim(0, 0);
            assertEquals("toId must be in 1..3, was 4",
                assertThrows(IllegalArgumentException.class, () -> endpoint.send(4)).getMessage());
        }
    }
}
