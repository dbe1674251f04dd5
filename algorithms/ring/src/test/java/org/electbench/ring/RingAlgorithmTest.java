package org.electbench.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;

import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionSettings;
import org.junit.jupiter.api.Test;

class RingAlgorithmTest
{
    @Test
    void ringIsRegisteredWithItsMessageTypesInOrder()
    {
        final ElectionAlgorithm ring = new AlgorithmRegistry(getClass().getClassLoader()).get("ring");
        assertInstanceOf(RingAlgorithm.class, ring);
        assertEquals(List.of("ELECTION", "ELECTED", "ACK", "HEARTBEAT"), ring.messageTypes());
        assertEquals(3, ring.heartbeatType());
        assertEquals("HEARTBEAT", ring.typeName(ring.heartbeatType()));
        assertEquals(2, ring.typeId("ACK"));
        assertInstanceOf(RingNode.class, ring.newNode(1, ElectionSettings.defaults()));
    }

    @Test
    void ringPromisesTheHighestLiveId()
    {
        assertEquals(4, new RingAlgorithm().expectedLeader(5, id -> id != 5));
    }
}
