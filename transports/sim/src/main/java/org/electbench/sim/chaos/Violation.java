package org.electbench.sim.chaos;

import org.electbench.transport.ElectionResult;

/**
 * What a chaos schedule can break, as the {@link org.electbench.transport.ConvergenceMonitor}
 * saw it at every announcement and crash.
 */
public enum Violation
{
    /** Two or more live nodes believed they led together for longer than zero. */
    SPLIT_BRAIN("splitBrain"),
    /** A node claimed a term another node had already led. */
    SAME_TERM_LEADER("sameTermLeader"),
    /** Two live nodes believed they led different terms at once (overlapping beliefs; what they sent is not judged). */
    OLDER_TERM_LEADER("olderTermLeader"),
    /** No single agreed leader held through the settle window before the budget after the last heal ran out. */
    UNCONVERGED("unconverged");

    private final String key;

    Violation(final String key)
    {
        this.key = key;
    }

    /** @return the name in JSON and tables: {@code key + "Schedules"} counts it, {@code firstViolationSeed.key} reproduces it. */
    public String key()
    {
        return key;
    }

    /** @return whether the run shows this violation. */
    public boolean in(final ElectionResult result)
    {
        switch (this)
        {
            case SPLIT_BRAIN:
                return result.splitBrain();
            case SAME_TERM_LEADER:
                return result.sameTermLeaders() > 0;
            case OLDER_TERM_LEADER:
                return result.olderTermLeaderNs() > 0;
            case UNCONVERGED:
                return !result.converged();
            default:
                throw new IllegalStateException(name());
        }
    }
}
