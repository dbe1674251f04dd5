package org.electbench.quorum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.junit.jupiter.api.Test;

class QuorumAlgorithmTest
{
    @Test
    void registryFindsQuorumByName()
    {
        final ElectionAlgorithm algorithm = new AlgorithmRegistry(getClass().getClassLoader()).get("quorum");
        assertInstanceOf(QuorumAlgorithm.class, algorithm);
        assertInstanceOf(QuorumNode.class, algorithm.newNode(1, ElectionSettings.defaults()));
    }

    @Test
    void messageTypesAreElectVoteLeadWithLeadAsTheHeartbeat()
    {
        final QuorumAlgorithm algorithm = new QuorumAlgorithm();
        assertEquals(List.of("ELECT", "VOTE", "LEAD"), algorithm.messageTypes());
        assertEquals(0, algorithm.typeId("ELECT"));
        assertEquals(1, algorithm.typeId("VOTE"));
        assertEquals(2, algorithm.heartbeatType());
        assertEquals("LEAD", algorithm.typeName(algorithm.heartbeatType()));
    }

    @Test
    void expectsNoParticularLeaderOnlyAMajorityBackedOne()
    {
        assertEquals(1, new QuorumAlgorithm().expectedLeader(5, id -> true));
        assertEquals(3, new QuorumAlgorithm().expectedLeader(5, id -> id >= 3));
        assertEquals(ElectionNode.NO_LEADER, new QuorumAlgorithm().expectedLeader(5, id -> false));
    }

    @Test
    void rejectsAnIdBelowOneAndMissingSettingsByName()
    {
        final QuorumAlgorithm algorithm = new QuorumAlgorithm();
        final IllegalArgumentException badId = assertThrows(IllegalArgumentException.class,
            () -> algorithm.newNode(0, ElectionSettings.defaults()));
        assertEquals("node id must be 1..N, was 0", badId.getMessage());
        final IllegalArgumentException noSettings = assertThrows(IllegalArgumentException.class,
            () -> algorithm.newNode(1, null));
        assertTrue(noSettings.getMessage().contains("settings"), noSettings.getMessage());
    }
}
