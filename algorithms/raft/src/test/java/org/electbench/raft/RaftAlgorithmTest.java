package org.electbench.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.junit.jupiter.api.Test;

class RaftAlgorithmTest
{
    @Test
    void registryFindsRaftByNameThroughTheServiceLoader()
    {
        assertInstanceOf(RaftAlgorithm.class, AlgorithmRegistry.instance().get("raft"));
    }

    @Test
    void namesItsMessageTypesAndCountsTheLeadersHeartbeatApart()
    {
        final RaftAlgorithm raft = new RaftAlgorithm();
        assertEquals(List.of("REQUEST_VOTE", "VOTE", "PRE_VOTE", "PRE_VOTE_RESPONSE", "HEARTBEAT", "HEARTBEAT_RESPONSE"),
            raft.messageTypes());
        assertEquals("HEARTBEAT", raft.typeName(raft.heartbeatType()));
        assertEquals(ElectionNode.NO_LEADER, raft.expectedLeader(5, id -> true));
    }

    @Test
    void defaultsAreThePapersElectionWithTimeoutsFromTToTwiceT()
    {
        final ElectionSettings settings = ElectionSettings.defaults();
        assertEquals(new RaftConfig(RaftConfig.SPREAD_OF_ONE_TIMEOUT, false, false), new RaftAlgorithm().config());
        assertEquals(settings.detectionTimeoutNs(), RaftConfig.DEFAULTS.spreadNs(settings));
        assertEquals(7, RaftConfig.DEFAULTS.withSpreadNs(7).spreadNs(settings));
    }

    @Test
    void refusesNonsense()
    {
        assertThrows(IllegalArgumentException.class, () -> new RaftConfig(-2, false, false));
        assertThrows(IllegalArgumentException.class, () -> new RaftAlgorithm().newNode(0, ElectionSettings.defaults()));
        assertThrows(IllegalArgumentException.class, () -> new RaftAlgorithm().newNode(1, null));
        assertThrows(IllegalArgumentException.class, () -> new RaftAlgorithm(null));
    }
}
