package org.electbench.transport.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.Fault;
import org.electbench.transport.FaultPlan;
import org.electbench.transport.Seeds;
import org.junit.jupiter.api.Test;

class ChaosScheduleTest
{
    private static final ElectionSettings SETTINGS = ElectionSettings.defaults();
    private static final long DETECT_NS = SETTINGS.detectionTimeoutNs();
    private static final int SCHEDULES = 2_000;

    @Test
    void everyFaultHealsByTheLatestHealAndAtLeastOneNodeIsUpAtTheEnd()
    {
        for (final int nodes : new int[]{2, 3, 5, 8})
        {
            for (int index = 0; index < SCHEDULES; index++)
            {
                final FaultPlan plan = ChaosSchedule.generate(SETTINGS, nodes, Seeds.derive(7, index), ChaosFault.ALL);
                final String where = "n=" + nodes + " schedule " + index + ": " + plan;
                assertTrue(!plan.isEmpty(), where);
                assertTrue(plan.lastEffectNs() <= ChaosSchedule.latestHealNs(SETTINGS), where);
                for (final Fault fault : plan.faults())
                {
                    assertTrue(fault.atNs() >= ChaosSchedule.firstFaultNs(SETTINGS), where);
                    switch (fault.kind())
                    {
                        case PARTITION, CUT, LOSS -> assertTrue(fault.durationNs() > 0, where);
                        case PAUSE -> assertTrue(fault.durationNs() > 0, where);
                        case CRASH, RECOVER -> assertEquals(0, fault.durationNs(), where);
                        default -> throw new AssertionError("unexpected " + fault + " in " + where);
                    }
                }
                assertTrue(upAtEnd(plan, nodes) >= 1, where);
            }
        }
    }

    @Test
    void textbookPausesOutlastDetectionAndSlowNodesStallForLessEachTime()
    {
        for (int index = 0; index < SCHEDULES; index++)
        {
            for (final Fault fault : ChaosSchedule.generate(SETTINGS, 5, Seeds.derive(13, index), EnumSet.of(ChaosFault.PAUSE)).faults())
            {
                assertTrue(fault.durationNs() > DETECT_NS, "pauses outlast detection: " + fault);
            }
            final FaultPlan slow = ChaosSchedule.generate(SETTINGS, 5, Seeds.derive(13, index), EnumSet.of(ChaosFault.SLOW));
            final Set<Integer> stalled = new HashSet<>();
            for (final Fault fault : slow.faults())
            {
                assertEquals(Fault.Kind.PAUSE, fault.kind(), slow.toString());
                assertTrue(fault.durationNs() > 0 && fault.durationNs() < DETECT_NS, "a stall is shorter than D: " + slow);
                stalled.add(fault.nodeId());
            }
            assertTrue(stalled.size() <= ChaosSchedule.MAX_FAULTS, slow.toString());
        }
    }

    @Test
    void partialPartitionsCutSomeLinksButNeverAllAndFlapsCutOneLinkRepeatedly()
    {
        final int nodes = 5;
        boolean sawOneWay = false;
        boolean sawBothWays = false;
        int flapsDownMoreThanOnce = 0;
        for (int index = 0; index < SCHEDULES; index++)
        {
            final FaultPlan partial = ChaosSchedule.generate(SETTINGS, nodes, Seeds.derive(17, index), EnumSet.of(ChaosFault.PARTIAL));
            // Cuts grouped by start: one partial partition each.
            final Map<Long, Set<Long>> cutsByStart = new TreeMap<>();
            for (final Fault fault : partial.faults())
            {
                assertEquals(Fault.Kind.CUT, fault.kind(), partial.toString());
                assertTrue(fault.durationNs() >= DETECT_NS, partial.toString());
                cutsByStart.computeIfAbsent(fault.atNs(), at -> new HashSet<>()).add((long)fault.nodeId() << 32 | fault.peerId());
            }
            for (final Set<Long> cuts : cutsByStart.values())
            {
                assertTrue(cuts.size() < nodes * (nodes - 1), "never every link: " + partial);
                for (final long cut : cuts)
                {
                    final boolean reverse = cuts.contains((cut & 0xFFFFFFFFL) << 32 | cut >>> 32);
                    sawBothWays |= reverse;
                    sawOneWay |= !reverse;
                }
            }
            final FaultPlan flap = ChaosSchedule.generate(SETTINGS, nodes, Seeds.derive(19, index), EnumSet.of(ChaosFault.FLAP));
            final Map<Long, Integer> downsByLink = new HashMap<>();
            for (final Fault fault : flap.faults())
            {
                assertEquals(Fault.Kind.CUT, fault.kind(), flap.toString());
                downsByLink.merge((long)fault.nodeId() << 32 | fault.peerId(), 1, Integer::sum);
            }
            flapsDownMoreThanOnce += downsByLink.values().stream().anyMatch(downs -> downs > 1) ? 1 : 0;
        }
        assertTrue(sawOneWay && sawBothWays, "partial partitions cut links one way and both ways");
        assertTrue(flapsDownMoreThanOnce > SCHEDULES / 2, flapsDownMoreThanOnce + " of " + SCHEDULES + " flapped");
    }

