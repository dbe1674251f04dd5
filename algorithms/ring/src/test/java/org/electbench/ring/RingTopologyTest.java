package org.electbench.ring;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

import org.electbench.spi.RingArrangement;
import org.junit.jupiter.api.Test;

class RingTopologyTest
{
    @Test
    void increasingRingGoesUpAndWrapsFromNToOne()
    {
        final RingTopology ring = RingTopology.of(RingArrangement.INCREASING, 0, 5);
        assertEquals(2, ring.successorOf(1));
        assertEquals(5, ring.successorOf(4));
        assertEquals(1, ring.successorOf(5));
    }

    @Test
    void decreasingRingGoesDownAndWrapsFromOneToN()
    {
        final RingTopology ring = RingTopology.of(RingArrangement.DECREASING, 0, 5);
        assertEquals(4, ring.successorOf(5));
        assertEquals(1, ring.successorOf(2));
        assertEquals(5, ring.successorOf(1));
    }

    @Test
    void singleNodeRingIsItsOwnSuccessor()
    {
        assertEquals(1, RingTopology.of(RingArrangement.RANDOM, 3, 1).successorOf(1));
    }

    @Test
    void randomRingIsOneCycleThroughEveryIdAndTheSameForTheSameSeed()
    {
        for (long seed = 0; seed < 200; seed++)
        {
            final RingTopology ring = RingTopology.of(RingArrangement.RANDOM, seed, 16);
            final int[] sorted = ring.order();
            Arrays.sort(sorted);
            assertArrayEquals(RingTopology.of(RingArrangement.INCREASING, 0, 16).order(), sorted);
            int id = 1;
            final Set<Integer> visited = new HashSet<>();
            for (int step = 0; step < 16; step++)
            {
                visited.add(id);
                id = ring.successorOf(id);
            }
            assertEquals(1, id, "back at the start after exactly N steps");
            assertEquals(16, visited.size());
            assertArrayEquals(ring.order(), RingTopology.of(RingArrangement.RANDOM, seed, 16).order());
        }
        assertFalse(Arrays.equals(RingTopology.of(RingArrangement.RANDOM, 1, 16).order(),
            RingTopology.of(RingArrangement.RANDOM, 2, 16).order()));
    }

    @Test
    void randomRingsOfThreeAreBothOrientationsEquallyOften()
    {
        // Of the 3! permutations, three read 1->2->3 round the ring and three read 1->3->2.
        int increasing = 0;
        final int draws = 30_000;
        for (long seed = 0; seed < draws; seed++)
        {
            if (RingTopology.of(RingArrangement.RANDOM, seed, 3).successorOf(1) == 2)
            {
                increasing++;
            }
        }
        assertEquals(0.5, increasing / (double)draws, 0.01);
    }

    @Test
    void badSizeIsRejected()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> RingTopology.of(RingArrangement.INCREASING, 0, 0));
        assertEquals("cluster size must be at least 1, got 0", ex.getMessage());
    }
}
