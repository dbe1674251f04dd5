package org.electbench.transport;

/**
 * Seeds for many runs from one: run 0 uses the seed itself (so a reported seed replays with
 * one run), the others a SplitMix64 mix of it.
 */
public final class Seeds
{
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private Seeds()
    {
    }

    public static long derive(final long seed, final int runIndex)
    {
        return 0 == runIndex ? seed : mix(seed + runIndex * GOLDEN_GAMMA);
    }

    public static long mix(final long value)
    {
        long z = value;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
