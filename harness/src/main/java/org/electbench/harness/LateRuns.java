package org.electbench.harness;

import java.util.function.Supplier;

import org.electbench.transport.metrics.Metrics;
import org.electbench.transport.metrics.Sample;

/**
 * A row's allowance of runs measured again when the host made them late ({@link Metrics#HOST_REMEASURED}).
 * <p>
 * A virtual machine's vCPU is now and then held off its core for milliseconds, whether its thread
 * spins or parks. A run that meets one is late ({@link Metrics#HOST_LATE}) and says
 * nothing about the algorithm, so its seed is measured again in its place, up to a tenth of the
 * row's runs. A row's figures are then of runs the host kept, on a quiet machine, and the row
 * states how many attempts it measured again. A busy host makes most runs late: it uses the
 * allowance up, its later late runs stay in the row, and the row is marked as before.
 */
public final class LateRuns
{
    /** Runs measured again at most, in tenths of a row's runs (at least one). */
    static final int ALLOWANCE_DIVISOR = 10;

    private int left;

    /** @param runs the row's measured runs. */
    public LateRuns(final int runs)
    {
        left = allowance(runs);
    }

    /** @return how many late runs a row of that many runs measures again at most. */
    public static int allowance(final int runs)
    {
        return Math.max(1, (runs + ALLOWANCE_DIVISOR - 1) / ALLOWANCE_DIVISOR);
    }

    /**
     * @param first   the run's first attempt, paired with its floor.
     * @param attempt measures the same seed again, paired with its floor.
     * @return the first attempt the host kept, or the last made once the allowance is used up,
     * carrying how many late attempts it replaced.
     */
    public Sample keep(final Sample first, final Supplier<Sample> attempt)
    {
        Sample sample = first;
        int late = 0;
        while (!sample.timing().keptTiming() && left > 0)
        {
            left--;
            late++;
            sample = attempt.get();
        }
        return 0 == late ? sample : sample.afterLateAttempts(late);
    }

    /** @return late runs this row may still measure again. */
    public int left()
    {
        return left;
    }
}
