package org.electbench.transport;

import java.util.SplittableRandom;

/**
 * Seeds for many runs from one: run 0 uses the seed itself (so a reported seed replays with
 * one run), the others a SplitMix64 mix of it. And the one rule every runtime seeds a run's
 * random sources by: each node's own source from (seed, id, incarnation counted from the run's start), each sender's network
 * draws (loss, delay) from (seed, sender), so the same seed gives the same draws whichever
 * runtime and however many threads run the nodes.
 */
public final class Seeds
{
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;
    private static final long NETWORK_SALT = 0x4E7A0B5EL;

    private Seeds()
    {
    }

    public static long derive(final long seed, final int runIndex)
    {
        return 0 == runIndex ? seed : mix(seed + runIndex * GOLDEN_GAMMA);
    }

    /** @return the random source a node's incarnation is given, for the choices the node makes itself. */
    public static SplittableRandom nodeRandom(final long seed, final int nodeId, final int incarnation)
    {
        return new SplittableRandom(nodeSeed(seed, nodeId, incarnation));
    }

    /** @return the seed of {@link #nodeRandom}, for a source seeded again rather than made anew. */
    public static long nodeSeed(final long seed, final int nodeId, final int incarnation)
    {
        return mix(seed ^ ((long)nodeId << 40) ^ incarnation);
    }

    /** @return the random source of a sender's network: whether each copy it sends is lost, and its delay. */
    public static SplittableRandom senderRandom(final long seed, final int senderId)
    {
        return new SplittableRandom(senderSeed(seed, senderId));
    }

    /** @return the seed of {@link #senderRandom}, for a source seeded again rather than made anew. */
    public static long senderSeed(final long seed, final int senderId)
    {
        return mix(seed ^ NETWORK_SALT ^ ((long)senderId << 32));
    }

    public static long mix(final long value)
    {
        long z = value;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
