package org.electbench.spi;

/**
 * What a node believes it is. Algorithms keep finer states of their own (bully's "electing",
 * quorum's "voting"); they announce the coarse role the monitor needs.
 */
public enum Role
{
    FOLLOWER,
    CANDIDATE,
    LEADER
}
