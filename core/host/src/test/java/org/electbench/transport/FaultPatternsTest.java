package org.electbench.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.incident.Bridge;
import org.electbench.transport.incident.MajoritiesRing;
import org.junit.jupiter.api.Test;

class FaultPatternsTest
{
    private static final long MS = 1_000_000L;

    @Test
    void aFlappingLinkIsDownForItsShareOfEveryPeriodAndHealsOnTime()
    {
        final FaultPlan.Builder faults = FaultPlan.builder();
        // Periods start at 10, 110, 210, 310: four downs of 30 ms, the last cut to 20 ms by the heal at 330.
        final int downs = FaultPatterns.flap(faults, FaultPatterns.Link.both(5, 1), 10 * MS, 330 * MS, 100 * MS, 0.3);
        final FaultPlan plan = faults.build();

        assertEquals(4, downs);
        assertEquals(8, plan.faults().size(), "both ways, so two cuts a down phase");
        assertEquals(330 * MS, plan.lastEffectNs());
        assertEquals(20 * MS, plan.faults().get(7).durationNs());
        assertEquals(110 * MS, plan.faults().get(2).atNs());
        assertEquals(30 * MS, plan.faults().get(2).durationNs());
    }

    @Test
    void aSlowNodesPausesNeverOverlapAndEndByTheHeal()
    {
        final FaultPlan.Builder faults = FaultPlan.builder();
        final List<long[]> pauses = FaultPatterns.slowNode(faults, 3, 0, 10_000 * MS, 300 * MS, 1_200 * MS, new SplittableRandom(7));
        long previousEndNs = 0;
        for (final long[] pause : pauses)
        {
            assertTrue(pause[0] >= previousEndNs);
            assertTrue(pause[1] <= 10_000 * MS);
            previousEndNs = pause[1];
        }
        assertEquals(pauses.size(), faults.build().faults().size());
        // About 10 s / 1.2 s starts; the seeded draw gives this many, the same every time.
        assertEquals(pauses.size(), FaultPatterns.slowNode(FaultPlan.builder(), 3, 0, 10_000 * MS, 300 * MS, 1_200 * MS,
            new SplittableRandom(7)).size());
        assertTrue(pauses.size() >= 5 && pauses.size() <= 15, pauses.size() + " pauses");
    }

    @Test
    void majoritiesRingLeavesEveryNodeAMajorityAndNoTwoTheSame()
    {
        final int nodes = 5;
        final boolean[][] reach = reach(new MajoritiesRing(), nodes);
        for (int id = 1; id <= nodes; id++)
        {
            int seen = 0;
            for (int peer = 1; peer <= nodes; peer++)
            {
                seen += reach[id][peer] ? 1 : 0;
            }
            assertEquals(3, seen, "node " + id + " sees itself and its two ring neighbours");
            for (int other = id + 1; other <= nodes; other++)
            {
                assertTrue(!java.util.Arrays.equals(reach[id], reach[other]), id + " and " + other + " see the same majority");
            }
        }
    }

    @Test
    void theBridgeReachesBothHalvesThatCannotReachEachOther()
    {
        final boolean[][] reach = reach(new Bridge(), 5);
        assertEquals(3, Bridge.bridgeId(5));
        for (int id = 1; id <= 5; id++)
        {
            assertTrue(reach[3][id] && reach[id][3]);
        }
        assertTrue(reach[1][2] && reach[4][5]);
        assertTrue(!reach[1][4] && !reach[5][2] && !reach[2][5] && !reach[4][1]);
    }

    @Test
    void aPatternThatDoesNotHealAfterItStartsIsRefused()
    {
        assertThrows(IllegalArgumentException.class,
            () -> FaultPatterns.cutLinks(FaultPlan.builder(), List.of(FaultPatterns.Link.both(1, 2)), 5 * MS, 5 * MS));
        assertThrows(IllegalArgumentException.class, () -> FaultPatterns.Link.both(2, 2));
    }

    @Test
    void aRandomPartialPartitionCutsSomeLinksButNeverAll()
    {
        final SplittableRandom random = new SplittableRandom(3);
        for (int draw = 0; draw < 100; draw++)
        {
            final int size = FaultPatterns.randomPartialPartition(random, 4).size();
            assertTrue(size >= 1 && size < 6, size + " links");
        }
    }

    /** @return who reaches whom while the incident's cuts hold (a node always reaches itself). */
    private static boolean[][] reach(final org.electbench.transport.incident.Incident incident, final int nodes)
    {
        final FaultPlan.Builder faults = FaultPlan.builder();
        incident.plan(faults, nodes, ElectionSettings.defaults(), 0, MS, new SplittableRandom(1));
        final boolean[][] reach = new boolean[nodes + 1][nodes + 1];
        for (final boolean[] row : reach)
        {
            java.util.Arrays.fill(row, true);
        }
        for (final Fault fault : faults.build().faults())
        {
            assertEquals(Fault.Kind.CUT, fault.kind());
            reach[fault.nodeId()][fault.peerId()] = false;
        }
        return reach;
    }
}
