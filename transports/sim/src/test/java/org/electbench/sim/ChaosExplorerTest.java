package org.electbench.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;

import org.electbench.sim.chaos.ChaosExplorer;
import org.electbench.sim.chaos.ChaosReport;
import org.electbench.sim.chaos.ChaosRun;
import org.electbench.sim.chaos.Violation;
import org.electbench.spi.ElectionSettings;
import org.electbench.testkit.BeaconAlgorithm;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Seeds;
import org.electbench.transport.chaos.ChaosFault;
import org.electbench.transport.chaos.ChaosSchedule;
import org.junit.jupiter.api.Test;

class ChaosExplorerTest
{
    private static final long MS = 1_000_000L;
    private static final ElectionSettings SETTINGS = ElectionSettings.builder()
        .heartbeatIntervalNs(10 * MS)
        .detectionTimeoutNs(35 * MS)
        .build();

    private static ChaosExplorer beacon(final int nodes, final EnumSet<ChaosFault> kinds)
    {
        return new ChaosExplorer(new BeaconAlgorithm(), nodes, SETTINGS, NetworkModel.parse("uniform:500us,5ms"), kinds);
    }

    @Test
    void firstSeedOfEachViolationIsTheLowestScheduleShowingItAndReplaysIt()
    {
        final ChaosExplorer explorer = beacon(5, EnumSet.copyOf(ChaosFault.ALL));
        final int schedules = 300;
        final ChaosReport report = explorer.explore(17, schedules);
        assertEquals(schedules, report.schedules());
        assertTrue(report.found(Violation.SPLIT_BRAIN), "a beacon leader cut off keeps beaconing");
        for (final Violation violation : Violation.values())
        {
            assertEquals(report.count(violation) > 0, report.found(violation), violation.key());
            assertTrue(report.count(violation) <= schedules);
            if (!report.found(violation))
            {
                continue;
            }
            final long firstSeed = report.firstSeed(violation);
            assertTrue(explorer.replay(firstSeed).violations().contains(violation), violation.key());
            for (int index = 0; Seeds.derive(17, index) != firstSeed; index++)
            {
                assertFalse(explorer.replay(Seeds.derive(17, index)).violations().contains(violation),
                    violation.key() + " already at schedule " + index);
            }
        }
    }

    @Test
    void leadersThatNeverAgreeAfterTheLastHealAreStuckAndTheFirstSeedReplaysIt()
    {
        // Two beacon leaders of one term, each cut off when it claimed, never yield to each other.
        final ChaosExplorer explorer = beacon(5, EnumSet.of(ChaosFault.PARTITION));
        final ChaosReport report = explorer.explore(17, 300);
        assertTrue(report.found(Violation.STUCK), "split beacon leaders never agree");
        assertEquals(0, report.unpromised(), "every node is up at the end");
        final ChaosRun stuck = explorer.replay(report.firstSeed(Violation.STUCK));
        assertTrue(stuck.liveness().promised());
        assertTrue(stuck.liveness().stuck());
        assertEquals(-1, stuck.liveness().agreedAfterHealNs());
        assertEquals(5, stuck.liveness().liveNodes());
        assertTrue(stuck.result().endNs() - stuck.faults().lastEffectNs() >= explorer.promise().boundNs(),
            "a run is watched past its bound before it counts as stuck");
        // The slowest of the others agreed within the bound, and its seed says which.
        assertTrue(report.slowestAgreementNs() >= 0 && report.slowestAgreementNs() <= explorer.promise().boundNs());
        assertEquals(report.slowestAgreementNs(), explorer.replay(report.slowestSeed()).liveness().agreedAfterHealNs());
    }

    @Test
    void scheduleThatLeavesFewerLiveNodesThanTheAlgorithmsPromiseNeedsIsNotStuck()
    {
        final EnumSet<ChaosFault> crashes = EnumSet.of(ChaosFault.CRASH);
        final ChaosReport anyNode = beacon(5, crashes).explore(4, 100);
        final ChaosReport everyNode = new ChaosExplorer(new BeaconAlgorithm(5), 5, SETTINGS, NetworkModel.parse("uniform:500us,5ms"),
            crashes).explore(4, 100);
        // Crashes without recovery are for good: every schedule leaves fewer than 5 nodes.
        assertEquals(0, anyNode.unpromised());
        assertEquals(100, everyNode.unpromised());
        assertEquals(0, everyNode.count(Violation.STUCK));
        assertEquals(-1, everyNode.slowestAgreementNs());
        assertEquals(anyNode.count(Violation.SPLIT_BRAIN), everyNode.count(Violation.SPLIT_BRAIN), "the same runs");
    }

    @Test
    void countsAreTheSumOfTheSchedulesReplayedOneByOne()
    {
        final ChaosExplorer explorer = beacon(4, EnumSet.of(ChaosFault.PARTITION, ChaosFault.PAUSE));
        final ChaosReport report = explorer.explore(5, 60);
        final long[] counts = new long[Violation.values().length];
        long events = 0;
        for (int index = 0; index < 60; index++)
        {
            final ChaosRun run = explorer.replay(Seeds.derive(5, index));
            events += run.result().events();
            for (final Violation violation : run.violations())
            {
                counts[violation.ordinal()]++;
            }
        }
        for (final Violation violation : Violation.values())
        {
            assertEquals(counts[violation.ordinal()], report.count(violation), violation.key());
        }
        assertEquals(events, report.events());
    }

    @Test
    void sameSeedGivesTheSameReportOnAFreshExplorer()
    {
        final ChaosReport first = beacon(5, EnumSet.copyOf(ChaosFault.ALL)).explore(99, 200);
        final ChaosReport again = beacon(5, EnumSet.copyOf(ChaosFault.ALL)).explore(99, 200);
        assertEquals(first.events(), again.events());
        for (final Violation violation : Violation.values())
        {
            assertEquals(first.count(violation), again.count(violation));
            assertEquals(first.found(violation), again.found(violation));
            if (first.found(violation))
            {
                assertEquals(first.firstSeed(violation), again.firstSeed(violation));
            }
        }
    }

    @Test
    void replayRunsTheGeneratedScheduleWithItsSeedPastTheLastHeal()
    {
        final ChaosExplorer explorer = beacon(5, EnumSet.copyOf(ChaosFault.ALL));
        for (int index = 0; index < 50; index++)
        {
            final long seed = Seeds.derive(8, index);
            final ChaosRun run = explorer.replay(seed);
            assertEquals(seed, run.scenario().seed());
            assertEquals(ChaosSchedule.generate(SETTINGS, 5, seed, ChaosFault.ALL).toString(), run.faults().toString());
            assertTrue(run.result().endNs() >= run.faults().lastEffectNs(), "a run never ends before its last heal");
            final long budgetNs = Math.max(ChaosSchedule.budgetNs(SETTINGS), explorer.promise().boundNs() + 2 * SETTINGS.detectionTimeoutNs());
            assertTrue(run.result().endNs() <= run.faults().lastEffectNs() + budgetNs);
        }
    }
}