    @Test
    void withoutRecoverCrashesAreForGoodButNeverTakeTheLastNode()
    {
        final Set<ChaosFault> crashOnly = EnumSet.of(ChaosFault.CRASH);
        boolean sawAllButOneDown = false;
        for (int index = 0; index < SCHEDULES; index++)
        {
            final FaultPlan plan = ChaosSchedule.generate(SETTINGS, 3, Seeds.derive(11, index), crashOnly);
            final Set<Integer> crashed = new HashSet<>();
            for (final Fault fault : plan.faults())
            {
                assertEquals(Fault.Kind.CRASH, fault.kind(), plan.toString());
                assertTrue(crashed.add(fault.nodeId()), "a node crashes once: " + plan);
            }
            assertTrue(crashed.size() <= 2, plan.toString());
            assertEquals(3 - crashed.size(), upAtEnd(plan, 3));
            sawAllButOneDown |= crashed.size() == 2;
        }
        assertTrue(sawAllButOneDown, "schedules of several faults should take all nodes but one");
    }

    @Test
    void withRecoverMostCrashesRecoverAndSomeAreForGood()
    {
        int crashes = 0;
        int recoveries = 0;
        for (int index = 0; index < SCHEDULES; index++)
        {
            final FaultPlan plan = ChaosSchedule.generate(SETTINGS, 5, Seeds.derive(3, index),
                EnumSet.of(ChaosFault.CRASH, ChaosFault.RECOVER));
            for (final Fault fault : plan.faults())
            {
                crashes += fault.kind() == Fault.Kind.CRASH ? 1 : 0;
                recoveries += fault.kind() == Fault.Kind.RECOVER ? 1 : 0;
            }
        }
        assertTrue(recoveries > crashes / 2, recoveries + " of " + crashes);
        assertTrue(recoveries < crashes, recoveries + " of " + crashes);
    }

    @Test
    void partitionsSplitEveryNodeIntoTwoNonEmptyGroups()
    {
        for (int index = 0; index < SCHEDULES; index++)
        {
            final FaultPlan plan = ChaosSchedule.generate(SETTINGS, 5, Seeds.derive(5, index), EnumSet.of(ChaosFault.PARTITION));
            for (final Fault fault : plan.faults())
            {
                assertEquals(Fault.Kind.PARTITION, fault.kind());
                final int[][] groups = fault.groups();
                assertEquals(2, groups.length);
                assertTrue(groups[0].length > 0 && groups[1].length > 0, plan.toString());
                final int[] all = new int[5];
                System.arraycopy(groups[0], 0, all, 0, groups[0].length);
                System.arraycopy(groups[1], 0, all, groups[0].length, groups[1].length);
                Arrays.sort(all);
                assertEquals("[1, 2, 3, 4, 5]", Arrays.toString(all));
            }
        }
    }

    @Test
    void oneWayCutsNeverCutANodeFromItself()
    {
        for (int index = 0; index < SCHEDULES; index++)
        {
            final FaultPlan plan = ChaosSchedule.generate(SETTINGS, 4, Seeds.derive(9, index), EnumSet.of(ChaosFault.ONEWAY));
            for (final Fault fault : plan.faults())
            {
                assertEquals(Fault.Kind.CUT, fault.kind());
                assertNotEquals(fault.nodeId(), fault.peerId(), plan.toString());
            }
        }
    }

    @Test
    void sameSeedGivesTheSameScheduleAndSeedsDiffer()
    {
        final Set<String> distinct = new HashSet<>();
        for (int index = 0; index < 100; index++)
        {
            final long seed = Seeds.derive(42, index);
            final String first = ChaosSchedule.generate(SETTINGS, 5, seed, ChaosFault.ALL).toString();
            assertEquals(first, ChaosSchedule.generate(SETTINGS, 5, seed, ChaosFault.ALL).toString());
            distinct.add(first);
        }
        assertEquals(100, distinct.size());
    }

    @Test
    void fromOneToSixFaultsAreDrawn()
    {
        final Set<Integer> counts = new HashSet<>();
        for (int index = 0; index < SCHEDULES; index++)
        {
            counts.add(ChaosSchedule.generate(SETTINGS, 5, Seeds.derive(1, index), EnumSet.of(ChaosFault.LOSS)).faults().size());
        }
        assertEquals(Set.of(1, 2, 3, 4, 5, 6), counts);
    }

    @Test
    void unknownKindIsRejectedNamingTheAcceptedOnes()
    {
        final IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
            () -> ChaosFault.parseList("crash,meteor"));
        assertEquals("'meteor' is not a fault kind; accepted: crash, recover, pause, partition, oneway, loss, partial, flap, slow", unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ChaosFault.parseList("recover"));
        assertEquals(EnumSet.of(ChaosFault.CRASH, ChaosFault.LOSS), ChaosFault.parseList("loss, crash"));
        assertEquals("crash,loss", ChaosFault.toCliList(ChaosFault.parseList("loss,crash")));
    }

    private static int upAtEnd(final FaultPlan plan, final int nodes)
    {
        final boolean[] up = new boolean[nodes + 1];
        Arrays.fill(up, true);
        for (final Fault fault : plan.faults())
        {
            if (fault.kind() == Fault.Kind.CRASH)
            {
                up[fault.nodeId()] = false;
            }
            else if (fault.kind() == Fault.Kind.RECOVER)
            {
                up[fault.nodeId()] = true;
            }
        }
        int count = 0;
        for (int id = 1; id <= nodes; id++)
        {
            count += up[id] ? 1 : 0;
        }
        return count;
    }
}
