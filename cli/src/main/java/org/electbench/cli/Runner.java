package org.electbench.cli;

import java.io.PrintStream;

import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.Scenario;
import org.electbench.transport.Summary;

/**
 * Runs one scenario R times, each run with its own derived seed, and aggregates the results.
 * With many runs and a terminal on stderr, shows a progress line there.
 */
final class Runner
{
    private static final long PROGRESS_EVERY_NS = 250_000_000L;

    private Runner()
    {
    }

    static Report run(final ClusterRuntime runtime, final Scenario scenario, final int runs, final PrintStream progress)
    {
        final Summary summary = new Summary(scenario.algorithm().messageTypes(), scenario.algorithm().heartbeatType());
        final boolean showProgress = runs > 1 && null != progress && null != System.console();
        final long startNs = System.nanoTime();
        long nextProgressNs = startNs + PROGRESS_EVERY_NS;
        for (int run = 0; run < runs; run++)
        {
            summary.add(runtime.run(scenario.forRun(run)));
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
