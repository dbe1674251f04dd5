package org.electbench.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.MessageHeader;
import org.junit.jupiter.api.Test;

/**
 * Captured frames sent again: of an earlier incarnation, of the current one, to another node, of
 * the previous frame format. None may displace the live process or reach the algorithm twice.
 */
class FrameReplayTest
{
    private static final int CLUSTER_ID = 21;
    private static final int CLUSTER_SIZE = 3;
    private static final int SELF_ID = 1;
    private static final long FINGERPRINT = 0xF1;
    private static final byte[] KEY = new byte[32];
    private static final long OLD = FrameHeader.newIncarnation(1_700_000_000_000L, 7);
    private static final long LIVE = FrameHeader.newIncarnation(1_700_000_060_000L, 3);

    private final List<String> named = new ArrayList<>();
    private final FrameMac mac = new FrameMac(KEY);
    private final FrameValidator validator = new FrameValidator(CLUSTER_ID, CLUSTER_SIZE, SELF_ID, 4,
        Membership.of(List.of(address("10.0.0.1"), address("10.0.0.2"), address("10.0.0.3")), FINGERPRINT, KEY),
        (verdict, sender, source, detail) -> named.add(verdict + " " + sender));
    private final InetAddress nodeThree = address("10.0.0.3");

    private static InetAddress address(final String literal)
    {
        try
        {
            return InetAddress.getByName(literal);
        }
        catch (final UnknownHostException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    /** @return a keyed frame of node 3, in a buffer of its own, as a capture holds it. */
    private UnsafeBuffer frame(final long incarnation, final long sequence, final int destination)
    {
        final UnsafeBuffer frame = new UnsafeBuffer(new byte[FrameHeader.MAX_FRAME_LENGTH]);
        FrameHeader.write(frame, 0, CLUSTER_ID, 3, FINGERPRINT, incarnation, FrameHeader.FLAG_MAC);
        FrameHeader.stamp(frame, 0, sequence, destination);
        MessageHeader.write(frame, FrameHeader.MESSAGE_OFFSET, 1, 8, 3);
        frame.putLong(FrameHeader.MESSAGE_OFFSET + MessageHeader.LENGTH, sequence, MessageHeader.BYTE_ORDER);
        mac.sign(frame, 0, FrameHeader.MIN_FRAME_LENGTH + 8);
        return frame;
    }

    private FrameVerdict deliver(final UnsafeBuffer frame)
    {
        return validator.validate(frame, 0, FrameHeader.MIN_FRAME_LENGTH + 8 + FrameMac.TAG_LENGTH, nodeThree);
    }

    @Test
    void incarnationsAreOrderedByStartTimeAndNeverZero()
    {
        assertTrue(LIVE > OLD);
        assertTrue(FrameHeader.newIncarnation(1_700_000_000_001L, 0) > FrameHeader.newIncarnation(1_700_000_000_000L, -1));
        assertEquals(1, FrameHeader.newIncarnation(0, 0));
        assertEquals(1_700_000_060_000L, FrameHeader.incarnationEpochMs(LIVE));
        // Positive (ordered as a signed long) until 2248.
        assertTrue(FrameHeader.newIncarnation(8_700_000_000_000L, -1) > 0);
    }

    @Test
    void anOldIncarnationsFrameNeverDisplacesTheLiveProcess()
    {
        final UnsafeBuffer captured = frame(OLD, 40, SELF_ID);
        for (long sequence = 1; sequence <= 5; sequence++)
        {
            assertEquals(FrameVerdict.OK, deliver(frame(LIVE, sequence, SELF_ID)));
        }
        for (int i = 0; i < 10; i++)
        {
            assertEquals(FrameVerdict.STALE_INCARNATION, deliver(captured));
            assertEquals(FrameVerdict.OK, deliver(frame(LIVE, 6 + i, SELF_ID)));
        }
        assertEquals(LIVE, validator.trust().incarnation(3));
        assertEquals(10, validator.count(FrameVerdict.STALE_INCARNATION));
        assertEquals(0, validator.count(FrameVerdict.DUPLICATE_ID));
        assertEquals(List.of("STALE_INCARNATION 3"), named);
    }

    @Test
    void aReceiverThatHeardTheOldIncarnationFirstMovesToTheLiveOneAndStaysThere()
    {
        // A receiver that never heard node 3's old process is handed one of its captured frames first.
        assertEquals(FrameVerdict.OK, deliver(frame(OLD, 40, SELF_ID)));
        assertEquals(FrameVerdict.OK, deliver(frame(LIVE, 1, SELF_ID)));
        for (long sequence = 2; sequence <= 50; sequence++)
        {
            assertEquals(FrameVerdict.STALE_INCARNATION, deliver(frame(OLD, 40 - sequence % 30, SELF_ID)));
            assertEquals(FrameVerdict.OK, deliver(frame(LIVE, sequence, SELF_ID)));
        }
        assertEquals(LIVE, validator.trust().incarnation(3));
        assertEquals(0, validator.count(FrameVerdict.DUPLICATE_ID), "captured frames are no second process");
    }

    @Test
    void currentFramesAreTakenOnceInsideTheWindowAndNeverBehindItOrAtAnotherNode()
    {
        final UnsafeBuffer first = frame(LIVE, 1, SELF_ID);
        assertEquals(FrameVerdict.OK, deliver(first));
        assertEquals(FrameVerdict.OK, deliver(frame(LIVE, 100, SELF_ID)));
        // 37 is inside the window behind 100 and was never heard (a frame the network held back): taken once.
        final UnsafeBuffer late = frame(LIVE, 37, SELF_ID);
        assertEquals(FrameVerdict.OK, deliver(late));
        for (int i = 0; i < 100; i++)
        {
            assertEquals(FrameVerdict.REPLAYED, deliver(late));
            assertEquals(FrameVerdict.REPLAYED, deliver(first));
            assertEquals(FrameVerdict.REPLAYED, deliver(frame(LIVE, 100, SELF_ID)));
        }
        // Behind the window: 100 - 64.
        assertEquals(FrameVerdict.REPLAYED, deliver(frame(LIVE, 36, SELF_ID)));
        // Node 3's frame to node 2, replayed to node 1.
        assertEquals(FrameVerdict.REPLAYED, deliver(frame(LIVE, 101, 2)));
        assertEquals(FrameVerdict.OK, deliver(frame(LIVE, 101, SELF_ID)));
        assertEquals(4, validator.count(FrameVerdict.OK));
        assertEquals(302, validator.count(FrameVerdict.REPLAYED));
    }

    @Test
    void aFrameOfThePreviousFormatIsDroppedAsForeign()
    {
        final UnsafeBuffer frame = frame(LIVE, 1, SELF_ID);
        frame.putShort(FrameHeader.VERSION_OFFSET, (short)2, MessageHeader.BYTE_ORDER);
        assertEquals(FrameVerdict.FOREIGN, deliver(frame));
        assertEquals(1, validator.dropped());
    }

    @Test
    void theWindowTakesEachNumberOnce()
    {
        final ReplayWindow window = new ReplayWindow(2);
        assertFalse(window.accept(1, 0));
        assertTrue(window.accept(1, 5));
        assertTrue(window.accept(1, 3));
        assertFalse(window.accept(1, 3));
        assertFalse(window.accept(1, 5));
        assertTrue(window.accept(1, 5 + ReplayWindow.SIZE));
        assertFalse(window.accept(1, 5), "now behind the window");
        assertTrue(window.accept(1, 6));
        assertTrue(window.accept(0, 1), "each sender its own window");
        window.reset(1);
        assertTrue(window.accept(1, 1));
        assertEquals(1, window.highest(1));
    }
}
