package org.electbench.transport.host;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * The stream of a {@code new SplittableRandom(seed)}, from a source that can be seeded again, so a
 * runtime keeps one per node across runs instead of making one per run. {@link SplittableRandom}
 * defines only {@link #nextLong()} and {@link #nextInt()} (SplitMix64 over a seed advanced by the
 * golden gamma) and takes every other draw (bounded, double, boolean, Gaussian, exponential) from
 * {@link RandomGenerator}'s defaults over those two; this class does the same, so each draw is the
 * one the {@code SplittableRandom} of the same seed makes. It cannot split, and its streams are
 * {@link RandomGenerator}'s own, not checked against {@code SplittableRandom}'s: no node draws from one.
 */
public final class ReseedableRandom implements RandomGenerator
{
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private long seed;

    /** @param seed as {@code new SplittableRandom(seed)}. */
    public ReseedableRandom(final long seed)
    {
        this.seed = seed;
    }

    /**
     * @param seed as {@code new SplittableRandom(seed)}.
     * @return this, drawing from the start of that seed's stream.
     */
    public ReseedableRandom reseed(final long seed)
    {
        this.seed = seed;
        return this;
    }

    /**
     * @param source a source to follow.
     * @return this, drawing next what {@code source} draws next (each then draws on its own).
     */
    public ReseedableRandom follow(final ReseedableRandom source)
    {
        seed = source.seed;
        return this;
    }

    @Override
    public long nextLong()
    {
        seed += GOLDEN_GAMMA;
        long z = seed;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    @Override
    public int nextInt()
    {
        seed += GOLDEN_GAMMA;
        long z = seed;
        z = (z ^ (z >>> 33)) * 0x62A9D9ED799705F5L;
        return (int)(((z ^ (z >>> 28)) * 0xCB24D0A5C88C35B3L) >>> 32);
    }
}
