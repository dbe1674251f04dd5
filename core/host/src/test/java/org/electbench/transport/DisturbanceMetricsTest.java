package org.electbench.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Arrays;

import org.electbench.spi.ElectionNode;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.transport.metrics.Aggregate;
import org.electbench.transport.metrics.Metric;
import org.electbench.transport.metrics.Metrics;
import org.electbench.transport.metrics.Sample;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The disturbance figures of {@link ConvergenceMonitor}, on a hand-fed run with known answers. */
class DisturbanceMetricsTest
{
    private static final int ELECTION = 0;
    private static final long FAULT_NS = 1_000;
    private static final long HEAL_NS = 11_000;
    private static final long STABLE_WINDOW_NS = 2_000;

    private ConvergenceMonitor monitor;

    @BeforeEach
    void setUp()
    {
        monitor = new ConvergenceMonitor(new ScenarioTestAlgorithm(), 3);
        final boolean[] side = new boolean[4];
        Arrays.fill(side, true);
        monitor.reset(new RunPlan(Start.SETTLED, 3, 1, new boolean[4], FaultPlan.NONE, HEAL_NS, HEAL_NS, 500, 100_000,
            FAULT_NS, side, FAULT_NS, false, STABLE_WINDOW_NS));
        for (int id = 1; id <= 3; id++)
        {
            monitor.onStart(id, 0);
        }
        monitor.onAnnounce(3, 0, Role.LEADER, 3, 1);
        monitor.onAnnounce(1, 0, Role.FOLLOWER, 3, 1);
        monitor.onAnnounce(2, 0, Role.FOLLOWER, 3, 1);
    }

    /** Node 1 gives up on leader 3 at 2000, node 2 at 3000 (no majority leader left), node 1 leads term 2 from 4000. */
    private void depose(final long lastNs)
    {
        monitor.onSend(1, 500, ELECTION, 16);
        monitor.onSend(1, 2_000, ELECTION, 16);
        monitor.onAnnounce(1, 2_000, Role.CANDIDATE, ElectionNode.NO_LEADER, 2);
        monitor.onSend(1, 2_500, ELECTION, 16);
        monitor.onAnnounce(2, 3_000, Role.FOLLOWER, ElectionNode.NO_LEADER, 2);
        monitor.onAnnounce(1, 3_500, Role.LEADER, 1, 2);
        monitor.onAnnounce(2, lastNs, Role.FOLLOWER, 1, 2);
        monitor.onAnnounce(3, lastNs, Role.FOLLOWER, 1, 2);
        monitor.onSend(1, HEAL_NS, ELECTION, 16);
    }

    @Test
    void availabilityIsTheShareOfTheSpanWithALeaderAMajorityNames()
    {
        depose(4_000);
        final ElectionResult.Disturbance figures = monitor.finish(12_000, 0).disturbance();

        assertEquals(HEAL_NS - FAULT_NS, figures.spanNs());
        // Leader 3 held a majority (itself and node 2) from the fault to 3000, leader 1 from 4000 to the heal.
        assertEquals(900, figures.availabilityPerMille());
        assertEquals(1, figures.leaderChanges());
        assertEquals(6_000_000, figures.leaderChangesPerMinute(), "one change in 10 us of disturbance");
        // The sends at 2000 and 2500; the one before the fault and the one at the heal are outside the span.
        assertEquals(2, figures.electionMessages());
        // Leader 1 held office from 4000, 7000 by the heal, past the 2000 window.
        assertEquals(4_000 - FAULT_NS, figures.stableLeaderNs());
    }

    @Test
    void availabilityOverTimeSaysWhichPartsOfTheSpanHadALeader()
    {
        depose(4_000);
        final ElectionResult.Disturbance figures = monitor.finish(12_000, 0).disturbance();

        // 20 parts of 500 ns from the fault: leader 3 in the first four (to 3000), nobody in the next two, leader 1 after.
        final long[] expected = new long[ElectionResult.Disturbance.BINS];
        Arrays.fill(expected, 1000);
        expected[4] = 0;
        expected[5] = 0;
        assertArrayEquals(expected, figures.availabilityByBinPerMille());
        assertEquals(figures.availabilityPerMille(), Arrays.stream(figures.availabilityByBinPerMille()).sum() / expected.length);
    }

    @Test
    void availabilityOverTimeSplitsAPartByTheTimeALeaderHeldIt()
    {
        // Node 2 names leader 1 at 4250: half of the part 4000..4500 had a majority leader.
        depose(4_250);
        final ElectionResult.Disturbance figures = monitor.finish(12_000, 0).disturbance();

        assertEquals(0, figures.availabilityPerMille(5));
        assertEquals(500, figures.availabilityPerMille(6));
        assertEquals(1000, figures.availabilityPerMille(7));
    }

    @Test
    void aSummaryTakesEachPartOverTimeAsItsMetricReadsIt()
    {
        depose(4_250);
        final ElectionResult disturbed = monitor.finish(12_000, 0);
        monitor.reset(FAULT_NS, 500);
        final ElectionResult calm = monitor.finish(2_000, 0);
        final ScenarioTestAlgorithm algorithm = new ScenarioTestAlgorithm();
        final Summary summary = new Summary(algorithm.messageTypes(), algorithm.heartbeatType());
        summary.add(disturbed);
        summary.add(calm);
        summary.add(disturbed);

        // The run without a disturbance has no parts; the two disturbed runs add their part's share.
        assertEquals(2 * 500, summary.get(Metrics.AVAILABILITY_OVER_TIME.get(6)).sum());
        assertEquals(0, summary.get(Metrics.AVAILABILITY_OVER_TIME.get(5)).sum());
        assertEquals(2 * 1000, summary.get(Metrics.AVAILABILITY_OVER_TIME.get(19)).sum());
        for (final Metric metric : Metrics.forTypes(algorithm.messageTypes(), algorithm.heartbeatType()))
        {
            final Aggregate aggregate = summary.get(metric);
            final long read = metric.read(Sample.of(disturbed));
            final long calmRead = metric.read(Sample.of(calm));
            final int present = (metric.present(read) ? 2 : 0) + (metric.present(calmRead) ? 1 : 0);
            assertEquals(present, aggregate.samples(), metric.name());
            assertEquals((metric.present(read) ? 2 * read : 0) + (metric.present(calmRead) ? calmRead : 0), aggregate.sum(),
                metric.name());
        }
    }

    @Test
    void aLeaderThatTookOfficeTooLateIsNoStableLeader()
    {
        depose(HEAL_NS - STABLE_WINDOW_NS + 1);
        final ElectionResult.Disturbance figures = monitor.finish(20_000, 0).disturbance();

        assertEquals(-1, figures.stableLeaderNs());
        assertEquals(1, figures.leaderChanges());
    }

    @Test
    void aRunWithoutASpanHasNoDisturbanceFigures()
    {
        monitor.reset(FAULT_NS, 500);
        assertFalse(monitor.finish(2_000, 0).disturbance().present());
        assertEquals(-1, monitor.finish(2_000, 0).disturbance().availabilityPerMille());
    }
}
