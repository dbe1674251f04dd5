package org.electbench.cli;

import java.io.PrintStream;

import org.electbench.sim.SimRuntime;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.Summary;

/**
 * Runs one scenario R times, each run with its own derived seed, and aggregates the results.
 * With many runs and a terminal on stderr, shows a progress line there.
 * <p>
 * On a real-clock runtime each run also gets a floor: the simulator runs the identical scenario
 * (same seed, faults and network model) with the runtime's measured one-way latency added to
 * every modelled delay, so the floor is the protocol's own timers plus its message hops at what
 * the transport really costs; the run's overhead is its convergence time less that floor, the
 * price of the host (scheduling, idle parking, timer lateness). With a random delay model or loss,
 * the simulator draws its own delays and losses from the seed, so floor and overhead are per-run
 * samples that are meaningful in aggregate; with constant delay and no loss they pair exactly.
 */
final class Runner
{
    private static final long PROGRESS_EVERY_NS = 250_000_000L;

    static final String SIM = "sim";

    private Runner()
    {
    }

    private static void addFloor(
        final Summary summary, final SimRuntime floorRuntime, final Scenario scenario, final ElectionResult result, final long latencyNs)
    {
        summary.addOneWayLatency(latencyNs);
        final NetworkModel network = scenario.network();
        final NetworkModel withLatency = NetworkModel.of(network.delay().plusNs(latencyNs))
            .withLoss(network.lossProbability())
            .withFifo(network.fifo());
        final ElectionResult floor = floorRuntime.run(scenario.toBuilder().network(withLatency).build());
        if (result.converged() && floor.converged())
        {
            summary.addFloor(floor.convergenceNs(), result.convergenceNs() - floor.convergenceNs());
        }
    }

    static Report run(final ClusterRuntime runtime, final Scenario scenario, final int runs, final PrintStream progress)
    {
        return run(runtime, scenario, runs, runtime.defaultWarmupRuns(), progress);
    }

    /**
     * @param warmupRuns runs made first and discarded (their seeds are not those of the measured
     *                   runs), so the measured ones do not carry JIT compilation and first connections.
     */
    static Report run(final ClusterRuntime runtime, final Scenario scenario, final int runs, final int warmupRuns, final PrintStream progress)
    {
        for (int run = 0; run < warmupRuns; run++)
        {
            runtime.run(scenario.forRun(-1 - run));
        }
        final Summary summary = new Summary(scenario.algorithm().messageTypes(), scenario.algorithm().heartbeatType());
        final boolean showProgress = runs > 1 && null != progress && null != System.console();
        final SimRuntime floorRuntime = SIM.equals(runtime.name()) ? null : new SimRuntime();
        final long startNs = System.nanoTime();
        long nextProgressNs = startNs + PROGRESS_EVERY_NS;
        for (int run = 0; run < runs; run++)
        {
            final Scenario thisRun = scenario.forRun(run);
            final ElectionResult result = runtime.run(thisRun);
            summary.add(result);
            summary.addTimerLateness(runtime.timerLatenessSamplesNs());
            if (null != floorRuntime)
            {
                addFloor(summary, floorRuntime, thisRun, result, runtime.oneWayLatencyNs());
            }
            if (showProgress && System.nanoTime() - nextProgressNs >= 0)
            {
                progress.printf("\r%s: run %d/%d", scenario, run + 1, runs);
                progress.flush();
                nextProgressNs = System.nanoTime() + PROGRESS_EVERY_NS;
            }
        }
        final long wallNs = System.nanoTime() - startNs;
        if (showProgress)
        {
            progress.print("\r\033[K");
            progress.flush();
        }
        return new Report(scenario, runtime.name(), summary, wallNs);
    }
}
