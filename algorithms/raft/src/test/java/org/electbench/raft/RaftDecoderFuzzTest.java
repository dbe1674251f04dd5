package org.electbench.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Start;
import org.electbench.testkit.ScriptedHost;
import org.junit.jupiter.api.Test;

/**
 * A million random frames at a live node: random bytes, and frames that are nearly right (a
 * plausible header with one field off: type, declared or actual length, sender, term, granted
 * byte). The test judges each frame against the wire format on its own (a term more than 2^32
 * above the node's is forged, so dropped too) and checks that the node dropped and counted exactly
 * those, and never threw.
 */
class RaftDecoderFuzzTest
{
    private static final int FRAMES = 1_000_000;
    private static final int NODES = 5;
    private static final int SELF = 3;
    private static final int SLACK = 16;

    @Test
    void everyMalformedFrameOfAMillionIsDroppedAndCountedAndNoneThrows()
    {
        final ElectionSettings plain = ElectionSettings.defaults();
        for (final ElectionSettings settings : List.of(plain, RaftOptions.checkQuorum(RaftOptions.preVote(plain, true), true)))
        {
            final RaftNode node = (RaftNode)new RaftAlgorithm().newNode(SELF, settings);
            final RaftScript ctx = new RaftScript();
            node.onStart(ctx.context(SELF, NODES, true, settings, ScriptedHost.newDurableState()), Start.SETTLED, NODES, 1);
            final UnsafeBuffer buffer = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH + 2 * SLACK]);
            final SplittableRandom random = new SplittableRandom(11);
            long malformed = 0;
            for (int i = 0; i < FRAMES / 2; i++)
            {
                final int fromId = random.nextInt(10) == 0 ? random.nextInt(-1, NODES + 3) : 1 + random.nextInt(NODES);
                final int offset = random.nextInt(SLACK);
                final int length = frame(random, buffer, offset, fromId);
                if (!wellFormed(buffer, offset, length, fromId, node.term()))
                {
                    malformed++;
                }
                node.onMessage(fromId, buffer, offset, length);
                if (0 == i % 1000)
                {
                    // Let the node's timers run too, so frames reach it in every state.
                    final int kind = random.nextInt(3);
                    if (null != ctx.timer(kind))
                    {
                        ctx.fire(node, kind);
                    }
                    ctx.clear();
                }
            }
            assertEquals(malformed, node.malformedMessages(), settings.toString());
            assertTrue(malformed > FRAMES / 10 && malformed < FRAMES / 2 - FRAMES / 10, "malformed " + malformed);
        }
    }

    /** Write a random or nearly right frame at {@code offset}; @return its length. */
    private static int frame(final SplittableRandom random, final UnsafeBuffer buffer, final int offset, final int fromId)
    {
        final byte[] noise = new byte[MessageHeader.MAX_MESSAGE_LENGTH + SLACK];
        random.nextBytes(noise);
        buffer.putBytes(offset, noise);
        if (random.nextInt(4) == 0)
        {
            return random.nextInt(MessageHeader.MAX_MESSAGE_LENGTH + SLACK + 1);
        }
        final int type = random.nextInt(8) == 0 ? random.nextInt(65536) : random.nextInt(RaftMessages.TYPE_LIMIT);
        final int expected = type == RaftMessages.VOTE || type == RaftMessages.PRE_VOTE_RESPONSE ? 9 : 8;
        final int declared = random.nextInt(8) == 0 ? random.nextInt(MessageHeader.MAX_BODY_LENGTH + 1) : expected;
        final int sender = random.nextInt(16) == 0 ? random.nextInt() : fromId;
        MessageHeader.write(buffer, offset, type, declared, sender);
        final long term = random.nextInt(16) == 0 ? random.nextLong() : random.nextLong(4);
        buffer.putLong(offset + MessageHeader.LENGTH, term, MessageHeader.BYTE_ORDER);
        buffer.putByte(offset + MessageHeader.LENGTH + Long.BYTES, (byte)(random.nextInt(16) == 0 ? random.nextInt(256) : random.nextInt(2)));
        return random.nextInt(8) == 0 ? random.nextInt(MessageHeader.MAX_MESSAGE_LENGTH + SLACK + 1) : MessageHeader.LENGTH + declared;
    }

    /** The wire format, judged independently of {@link RaftMessages}. */
    private static boolean wellFormed(final UnsafeBuffer buffer, final int offset, final int length, final int fromId, final long ownTerm)
    {
        if (fromId < 1 || fromId > NODES || fromId == SELF || length < MessageHeader.LENGTH)
        {
            return false;
        }
        final int type = buffer.getShort(offset, MessageHeader.BYTE_ORDER) & 0xFFFF;
        if (type > 5)
        {
            return false;
        }
        final boolean answer = type == 1 || type == 3;
        final int body = answer ? 9 : 8;
        final int declared = buffer.getShort(offset + 2, MessageHeader.BYTE_ORDER) & 0xFFFF;
        final int sender = buffer.getInt(offset + 4, MessageHeader.BYTE_ORDER);
        final long term = buffer.getLong(offset + 8, MessageHeader.BYTE_ORDER);
        final int granted = buffer.getByte(offset + 16) & 0xFF;
        return length == 8 + body && declared == body && sender == fromId && term >= 0 && term - ownTerm <= 1L << 32 &&
            (!answer || granted <= 1);
    }
}
