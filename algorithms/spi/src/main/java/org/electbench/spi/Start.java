package org.electbench.spi;

/**
 * How a node comes up.
 */
public enum Start
{
    /** The whole cluster boots together and nobody leads yet. */
    COLD,
    /** The cluster is already settled: the given leader leads the given term and every follower has just heard it. */
    SETTLED,
    /** The node restarts after a crash with fresh state; the others may have a leader. */
    RECOVERED
}
