package org.electbench.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import org.electbench.sim.chaos.ChaosExplorer;
import org.electbench.sim.chaos.ChaosReport;
import org.electbench.sim.chaos.ChaosRun;
import org.electbench.sim.chaos.Violation;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionSettings;
import org.electbench.transport.Fault;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Seeds;
import org.electbench.transport.chaos.ChaosFault;
import org.junit.jupiter.api.Test;

/**
 * Safety and liveness under random fault schedules ({@code ./electbench chaos}), owed by every
 * algorithm that promises one leader per term: no schedule of any fault kind, recovery included,
 * ever has two leaders of one term; and the only schedules that never converge are those that
 * leave a majority down for good. The fixture names the algorithm, its settings and the figures.
 */
public abstract class ChaosConformance
{
    private final Supplier<ElectionAlgorithm> algorithm;
    private final int safetySchedules;
    private final int schedulesThatLoseAMajority;

    /**
     * @param algorithm                  a fresh instance of the algorithm under test, each call.
     * @param safetySchedules            schedules of every fault kind explored for safety, from seed 1.
     * @param schedulesThatLoseAMajority how many of the textbook schedules replayed from seed 2 leave a majority down for good.
     */
    protected ChaosConformance(final Supplier<ElectionAlgorithm> algorithm, final int safetySchedules, final int schedulesThatLoseAMajority)
    {
        this.algorithm = algorithm;
        this.safetySchedules = safetySchedules;
        this.schedulesThatLoseAMajority = schedulesThatLoseAMajority;
    }

    protected int nodes()
    {
        return 5;
    }

    protected ElectionSettings settings()
    {
        return ElectionSettings.defaults();
    }

    protected NetworkModel network()
    {
        return NetworkModel.parse("uniform:500us,5ms");
    }

    protected ChaosExplorer explorer(final Set<ChaosFault> kinds)
    {
        return new ChaosExplorer(algorithm.get(), nodes(), settings(), network(), kinds);
    }

    /** @return textbook schedules replayed from seed 2 for liveness. */
    protected int livenessSchedules()
    {
        return 2_000;
    }

    @Test
    void neverTwoLeadersOfOneTermUnderEveryFaultKindRecoveryIncluded()
    {
        final ChaosReport report = explorer(ChaosFault.ALL).explore(1, safetySchedules);
        assertEquals(safetySchedules, report.schedules());
        assertEquals(0, report.count(Violation.SAME_TERM_LEADER), () -> "first seed " + report.firstSeed(Violation.SAME_TERM_LEADER));
    }

    @Test
    void onlySchedulesThatLeaveAMajorityDownForGoodNeverConverge()
    {
        final ChaosExplorer explorer = explorer(ChaosFault.TEXTBOOK);
        final List<Long> unconverged = new ArrayList<>();
        final List<Long> majorityLost = new ArrayList<>();
        for (int index = 0; index < livenessSchedules(); index++)
        {
            final long scheduleSeed = Seeds.derive(2, index);
            final ChaosRun run = explorer.replay(scheduleSeed);
            assertEquals(0, run.result().sameTermLeaders(), "schedule " + scheduleSeed);
            if (!run.result().converged())
            {
                unconverged.add(scheduleSeed);
            }
            if (2 * downForGood(run) >= nodes())
            {
                majorityLost.add(scheduleSeed);
            }
        }
        assertEquals(schedulesThatLoseAMajority, majorityLost.size(), majorityLost::toString);
        assertEquals(majorityLost, unconverged);
    }

    /** @return the nodes down at the end of the schedule: crashed and not recovered since. */
    private int downForGood(final ChaosRun run)
    {
        final boolean[] down = new boolean[nodes() + 1];
        for (final Fault fault : run.faults().faults())
        {
            if (fault.kind() == Fault.Kind.CRASH || fault.kind() == Fault.Kind.RECOVER)
            {
                down[fault.nodeId()] = fault.kind() == Fault.Kind.CRASH;
            }
        }
        int count = 0;
        for (int id = 1; id <= nodes(); id++)
        {
            count += down[id] ? 1 : 0;
        }
        return count;
    }
}
