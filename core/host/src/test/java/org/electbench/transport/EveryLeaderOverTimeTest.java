package org.electbench.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.electbench.spi.ElectionNode;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.transport.metrics.Metrics;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every leader the {@link ConvergenceMonitor} sees over time, a minority's included, on a
 * hand-fed run of five nodes with known answers: leader 5 until the fault at 1000, a disturbance
 * to the heal at 11000 cut into 20 parts of 500, a stable window of 2000.
 */
class EveryLeaderOverTimeTest
{
    private static final long FAULT_NS = 1_000;
    private static final long HEAL_NS = 11_000;
    private static final long STABLE_WINDOW_NS = 2_000;

    private ConvergenceMonitor monitor;

    @BeforeEach
    void setUp()
    {
        monitor = new ConvergenceMonitor(new ScenarioTestAlgorithm(), 5);
        final boolean[] side = new boolean[6];
        Arrays.fill(side, true);
        monitor.reset(new RunPlan(Start.SETTLED, 5, 5, new boolean[6], FaultPlan.NONE, HEAL_NS, HEAL_NS, 500, 100_000,
            FAULT_NS, side, FAULT_NS, false, STABLE_WINDOW_NS));
        for (int id = 1; id <= 5; id++)
        {
            monitor.onStart(id, 0);
        }
        monitor.onAnnounce(5, 0, Role.LEADER, 5, 1);
        for (int id = 1; id <= 4; id++)
        {
            monitor.onAnnounce(id, 0, Role.FOLLOWER, 5, 1);
        }
    }

    /**
     * Node 1 stands at 2000 and leads term 2 from 2500 beside leader 5; nodes 2 and 3 leave 5 at
     * 3000 and 3500 (no majority leader from 3500) and follow 1 at 4000; node 4 follows 5 until
     * {@code oldLeaderStepsDownNs}, when 5 steps down and both follow 1.
     */
    private void minorityLeaderUntil(final long oldLeaderStepsDownNs)
    {
        monitor.onAnnounce(1, 2_000, Role.CANDIDATE, ElectionNode.NO_LEADER, 2);
        monitor.onAnnounce(1, 2_500, Role.LEADER, 1, 2);
        monitor.onAnnounce(2, 3_000, Role.CANDIDATE, ElectionNode.NO_LEADER, 2);
        monitor.onAnnounce(3, 3_500, Role.CANDIDATE, ElectionNode.NO_LEADER, 2);
        monitor.onAnnounce(2, 4_000, Role.FOLLOWER, 1, 2);
        monitor.onAnnounce(3, 4_000, Role.FOLLOWER, 1, 2);
        monitor.onAnnounce(5, oldLeaderStepsDownNs, Role.FOLLOWER, 1, 2);
        monitor.onAnnounce(4, oldLeaderStepsDownNs, Role.FOLLOWER, 1, 2);
    }

    @Test
    void aMinorityLeaderCountsAsASecondLeaderAndTheRunNeverSettles()
    {
        minorityLeaderUntil(HEAL_NS);
        final ElectionResult result = monitor.finish(14_000, 0);

        // Two leaders from node 1's win at 2500 until 5 steps down at the heal.
        assertEquals(HEAL_NS - 2_500, result.splitBrainNs());
        assertEquals(HEAL_NS - 2_500, result.disturbance().splitBrainNs());
        assertEquals(2_500 - FAULT_NS, result.firstLeaderNs(), "the first node to win, not the agreement");
        // Leader 5 kept a majority (itself and three, then two followers) until node 3 left it at 3500; leader 1 had one from 4000.
        assertEquals(500, result.noMajorityLeaderNs());
        assertEquals(1_000 - 50, result.disturbance().availabilityPerMille());
        // Node 4 followed the deposed leader 5 while a majority followed 1: 4000 to the heal.
        assertEquals(HEAL_NS - 4_000, result.deposedLeaderNs());
        // Leader 1 held office from 4000 with a majority, but leader 5 led beside it to the end: not settled.
        assertEquals(-1, result.disturbance().stableLeaderNs());
        assertFalse(result.disturbance().settled());
        assertEquals(1, result.disturbance().leaderChanges());
        assertTrue(result.converged(), "after the heal every node names 1: " + result);
        assertEquals(1, result.finalLeader());
    }

    @Test
    void splitBrainOverTimeSaysWhichPartsOfTheSpanHadTwoLeaders()
    {
        minorityLeaderUntil(HEAL_NS);
        final ElectionResult.Disturbance figures = monitor.finish(14_000, 0).disturbance();

        // Parts of 500 from the fault: two leaders from 2500, the start of part 3, to the end.
        final long[] expected = new long[ElectionResult.Disturbance.BINS];
        Arrays.fill(expected, 3, expected.length, 1000);
        assertArrayEquals(expected, figures.splitBrainByBinPerMille());
        assertEquals(0, Metrics.SPLIT_BRAIN_OVER_TIME.get(2).read(Metrics.sample(monitor.finish(14_000, 0))));
        assertEquals(1000, Metrics.SPLIT_BRAIN_OVER_TIME.get(3).read(Metrics.sample(monitor.finish(14_000, 0))));
    }

    @Test
    void aLeaderAloneForTheStableWindowSettlesFromWhenItWasAlone()
    {
        minorityLeaderUntil(5_000);
        final ElectionResult result = monitor.finish(14_000, 0);

        assertEquals(5_000 - 2_500, result.splitBrainNs());
        // In office with a majority from 4000, alone from 5000: settled from 5000.
        assertEquals(5_000 - FAULT_NS, result.disturbance().stableLeaderNs());
        assertTrue(result.disturbance().settled());
        assertEquals(5_000 - 4_000, result.deposedLeaderNs());
    }

    @Test
    void aMomentsDoubtOfThreeFollowersDoesNotRestartTheOffice()
    {
        minorityLeaderUntil(5_000);
        // A stale ELECT makes nodes 2 to 4 stand for 100 (leader 1 keeps only itself and node 5), then they return.
        for (int id = 2; id <= 4; id++)
        {
            monitor.onAnnounce(id, 7_000, Role.CANDIDATE, ElectionNode.NO_LEADER, 2);
        }
        for (int id = 2; id <= 4; id++)
        {
            monitor.onAnnounce(id, 7_100, Role.FOLLOWER, 1, 2);
        }
        final ElectionResult result = monitor.finish(14_000, 0);

        assertEquals(5_000 - FAULT_NS, result.disturbance().stableLeaderNs(), "office from 4000, alone from 5000");
        assertEquals(500 + 100, result.noMajorityLeaderNs(), "the doubt still counts against availability");
        assertEquals(1, result.disturbance().leaderChanges(), "the same leader and term again is no change");
    }

    @Test
    void aLeaderThatCrashedLosesItsOffice()
    {
        minorityLeaderUntil(5_000);
        monitor.onCrash(1, 6_000);
        for (int id = 2; id <= 5; id++)
        {
            monitor.onAnnounce(id, 6_500, Role.CANDIDATE, ElectionNode.NO_LEADER, 3);
        }
        monitor.onAnnounce(5, 7_000, Role.LEADER, 5, 3);
        for (int id = 2; id <= 4; id++)
        {
            monitor.onAnnounce(id, 7_000, Role.FOLLOWER, 5, 3);
        }
        final ElectionResult result = monitor.finish(14_000, 0);

        assertEquals(7_000 - FAULT_NS, result.disturbance().stableLeaderNs());
        assertEquals(2, result.disturbance().leaderChanges());
        assertEquals(500 + 1_000, result.noMajorityLeaderNs(), "3500 to 4000, and from the crash at 6000 to 7000");
    }
}
