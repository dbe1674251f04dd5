package org.electbench.analysis;

import org.electbench.reporting.Table;
import org.electbench.reporting.TableFormat;
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
    void compactMarkdownShowsMediansWithTheirIntervalsAndNoTailFromFewValues() throws IOException
    {
        final RunData data = read();
        final String markdown = TableFormat.MARKDOWN.render(Tables.of(data, "leader-crash"));
        final List<String> lines = markdown.lines().toList();
        assertEquals("### leader-crash", lines.get(0));
        assertTrue(markdown.contains("Settings of every row: detect=lowest"), markdown);
        assertTrue(markdown.contains(org.electbench.transport.metrics.Metrics.MESSAGES_DEFINITION), "the table states what a message is");
        final List<String> header = cells(lines.get(8));
        assertEquals(List.of("algorithm", "transport", "n", "elections", "convergence p50 ms (95% CI)", "convergence p99 ms (95% CI)",
            "messages (msgs)", "safety violations (runs)"), header);
        // Bully: 1..100 ms. The median's 95% interval spans ranks 40 to 61 (50 ± 1.96·√25, widened to whole ranks);
        // 100 values give a p99 but no interval for it (its upper rank falls outside the sample).
        assertEquals(List.of("bully", "sim", "5", "2", "50 (40.01–61.01)", "99.02", "19", "none"), cells(lines.get(10)));
        assertEquals(List.of("ring", "sim", "5", "3", "100 (80.02–122)", "198", "10", "splitBrain 1"), cells(lines.get(11)));
    }

    @Test
    void aRowTheHostMadeLateIsMarkedAndDrawsNoSafetyVerdict() throws IOException
    {
        // The ring row's second run was late on its host: its split brain is then no verdict on the ring.
        final RunData data = withRingCounter("late", "hostLate", 1);
        final String markdown = TableFormat.MARKDOWN.render(Tables.of(data, "leader-crash"));
        assertEquals("MARKED hostLate 1: no verdict (seen: splitBrain 1)", safety(markdown, "ring"), markdown);
        final List<String> reading = Findings.of(data, "leader-crash");
        assertTrue(reading.contains("No safety verdict from rows measured while the machine could not keep its timers (marked): " +
            "ring on sim at n = 5 (1 run)."), reading.toString());
        assertTrue(reading.stream().noneMatch(sentence -> sentence.startsWith("Two leaders at once")), reading.toString());
    }

    @Test
    void aRowSaysHowManyLateRunsItMeasuredAgainAndStaysUnmarked() throws IOException
    {
        // Two of the ring row's attempts were late and measured again with their seeds: the row keeps its verdict.
        final RunData data = withRingCounter("remeasured", "hostRemeasured", 2);
        final String markdown = TableFormat.MARKDOWN.render(Tables.of(data, "leader-crash"));
        assertEquals("splitBrain 1; 2 late runs measured again", safety(markdown, "ring"), markdown);
        assertEquals("none", safety(markdown, "bully"), markdown);
        final List<String> reading = Findings.of(data, "leader-crash");
        assertTrue(reading.contains("Runs the host made late, measured again with the same seed: ring on sim at n = 5 (2 late runs)."),
            reading.toString());
        assertTrue(reading.stream().anyMatch(sentence -> sentence.startsWith("Two leaders at once: ring")), reading.toString());
    }

    /** @return the sample run with a JMH counter added to the ring row's results, beside its one split brain. */
    private RunData withRingCounter(final String folder, final String counter, final int total) throws IOException
    {
        final Path run = temp.resolve(folder);
        SampleRun.create(run);
        final Path jmh = run.resolve("jmh.json");
        final String splitBrain = "\"splitBrain\" : {\n                \"score\" : 1.0,";
        final String added = "\"" + counter + "\" : { \"score\" : " + total + ".0, \"scoreError\" : \"NaN\", \"scoreUnit\" : \"#\", " +
            "\"rawData\" : [ [ 0.0, " + total + ".0, 0.0 ] ] },\n            " + splitBrain;
        Files.writeString(jmh, Files.readString(jmh).replace(splitBrain, added));
        return RunFolders.read(List.of(run), Declarations::lookup);
    }

    private static String safety(final String markdown, final String algorithm)
    {
        final List<String> row = cells(markdown.lines().filter(line -> line.startsWith("| " + algorithm)).findFirst().orElseThrow());
        return row.get(row.size() - 1);
    }

    @Test
    void p99IsLeftEmptyFromFewerThanAHundredElections()
    {
        final Histogram few = new Histogram(3);
        for (int k = 1; k <= 99; k++)
        {
            few.recordValue(k);
        }
        assertEquals(null, Estimate.of(few, 99));
        assertEquals(50.0, Estimate.of(few, 50).value());
        few.recordValue(100);
        assertEquals(99.0, Estimate.of(few, 99).value());
    }

    @Test
    void csvAndJsonHoldEveryColumnInNanosecondsWithTheIntervals() throws IOException
    {
        final RunData data = read();
        final Table table = Tables.of(data, "leader-crash");
        final List<CSVRecord> records = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
            .parse(new StringReader(TableFormat.CSV.render(table))).getRecords();
        assertEquals(2, records.size());
        final Map<String, String> bully = records.get(0).toMap();
        assertEquals("bully", bully.get("algorithm"));
        assertEquals("lowest", bully.get("detect"));
        assertEquals("50003967", bully.get("convergence.p50_ns"));
        assertEquals("40009727", bully.get("convergence.p50.low_ns"));
        assertEquals("61014015", bully.get("convergence.p50.high_ns"));
        assertEquals("99024895", bully.get("convergence.p99_ns"));
        assertEquals("", bully.get("convergence.p99.low_ns"));
        assertEquals("100007935", bully.get("convergence.max_ns"));
        assertEquals("19", bully.get("messages_msgs"));
        assertEquals("2.5", bully.get("ConvergenceBenchmark.election_ms_op"));
        assertEquals("120", bully.get("allocation_B_op"));
        assertEquals("1", records.get(1).toMap().get("splitBrain_runs"));

        final com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(TableFormat.JSON.render(table));
        assertEquals(50003967L, json.path("rows").get(0).path("convergence.p50_ns").asLong());
        assertTrue(json.path("rows").get(0).path("convergence.p99.low_ns").isNull());
        assertEquals(records.get(0).toMap().keySet().size(), json.path("columns").size());
    }

    private static List<String> cells(final String line)
    {
        final String[] parts = line.split("\\|");
        final List<String> cells = new java.util.ArrayList<>();
        for (int i = 1; i < parts.length; i++)
        {
            cells.add(parts[i].trim());
        }
        return cells;
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
        assertEquals(Tables.markdown(first), Files.readString(run.resolve("report/tables.md")));
        final byte[] csv = Files.readAllBytes(run.resolve("report/tables/leader-crash.csv"));
        final byte[] report = Files.readAllBytes(run.resolve("report/report.md"));
        ReportWriter.write(RunFolders.read(List.of(run), Declarations::lookup), run.resolve(RunFolders.REPORT_FOLDER));
        assertEquals(new String(markdown), Files.readString(run.resolve("report/tables/leader-crash.md")));
        assertEquals(new String(csv), Files.readString(run.resolve("report/tables/leader-crash.csv")));
        assertEquals(new String(report), Files.readString(run.resolve("report/report.md")));
        assertTrue(written.contains(run.resolve("report/charts/cdf_leader-crash_bully.png")), written.toString());
        assertTrue(Files.readString(run.resolve("report/tables.md")).contains("Reproduce: `./electbench run --quick`"));
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
