package org.electbench.quorum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;

import org.electbench.sim.chaos.ChaosExplorer;
import org.electbench.sim.chaos.ChaosReport;
import org.electbench.sim.chaos.ChaosRun;
import org.electbench.sim.chaos.Violation;
import org.electbench.spi.ElectionSettings;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.chaos.ChaosFault;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/**
 * The majority election under random fault schedules ({@code ./electbench chaos}). Recovery is
 * left out of the safety claim: a recovered server starts with fresh state (no stable storage),
 * so a majority that crashed and came back can reuse a term nobody remembers.
 */
class QuorumChaosTest
{
    private static final int SCHEDULES = 2_000;
    private static final Set<ChaosFault> WITHOUT_AMNESIA = EnumSet.of(
        ChaosFault.CRASH, ChaosFault.PAUSE, ChaosFault.PARTITION, ChaosFault.ONEWAY, ChaosFault.LOSS);

    private static ChaosExplorer explorer(final Set<ChaosFault> kinds)
    {
        return new ChaosExplorer(new QuorumAlgorithm(), 5, ElectionSettings.defaults(),
            NetworkModel.parse("uniform:500us,5ms"), kinds);
    }

    @Test
    @Disabled("found by the chaos explorer: a VOTE is not bound to the term it elects, so a majority that never heard " +
        "leader 1's first LEAD of term 2 elects leader 2 for term 2 as well; replay with " +
        "./electbench chaos --algorithm quorum --faults pause,partition,oneway,loss --replay -5383142681732044537")
    void quorumNeverHasTwoLeadersOfOneTermUnderCrashesPausesPartitionsCutsAndLoss()
    {
        final ChaosReport report = explorer(WITHOUT_AMNESIA).explore(1, SCHEDULES);
        assertEquals(SCHEDULES, report.schedules());
        assertEquals(0, report.count(Violation.SAME_TERM_LEADER),
            () -> "first seed " + report.firstSeed(Violation.SAME_TERM_LEADER));
    }

    @Test
    void pausedLeaderResumesStillLeadingAndItsSeedReplaysIt()
    {
        final ChaosReport report = explorer(EnumSet.of(ChaosFault.PAUSE)).explore(3, SCHEDULES);
        assertTrue(report.found(Violation.SPLIT_BRAIN), "a paused leader resumes believing it leads");
        final ChaosRun zombie = explorer(EnumSet.of(ChaosFault.PAUSE)).replay(report.firstSeed(Violation.SPLIT_BRAIN));
        assertTrue(zombie.result().maxConcurrentLeaders() >= 2);
    }
}
