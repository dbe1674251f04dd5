package org.electbench.quorum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import org.electbench.sim.SimRuntime;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Role;
import org.electbench.spi.Terms;
import org.electbench.testkit.ForgingAlgorithm;
import org.electbench.transport.Detectors;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.FaultPlan;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.TraceRecorder;
import org.junit.jupiter.api.Test;

/**
 * Forged terms near the top of the range, sent in the simulator as from a cluster member by an
 * outsider who speaks the wire: the cluster drops and counts what no honest server sends, and
 * keeps electing (issue: one forged frame with a term of 2<sup>63</sup>−2 stopped a cluster).
 */
class QuorumTermLimitTest
{
    private static final long MS = 1_000_000L;
    private static final int NODES = 5;
    private static final int FORGER = 3;
    private static final long FORGED_AT_NS = 25 * MS;

    private final List<long[]> leaderships = new ArrayList<>();
    private final SimRuntime runtime = new SimRuntime().trace(new TraceRecorder()
    {
        @Override
        public void onBelief(final long nowNs, final int nodeId, final Role role, final int leaderId, final long term)
        {
            if (Role.LEADER == role)
            {
                leaderships.add(new long[]{nodeId, term});
            }
        }
    });

    /** @return a body of little-endian longs, the layout of every quorum message. */
    private static byte[] longs(final long... fields)
    {
        final ByteBuffer body = ByteBuffer.allocate(fields.length * Long.BYTES).order(MessageHeader.BYTE_ORDER);
        for (final long field : fields)
        {
            body.putLong(field);
        }
        return body.array();
    }

    private ElectionResult run(final ForgingAlgorithm algorithm, final FaultPlan faults)
    {
        return runtime.run(Scenario.builder()
            .algorithm(algorithm)
            .nodes(NODES)
            .settings(ElectionSettings.defaults())
            .network(NetworkModel.constant(2 * MS))
            .kind(ScenarioKind.CUSTOM)
            .detect(Detectors.ALL)
            .faults(faults)
            .seed(3)
            .build());
    }

    @Test
    void termsAtTheTopAreDroppedAndCountedAndTheClusterStillElectsTheNextTerm()
    {
        final ForgingAlgorithm algorithm = new ForgingAlgorithm(new QuorumAlgorithm())
            .forge(FORGER, FORGED_AT_NS, QuorumMessages.LEAD, longs(Long.MAX_VALUE - 1, 1))
            .forge(FORGER, FORGED_AT_NS, QuorumMessages.ELECT, longs(Long.MAX_VALUE, 0, Long.MAX_VALUE))
            .forge(FORGER, FORGED_AT_NS, QuorumMessages.VOTE, longs(Long.MAX_VALUE - 1, Long.MAX_VALUE));
        // The settled leader 5 crashes after the forgeries: the four left elect the next term.
        final ElectionResult result = run(algorithm, FaultPlan.builder().crash(NODES, 100 * MS).build());

        assertTrue(result.converged(), result.toString());
        assertEquals(1, result.finalLeader());
        assertEquals(0, result.sameTermLeaders());
        assertEquals(List.of(List.of(5L, 1L), List.of(1L, 2L)), leaderships.stream().map(l -> List.of(l[0], l[1])).toList());
        // Each of the four other nodes dropped and counted all three.
        assertEquals(3 * (NODES - 1), algorithm.malformedMessages());
    }

    @Test
    void termJustWithinTheJumpIsFollowedAndTheNextElectionCountsOnFromIt()
    {
        // A LEAD 2^32 terms ahead, as an honest leader far ahead could send: every node but the
        // forger's own follows it; nobody leads that term, so the watch runs out and the cluster
        // elects the term after it.
        final long forgedTerm = 1 + Terms.MAX_JUMP;
        final ForgingAlgorithm algorithm = new ForgingAlgorithm(new QuorumAlgorithm())
            .forge(FORGER, FORGED_AT_NS, QuorumMessages.LEAD, longs(forgedTerm, 1));
        final ElectionResult result = run(algorithm, FaultPlan.builder().build());

        assertTrue(result.converged(), result.toString());
        assertEquals(1, result.finalLeader());
        assertEquals(0, result.sameTermLeaders());
        assertEquals(List.of(List.of(5L, 1L), List.of(1L, forgedTerm + 1)),
            leaderships.stream().map(l -> List.of(l[0], l[1])).toList());
        assertEquals(0, algorithm.malformedMessages());
    }
}
