package org.electbench.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ClusterProfile;
import org.electbench.spi.DerivedSettings;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.Parameter;
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
        assertEquals("HEARTBEAT_RESPONSE", raft.typeName(raft.acknowledgementType()));
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
            new RaftAlgorithm().options().stream().map(Parameter::name).toList());
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

    @Test
    void derivedSpreadIsTheDetectionTimeoutUnlessGivenAndASpreadWithinARoundTripIsMarkedDistorting()
    {
        final RaftAlgorithm raft = new RaftAlgorithm();
        final ElectionSettings settings = ElectionSettings.defaults().toBuilder().detectionTimeoutNs(400_000_000L).build();
        final ClusterProfile profile = new ClusterProfile(5, 2_000_000L);

        final DerivedSettings derived = raft.deriveSettings(settings, profile);
        assertEquals(400_000_000L, derived.settings().get(RaftAlgorithm.TIMEOUT_SPREAD));
        assertFalse(derived.distorted(), derived.distortions()::toString);

        final DerivedSettings tight = raft.deriveSettings(RaftOptions.spread(settings, 3_000_000L), profile);
        assertEquals(3_000_000L, tight.settings().get(RaftAlgorithm.TIMEOUT_SPREAD));
        assertEquals(1, tight.distortions().size());
        assertTrue(tight.distortions().get(0).startsWith("--timeout-spread 3ms is not above twice the largest one-way delay (4ms)"),
            tight.distortions().get(0));
    }
}
