package org.electbench.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Publication;
import io.aeron.driver.status.SystemCounterDescriptor;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;
import org.electbench.spi.MessageHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Garbage at both levels. Raw datagrams that are not Aeron frames never reach a handler: the
 * driver rejects them and must survive. Aeron frames that carry garbage reach the endpoint,
 * whose validator must drop and count each one exactly.
 */
class GarbageFramesTest
{
    private static final int CLUSTER_ID = 0x5EED;
    private static final int CLUSTER_SIZE = 3;
    private static final int TYPE_COUNT = 4;
    private static final int GARBAGE_COUNT = 10_000;
    private static final int TARGET = 1;
    private static final long CONNECT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(20);
    /** Small enough that a batch fits the driver's socket buffer, so no datagram is lost to the kernel. */
    private static final int RAW_BATCH = 50;
    /** Aeron's own rule for a datagram it can dispatch: at least a base header, and version 0 at byte 4. */
    private static final int AERON_MIN_HEADER_LENGTH = 8;
    private static final int AERON_VERSION_OFFSET = 4;

    /** Counts valid messages by sender. */
    private static final class Received implements MessageHandler
    {
        final int[] bySender = new int[CLUSTER_SIZE + 1];
        int total;

        @Override
        public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
        {
            bySender[fromId]++;
            total++;
        }
    }

    private static long systemCounter(final Aeron aeron, final SystemCounterDescriptor descriptor)
    {
        final CountersReader counters = aeron.countersReader();
        final long[] value = {-1};
        counters.forEach((counterId, typeId, keyBuffer, label) ->
        {
            if (SystemCounterDescriptor.SYSTEM_COUNTER_TYPE_ID == typeId && keyBuffer.getInt(0) == descriptor.id())
            {
                value[0] = counters.getCounterValue(counterId);
            }
        });
        if (value[0] < 0)
        {
            fail("no system counter " + descriptor);
        }
        return value[0];
    }

    private static int validFrame(final UnsafeBuffer frame, final int clusterId, final int sender, final int type, final int bodyLength)
    {
        FrameHeader.write(frame, 0, clusterId, sender);
        MessageHeader.write(frame, FrameHeader.MESSAGE_OFFSET, type, bodyLength, sender);
        for (int i = 0; i < bodyLength; i++)
        {
            frame.putByte(FrameHeader.MIN_FRAME_LENGTH + i, (byte)i);
        }
        return FrameHeader.MIN_FRAME_LENGTH + bodyLength;
    }

