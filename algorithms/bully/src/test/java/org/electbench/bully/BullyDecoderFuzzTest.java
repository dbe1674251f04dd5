package org.electbench.bully;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Start;
import org.electbench.testkit.ScriptedHost;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A million and more random frames at one bully node: random bytes, truncated and oversized
 * bodies, headers that disagree with the frame, every 16-bit type id, senders in and out of
 * range. None may throw, and the node's malformed count must equal the frames that are not a
 * bully message (a header and a term, of type 0..3, from a peer) or carry a term no honest peer
 * could (negative, or more than 2^32 above the node's highest), judged here independently.
 */
class BullyDecoderFuzzTest
{
    private static final int FRAMES = 1_048_576;
    private static final int N = 5;
    private static final int SLACK = 16;

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {8, 88})
    void randomFramesNeverThrowAndEveryMalformedOneIsCounted(final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final ElectionSettings settings = ElectionSettings.defaults();
        final ScriptedHost host = new ScriptedHost();
        host.countAnnouncementsOnly();
        final BullyNode node = (BullyNode)new BullyAlgorithm().newNode(3, settings);
        node.onStart(host.context(3, N, true, settings), Start.SETTLED, N, 1);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH + SLACK]);

        long malformed = 0;
        for (int frame = 0; frame < FRAMES; frame++)
        {
            final int length = fill(random, buffer, frame & 0xFFFF, BullyMessages.BODY_LENGTH);
            if (random.nextBoolean())
            {
                // A term an honest peer could send, so that well-formed frames move the node too.
                buffer.putLong(BullyMessages.TERM_OFFSET, node.highestTermSeen() + random.nextLong(-2, 3), MessageHeader.BYTE_ORDER);
            }
            final int fromId = random.nextInt(-1, N + 3);
            final long term = buffer.getLong(BullyMessages.TERM_OFFSET, MessageHeader.BYTE_ORDER);
            final boolean wellFormed = fromId >= 1 && fromId <= N && fromId != 3 &&
                length == MessageHeader.LENGTH + BullyMessages.BODY_LENGTH &&
                MessageHeader.bodyLength(buffer, 0) == BullyMessages.BODY_LENGTH &&
                MessageHeader.type(buffer, 0) < BullyMessages.NAMES.size() &&
                term >= 0 && term - node.highestTermSeen() <= 1L << 32;
            malformed += wellFormed ? 0 : 1;
            node.onMessage(fromId, buffer, 0, length);
            if (0 == (frame & 0x3FF))
            {
                node.onTimer(host.lastScheduledTimerId(), frame % 4);
            }
        }

        assertEquals(malformed, node.malformedMessages());
        assertTrue(malformed > FRAMES / 2 && malformed < FRAMES, "both kinds were sent: " + malformed);
        node.onStart(new ScriptedHost().context(3, N, true, settings), Start.RECOVERED, ElectionNode.NO_LEADER, 0);
        assertEquals(malformed, node.malformedMessages(), "the count covers every life");
    }

    /**
     * One frame at offset 0 with type {@code type}: a well-formed layout a quarter of the time, else
     * a truncated, oversized, mislabelled or wholly random one; random bytes beyond the header.
     *
     * @return the frame's length as delivered.
     */
    static int fill(final SplittableRandom random, final UnsafeBuffer buffer, final int type, final int bodyLength)
    {
        for (int i = 0; i < buffer.capacity(); i++)
        {
            buffer.putByte(i, (byte)random.nextInt(256));
        }
        final int pickedType = random.nextBoolean() ? type : random.nextInt(4);
        return switch (random.nextInt(5))
        {
            case 0 -> write(buffer, pickedType, bodyLength, MessageHeader.LENGTH + bodyLength);
            case 1 -> write(buffer, pickedType, bodyLength, random.nextInt(0, MessageHeader.LENGTH + bodyLength));
            case 2 ->
            {
                final int oversized = random.nextInt(bodyLength + 1, MessageHeader.MAX_BODY_LENGTH + SLACK - 7);
                yield write(buffer, pickedType, oversized, MessageHeader.LENGTH + oversized);
            }
            case 3 -> write(buffer, pickedType, random.nextInt(0, 1 << 16), MessageHeader.LENGTH + bodyLength);
            default -> random.nextInt(0, buffer.capacity() + 1);
        };
    }

    private static int write(final UnsafeBuffer buffer, final int type, final int bodyLength, final int length)
    {
        MessageHeader.write(buffer, 0, type, bodyLength, 1);
        return Math.min(length, buffer.capacity());
    }
}
