package org.electbench.raft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.electbench.sim.chaos.ChaosExplorer;
import org.electbench.sim.chaos.ChaosReport;
import org.electbench.sim.chaos.Violation;
import org.electbench.spi.ElectionSettings;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.chaos.ChaosFault;
import org.junit.jupiter.api.Test;

/**
 * The Raft-style election under random fault schedules ({@code ./electbench chaos --algorithm
 * raft}), every fault kind included: crashes with recovery too, as the simulator keeps each
 * node's durable state (term and vote) across its restarts, as a disk would. Safety of the
 * defaults under every fault kind, and liveness, are the conformance kit's, in {@link RaftConformanceTest}.
 */
class RaftChaosTest
{
    private static final int NODES = 5;
    private static final int SCHEDULES = 2_000;

    private static final ElectionSettings DEFAULTS = ElectionSettings.defaults();

    private static ChaosExplorer explorer(final ElectionSettings settings)
    {
        return new ChaosExplorer(new RaftAlgorithm(), NODES, settings, NetworkModel.parse("uniform:500us,5ms"), ChaosFault.ALL);
    }

    private static ChaosReport explore(final ElectionSettings settings, final long seed)
    {
        return explorer(settings).explore(seed, SCHEDULES);
    }

    @Test
    void raftWithPreVoteAndCheckQuorumNeverHasTwoLeadersOfOneTerm()
    {
        final ChaosReport report = explore(RaftOptions.checkQuorum(RaftOptions.preVote(DEFAULTS, true), true), 2);
        assertEquals(0, report.count(Violation.SAME_TERM_LEADER),
            () -> "first seed " + report.firstSeed(Violation.SAME_TERM_LEADER));
    }

    @Test
    void checkQuorumShortensTheTimeADeposedLeaderKeepsBelieving()
    {
        // The same schedules: paused and partitioned leaders overlap their successors less often with it.
        final ChaosReport plain = explore(DEFAULTS, 3);
        final ChaosReport checked = explore(RaftOptions.checkQuorum(DEFAULTS, true), 3);
        assertTrue(checked.count(Violation.OLDER_TERM_LEADER) < plain.count(Violation.OLDER_TERM_LEADER),
            () -> "stale-leader schedules: " + checked.count(Violation.OLDER_TERM_LEADER) + " with CheckQuorum, " +
                plain.count(Violation.OLDER_TERM_LEADER) + " without");
    }
}
