package org.electbench.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;

import org.electbench.spi.AlgorithmOption;
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
    void defaultsAreThePapersElectionWithTimeoutsFromTToTwiceTAndOptionsChangeThem()
    {
        final ElectionSettings settings = ElectionSettings.defaults();
        final long tNs = settings.detectionTimeoutNs();
        assertEquals(new RaftConfig(tNs, tNs, settings.heartbeatIntervalNs(), false, false), RaftConfig.of(settings));
        final ElectionSettings given = RaftOptions.checkQuorum(RaftOptions.preVote(RaftOptions.spread(settings, 7), true), true);
        assertEquals(new RaftConfig(tNs, 7, settings.heartbeatIntervalNs(), true, true), RaftConfig.of(given));
        // Not given, the spread follows the detection timeout.
        final ElectionSettings slower = settings.toBuilder().detectionTimeoutNs(4 * tNs).build();
        assertEquals(4 * tNs, RaftConfig.of(slower).spreadNs());
        assertEquals(List.of("timeout-spread", "pre-vote", "check-quorum"),
            new RaftAlgorithm().options().stream().map(AlgorithmOption::name).toList());
    }

    @Test
    void refusesNonsense()
    {
        assertThrows(IllegalArgumentException.class, () -> ElectionSettings.defaults().toBuilder()
            .option(RaftAlgorithm.TIMEOUT_SPREAD, -1L).build());
        assertThrows(IllegalArgumentException.class, () -> RaftAlgorithm.PRE_VOTE.parse("maybe"));
        assertThrows(IllegalArgumentException.class, () -> new RaftAlgorithm().newNode(0, ElectionSettings.defaults()));
        assertThrows(IllegalArgumentException.class, () -> new RaftAlgorithm().newNode(1, null));
    }
}
