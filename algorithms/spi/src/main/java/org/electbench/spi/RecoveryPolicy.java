package org.electbench.spi;

/**
 * What a node does when it restarts after a crash.
 */
public enum RecoveryPolicy
{
    /** The 1982 rule: a recovering node starts an election at once and takes over if it is higher. */
    BULLY,
    /** A recovering node first listens for the detection timeout and joins as follower if a leader is alive. */
    DEFER
}
