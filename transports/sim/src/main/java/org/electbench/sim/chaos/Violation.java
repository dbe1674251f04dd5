package org.electbench.sim.chaos;

import org.electbench.transport.ElectionResult;

/**
 * What a chaos schedule can break: safety, as the {@link org.electbench.transport.ConvergenceMonitor}
 * saw it at every announcement and crash, and liveness, as its algorithm promises it ({@link Liveness}).
 */
public enum Violation
{
    /** Two or more live nodes believed they led together for longer than zero. */
    SPLIT_BRAIN("splitBrain"),
    /** A node claimed a term another node had already led. */
    SAME_TERM_LEADER("sameTermLeader"),
    /** Two live nodes believed they led different terms at once (overlapping beliefs; what they sent is not judged). */
    OLDER_TERM_LEADER("olderTermLeader"),
    /**
     * Enough nodes were live for the algorithm to promise a leader after the last heal, and no
     * single agreed leader, holding through the settle window, came within its bound.
     */
    STUCK("stuck");

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
    public boolean in(final ChaosRun run)
    {
        final ElectionResult result = run.result();
        switch (this)
        {
            case SPLIT_BRAIN:
                return result.splitBrain();
            case SAME_TERM_LEADER:
                return result.sameTermLeaders() > 0;
            case OLDER_TERM_LEADER:
                return result.olderTermLeaderNs() > 0;
            case STUCK:
                return run.liveness().stuck();
            default:
                throw new IllegalStateException(name());
        }
    }
}
