package org.electbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.electbench.harness.RunFolder;
import org.electbench.sim.SimRuntime;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ElectionRecorderTest
{
    @TempDir
    Path temp;

    @AfterEach
    void forgetTheFolder()
    {
        System.clearProperty(RunFolder.PROPERTY);
    }

    @Test
    void aSimulatorCellTheFolderHoldsAlreadyIsNotWrittenTwice() throws IOException
    {
        System.setProperty(RunFolder.PROPERTY, temp.toString());
        final Scenario scenario = Scenario.builder().algorithm("ring").nodes(5).kind(ScenarioKind.LEADER_CRASH).seed(1).build();
        // The main grid's cell, then a sweep's default point with the same parameters: one report, one log of 4 elections.
        record(scenario, 4);
        record(scenario, 4);
        final List<String> reports = stems("reports");
        assertEquals(1, reports.size(), reports.toString());
        assertEquals(reports, stems("histograms"));
    }

    private static void record(final Scenario base, final int elections)
    {
        final ElectionRecorder recorder = new ElectionRecorder(base, "sim", elections);
        try (SimRuntime sim = new SimRuntime())
        {
            for (int run = 0; run < elections; run++)
            {
                final Scenario thisRun = base.forRun(run);
                recorder.record(thisRun, sim.run(thisRun), sim, new ElectionCounters());
            }
        }
        recorder.finish();
    }

    private List<String> stems(final String folder) throws IOException
    {
        try (Stream<Path> files = Files.list(temp.resolve(folder)))
        {
            return files.map(file -> file.getFileName().toString().replaceFirst("\\.(json|hlog)$", "")).sorted().toList();
        }
    }
}
