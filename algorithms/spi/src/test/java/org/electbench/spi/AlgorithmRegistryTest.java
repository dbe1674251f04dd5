package org.electbench.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

class AlgorithmRegistryTest
{
    @Test
    void unknownNameListsTheKnownOnes()
    {
        // The SPI module registers no algorithm of its own, so the list is empty but the message is exact.
        final AlgorithmRegistry registry = new AlgorithmRegistry(getClass().getClassLoader());
        assertFalse(registry.names().iterator().hasNext());
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> registry.get("paxos"));
        assertEquals("unknown algorithm 'paxos'; known: ", ex.getMessage());
    }

    @Test
    void headerRoundTripsTypeLengthAndSender()
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[32]);
        MessageHeader.write(buffer, 4, 65535, 12, 1024);
        assertEquals(65535, MessageHeader.type(buffer, 4));
        assertEquals(12, MessageHeader.bodyLength(buffer, 4));
        assertEquals(1024, MessageHeader.senderId(buffer, 4));
        assertEquals(MessageHeader.LENGTH + 12, MessageHeader.messageLength(buffer, 4));
    }
}
