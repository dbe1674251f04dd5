package org.electbench.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BadInputTest
{
    @TempDir
    Path temp;

    @Test
    void missingRunFolderIsNamed()
    {
        final Path missing = temp.resolve("nowhere");
        final AnalysisException ex = assertThrows(AnalysisException.class, () -> RunFolders.read(List.of(missing), Declarations::lookup));
        assertEquals(missing + ": no such run folder", ex.getMessage());
    }

    @Test
    void truncatedJmhJsonIsNamedWithItsProblem() throws IOException
    {
        final Path run = SampleRun.create(temp.resolve("run"));
        final Path jmh = run.resolve("jmh.json");
        final String text = Files.readString(jmh);
        Files.writeString(jmh, text.substring(0, text.length() / 2));
        final AnalysisException ex = assertThrows(AnalysisException.class, () -> RunFolders.read(List.of(run), Declarations::lookup));
        assertTrue(ex.getMessage().startsWith(jmh + ": not valid JSON (truncated?)"), ex.getMessage());
    }

    @Test
    void foreignJsonIsNamed() throws IOException
    {
        final Path run = SampleRun.create(temp.resolve("run"));
        Files.writeString(run.resolve("other.json"), "{\"hello\": 1}");
        final AnalysisException ex = assertThrows(AnalysisException.class, () -> RunFolders.read(List.of(run), Declarations::lookup));
        assertTrue(ex.getMessage().startsWith(run.resolve("other.json") + ": foreign JSON"), ex.getMessage());
    }

    @Test
    void jmhArrayWithoutBenchmarksIsForeign() throws IOException
    {
        final Path file = temp.resolve("list.json");
        Files.writeString(file, "[{\"name\": \"x\"}]");
        final AnalysisException ex = assertThrows(AnalysisException.class, () -> JmhResults.read(file));
        assertEquals(file + ": result 0: not a JMH result (needs \"benchmark\" and \"primaryMetric\")", ex.getMessage());
    }

    @Test
    void truncatedHistogramLogIsNamed() throws IOException
    {
        final Path run = SampleRun.create(temp.resolve("run"));
        final Path log = run.resolve(SampleRun.BULLY_LOG);
        final String text = Files.readString(log);
        Files.writeString(log, text.substring(0, text.length() - 30));
        final AnalysisException ex = assertThrows(AnalysisException.class, () -> RunFolders.read(List.of(run), Declarations::lookup));
        assertTrue(ex.getMessage().startsWith(log.toString() + ": "), ex.getMessage());
    }

    @Test
    void foreignHistogramLogIsNamed() throws IOException
    {
        final Path run = SampleRun.create(temp.resolve("run"));
        final Path log = run.resolve(SampleRun.RING_LOG);
        Files.writeString(log, "this is not a histogram log\nat all\n");
        final AnalysisException ex = assertThrows(AnalysisException.class, () -> RunFolders.read(List.of(run), Declarations::lookup));
        assertTrue(ex.getMessage().startsWith(log.toString() + ": "), ex.getMessage());
    }

    @Test
    void failedReadLeavesEarlierOutputWhole() throws IOException
    {
        final Path run = SampleRun.create(temp.resolve("run"));
        ReportWriter.write(RunFolders.read(List.of(run), Declarations::lookup), run.resolve("report"));
        final byte[] index = Files.readAllBytes(run.resolve("report/index.html"));
        Files.writeString(run.resolve("jmh.json"), "[");
        assertThrows(AnalysisException.class, () -> RunFolders.read(List.of(run), Declarations::lookup));
        assertEquals(new String(index), Files.readString(run.resolve("report/index.html")));
        try (var files = Files.list(run.resolve("report")))
        {
            assertTrue(files.noneMatch(file -> file.getFileName().toString().endsWith(".tmp")));
        }
    }
}
