package org.electbench.quorum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Start;
import org.electbench.spi.Terms;
import org.electbench.testkit.ScriptedHost;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A million and more random frames at one quorum server: random bytes, header-only and other
 * truncated frames, oversized bodies, headers that disagree with the frame, every 16-bit type id,
 * senders in and out of range. None may throw, and the malformed count must equal the frames
 * that are not exactly an ELECT, VOTE or LEAD from a peer, or that carry a term no honest peer
 * sends, judged here independently.
 */
class QuorumDecoderFuzzTest
{
    private static final int FRAMES = 1_048_576;
    private static final int N = 5;
    private static final int SELF = 3;
    private static final int SLACK = 16;

    @ParameterizedTest(name = "seed={0}")
    @ValueSource(longs = {4, 44})
    void randomFramesNeverThrowAndEveryMalformedOneIsCounted(final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final ElectionSettings settings = ElectionSettings.defaults();
        final QuorumNode node = new QuorumNode(SELF, settings);
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH + SLACK]);
        final ScriptedHost host = new ScriptedHost();
        host.countAnnouncementsOnly();

        long malformed = 0;
        for (int frame = 0; frame < FRAMES; frame++)
        {
            if (0 == (frame & 0xFFF))
            {
                node.onStart(host.context(SELF, N, true, settings), Start.SETTLED, N, 1);
            }
            final int type = random.nextBoolean() ? frame & 0xFFFF : random.nextInt(3);
            final int validLength = bodyLength(type);
            final int length = frame(random, buffer, type, Math.max(0, validLength));
            final int fromId = random.nextInt(-1, N + 3);
            final boolean wellFormed = fromId >= 1 && fromId <= N && fromId != SELF && validLength >= 0 &&
                length == MessageHeader.LENGTH + validLength && MessageHeader.bodyLength(buffer, 0) == validLength;
            malformed += wellFormed && plausibleFields(random, buffer, type) ? 0 : 1;
            node.onMessage(fromId, buffer, 0, length);
        }

        assertEquals(malformed, node.malformedMessages());
        assertTrue(malformed > FRAMES / 2 && malformed < FRAMES, "both kinds were sent: " + malformed);
    }

    /**
     * Writes a well-formed frame's fields: every term at most {@link Terms#MAX_JUMP}, which the
     * node believes whatever it holds, as its own terms never pass 2<sup>32</sup> + 1 here; then,
     * half the time, one field no honest server sends: a negative one, or a term of 2<sup>62</sup>
     * or more.
     *
     * @return whether the node must take the frame.
     */
    private static boolean plausibleFields(final SplittableRandom random, final UnsafeBuffer buffer, final int type)
    {
        final int[] terms = switch (type)
        {
            case QuorumMessages.ELECT -> new int[]{QuorumMessages.TERM_OFFSET, QuorumMessages.BALLOT_OFFSET};
            case QuorumMessages.VOTE -> new int[]{QuorumMessages.VOTE_TERM_OFFSET};
            default -> new int[]{QuorumMessages.TERM_OFFSET};
        };
        final int counter = QuorumMessages.VOTE == type ? QuorumMessages.VOTE_PREVIOUS_OFFSET : QuorumMessages.MSG_OFFSET;
        for (final int offset : terms)
        {
            buffer.putLong(offset, random.nextLong(Terms.MAX_JUMP + 1), MessageHeader.BYTE_ORDER);
        }
        buffer.putLong(counter, random.nextLong(Long.MAX_VALUE), MessageHeader.BYTE_ORDER);
        if (random.nextBoolean())
        {
            return true;
        }
        final int wrong = random.nextInt(terms.length + 1);
        final long value = wrong < terms.length && random.nextBoolean() ?
            random.nextLong(1L << 62, Long.MAX_VALUE) : random.nextLong(Long.MIN_VALUE, 0);
        buffer.putLong(wrong < terms.length ? terms[wrong] : counter, value, MessageHeader.BYTE_ORDER);
        return false;
    }

    private static int bodyLength(final int type)
    {
        return type < QuorumMessages.NAMES.size() ? QuorumMessages.bodyLength(type) : -1;
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
