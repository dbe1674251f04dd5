package org.electbench.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/**
 * Cuts counted per link and healed by {@link NetworkFaults#clear}: after seeded runs of cuts
 * started and ended at random, some left in force at the run's end, a link is blocked exactly when
 * more of its cuts started than ended in this run, and a cleared state blocks nothing.
 */
class NetworkFaultsTest
{
    private static final int NODES = 6;

    @Test
    void aLinkIsBlockedWhileMoreOfItsCutsStartedThanEndedSinceTheLastClear()
    {
        final SplittableRandom random = new SplittableRandom(7);
        final NetworkFaults faults = new NetworkFaults(NODES);
        final Fault[] cuts = new Fault[(NODES + 1) * (NODES + 1)];
        for (int from = 1; from <= NODES; from++)
        {
            for (int to = 1; to <= NODES; to++)
            {
                cuts[from * (NODES + 1) + to] = FaultPlan.builder().cut(from, to, 0, 1).build().faults().get(0);
            }
        }
        for (int run = 0; run < 500; run++)
        {
            faults.clear();
            assertTrue(faults.healed(), "run " + run);
            final int[] open = new int[cuts.length];
            // Some runs have no cut at all: a clear after them must still leave nothing blocked.
            for (int step = random.nextInt(3) * random.nextInt(12); step > 0; step--)
            {
                final int link = (1 + random.nextInt(NODES)) * (NODES + 1) + 1 + random.nextInt(NODES);
                final boolean end = open[link] > 0 && random.nextBoolean();
                faults.apply(0, cuts[link], end);
                open[link] += end ? -1 : 1;
            }
            for (int from = 1; from <= NODES; from++)
            {
                for (int to = 1; to <= NODES; to++)
                {
                    assertEquals(open[from * (NODES + 1) + to] > 0, faults.blocked(from, to), "run " + run + ", " + from + " -> " + to);
                }
            }
        }
    }
}
