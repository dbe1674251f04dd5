package org.electbench.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The shared channel's reserved value: a frame's destination and the instant it was written, read back by its receiver. */
class SharedChannelStampTest
{
    @Test
    void theDestinationAndTheTimeOnTheWireComeBackFromTheReservedValue()
    {
        final long sentNs = 123_456_789_012L;
        final long value = SharedChannelWire.reservedValue(17, sentNs);
        assertEquals(17, SharedChannelWire.destinationOf(value));
        assertEquals(4_321, SharedChannelWire.transitNs(value, sentNs + 4_321));
        assertEquals(128, SharedChannelWire.destinationOf(SharedChannelWire.reservedValue(128, -5)));
    }

    @Test
    void theTimeOnTheWireIsExactAcrossTheStampsWrapAndANegativeClock()
    {
        final long wrap = 1L << SharedChannelWire.STAMP_BITS;
        final long value = SharedChannelWire.reservedValue(3, wrap - 10);
        assertEquals(3, SharedChannelWire.destinationOf(value));
        assertEquals(25, SharedChannelWire.transitNs(value, wrap + 15));
        // System.nanoTime may be negative: only differences count.
        assertEquals(1_000, SharedChannelWire.transitNs(SharedChannelWire.reservedValue(9, -2_000), -1_000));
    }
}
