package org.electbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.HdrHistogram.Histogram;
import org.electbench.transport.Detectors;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.metrics.Metrics;
import org.junit.jupiter.api.Test;

class SeededRunsTest
{
    private static Scenario bully(final int n)
    {
        return Scenario.builder().algorithm("bully").nodes(n).kind(ScenarioKind.LEADER_CRASH).detect(Detectors.LOWEST).seed(7).build();
    }

    @Test
    void theCompileWarmUpPlaysSmallClustersFastestAndLeavesLargeOnesAtTheirOwnPace()
    {
        // On a real transport T_elec keeps its 10 ms default; against an election's N² messages at 1 us each:
        // capped at 200, then 10 ms / N² us.
        assertEquals(200, SeededRuns.compileSpeedup(bully(5).onRealClock()));
        assertEquals(123, SeededRuns.compileSpeedup(bully(9).onRealClock()));
        assertEquals(34, SeededRuns.compileSpeedup(bully(17).onRealClock()));
        assertEquals(0, SeededRuns.compileSpeedup(bully(128).onRealClock()));
    }

    @Test
    void theCompileWarmUpStartsAtTheScenariosOwnPaceAndDoublesUpToItsSpeedup()
    {
        final long[] expected = {1, 2, 4, 8, 15, 15};
        for (int run = 0; run < expected.length; run++)
        {
            assertEquals(expected[run], SeededRuns.rampedSpeedup(15, run), "run " + run);
        }
        assertEquals(200, SeededRuns.rampedSpeedup(200, 8));
        assertEquals(200, SeededRuns.rampedSpeedup(200, SeededRuns.RUNTIME_COMPILE_RUNS - 1));
    }

    @Test
    void runtimesAreFoundByNameWithTheSimulatorFirst()
    {
        final List<String> names = RuntimeRegistry.instance().names();
        assertEquals("sim", names.get(0), names.toString());
        assertFalse(RuntimeRegistry.instance().get("sim").realClock());
        final IllegalArgumentException unknown = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
            () -> RuntimeRegistry.instance().get("pigeon"));
        assertTrue(unknown.getMessage().contains("known: sim"), unknown.getMessage());
    }

    @Test
    void bullyWithTheLowestDetectorCostsNSquaredLessTwoMessagesCountedAlikeInEveryRun()
    {
        final SeededRuns.Outcome outcome = new SeededRuns().run("sim", bully(8), 25, SeededRuns.Progress.NONE);
        final RunReport report = outcome.report(Environment.capture(7, "test"));
        assertEquals(25, report.runs());
        final MetricValue messages = report.metric(Metrics.MESSAGES.name());
        // n² - n - 1 = 55 ELECTION, OK and COORDINATOR and the new leader's first heartbeat round, n - 1 = 7: n² - 2.
        assertEquals(62, messages.min());
        assertEquals(62, messages.max());
        assertEquals(62 * 25, messages.sum());
        assertEquals(7, report.metric(Metrics.FIRST_HEARTBEATS.name()).mean(), 0.0);
        assertEquals(28, report.metric("messages.ELECTION").mean(), 0.0);
        assertEquals(21, report.metric("messages.OK").mean(), 0.0);
        assertEquals(6, report.metric("messages.COORDINATOR").mean(), 0.0);
        assertEquals(0, report.metric(Metrics.UNCONVERGED.name()).sum());
        assertEquals(7, report.leader());
        assertFalse(report.paired());
        assertTrue(report.metrics().stream().noneMatch(metric -> metric.name().equals(Metrics.OVERHEAD.name())));

        final MetricValue convergence = report.metric(Metrics.CONVERGENCE.name());
        assertEquals(25, convergence.samples());
        final Histogram histogram = convergence.decodeHistogram();
        assertEquals(25, histogram.getTotalCount());
        assertEquals(convergence.max(), histogram.getMaxValue(), convergence.max() / 500.0);
        assertNull(messages.histogram());
    }

    @Test
    void reportSurvivesJsonWithItsHistograms()
    {
        final RunReport report = new SeededRuns().run("sim", bully(5), 10, SeededRuns.Progress.NONE)
            .report(Environment.capture(7, "./electbench simulate --runs 10"));
        final RunReport read = RunReportCodec.fromJson(RunReportCodec.toJson(report));
        assertEquals(report, read);
        assertEquals(10, read.metric("detection").decodeHistogram().getTotalCount());
        assertEquals("bully_sim_n5_leader-crash_detect-lowest_delay-constant+1ms_loss-0.0_fifo-on_heartbeat-50ms_" +
            "detectionTimeout-150ms_electionTimeout-2.1ms_coordinatorTimeout-30ms_recovery-bully_immediate-declare-off_seed-7",
            read.fileNamePrefix());
    }
}
