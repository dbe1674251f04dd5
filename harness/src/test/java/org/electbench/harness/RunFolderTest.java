package org.electbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.electbench.transport.Detectors;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunFolderTest
{
    @TempDir
    Path runs;

    @Test
    void twoRunsInTheSameSecondGetTwoFoldersEachIncompleteUntilDone() throws Exception
    {
        final Environment environment = Environment.capture(1, "./electbench run").with(1, "./electbench run");
        final RunFolder first = RunFolder.create(runs, environment);
        final RunFolder second = RunFolder.create(runs, environment);
        assertNotEquals(first.directory(), second.directory());
        assertTrue(first.directory().getFileName().toString().endsWith("-" + environment.commit()) ||
            first.directory().getFileName().toString().contains("-" + environment.commit()));
        assertFalse(first.isComplete());
        first.complete();
        assertTrue(first.isComplete());
        assertFalse(second.isComplete());
        assertEquals("./electbench run\n", Files.readString(first.directory().resolve(RunFolder.COMMAND)));
        assertEquals(environment, RunReportCodec.readEnvironment(first.directory().resolve(RunFolder.ENVIRONMENT)));
        assertEquals(List.of(first.directory(), second.directory()), RunFolder.list(runs));
    }

    @Test
    void aFileIsNeverOverwrittenAndTheHistogramLogHoldsEveryElection() throws Exception
    {
        final RunFolder folder = RunFolder.create(runs, Environment.capture(1, "test"));
        final Scenario scenario = Scenario.builder().algorithm("quorum").nodes(5).kind(ScenarioKind.LEADER_CRASH)
            .detect(Detectors.ALL).seed(11).build();
        final RunReport report = new SeededRuns().run("sim", scenario, 30, SeededRuns.Progress.NONE)
            .report(Environment.capture(11, "test"));
        final Path firstReport = folder.writeReport(report);
        final Path secondReport = folder.writeReport(report);
        assertNotEquals(firstReport, secondReport);
        assertEquals(report.fileNamePrefix() + ".2.json", secondReport.getFileName().toString());
        assertEquals(report, RunReportCodec.read(firstReport));

        final Path log = folder.writeHistograms(report.fileNamePrefix(), RunFolder.histograms(report), 1_000L, 2_000L);
        final HistogramLogReader reader = new HistogramLogReader(log.toFile());
        int intervals = 0;
        for (Histogram histogram = (Histogram)reader.nextIntervalHistogram(); null != histogram;
            histogram = (Histogram)reader.nextIntervalHistogram())
        {
            intervals++;
            if ("convergence".equals(histogram.getTag()))
            {
                assertEquals(30, histogram.getTotalCount());
                assertEquals(report.metric("convergence").max(), histogram.getMaxValue(), report.metric("convergence").max() / 500.0);
            }
        }
        // One interval per distribution the report holds a histogram of (convergence, detection, election, unavailability,
        // stableLeader...), an empty one too.
        final long distributions = report.metrics().stream()
            .filter(metric -> null != metric.decodeHistogram()).count();
        assertTrue(distributions >= 4, report.metrics().toString());
        assertEquals(distributions, intervals, Files.readString(log, StandardCharsets.UTF_8));
        try (var leftovers = Files.list(log.getParent()))
        {
            assertEquals(List.of(log), leftovers.toList(), "no temporary file left beside the log");
        }
    }
}
