package org.electbench.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.aeron.FrameHeader;
import org.electbench.aeron.FrameValidator;
import org.electbench.aeron.FrameVerdict;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Role;
import org.junit.jupiter.api.Test;

class StatusFrameTest
{
    private static final int CLUSTER_ID = 7;
    private static final int CLUSTER_SIZE = 3;
    private static final int TYPE_COUNT = 4;

    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[512]);

    private int encode(final int sender)
    {
        return StatusFrame.encode(buffer, CLUSTER_ID, sender, 0x1234_5678_9ABC_DEF0L, 1, Role.LEADER, 3, 42,
            new long[] {1, 2, 3, 4}, new long[] {16, 32, 48, 64});
    }

    @Test
    void statusRoundTripsBeliefAndCumulativeCounts()
    {
        final int length = encode(3);
        assertEquals(StatusFrame.length(TYPE_COUNT), length);
        assertEquals(FrameVerdict.OK, StatusFrame.validate(buffer, 0, length, CLUSTER_ID, CLUSTER_SIZE, TYPE_COUNT));
        assertEquals(3, FrameHeader.senderId(buffer, 0));
        assertEquals(0x1234_5678_9ABC_DEF0L, StatusFrame.incarnation(buffer, 0));
        assertEquals(Role.LEADER, StatusFrame.roleOf(StatusFrame.role(buffer, 0)));
        assertEquals(3, StatusFrame.leaderId(buffer, 0));
        assertEquals(42, StatusFrame.term(buffer, 0));
        for (int type = 0; type < TYPE_COUNT; type++)
        {
            assertEquals(type + 1, StatusFrame.messages(buffer, 0, type));
            assertEquals(16L * (type + 1), StatusFrame.bytes(buffer, 0, type));
        }
    }

    @Test
    void aNodeDropsAStatusFrameAsForeignNeverTakingItForAMessage()
    {
        final FrameValidator validator = new FrameValidator(CLUSTER_ID, CLUSTER_SIZE, 1, TYPE_COUNT);
        // Even a status frame whose bytes after the header would read as a valid message.
        final int length = encode(2);
        MessageHeader.write(buffer, FrameHeader.MESSAGE_OFFSET, 0, length - FrameHeader.MIN_FRAME_LENGTH, 2);
        assertEquals(FrameVerdict.FOREIGN, validator.validate(buffer, 0, length));
        assertEquals(1, validator.dropped());
    }

    @Test
    void theObserverDropsMessagesAndMalformedStatus()
    {
        FrameHeader.write(buffer, 0, CLUSTER_ID, 2);
        MessageHeader.write(buffer, FrameHeader.MESSAGE_OFFSET, 1, 48, 2);
        assertEquals(FrameVerdict.FOREIGN,
            StatusFrame.validate(buffer, 0, StatusFrame.length(TYPE_COUNT), CLUSTER_ID, CLUSTER_SIZE, TYPE_COUNT));

        int length = encode(2);
        assertEquals(FrameVerdict.FOREIGN, StatusFrame.validate(buffer, 0, length, CLUSTER_ID + 1, CLUSTER_SIZE, TYPE_COUNT));
        assertEquals(FrameVerdict.SHORT, StatusFrame.validate(buffer, 0, length - 1, CLUSTER_ID, CLUSTER_SIZE, TYPE_COUNT));
        assertEquals(FrameVerdict.SHORT, StatusFrame.validate(buffer, 0, 20, CLUSTER_ID, CLUSTER_SIZE, TYPE_COUNT));
        assertEquals(FrameVerdict.UNKNOWN_TYPE, StatusFrame.validate(buffer, 0, length, CLUSTER_ID, CLUSTER_SIZE, TYPE_COUNT + 1));

        length = encode(4);
        assertEquals(FrameVerdict.UNKNOWN_SENDER, StatusFrame.validate(buffer, 0, length, CLUSTER_ID, CLUSTER_SIZE, TYPE_COUNT));

        length = encode(1);
        buffer.putShort(StatusFrame.ROLE_OFFSET, (short)9, MessageHeader.BYTE_ORDER);
        assertEquals(FrameVerdict.UNKNOWN_TYPE, StatusFrame.validate(buffer, 0, length, CLUSTER_ID, CLUSTER_SIZE, TYPE_COUNT));
    }
}
