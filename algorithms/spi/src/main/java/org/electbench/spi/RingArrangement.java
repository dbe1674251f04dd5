package org.electbench.spi;

/**
 * How ids are placed along a ring's direction of travel; the ring algorithm declares it as its
 * option {@code arrangement}.
 */
public enum RingArrangement
{
    INCREASING,
    DECREASING,
    /** A permutation drawn from {@link ElectionSettings#arrangementSeed()}. */
    RANDOM
}
