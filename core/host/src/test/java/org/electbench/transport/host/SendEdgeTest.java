package org.electbench.transport.host;

import java.util.List;
import java.util.SplittableRandom;

import org.electbench.transport.DelayDistribution;
import org.electbench.transport.Fault;
import org.electbench.transport.FaultPlan;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Seeds;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The send edge every runtime shares: the fates it draws replay from the sender's seed alone,
 * FIFO links never reorder, and faults apply edge by edge in plan order.
 */
class SendEdgeTest
{
    private static final int N = 4;
    private static final long SEED = 42;
    private static final int SENDS = 10_000;
    private static final long SPACING_NS = 100_000;
    private static final DelayDistribution UNIFORM = DelayDistribution.uniform(500_000, 5_000_000);

    @Test
    void fatesReplayFromTheSendersSeedLossDrawnBeforeDelay()
    {
        final SendEdge edge = new SendEdge(N);
        edge.reset(NetworkModel.of(UNIFORM).withLoss(0.25).withFifo(false));
        final SplittableRandom sender = Seeds.senderRandom(SEED, 1);
        final SplittableRandom replay = Seeds.senderRandom(SEED, 1);
        int lost = 0;
        for (int i = 0; i < SENDS; i++)
        {
            final long nowNs = i * SPACING_NS;
            final long arrivalNs = edge.admit(1, 2, nowNs, sender);
            if (replay.nextDouble() < 0.25)
            {
                assertEquals(SendEdge.LOST, arrivalNs, "send " + i);
                lost++;
            }
            else
            {
                assertEquals(nowNs + UNIFORM.sampleNs(replay), arrivalNs, "send " + i);
            }
        }
        assertTrue(lost > SENDS / 5 && lost < SENDS * 3 / 10, "about a quarter lost, was " + lost);
    }

    @Test
    void aFifoLinkNeverReordersWhereAPlainOneDoes()
    {
        assertEquals(0, reorderings(true));
        assertTrue(reorderings(false) > 0, "a uniform delay reorders a plain link");
    }

    @Test
    void aPartitionBlocksAcrossItsGroupsUntilItsEnd()
    {
        final List<Fault> faults = FaultPlan.builder().partition(1_000, 5_000, new int[]{1, 2}).build().faults();
        final FaultEdges edges = new FaultEdges(faults);
        assertEquals(2, edges.size());
        assertEquals(1_000, edges.timeNs(0));
        assertFalse(edges.end(0));
        assertEquals(6_000, edges.timeNs(1));
        assertTrue(edges.end(1));

        final SendEdge edge = new SendEdge(N);
        edge.reset(NetworkModel.constant(1_000));
        final SplittableRandom random = Seeds.senderRandom(SEED, 1);
        edge.apply(edges.fault(0), faults.get(edges.fault(0)), edges.end(0));
        assertEquals(2_000, edge.admit(1, 2, 1_000, random), "within a group");
        assertEquals(SendEdge.BLOCKED, edge.admit(1, 3, 1_000, random), "across groups");
        assertEquals(SendEdge.BLOCKED, edge.admit(4, 2, 1_000, random), "from the nodes named in no group");
        assertEquals(2_000, edge.admit(3, 4, 1_000, random), "the nodes named in no group are one group");
        edge.apply(edges.fault(1), faults.get(edges.fault(1)), edges.end(1));
        assertEquals(7_000, edge.admit(1, 3, 6_000, random), "healed at its end");
    }

    @Test
    void edgesAtOneInstantKeepPlanOrderAndASendTriggeredCrashHasNone()
    {
        final List<Fault> faults = FaultPlan.builder()
            .crash(2, 5_000)
            .cut(1, 3, 1_000, 4_000)
            .recover(2, 5_000)
            .crashAfterFirstSend(4, "ELECTION")
            .build().faults();
        final FaultEdges edges = new FaultEdges(faults);
        assertEquals(4, edges.size());
        assertEquals(List.of(1_000L, 5_000L, 5_000L, 5_000L),
            List.of(edges.timeNs(0), edges.timeNs(1), edges.timeNs(2), edges.timeNs(3)));
        // The plan orders faults by start (the send-triggered crash first, at 0): the cut is 1, the
        // crash 2, the recovery 3. At 5 ms the cut's end, the crash, the recovery, in plan order.
        assertEquals(List.of(1, 1, 2, 3), List.of(edges.fault(0), edges.fault(1), edges.fault(2), edges.fault(3)));
        assertEquals(List.of(false, true, false, false), List.of(edges.end(0), edges.end(1), edges.end(2), edges.end(3)));
    }

    private static int reorderings(final boolean fifo)
    {
        final SendEdge edge = new SendEdge(N);
        edge.reset(NetworkModel.of(UNIFORM).withFifo(fifo));
        final SplittableRandom random = Seeds.senderRandom(SEED, 3);
        long lastNs = 0;
        int reordered = 0;
        for (int i = 0; i < SENDS; i++)
        {
            final long arrivalNs = edge.admit(3, 1, i * SPACING_NS, random);
            reordered += arrivalNs < lastNs ? 1 : 0;
            lastNs = Math.max(lastNs, arrivalNs);
        }
        return reordered;
    }
}
