package org.electbench.ring;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A hop goes into the lowest free slot, as a scan from the first slot finds it, across the words
 * of the slots' bits and through the arrays' growth; a cleared table starts again from slot 0.
 * Checked over 20,000 seeded adds, frees and clears against a list of which slots hold a hop.
 */
class PendingHopsTest
{
    @ParameterizedTest(name = "up to {0} held")
    @ValueSource(ints = {3, 64, 65, 300})
    void aHopTakesTheLowestFreeSlot(final int most)
    {
        final SplittableRandom random = new SplittableRandom(most);
        final PendingHops hops = new PendingHops(4);
        final List<Boolean> held = new ArrayList<>();
        long nextHop = 1;
        for (int step = 0; step < 20_000; step++)
        {
            final int holding = (int)held.stream().filter(Boolean::booleanValue).count();
            if (random.nextInt(500) == 0)
            {
                hops.clear();
                held.clear();
            }
            else if (holding < most && (0 == holding || random.nextBoolean()))
            {
                final int lowestFree = held.indexOf(Boolean.FALSE) >= 0 ? held.indexOf(Boolean.FALSE) : held.size();
                final long hop = nextHop++;
                final int slot = hops.add(hop, 1, 2, 3, 4, 5);
                assertEquals(lowestFree, slot, "step " + step);
                if (slot == held.size())
                {
                    held.add(true);
                }
                else
                {
                    held.set(slot, true);
                }
                assertEquals(slot, hops.findByHop(hop), "step " + step);
            }
            else
            {
                int slot = random.nextInt(held.size());
                while (!held.get(slot))
                {
                    slot = (slot + 1) % held.size();
                }
                hops.free(slot);
                held.set(slot, false);
                while (!held.isEmpty() && !held.get(held.size() - 1))
                {
                    held.remove(held.size() - 1);
                }
            }
            assertEquals((int)held.stream().filter(Boolean::booleanValue).count(), hops.size(), "step " + step);
        }
    }
}
