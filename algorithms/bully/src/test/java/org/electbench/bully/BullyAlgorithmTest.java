package org.electbench.bully;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.junit.jupiter.api.Test;

class BullyAlgorithmTest
{
    @Test
    void registryFindsBullyByName()
    {
        final ElectionAlgorithm algorithm = new AlgorithmRegistry(getClass().getClassLoader()).get("bully");

        assertTrue(algorithm instanceof BullyAlgorithm);
        assertEquals(List.of("ELECTION", "OK", "COORDINATOR", "HEARTBEAT"), algorithm.messageTypes());
        assertEquals(3, algorithm.heartbeatType());
        assertEquals("COORDINATOR", algorithm.typeName(2));
        assertEquals(1, algorithm.typeId("OK"));
    }

    @Test
    void expectedLeaderIsTheHighestLiveId()
    {
        final ElectionAlgorithm algorithm = new BullyAlgorithm();

        assertEquals(4, algorithm.expectedLeader(5, id -> id != 5));
        assertEquals(ElectionNode.NO_LEADER, algorithm.expectedLeader(3, id -> false));
    }

    @Test
    void newNodeRejectsAnIdBelowOne()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> new BullyAlgorithm().newNode(0, ElectionSettings.defaults()));
        assertEquals("node id must be 1..N, was 0", ex.getMessage());
    }
}
