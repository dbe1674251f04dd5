package org.electbench.spi;

/**
 * How ids are placed along a ring's direction of travel.
 */
public enum RingArrangement
{
    INCREASING,
    DECREASING,
    /** A permutation drawn from {@link ElectionSettings#arrangementSeed()}. */
    RANDOM
}
