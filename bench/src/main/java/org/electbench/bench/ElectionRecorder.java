package org.electbench.bench;

import java.io.IOException;
import java.io.UncheckedIOException;

import org.electbench.harness.Environment;
import org.electbench.harness.JmhStages;
import org.electbench.harness.RunFolder;
import org.electbench.harness.RunReport;
import org.electbench.harness.RuntimeRegistry;
import org.electbench.harness.SeededRuns;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.RunTiming;
import org.electbench.transport.Scenario;
import org.electbench.transport.Summary;
import org.electbench.transport.metrics.Sample;

/**
 * What a benchmark keeps of its elections beyond JMH's score: every measured election's metrics
 * in a {@link Summary} (so tails and CDFs come from every election), paired with the simulator's
 * floor on a real-clock runtime, and at the end of the trial a run report and a histogram log
 * in the run folder {@code ./electbench run} names through {@value RunFolder#PROPERTY}.
 */
final class ElectionRecorder
{
    /** The system property {@code ./electbench run} sets to the command that made the run. */
    static final String COMMAND_PROPERTY = JmhStages.COMMAND_PROPERTY;

    private final Scenario scenario;
    private final String runtimeName;
    private final Summary summary;
    private final ClusterRuntime floorRuntime;
    private final long startMs = System.currentTimeMillis();
    private final long startNs = System.nanoTime();

    ElectionRecorder(final Scenario scenario, final String runtimeName)
    {
        this.scenario = scenario;
        this.runtimeName = runtimeName;
        summary = new Summary(scenario.algorithm().messageTypes(), scenario.algorithm().heartbeatType());
        final RuntimeRegistry registry = RuntimeRegistry.instance();
        floorRuntime = registry.get(runtimeName).realClock() ?
            registry.get(new SeededRuns(registry).floorRuntimeName()).newRuntime() : null;
    }

    /**
     * Records one measured election, paired with its floor on a real-clock runtime.
     *
     * @param run       the scenario that ran.
     * @param result    what it measured.
     * @param latencyNs the runtime's one-way latency for the run.
     * @param latenessNs every timer's lateness in the run (none on the simulator).
     * @param timing    how well the host kept the run's timing.
     * @param counters  the benchmark's counters, given the floor's metrics.
     */
    void record(final Scenario run, final ElectionResult result, final long latencyNs, final long[] latenessNs, final RunTiming timing,
        final ElectionCounters counters)
    {
        if (null == floorRuntime)
        {
            summary.add(Sample.of(result));
            return;
        }
        final Sample sample = SeededRuns.pair(floorRuntime, run, result, latencyNs, timing);
        summary.add(sample);
        summary.addTimerLateness(latenessNs);
        counters.add(sample, true);
    }

    /** Writes the report and histogram log when a run folder was named; closes the floor's runtime. */
    void finish()
    {
        if (null != floorRuntime)
        {
            floorRuntime.close();
        }
        final RunFolder folder = RunFolder.fromSystemProperty();
        if (null == folder || 0 == summary.runs())
        {
            return;
        }
        final RunReport report = RunReport.of(scenario, runtimeName, summary,
            Environment.capture(scenario.seed(), System.getProperty(COMMAND_PROPERTY, "java -jar bench/target/benchmarks.jar")),
            System.nanoTime() - startNs);
        try
        {
            folder.writeReport(report);
            folder.writeHistograms(report.fileNamePrefix(), RunFolder.histograms(report), startMs, System.currentTimeMillis());
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }
}
