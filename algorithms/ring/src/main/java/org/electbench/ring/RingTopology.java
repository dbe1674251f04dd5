package org.electbench.ring;

import java.util.Arrays;

import org.electbench.spi.RingArrangement;

/**
 * The logical ring: ids 1..N in their order along the direction of travel, so each node knows
 * its successor. Every node derives the same ring from the shared settings alone, which is why
 * the random arrangement uses its own fully specified generator (SplitMix64) rather than a JDK
 * one whose sequence could change between releases.
 */
public final class RingTopology
{
    private final int[] order;
    private final int[] successorById;

    private RingTopology(final int[] order)
    {
        this.order = order;
        successorById = new int[order.length + 1];
        for (int position = 0; position < order.length; position++)
        {
            successorById[order[position]] = order[(position + 1) % order.length];
        }
    }

    /**
     * @param arrangement how ids are placed along the direction of travel.
     * @param seed        draws the permutation for {@link RingArrangement#RANDOM}; ignored otherwise.
     * @param clusterSize N, at least 1.
     * @return the ring.
     * @throws IllegalArgumentException for a cluster size below 1 or no arrangement.
     */
    public static RingTopology of(final RingArrangement arrangement, final long seed, final int clusterSize)
    {
        if (clusterSize < 1)
        {
            throw new IllegalArgumentException("cluster size must be at least 1, got " + clusterSize);
        }
        if (null == arrangement)
        {
            throw new IllegalArgumentException("arrangement must be one of increasing, decreasing, random");
        }
        final int[] order = new int[clusterSize];
        for (int position = 0; position < clusterSize; position++)
        {
            order[position] = arrangement == RingArrangement.DECREASING ? clusterSize - position : position + 1;
        }
        if (arrangement == RingArrangement.RANDOM)
        {
            shuffle(order, seed);
        }
        return new RingTopology(order);
    }

    /** @return N. */
    public int size()
    {
        return order.length;
    }

    /**
     * @param id a node id, 1..N.
     * @return the next id along the direction of travel (the id itself when N is 1).
     */
    public int successorOf(final int id)
    {
        return successorById[id];
    }

    /** @return the ids in ring order, starting anywhere; a copy. */
    public int[] order()
    {
        return order.clone();
    }

    @Override
    public String toString()
    {
        return "RingTopology" + Arrays.toString(order);
    }

    /** Fisher-Yates driven by SplitMix64, so the permutation depends on the seed and nothing else. */
    private static void shuffle(final int[] order, final long seed)
    {
        long state = seed;
        for (int last = order.length - 1; last > 0; last--)
        {
            final int bound = last + 1;
            int bits;
            int pick;
            do
            {
                state += 0x9E3779B97F4A7C15L;
                bits = (int)(mix(state) >>> 33);
                pick = bits % bound;
            }
            while (bits - pick + (bound - 1) < 0); // reject the top partial range so every pick is equally likely
            final int swap = order[last];
            order[last] = order[pick];
            order[pick] = swap;
        }
    }

    private static long mix(final long value)
    {
        long z = value;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
