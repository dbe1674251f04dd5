package org.electbench.inmemory;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.HdrHistogram.Histogram;
import org.electbench.realtime.IdleMode;
import org.electbench.realtime.RealtimeRuntime;
import org.electbench.sim.SimRuntime;
import org.electbench.spi.ElectionSettings;
import org.electbench.testkit.PingAlgorithm;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Figures for the report, not a test of outcomes: allocation on the steady-state message path
 * (the worker thread's allocated bytes over 100,000 messages), and for bully leader crash at
 * n = 5 and n = 17 the convergence p50/p99 over 50 runs, beside the simulator's for the same
 * seeds, with the p99 of timer lateness (how long after its deadline a timer ran). Prints only;
 * run it with
 * <pre>
 *   mvn -B -q -pl transports/inmemory -am verify -Delectbench.measure=true \
 *       -Dtest=InMemoryMeasurement -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 */
@EnabledIfSystemProperty(named = "electbench.measure", matches = "true")
class InMemoryMeasurement
{
    private static final long MS = 1_000_000L;
    private static final int RUNS = 50;
    private static final long WARMUP_MESSAGES = 20_000;
    private static final long MEASURED_MESSAGES = 100_000;

    @Test
    void steadyStateMessagePathAllocation()
    {
        for (final String delay : new String[]{"constant:0ns", "uniform:0us,50us"})
        {
            for (int attempt = 0; attempt < 2; attempt++)
            {
                final PingAlgorithm ping = new PingAlgorithm(WARMUP_MESSAGES, MEASURED_MESSAGES);
                final RealtimeRuntime runtime = InMemoryRuntime.builder().threads(1).build();
                final Scenario scenario = Scenario.builder()
                    .algorithm(ping)
                    .nodes(5)
                    .settings(InMemoryRuntimeTest.FAST)
                    .network(NetworkModel.parse(delay))
                    .kind(ScenarioKind.COLD_START)
                    .settleWindowNs(10 * MS)
                    .budgetNs(60_000 * MS)
                    .build();
                final long startNs = System.nanoTime();
                final ElectionResult result = runtime.run(scenario);
                final long wallNs = System.nanoTime() - startNs;
                assertTrue(result.converged(), result.toString());
                System.out.printf("allocation %-17s attempt %d: %d bytes over %,d messages on the worker thread " +
                    "(%,d delivered, %,d timers fired, %d ticks, %.0f ms wall, %,.0f msg/s)%n",
                    delay, attempt, ping.allocatedBytes(), MEASURED_MESSAGES, runtime.deliveredMessages(),
                    runtime.timersFired(), ping.ticks, wallNs / 1e6, runtime.deliveredMessages() / (wallNs / 1e9));
            }
        }
    }

    @Test
    void bullyLeaderCrashConvergenceAndTimerLateness()
    {
        final ElectionSettings fast = InMemoryRuntimeTest.FAST;
        final ElectionSettings defaults = ElectionSettings.defaults();
        final String fastLabel = "fast (HBT 10ms, D 50ms, T_elec 20ms, T_coord 60ms), constant:0";
        final String defaultsLabel = "defaults (HBT 50ms, D 150ms, T_elec 10ms, T_coord 30ms), constant:1ms";
        for (final int nodes : new int[]{5, 17})
        {
            measure(fastLabel, fast, NetworkModel.constant(0), nodes, InMemoryRuntime.create());
            measure(defaultsLabel, defaults, NetworkModel.constant(MS), nodes, InMemoryRuntime.create());
        }
        measure(fastLabel, fast, NetworkModel.constant(0), 17, InMemoryRuntime.builder().threads(2).build());
        measure(fastLabel, fast, NetworkModel.constant(0), 5, InMemoryRuntime.builder().idleMode(IdleMode.BUSY_SPIN).build());
    }

    private static void measure(
        final String label, final ElectionSettings settings, final NetworkModel network, final int nodes, final RealtimeRuntime runtime)
    {
        final Scenario scenario = Scenario.builder()
            .algorithm("bully")
            .nodes(nodes)
            .settings(settings)
            .network(network)
            .kind(ScenarioKind.LEADER_CRASH)
            .seed(42)
            .build();
        final SimRuntime sim = new SimRuntime();
        final long[] convergenceNs = new long[RUNS];
        final long[] simConvergenceNs = new long[RUNS];
        final Histogram lateness = new Histogram(1, RealtimeRuntime.MAX_RECORDED_LATENESS_NS, 3);
        int unconverged = 0;
        int wrongLeader = 0;
        for (int run = 0; run < RUNS; run++)
        {
            final ElectionResult result = runtime.run(scenario.forRun(run));
            lateness.add(runtime.timerLatenessNs());
            unconverged += result.converged() ? 0 : 1;
            wrongLeader += result.wrongLeader() ? 1 : 0;
            convergenceNs[run] = result.convergenceNs();
            simConvergenceNs[run] = sim.run(scenario.forRun(run)).convergenceNs();
        }
        System.out.printf("bully leader-crash n=%d %s, %d runs on %d worker thread(s), %s idle:%n" +
            "  inmemory convergence p50 %.3f ms p99 %.3f ms (unconverged %d, wrong leader %d)%n" +
            "  sim      convergence p50 %.3f ms p99 %.3f ms (same seeds)%n" +
            "  timer lateness p50 %.1f us p99 %.1f us p99.9 %.1f us max %.1f us over %,d timers%n",
            nodes, label, RUNS, runtime.lastWorkerCount(), runtime.idleMode().cliName(),
            percentile(convergenceNs, 50) / 1e6, percentile(convergenceNs, 99) / 1e6, unconverged, wrongLeader,
            percentile(simConvergenceNs, 50) / 1e6, percentile(simConvergenceNs, 99) / 1e6,
            lateness.getValueAtPercentile(50) / 1e3, lateness.getValueAtPercentile(99) / 1e3,
            lateness.getValueAtPercentile(99.9) / 1e3, lateness.getMaxValue() / 1e3, lateness.getTotalCount());
    }

    /** Nearest rank. */
    private static long percentile(final long[] values, final double percent)
    {
        final long[] sorted = values.clone();
        Arrays.sort(sorted);
        final int rank = (int)Math.ceil(percent / 100.0 * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }
}
