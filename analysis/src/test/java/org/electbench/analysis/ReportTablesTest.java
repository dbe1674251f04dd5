package org.electbench.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportTablesTest
{
    @TempDir
    Path temp;

    @Test
    void jmhReaderReadsBothGcProfilerSpellingsAndTextualNaN() throws IOException
    {
        final List<JmhResult> results = JmhResults.read(SampleRun.create(temp).resolve("jmh.json"));
        assertEquals(2, results.size());
        final JmhResult bully = results.get(0);
        assertEquals("ConvergenceBenchmark.election", bully.shortName());
        assertEquals("bully", bully.params().get("algorithm"));
        assertEquals(2.5, bully.primary().score());
        assertEquals(0.25, bully.primary().error());
        assertEquals("ms/op", bully.primary().unit());
        assertEquals(120.0, bully.secondary().get("gc.alloc.rate.norm").score());
        assertTrue(Double.isNaN(bully.secondary().get("gc.alloc.rate.norm").error()));
        assertEquals(38.0, bully.secondary().get("messages").total());
        final JmhResult ring = results.get(1);
        assertEquals(0.5, ring.secondary().get("gc.alloc.rate.norm").score());
        assertEquals(0.125, ring.secondary().get("gc.alloc.rate.norm").error());
        assertTrue(Double.isNaN(ring.primary().error()));
    }

    @Test
    void markdownCellsComeFromTheJmhJsonAndTheHistogramLog() throws IOException
    {
        final RunData data = read();
        final String markdown = TableFormat.MARKDOWN.newWriter().write(data, ScenarioTable.of(data, "leader-crash"), "");
        final List<String> lines = markdown.lines().toList();
        assertEquals("### leader-crash", lines.get(0));
        assertTrue(markdown.contains("Settings of every row: detect=lowest"), markdown);
        assertEquals("| algorithm | transport | n | convergence p50 (ms) | convergence p99 (ms) | convergence max (ms) | messages (msgs) | " +
            "splitBrain (runs) | ConvergenceBenchmark.election (ms/op) | allocation (B/op) | elections |", lines.get(4));
        // Bully: 1..100 ms, so p50 50 ms, p99 99 ms, max 100 ms (to HdrHistogram's 3 digits);
        // 38 messages over 2 elections; 2.5 ± 0.25 ms/op; 120 B/op.
        assertEquals("| bully | sim | 5 | 50 | 99.02 | 100 | 19 | 0 | 2.5 ± 0.25 | 120 | 2 |", lines.get(6));
        // Ring: 2..200 ms; 30 messages over 3 elections; one run with two leaders.
        assertEquals("| ring | sim | 5 | 100 | 198 | 200 | 10 | 1 | 4 | 0.5 ± 0.125 | 3 |", lines.get(7));
    }

    @Test
    void csvCellsKeepNanosecondsAndTheErrors() throws IOException
    {
        final RunData data = read();
        final String csv = TableFormat.CSV.newWriter().write(data, ScenarioTable.of(data, "leader-crash"), "");
        final List<CSVRecord> records = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
            .parse(new StringReader(csv)).getRecords();
        assertEquals(2, records.size());
        final Map<String, String> bully = records.get(0).toMap();
        assertEquals("bully", bully.get("algorithm"));
        assertEquals("lowest", bully.get("detect"));
        assertEquals("50003967", bully.get("convergence.p50_ns"));
        assertEquals("99024895", bully.get("convergence.p99_ns"));
        assertEquals("100007935", bully.get("convergence.max_ns"));
        // The 95% interval of a median of 100 values spans ranks 41 to 60: 41 ms to 60 ms.
        assertEquals("9502720", bully.get("convergence.p50_ns.error"));
        assertEquals("19", bully.get("messages_msgs"));
        assertEquals("2.5", bully.get("ConvergenceBenchmark.election_ms_op"));
        assertEquals("0.25", bully.get("ConvergenceBenchmark.election_ms_op.error"));
        assertEquals("120", bully.get("allocation_B_op"));
        assertEquals("", bully.get("allocation_B_op.error"));
        final Map<String, String> ring = records.get(1).toMap();
        assertEquals("1", ring.get("splitBrain_runs"));
        assertEquals("0.125", ring.get("allocation_B_op.error"));
    }

    @Test
    void percentilePointsFollowTheHistogram() throws IOException
    {
        final Histogram bully = read().histogram(read().rows("leader-crash").get(0), "convergence");
        final List<PercentilePoint> points = PercentilePoint.of(bully);
        assertEquals(new PercentilePoint(0.0, 1_000_447), points.get(0));
        assertTrue(points.contains(new PercentilePoint(50.0, 50_003_967)), points.toString());
        assertTrue(points.contains(new PercentilePoint(90.0, 90_046_463)), points.toString());
        assertEquals(new PercentilePoint(100.0, 100_007_935), points.get(points.size() - 1));
        for (int i = 1; i < points.size(); i++)
        {
            assertTrue(points.get(i).percentile() > points.get(i - 1).percentile());
            assertTrue(points.get(i).value() >= points.get(i - 1).value());
        }
        assertEquals(10.0, new PercentilePoint(90.0, 0).tailPosition(100), 1e-9);
        assertEquals(100.0, new PercentilePoint(100.0, 0).tailPosition(100), 1e-9);
    }

    @Test
    void sameFolderGivesByteIdenticalTables() throws IOException
    {
        final Path run = SampleRun.create(temp.resolve("run"));
        final RunData first = RunFolders.read(List.of(run), Declarations::lookup);
        final List<Path> written = ReportWriter.write(first, run.resolve(RunFolders.REPORT_FOLDER));
        final byte[] markdown = Files.readAllBytes(run.resolve("report/tables/leader-crash.md"));
        final byte[] csv = Files.readAllBytes(run.resolve("report/tables/leader-crash.csv"));
        final byte[] report = Files.readAllBytes(run.resolve("report/report.md"));
        ReportWriter.write(RunFolders.read(List.of(run), Declarations::lookup), run.resolve(RunFolders.REPORT_FOLDER));
        assertEquals(new String(markdown), Files.readString(run.resolve("report/tables/leader-crash.md")));
        assertEquals(new String(csv), Files.readString(run.resolve("report/tables/leader-crash.csv")));
        assertEquals(new String(report), Files.readString(run.resolve("report/report.md")));
        assertTrue(written.contains(run.resolve("report/charts/cdf_leader-crash_bully.svg")), written.toString());
        assertTrue(new String(markdown).contains("Reproduce: `./electbench run --quick`"));
    }

    private RunData read() throws IOException
    {
        final Path run = temp.resolve("run");
        if (!Files.exists(run))
        {
            SampleRun.create(run);
        }
        return RunFolders.read(List.of(run), Declarations::lookup);
    }
}
