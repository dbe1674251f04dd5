package org.electbench.spi;

/**
 * What a node does when it restarts after a crash. Bully and ring both declare {@link #OPTION},
 * so one {@code --recovery} flag sets both.
 */
public enum RecoveryPolicy
{
    /**
     * The 1982 rule: a recovering node checks for a coordinator (source 001) by listening for the
     * current leader's heartbeat, which tells it the term in force, then holds an election and takes
     * over with a newer term if it is higher. Listening first is what keeps a recovered node from
     * leading a term another node already led.
     */
    BULLY,
    /** A recovering node first listens for the detection timeout and joins as follower if a leader is alive. */
    DEFER;

    /** The declared option {@code recovery}, default {@link #BULLY}. */
    public static final Parameter<RecoveryPolicy> OPTION = Parameter.choice("recovery", RecoveryPolicy.class).defaultValue(BULLY)
        .doc("What a restarted node does: bully (elects, takes over if higher) or defer (follows a live leader).").build();
}