    @Test
    void rawGarbageDatagramsAreRejectedByTheDriverAndTheNodeGoesOn() throws IOException
    {
        final Received received = new Received();
        final ChannelPlan plan = ChannelPlan.udpLoopback(CLUSTER_SIZE);
        try (EmbeddedDriver driver = EmbeddedDriver.launch();
            AeronNetwork network = new AeronNetwork(driver.aeron(), plan, CLUSTER_ID, TYPE_COUNT,
                (id) -> id == TARGET ? received : (from, buffer, offset, length) -> { });
            DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress()))
        {
            network.connect(CONNECT_TIMEOUT_NS);
            final Aeron aeron = driver.aeron();
            final long invalidBefore = systemCounter(aeron, SystemCounterDescriptor.INVALID_PACKETS);
            final long errorsBefore = systemCounter(aeron, SystemCounterDescriptor.ERRORS);
            final String channel = plan.channel(TARGET);
            final int port = Integer.parseInt(channel.substring(channel.lastIndexOf(':') + 1));

            final Random random = new Random(42);
            final byte[] bytes = new byte[200];
            final UnsafeBuffer frame = new UnsafeBuffer(bytes);
            final DatagramPacket packet = new DatagramPacket(bytes, 0, InetAddress.getLoopbackAddress(), port);
            long expectedInvalid = 0;
            for (int i = 0; i < GARBAGE_COUNT; i++)
            {
                final int length;
                switch (i % 3)
                {
                    case 0:
                        length = random.nextInt(121);
                        random.nextBytes(bytes);
                        break;
                    case 1:
                        length = random.nextInt(validFrame(frame, CLUSTER_ID, 2, 0, random.nextInt(57)));
                        break;
                    default:
                        length = validFrame(frame, CLUSTER_ID + 1 + random.nextInt(1000), 2, 1, random.nextInt(57));
                        break;
                }
                if (length < AERON_MIN_HEADER_LENGTH || bytes[AERON_VERSION_OFFSET] != 0)
                {
                    expectedInvalid++;
                }
                packet.setLength(length);
                socket.send(packet);

                if ((i + 1) % RAW_BATCH == 0 || i == GARBAGE_COUNT - 1)
                {
                    final long expected = expectedInvalid;
                    Await.until(
                        () -> systemCounter(aeron, SystemCounterDescriptor.INVALID_PACKETS) - invalidBefore == expected,
                        network::pollAll,
                        () -> "driver counts " + expected + " invalid packets, counted " +
                            (systemCounter(aeron, SystemCounterDescriptor.INVALID_PACKETS) - invalidBefore));
                }
            }
            assertTrue(expectedInvalid > GARBAGE_COUNT * 9L / 10, "almost all garbage breaks Aeron's header rule");

            final AeronEndpoint peer = network.endpoint(2);
            peer.claim(3, 4).putInt(MessageHeader.LENGTH, 7, MessageHeader.BYTE_ORDER);
            assertTrue(peer.send(TARGET));
            Await.until(() -> received.total == 1, network::pollAll, () -> "the target receives the valid message");

            final AeronEndpoint target = network.endpoint(TARGET);
            assertEquals(1, received.bySender[2]);
            assertEquals(1, target.validator().count(FrameVerdict.OK));
            assertEquals(0, target.validator().dropped(), "no raw datagram reaches the handler");
            assertEquals(0, systemCounter(aeron, SystemCounterDescriptor.ERRORS) - errorsBefore);
            target.claim(0, 0);
            assertTrue(target.send(2), "the target still sends");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"udp", "ipc"})
    void garbageInsideAeronFramesIsDroppedAndCountedExactly(final String transport)
    {
        final Received received = new Received();
        final ChannelPlan plan = "ipc".equals(transport) ? ChannelPlan.ipc(CLUSTER_SIZE) : ChannelPlan.udpLoopback(CLUSTER_SIZE);
        try (EmbeddedDriver driver = EmbeddedDriver.launch();
            AeronNetwork network = new AeronNetwork(driver.aeron(), plan, CLUSTER_ID, TYPE_COUNT,
                (id) -> id == TARGET ? received : (from, buffer, offset, length) -> { });
            ExclusivePublication rogue = driver.aeron().addExclusivePublication(plan.channel(TARGET), plan.streamId(TARGET)))
        {
            network.connect(CONNECT_TIMEOUT_NS);
            Await.until(rogue::isConnected, network::pollAll, () -> "the rogue publication connects");

            final Random random = new Random(7);
            final UnsafeBuffer frame = new UnsafeBuffer(new byte[4096]);
            final long[] expected = new long[FrameVerdict.values().length];
            final int[] expectedBySender = new int[CLUSTER_SIZE + 1];
            for (int i = 0; i < GARBAGE_COUNT; i++)
            {
                final int kind = random.nextInt(10);
                int length;
                FrameVerdict verdict;
                switch (kind)
                {
                    case 0:
                        length = 1 + random.nextInt(120);
                        for (int b = 0; b < length; b++)
                        {
                            frame.putByte(b, (byte)random.nextInt());
                        }
                        if (length >= FrameHeader.LENGTH && FrameHeader.magic(frame, 0) == FrameHeader.MAGIC)
                        {
                            frame.putByte(0, (byte)~frame.getByte(0));
                        }
                        verdict = length < FrameHeader.LENGTH ? FrameVerdict.SHORT : FrameVerdict.FOREIGN;
                        break;
                    case 1:
                        length = random.nextInt(validFrame(frame, CLUSTER_ID, 2, 0, random.nextInt(57)));
                        verdict = FrameVerdict.SHORT;
                        break;
                    case 2:
                        length = validFrame(frame, CLUSTER_ID + 1 + random.nextInt(1000), 2, 1, random.nextInt(57));
                        verdict = FrameVerdict.FOREIGN;
                        break;
                    case 3:
                        length = validFrame(frame, CLUSTER_ID, 2, 1, random.nextInt(57));
                        if (random.nextBoolean())
                        {
                            frame.putInt(FrameHeader.MAGIC_OFFSET, FrameHeader.MAGIC + 1 + random.nextInt(1000), MessageHeader.BYTE_ORDER);
                        }
                        else
                        {
                            frame.putShort(FrameHeader.VERSION_OFFSET, (short)(FrameHeader.VERSION + 1), MessageHeader.BYTE_ORDER);
                        }
                        verdict = FrameVerdict.FOREIGN;
                        break;
                    case 4:
                    {
                        final int[] frameSenders = {0, TARGET, CLUSTER_SIZE + 1, -5, 2};
                        final int sender = frameSenders[random.nextInt(frameSenders.length)];
                        length = validFrame(frame, CLUSTER_ID, sender, 0, random.nextInt(57));
                        if (2 == sender)
                        {
                            MessageHeader.write(frame, FrameHeader.MESSAGE_OFFSET, 0, length - FrameHeader.MIN_FRAME_LENGTH, 3);
                        }
                        verdict = FrameVerdict.UNKNOWN_SENDER;
                        break;
                    }
                    case 5:
                        length = validFrame(frame, CLUSTER_ID, 3, TYPE_COUNT + random.nextInt(0xFFFF - TYPE_COUNT + 1), 4);
                        verdict = FrameVerdict.UNKNOWN_TYPE;
                        break;
                    case 6:
                        length = validFrame(frame, CLUSTER_ID, 2, 0, 1 + random.nextInt(50));
                        MessageHeader.write(frame, FrameHeader.MESSAGE_OFFSET, 0, length - FrameHeader.MIN_FRAME_LENGTH + 1 +
                            random.nextInt(100), 2);
                        verdict = FrameVerdict.SHORT;
                        break;
                    case 7:
                        validFrame(frame, CLUSTER_ID, 2, 0, MessageHeader.MAX_BODY_LENGTH);
                        length = FrameHeader.MAX_FRAME_LENGTH + 1 + random.nextInt(900);
                        verdict = FrameVerdict.OVERSIZE;
                        break;
                    case 8:
                        // Longer than one MTU: Aeron fragments it and only the first fragment is judged.
                        validFrame(frame, CLUSTER_ID, 2, 0, MessageHeader.MAX_BODY_LENGTH);
                        length = 2000 + random.nextInt(2000);
                        verdict = FrameVerdict.OVERSIZE;
                        break;
                    default:
                    {
                        final int sender = 2 + random.nextInt(CLUSTER_SIZE - 1);
                        length = validFrame(frame, CLUSTER_ID, sender, random.nextInt(TYPE_COUNT), random.nextInt(57));
                        verdict = FrameVerdict.OK;
                        expectedBySender[sender]++;
                        break;
                    }
                }
                expected[verdict.ordinal()]++;
                offer(rogue, frame, length, network);
            }

            final FrameValidator validator = network.endpoint(TARGET).validator();
            Await.until(
                () -> validator.count(FrameVerdict.OK) + validator.dropped() == GARBAGE_COUNT,
                network::pollAll,
                () -> "the target judges " + GARBAGE_COUNT + " frames, judged " +
                    (validator.count(FrameVerdict.OK) + validator.dropped()));
            network.pollAll();

            final long[] actual = new long[FrameVerdict.values().length];
            validator.snapshot(actual);
            for (final FrameVerdict verdict : FrameVerdict.values())
            {
                assertEquals(expected[verdict.ordinal()], actual[verdict.ordinal()], verdict.name());
                // Who sent a frame is checked only between processes (a Membership): FrameValidatorTest and the cluster tests.
                assertTrue(expected[verdict.ordinal()] > 0 || verdict.ordinal() >= FrameVerdict.UNLISTED_SOURCE.ordinal(),
                    () -> "the garbage includes " + verdict);
            }
            assertEquals(expected[FrameVerdict.OK.ordinal()], received.total);
            for (int sender = 1; sender <= CLUSTER_SIZE; sender++)
            {
                assertEquals(expectedBySender[sender], received.bySender[sender], "from " + sender);
            }
        }
    }

    private static void offer(final ExclusivePublication publication, final UnsafeBuffer frame, final int length, final AeronNetwork network)
    {
        final long deadlineNs = System.nanoTime() + Await.DEFAULT_TIMEOUT_NS;
        long result;
        while ((result = publication.offer(frame, 0, length)) < 0)
        {
            if (Publication.CLOSED == result || Publication.MAX_POSITION_EXCEEDED == result)
            {
                fail("rogue publication refused: " + Publication.errorString(result));
            }
            if (deadlineNs - System.nanoTime() <= 0)
            {
                fail("rogue publication stuck: " + Publication.errorString(result));
            }
            if (0 == network.pollAll())
            {
                Thread.yield();
            }
        }
    }
}
