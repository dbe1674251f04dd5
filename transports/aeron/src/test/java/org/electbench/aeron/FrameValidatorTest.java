package org.electbench.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;

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

    /** The key of a cluster whose nodes are listed at 10.0.0.1..5, fingerprint 0xF1: 32 sevens. */
    private static final byte[] KEY = new byte[32];

    static
    {
        java.util.Arrays.fill(KEY, (byte)7);
    }

    private static InetAddress address(final String literal)
    {
        try
        {
            return InetAddress.getByName(literal);
        }
        catch (final java.net.UnknownHostException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    private static Membership listed(final byte[] key)
    {
        return Membership.of(List.of(address("10.0.0.1"), address("10.0.0.2"), address("10.0.0.3"), address("10.0.0.4"),
            address("10.0.0.5")), 0xF1, key);
    }

    private long sequence;

    /** A frame numbered after every one before it, addressed to this node. */
    private int trusted(final int sender, final long fingerprint, final long incarnation, final FrameMac mac)
    {
        FrameHeader.write(buffer, 0, CLUSTER_ID, sender, fingerprint, incarnation, null == mac ? 0 : FrameHeader.FLAG_MAC);
        FrameHeader.stamp(buffer, 0, ++sequence, SELF_ID);
        MessageHeader.write(buffer, FrameHeader.MESSAGE_OFFSET, 1, 8, sender);
        buffer.putLong(FrameHeader.MESSAGE_OFFSET + MessageHeader.LENGTH, Long.MAX_VALUE - 1, MessageHeader.BYTE_ORDER);
        final int length = FrameHeader.MIN_FRAME_LENGTH + 8;
        return null == mac ? length : mac.sign(buffer, 0, length);
    }

    @Test
    void framesAreTakenOnlyFromTheSendersListedHostWithTheKeyAndTheClustersFingerprint()
    {
        final List<String> named = new ArrayList<>();
        final FrameValidator checked = new FrameValidator(CLUSTER_ID, CLUSTER_SIZE, SELF_ID, TYPE_COUNT, listed(KEY),
            (verdict, sender, source, detail) -> named.add(verdict + " " + sender + " " + source.getHostAddress()));
        final FrameMac mac = new FrameMac(KEY);
        final byte[] otherKey = KEY.clone();
        otherKey[31]++;

        assertEquals(FrameVerdict.OK, checked.validate(buffer, 0, trusted(2, 0xF1, 5, mac), address("10.0.0.2")));
        assertEquals(MessageHeader.LENGTH + 8, FrameValidator.messageLength(buffer, 0, trusted(2, 0xF1, 5, mac)));
        // Node 2's id from node 4's host, and from a host the file does not list.
        assertEquals(FrameVerdict.UNLISTED_SOURCE, checked.validate(buffer, 0, trusted(2, 0xF1, 5, mac), address("10.0.0.4")));
        assertEquals(FrameVerdict.UNLISTED_SOURCE, checked.validate(buffer, 0, trusted(2, 0xF1, 5, mac), address("10.9.9.9")));
        assertEquals(FrameVerdict.UNLISTED_SOURCE, checked.validate(buffer, 0, trusted(2, 0xF1, 5, mac), null));
        // From the listed host without the key: no tag, another key's tag, a tag over other bytes.
        assertEquals(FrameVerdict.BAD_MAC, checked.validate(buffer, 0, trusted(2, 0xF1, 5, null), address("10.0.0.2")));
        assertEquals(FrameVerdict.BAD_MAC,
            checked.validate(buffer, 0, trusted(2, 0xF1, 5, new FrameMac(otherKey)), address("10.0.0.2")));
        final int length = trusted(2, 0xF1, 5, mac);
        buffer.putLong(FrameHeader.MESSAGE_OFFSET + MessageHeader.LENGTH, 3, MessageHeader.BYTE_ORDER);
        assertEquals(FrameVerdict.BAD_MAC, checked.validate(buffer, 0, length, address("10.0.0.2")));
        // With the key, from another cluster file.
        assertEquals(FrameVerdict.MISMATCHED, checked.validate(buffer, 0, trusted(4, 0xF2, 5, mac), address("10.0.0.4")));

        assertEquals(1, checked.count(FrameVerdict.OK));
        assertEquals(3, checked.count(FrameVerdict.UNLISTED_SOURCE));
        assertEquals(3, checked.count(FrameVerdict.BAD_MAC));
        assertEquals(1, checked.count(FrameVerdict.MISMATCHED));
        assertEquals(List.of("UNLISTED_SOURCE 2 10.0.0.4", "BAD_MAC 2 10.0.0.2", "MISMATCHED 4 10.0.0.4"), named,
            "each reason is named once per sender");
    }

    @Test
    void aLoopbackSourceMatchesAnyLoopbackListedHostAndNothingElse()
    {
        final Membership membership = Membership.of(List.of(address("127.0.0.1"), address("127.0.0.2")), 1, null);
        assertTrue(membership.admits(2, address("127.0.0.1")));
        assertTrue(membership.admits(1, address("127.0.0.9")));
        assertFalse(membership.admits(1, address("10.0.0.1")));
        assertFalse(membership.admits(3, address("127.0.0.1")));
        assertTrue(Membership.open().admits(1, null));
    }

    @Test
    void aSecondProcessClaimingALiveIdIsRefusedOnceItsIncarnationGoesBack()
    {
        final List<String> named = new ArrayList<>();
        final FrameValidator checked = new FrameValidator(CLUSTER_ID, CLUSTER_SIZE, SELF_ID, TYPE_COUNT, listed(null),
            (verdict, sender, source, detail) -> named.add(verdict + " " + sender + " " + Long.toHexString(detail)));
        final InetAddress host = address("10.0.0.2");
        assertEquals(FrameVerdict.OK, checked.validate(buffer, 0, trusted(2, 0xF1, 0xA, null), host));
        // A restart: a new incarnation replaces the old one for good.
        assertEquals(FrameVerdict.OK, checked.validate(buffer, 0, trusted(2, 0xF1, 0xB, null), host));
        assertEquals(FrameVerdict.OK, checked.validate(buffer, 0, trusted(2, 0xF1, 0xB, null), host));
        // The old process again: two processes claim node 2.
        for (int i = 0; i < 3; i++)
        {
            assertEquals(FrameVerdict.DUPLICATE_ID, checked.validate(buffer, 0, trusted(2, 0xF1, 0xA, null), host));
            assertEquals(FrameVerdict.OK, checked.validate(buffer, 0, trusted(2, 0xF1, 0xB, null), host));
        }
        assertEquals(0xB, checked.trust().incarnation(2));
        assertEquals(3, checked.count(FrameVerdict.DUPLICATE_ID));
        assertEquals(List.of("DUPLICATE_ID 2 a"), named);
    }
}
