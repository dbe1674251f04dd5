package org.electbench.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The shared UDP channel sizes each receiver window so that every publication's window fits the socket's buffer at once. */
class SharedChannelWindowTest
{
    private static final int MIB = 1 << 20;

    @Test
    void eachPublicationsWindowIsItsShareOfTheSocketBufferFrameAligned()
    {
        assertEquals(MIB, SharedChannelWire.udpReceiverWindow(4 * MIB, 4));
        assertEquals(4 * MIB / 3 / 32 * 32, SharedChannelWire.udpReceiverWindow(4 * MIB, 3));
        assertEquals(0, SharedChannelWire.udpReceiverWindow(4 * MIB, 3) % 32);
    }

    @Test
    void aWindowStaysWithinHalfATermAndHoldsAtLeastOneDatagram()
    {
        assertEquals(SharedChannelWire.TERM_LENGTH / 2, SharedChannelWire.udpReceiverWindow(64 * MIB, 1));
        assertEquals(1408, SharedChannelWire.udpReceiverWindow(212_992, 1024));
    }

    @Test
    void theSocketAsksForWhatTheKernelAllowsUpToItsOwnCap()
    {
        assertEquals(4 * MIB, SharedChannelWire.udpSocketReceiveBuffer(4 * MIB));
        assertEquals(212_992, SharedChannelWire.udpSocketReceiveBuffer(212_992));
        assertEquals(64 * MIB, SharedChannelWire.udpSocketReceiveBuffer(1L << 40));
    }
}
