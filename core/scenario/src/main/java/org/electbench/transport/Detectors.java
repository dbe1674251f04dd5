package org.electbench.transport;

import java.util.Locale;

/**
 * Which followers' failure detectors may fire. The others learn of a failure only through
 * messages, which reproduces the textbook best and worst cases.
 */
public enum Detectors
{
    /** Every follower. */
    ALL,
    /** Only the lowest live follower. */
    LOWEST,
    /** Only the highest live follower. */
    HIGHEST,
    /** One live follower drawn from the run's seed. */
    RANDOM;

    public String cliName()
    {
        return name().toLowerCase(Locale.ROOT);
    }
}
