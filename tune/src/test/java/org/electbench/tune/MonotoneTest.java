package org.electbench.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Sanity the advice must have whatever the numbers: more margin between heartbeat and detection
 * timeout never adds false elections, and a longer RTT tail never shortens a recommended timeout.
 */
class MonotoneTest
{
    private static final long MS = 1_000_000L;
    private static final PauseModel PAUSES = PauseModel.of(6, 50 * MS);

    private static TuneReport tune(final long rttP99Ns, final List<String> algorithms, final SweepGrid grid)
    {
        final TuneRequest request = TuneRequest.of(5, NetworkFit.fromPercentiles(500_000, rttP99Ns, 0), PAUSES, 2,
            algorithms, List.of(), 5, 2).withEffort(grid, 100);
        return new Tuner(request).run();
    }

    @Test
    void widerDetectionMarginNeverAddsFalseElections()
    {
        final TuneReport report = tune(2 * MS, List.of("bully", "ring"), new SweepGrid(2, 1));
        for (final TuneReport.AlgorithmResult result : report.algorithms())
        {
            final Map<String, Evaluation> previousByGroup = new HashMap<>();
            int compared = 0;
            for (final Evaluation evaluation : result.evaluations())
            {
                final Setting setting = evaluation.setting();
                final String group = setting.heartbeatNs() + "/" + setting.electionNs();
                final Evaluation previous = previousByGroup.put(group, evaluation);
                if (null != previous)
                {
                    assertTrue(setting.detectionNs() > previous.setting().detectionNs());
                    assertTrue(evaluation.falseElections().estimatePerDay() <= previous.falseElections().estimatePerDay(),
                        result.algorithm() + ": " + setting + " " + evaluation.falseElections() + " against " +
                        previous.setting() + " " + previous.falseElections());
                    compared++;
                }
            }
            assertEquals(4, compared, result.algorithm());
        }
    }

    @Test
    void longerRttTailNeverLowersTheRecommendedTimeouts()
    {
        final List<String> algorithms = List.of("bully", "ring", "quorum");
        final TuneReport shortTail = tune(2 * MS, algorithms, new SweepGrid(4, 1));
        final TuneReport longTail = tune(20 * MS, algorithms, new SweepGrid(4, 1));
        int compared = 0;
        for (int index = 0; index < algorithms.size(); index++)
        {
            final TuneReport.AlgorithmResult before = shortTail.algorithms().get(index);
            final TuneReport.AlgorithmResult after = longTail.algorithms().get(index);
            if (null == before.recommended() || null == after.recommended())
            {
                // No setting of the sweep is slow enough for the long tail: the advice is to go higher, never lower.
                continue;
            }
            final Setting small = before.recommended().setting();
            final Setting large = after.recommended().setting();
            assertTrue(large.detectionNs() >= small.detectionNs(), before.algorithm() + ": " + small + " then " + large);
            assertTrue(large.electionNs() >= small.electionNs(), before.algorithm() + ": " + small + " then " + large);
            assertTrue(large.coordinatorNs() >= small.coordinatorNs(), before.algorithm() + ": " + small + " then " + large);
            compared++;
        }
        assertTrue(compared >= 1, "an algorithm must have advice for both tails to compare");
    }
}
