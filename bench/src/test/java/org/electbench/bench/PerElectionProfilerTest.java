package org.electbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;
import org.junit.jupiter.api.Test;

/** The per-election profiler's figures from one iteration's known counters. */
class PerElectionProfilerTest
{
    private static ScalarResult counter(final String name, final double value)
    {
        return new ScalarResult(name, value, "#", AggregationPolicy.SUM);
    }

    @Test
    @SuppressWarnings("rawtypes")
    void countersBecomeFiguresPerElectionInTheirUnits()
    {
        final Map<String, Result> counters = new HashMap<>();
        // Four elections: 19 messages each, convergence 30.1 ms in three of them, two leaders at once in one.
        counters.put("elections", counter("elections", 4));
        counters.put("messages", counter("messages", 76));
        counters.put("convergenceNs", counter("convergenceNs", 3 * 30_100_000.0));
        counters.put("convergenceSamples", counter("convergenceSamples", 3));
        counters.put("maxLeaders", counter("maxLeaders", 5));
        counters.put("splitBrainTime", counter("splitBrainTime", 2_000_000));
        counters.put("wrongLeader", counter("wrongLeader", 1));

        final Map<String, ScalarResult> figures = PerElectionProfiler.figures(counters).stream()
            .collect(Collectors.toMap(ScalarResult::getLabel, figure -> figure));

        assertEquals(19.0, figures.get("messages/election").getScore(), 0.0);
        assertEquals("msgs", figures.get("messages/election").getScoreUnit());
        assertEquals(30.1, figures.get("convergence.mean").getScore(), 1e-9);
        assertEquals("ms", figures.get("convergence.mean").getScoreUnit());
        assertEquals(1.25, figures.get("maxLeaders/election").getScore(), 0.0);
        assertEquals("nodes", figures.get("maxLeaders/election").getScoreUnit());
        assertEquals(0.5, figures.get("splitBrainTime/election").getScore(), 0.0);
        assertEquals("ms", figures.get("splitBrainTime/election").getScoreUnit());
        assertFalse(figures.containsKey("detection.mean"), "no election had a detection");
        assertFalse(figures.containsKey("wrongLeader/election"), "a violation's count of broken elections stays as summed");
    }

    @Test
    @SuppressWarnings("rawtypes")
    void maxLeadersIsTheMeanPerElectionOfAnIteration()
    {
        final Map<String, Result> counters = new HashMap<>();
        counters.put("elections", counter("elections", 2));
        counters.put("maxLeaders", counter("maxLeaders", 2));
        final List<ScalarResult> figures = PerElectionProfiler.figures(counters);
        final ScalarResult maxLeaders = figures.stream().filter(f -> f.getLabel().equals("maxLeaders/election")).findFirst().orElseThrow();
        // An iteration of one leader at most reads 1; averaged (not summed) over iterations, twenty of them read 1, not 20.
        assertEquals(1.0, maxLeaders.getScore(), 0.0);
    }

    @Test
    @SuppressWarnings("rawtypes")
    void messagePathCpuPerHandledEvent()
    {
        final Map<String, Result> counters = new HashMap<>();
        counters.put("cpuNs", counter("cpuNs", 4_400_000));
        counters.put("eventsTotal", counter("eventsTotal", 100_000));
        assertEquals(List.of(44.0), PerElectionProfiler.figures(counters).stream().map(ScalarResult::getScore).toList());
        assertEquals("ns", PerElectionProfiler.figures(counters).get(0).getScoreUnit());
    }
}
