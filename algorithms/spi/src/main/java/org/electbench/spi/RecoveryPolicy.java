package org.electbench.spi;

/**
 * What a node does when it restarts after a crash. Bully and ring both declare {@link #OPTION},
 * so one {@code --recovery} flag sets both.
 */
public enum RecoveryPolicy
{
    /** The 1982 rule: a recovering node starts an election at once and takes over if it is higher. */
    BULLY,
    /** A recovering node first listens for the detection timeout and joins as follower if a leader is alive. */
    DEFER;

    /** The declared option {@code recovery}, default {@link #BULLY}. */
    public static final AlgorithmOption<RecoveryPolicy> OPTION = AlgorithmOption.choice("recovery", RecoveryPolicy.class,
        BULLY, "What a restarted node does: bully (elects, takes over if higher) or defer (follows a live leader).");
}
