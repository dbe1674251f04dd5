package org.electbench.tune;

import java.util.List;

/**
 * What a tuning run found.
 *
 * @param request    what was asked.
 * @param algorithms per algorithm, in the order asked.
 * @param presets    per preset and algorithm, when presets were asked for.
 * @param wallNs     how long it took.
 */
public record TuneReport(TuneRequest request, List<AlgorithmResult> algorithms, List<PresetResult> presets, long wallNs)
{
    /**
     * One algorithm's sweep.
     *
     * @param algorithm   its name.
     * @param knobs       which knobs it reads.
     * @param evaluations every setting tried.
     * @param verdicts    per evaluation (same order): "recommended", or why it lost.
     * @param recommended the recommended setting, or null when none met the target.
     */
    public record AlgorithmResult(
        String algorithm, Knobs knobs, List<Evaluation> evaluations, List<String> verdicts, Evaluation recommended)
    {
        public static final String RECOMMENDED = "recommended";
    }

    /**
     * One preset on one algorithm.
     *
     * @param preset     the real system's defaults.
     * @param evaluation what they give on the user's network.
     */
    public record PresetResult(Preset preset, Evaluation evaluation)
    {
    }

    /**
     * @return whether the evaluation breaks no lint, settled after every crash, and no other such
     * evaluation of the list is at least as good on both axes (failover p99, the bound on false
     * elections per day) and better on one.
     */
    public static boolean onFrontier(final Evaluation candidate, final List<Evaluation> all)
    {
        if (!candidate.isCandidate())
        {
            return false;
        }
        final long p99 = candidate.failover().p99Ns();
        final double rate = candidate.falseElections().upperPerDay();
        for (final Evaluation other : all)
        {
            if (other == candidate || !other.isCandidate())
            {
                continue;
            }
            final long otherP99 = other.failover().p99Ns();
            final double otherRate = other.falseElections().upperPerDay();
            if (otherP99 <= p99 && otherRate <= rate && (otherP99 < p99 || otherRate < rate))
            {
                return false;
            }
        }
        return true;
    }
}
