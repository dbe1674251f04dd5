package org.electbench.realtime;

import java.util.ArrayList;
import java.util.List;

import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.RunTiming;
import org.electbench.transport.Scenario;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs a real-transport scenario and judges each run against what the algorithm guarantees under
 * the timing the run actually had ({@link RunTiming}): a run whose host kept the algorithm's
 * timing assumption must show every outcome the algorithm promises (one leader, the expected one,
 * no two in one term); a run the host delayed past it (a loaded machine descheduling a worker or
 * the media driver) is still checked for what holds under any timing (counts; no two leaders in
 * one term for a majority algorithm), and its split brain is not taken for a bug. Every
 * assertion's message names the run's seed, its measured latencies and stalls and the threshold.
 * <p>
 * So that a busy machine cannot turn the test into one that never judges safety, runs continue
 * until {@code wanted} of them kept their timing; if fewer than half of that kept it within twice
 * as many runs, the test is aborted (reported as skipped, with every run's timing), not passed.
 */
public final class TimedRuns
{
    /** One run's check, given a label naming the run, its seed and its timing. */
    @FunctionalInterface
    public interface Check
    {
        void check(Scenario run, ElectionResult result, String label);
    }

    private TimedRuns()
    {
    }

    /**
     * @param runtime   what to run on.
     * @param scenario  run i is {@code scenario.forRun(i)}.
     * @param wanted    runs that kept their timing to judge.
     * @param always    checked on every run: what holds under any timing.
     * @param whenKept  checked on runs whose host kept the timing: what the algorithm promises.
     * @return the runs that kept their timing (at least half of {@code wanted}).
     */
    public static int judge(
        final ClusterRuntime runtime, final Scenario scenario, final int wanted, final Check always, final Check whenKept)
    {
        final List<String> late = new ArrayList<>();
        int kept = 0;
        int run = 0;
        for (; kept < wanted && run < 2 * wanted; run++)
        {
            final Scenario thisRun = scenario.forRun(run);
            final ElectionResult result = runtime.run(thisRun);
            final RunTiming timing = runtime.lastRunTiming();
            final String label = label(runtime, thisRun, run, timing);
            always.check(thisRun, result, label);
            if (timing.keptTiming())
            {
                kept++;
                whenKept.check(thisRun, result, label);
            }
            else
            {
                late.add(label + " -> " + result);
            }
        }
        if (kept < (wanted + 1) / 2)
        {
            Assumptions.abort("the host kept the algorithm's timing in only " + kept + " of " + run + " runs, " +
                "too few to judge safety; the late runs: " + String.join("; ", late));
        }
        if (!late.isEmpty())
        {
            System.out.println(runtime.name() + " " + scenario.algorithm().name() + ": " + late.size() + " of " + run +
                " runs late, not judged for timing-dependent safety: " + String.join("; ", late));
        }
        return kept;
    }

    /**
     * For a test of one run: the scenario as given, then with other seeds, until a run keeps its
     * timing, up to {@code tries} runs; the test is aborted (skipped), naming every run's timing,
     * when none does.
     *
     * @return the first run that kept its timing, with its label.
     */
    public static Judged firstKept(final ClusterRuntime runtime, final Scenario scenario, final int tries)
    {
        final List<String> late = new ArrayList<>();
        for (int run = 0; run < tries; run++)
        {
            final Scenario thisRun = 0 == run ? scenario : scenario.forRun(run);
            final ElectionResult result = runtime.run(thisRun);
            final RunTiming timing = runtime.lastRunTiming();
            final String label = label(runtime, thisRun, run, timing);
            if (timing.keptTiming())
            {
                return new Judged(result, label);
            }
            late.add(label + " -> " + result);
        }
        Assumptions.abort("the host kept the algorithm's timing in none of " + tries + " runs: " + String.join("; ", late));
        throw new IllegalStateException("unreachable");
    }

    /** A run that kept its timing, and the label that names its seed and timing. */
    public record Judged(ElectionResult result, String label)
    {
    }

    /** @return the run's name, seed and measured timing against the scenario's threshold. */
    public static String label(final ClusterRuntime runtime, final Scenario run, final int index, final RunTiming timing)
    {
        return runtime.name() + " " + run.algorithm().name() + " n=" + run.nodes() + " run " + index + " seed " + run.seed() +
            " (" + timing.describeVerdict() + ")";
    }
}
