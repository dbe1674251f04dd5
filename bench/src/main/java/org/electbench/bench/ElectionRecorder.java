package org.electbench.bench;

import java.io.IOException;
import java.io.UncheckedIOException;

import org.electbench.harness.Environment;
import org.electbench.harness.JmhStages;
import org.electbench.harness.LateRuns;
import org.electbench.harness.RunFolder;
import org.electbench.harness.RunReport;
import org.electbench.harness.RuntimeRegistry;
import org.electbench.harness.SeededRuns;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.Scenario;
import org.electbench.transport.Summary;
import org.electbench.transport.YoungGeneration;
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
    private final LateRuns lateRuns;
    private final long startMs = System.currentTimeMillis();
    private final long startNs = System.nanoTime();

    /** @param runs the elections the trial measures: a tenth of them may be measured again when late ({@link LateRuns}). */
    ElectionRecorder(final Scenario scenario, final String runtimeName, final int runs)
    {
        lateRuns = new LateRuns(runs);
        this.scenario = scenario;
        this.runtimeName = runtimeName;
        summary = new Summary(scenario.algorithm().messageTypes(), scenario.algorithm().heartbeatType());
        final RuntimeRegistry registry = RuntimeRegistry.instance();
        floorRuntime = registry.get(runtimeName).realClock() ?
            registry.get(new SeededRuns(registry).floorRuntimeName()).newRuntime() : null;
    }

    /**
     * Records one measured election, paired with its floor on a real-clock runtime. An election
     * the host made late is run again with its seed, outside JMH's timing, while the trial's
     * allowance lasts ({@link LateRuns}): JMH's score times the first attempt, the report and
     * counters hold the attempt kept.
     *
     * @param run      the scenario that ran.
     * @param result   what it measured.
     * @param runtime  the runtime it ran on, for its timing and to measure the seed again.
     * @param counters the benchmark's counters, given the attempt kept.
     */
    void record(final Scenario run, final ElectionResult result, final ClusterRuntime runtime, final ElectionCounters counters)
    {
        if (null == floorRuntime)
        {
            summary.add(Sample.of(result));
            counters.add(Sample.of(result), false);
            return;
        }
        final Sample sample = lateRuns.keep(paired(run, result, runtime), () ->
        {
            YoungGeneration.makeRoom();
            return paired(run, runtime.run(run), runtime);
        });
        summary.add(sample);
        counters.add(sample, false);
        summary.addTimerLateness(runtime.timerLatenessSamplesNs());
        counters.add(sample, true);
    }

    private Sample paired(final Scenario run, final ElectionResult result, final ClusterRuntime runtime)
    {
        return SeededRuns.pair(floorRuntime, run, result, runtime.oneWayLatencyNs(), runtime.lastRunTiming());
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
        if (null == floorRuntime && folder.hasReport(report.fileNamePrefix()))
        {
            // The simulator is deterministic: a grid point another stage measured (a sweep's default point is the main
            // grid's cell) gave these very elections. A second report of the row would double its histograms.
            return;
        }
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
