package org.electbench.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.MessageHeader;
import org.junit.jupiter.api.Test;

class FrameValidatorTest
{
    private static final int CLUSTER_ID = 0x0C1A_57E8;
    private static final int CLUSTER_SIZE = 5;
    private static final int SELF_ID = 3;
    private static final int TYPE_COUNT = 4;

    private final UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
    private final FrameValidator validator = new FrameValidator(CLUSTER_ID, CLUSTER_SIZE, SELF_ID, TYPE_COUNT);

    private int frame(final int clusterId, final int frameSender, final int messageSender, final int type, final int bodyLength)
    {
        FrameHeader.write(buffer, 0, clusterId, frameSender);
        MessageHeader.write(buffer, FrameHeader.MESSAGE_OFFSET, type, bodyLength, messageSender);
        return FrameHeader.MIN_FRAME_LENGTH + bodyLength;
    }

    private int validFrame(final int bodyLength)
    {
        return frame(CLUSTER_ID, 1, 1, 2, bodyLength);
    }

    @Test
    void acceptsMessagesFromEveryPeerOfEveryTypeAndBodyLength()
    {
        int accepted = 0;
        for (int sender = 1; sender <= CLUSTER_SIZE; sender++)
        {
            if (sender == SELF_ID)
            {
                continue;
            }
            for (int type = 0; type < TYPE_COUNT; type++)
            {
                for (int bodyLength = 0; bodyLength <= MessageHeader.MAX_BODY_LENGTH; bodyLength++)
                {
                    final int length = frame(CLUSTER_ID, sender, sender, type, bodyLength);
                    assertEquals(FrameVerdict.OK, validator.validate(buffer, 0, length));
                    accepted++;
                }
            }
        }
        assertEquals(4 * TYPE_COUNT * (MessageHeader.MAX_BODY_LENGTH + 1), accepted);
        assertEquals(accepted, validator.count(FrameVerdict.OK));
        assertEquals(0, validator.dropped());
    }

    @Test
    void framesShorterThanTheirHeadersAreShort()
    {
        final int length = validFrame(4);
        for (int truncated = 0; truncated < length; truncated++)
        {
            assertEquals(FrameVerdict.SHORT, validator.validate(buffer, 0, truncated), "length " + truncated);
        }
        assertEquals(length, validator.count(FrameVerdict.SHORT));
        assertEquals(length, validator.dropped());
    }

    @Test
    void bodyLengthDisagreeingWithFrameIsShort()
    {
        final int length = validFrame(10);
        MessageHeader.write(buffer, FrameHeader.MESSAGE_OFFSET, 2, 11, 1);
        assertEquals(FrameVerdict.SHORT, validator.validate(buffer, 0, length));
        MessageHeader.write(buffer, FrameHeader.MESSAGE_OFFSET, 2, 9, 1);
        assertEquals(FrameVerdict.SHORT, validator.validate(buffer, 0, length));
        assertEquals(2, validator.count(FrameVerdict.SHORT));
    }

    @Test
    void framesLongerThanTheLargestMessageAreOversize()
    {
        validFrame(MessageHeader.MAX_BODY_LENGTH);
        assertEquals(FrameVerdict.OVERSIZE, validator.validate(buffer, 0, FrameHeader.MAX_FRAME_LENGTH + 1));
        assertEquals(FrameVerdict.OVERSIZE, validator.validate(buffer, 0, buffer.capacity()));
        assertEquals(2, validator.count(FrameVerdict.OVERSIZE));
    }

    @Test
    void badMagicVersionOrClusterIsForeign()
    {
        int length = validFrame(0);
        buffer.putInt(FrameHeader.MAGIC_OFFSET, 0xDEAD_BEEF, MessageHeader.BYTE_ORDER);
        assertEquals(FrameVerdict.FOREIGN, validator.validate(buffer, 0, length));

        length = validFrame(0);
        buffer.putShort(FrameHeader.VERSION_OFFSET, (short)(FrameHeader.VERSION + 1), MessageHeader.BYTE_ORDER);
        assertEquals(FrameVerdict.FOREIGN, validator.validate(buffer, 0, length));

        length = frame(CLUSTER_ID + 1, 1, 1, 0, 0);
        assertEquals(FrameVerdict.FOREIGN, validator.validate(buffer, 0, length));

        assertEquals(3, validator.count(FrameVerdict.FOREIGN));
        assertEquals(3, validator.dropped());
    }

    @Test
    void sendersOutsideTheClusterOrSelfOrMismatchedAreUnknown()
    {
        final int[][] frameAndMessageSenders = {{0, 0}, {CLUSTER_SIZE + 1, CLUSTER_SIZE + 1}, {-1, -1}, {SELF_ID, SELF_ID}, {1, 2}};
        for (final int[] senders : frameAndMessageSenders)
        {
            final int length = frame(CLUSTER_ID, senders[0], senders[1], 0, 0);
            assertEquals(FrameVerdict.UNKNOWN_SENDER, validator.validate(buffer, 0, length));
        }
        assertEquals(frameAndMessageSenders.length, validator.count(FrameVerdict.UNKNOWN_SENDER));
    }

    @Test
    void typesAtOrAboveTheTypeCountAreUnknown()
    {
        for (final int type : new int[] {TYPE_COUNT, TYPE_COUNT + 1, 0xFFFF})
        {
            final int length = frame(CLUSTER_ID, 1, 1, type, 0);
            assertEquals(FrameVerdict.UNKNOWN_TYPE, validator.validate(buffer, 0, length));
        }
        assertEquals(3, validator.count(FrameVerdict.UNKNOWN_TYPE));
    }

    @Test
    void framesAtAnOffsetAreValidatedInPlace()
    {
        final int offset = 40;
        FrameHeader.write(buffer, offset, CLUSTER_ID, 2);
        MessageHeader.write(buffer, offset + FrameHeader.MESSAGE_OFFSET, 1, 3, 2);
        assertEquals(FrameVerdict.OK, validator.validate(buffer, offset, FrameHeader.MIN_FRAME_LENGTH + 3));
    }

    @Test
    void snapshotCopiesEveryCountByOrdinal()
    {
        validator.validate(buffer, 0, validFrame(1));
        validator.validate(buffer, 0, 3);
        validator.validate(buffer, 0, 3);
        final long[] counts = new long[FrameVerdict.values().length];
        validator.snapshot(counts);
        assertEquals(1, counts[FrameVerdict.OK.ordinal()]);
        assertEquals(2, counts[FrameVerdict.SHORT.ordinal()]);
        assertEquals(2, validator.dropped());
    }

    @Test
    void rejectsNonsenseSettingsNamingTheAcceptedValues()
    {
        final IllegalArgumentException self = assertThrows(IllegalArgumentException.class, () -> new FrameValidator(1, 3, 4, 2));
        assertEquals("selfId must be in 1..3, was 4", self.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new FrameValidator(1, 0, 1, 2));
        assertThrows(IllegalArgumentException.class, () -> new FrameValidator(1, 3, 1, 0));
    }
}
