package org.electbench.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Start;
import org.electbench.testkit.ScriptedHost;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A million and more random frames at one ring node, with and without acknowledgements: random
 * bytes, header-only and other truncated frames, oversized bodies, headers that disagree with the
 * frame, every 16-bit type id, ids and senders in and out of range. None may throw, and the
 * malformed count must equal the frames that are not a ring message of this mode or carry a term
 * no honest peer could (negative, or more than 2^32 above the node's), judged here independently, and no frame may make the node send to itself or to no node. The node restarts
 * every few thousand frames, so the hops that the valid frames leave unacknowledged stay few.
 */
class RingDecoderFuzzTest
{
    private static final int FRAMES = 1_048_576;
    private static final int N = 5;
    private static final int SELF = 3;
    private static final int SLACK = 16;

    @ParameterizedTest(name = "acknowledgements={0} seed={1}")
    @CsvSource({"true,9", "false,99"})
    void randomFramesNeverThrowAndEveryMalformedOneIsCounted(final boolean acknowledgements, final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final ElectionSettings settings = ElectionSettings.builder().option(RingAlgorithm.ACK, acknowledgements).build();
        final RingNode node = new RingNode(SELF, settings);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH + SLACK]);

        long malformed = 0;
        long refusedSends = 0;
        ScriptedHost host = null;
        for (int frame = 0; frame < FRAMES; frame++)
        {
            if (0 == (frame & 0xFFF))
            {
                refusedSends += null == host ? 0 : host.refusedSends();
                host = new ScriptedHost();
                node.onStart(host.context(SELF, N, true, settings), Start.SETTLED, N, 1);
            }
            final int type = random.nextBoolean() ? frame & 0xFFFF : random.nextInt(4);
            final int validLength = Math.max(0, RingMessages.bodyLength(type, acknowledgements));
            final int length = frame(random, buffer, type, validLength);
            if (random.nextBoolean())
            {
                buffer.putInt(MessageHeader.LENGTH + RingMessages.ID_OFFSET, random.nextInt(-1, N + 2), MessageHeader.BYTE_ORDER);
            }
            if (random.nextBoolean())
            {
                // A term an honest peer could send, so that well-formed frames move the node too.
                final int termOffset = RingMessages.HEARTBEAT == type ? RingMessages.HEARTBEAT_TERM_OFFSET : RingMessages.TERM_OFFSET;
                buffer.putLong(MessageHeader.LENGTH + termOffset, node.term() + random.nextLong(-2, 3), MessageHeader.BYTE_ORDER);
            }
            final int fromId = random.nextInt(-1, N + 3);
            malformed += wellFormed(buffer, length, fromId, acknowledgements, node.term()) ? 0 : 1;
            node.onMessage(fromId, buffer, 0, length);
        }

        assertEquals(malformed, node.malformedMessages());
        assertEquals(0, refusedSends + host.refusedSends(), "sends to the node itself or to no node");
        assertTrue(malformed > FRAMES / 2 && malformed < FRAMES, "both kinds were sent: " + malformed);
    }

    private static boolean wellFormed(
        final UnsafeBuffer buffer, final int length, final int fromId, final boolean acknowledgements, final long ownTerm)
    {
        if (fromId < 1 || fromId > N || fromId == SELF || length < MessageHeader.LENGTH)
        {
            return false;
        }
        final int type = MessageHeader.type(buffer, 0);
        final int bodyLength = RingMessages.bodyLength(type, acknowledgements);
        if (bodyLength < 0 || MessageHeader.bodyLength(buffer, 0) != bodyLength || length != MessageHeader.LENGTH + bodyLength)
        {
            return false;
        }
        final int id = buffer.getInt(MessageHeader.LENGTH + RingMessages.ID_OFFSET, MessageHeader.BYTE_ORDER);
        if (RingMessages.ACK == type)
        {
            return true;
        }
        // Every other type carries a term: not negative, and not more than 2^32 above the node's.
        final long term = buffer.getLong(MessageHeader.LENGTH +
            (RingMessages.HEARTBEAT == type ? RingMessages.HEARTBEAT_TERM_OFFSET : RingMessages.TERM_OFFSET), MessageHeader.BYTE_ORDER);
        return (RingMessages.HEARTBEAT == type || (id >= 1 && id <= N)) && term >= 0 && term - ownTerm <= 1L << 32;
    }

    /**
     * One frame of type {@code type} at offset 0 over random bytes: its valid layout, truncated,
     * oversized, with a header that disagrees with the frame, or any length at all.
     *
     * @return the frame's length as delivered.
     */
    private static int frame(final SplittableRandom random, final UnsafeBuffer buffer, final int type, final int validLength)
    {
        for (int i = 0; i < buffer.capacity(); i++)
        {
            buffer.putByte(i, (byte)random.nextInt(256));
        }
        final int bodyLength = switch (random.nextInt(5))
        {
            case 0, 1 -> validLength;
            case 2 -> random.nextInt(validLength + 1, MessageHeader.MAX_BODY_LENGTH + SLACK - 7);
            case 3 -> random.nextInt(0, 1 << 16);
            default -> -1;
        };
        if (bodyLength < 0)
        {
            return random.nextInt(0, buffer.capacity() + 1);
        }
        MessageHeader.write(buffer, 0, type, bodyLength, 1);
        final int length = MessageHeader.LENGTH + (bodyLength == validLength && random.nextBoolean() ?
            random.nextInt(-MessageHeader.LENGTH, bodyLength + 1) : bodyLength);
        return Math.min(length, buffer.capacity());
    }
}
