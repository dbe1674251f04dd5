package org.electbench.analysis;

import org.electbench.reporting.Table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReferenceTableTest
{
    @TempDir
    Path folder;

    /** A row of {@code count} failovers, the i-th agreeing after (i + 1) ms and elected 1 ms before. */
    private void row(final String name, final String scenario, final int count, final int staleWrites, final boolean hostLate)
        throws IOException
    {
        final StringBuilder failovers = new StringBuilder();
        for (int i = 0; i < count; i++)
        {
            final long agreedNs = (i + 1) * 1_000_000L;
            failovers.append(i > 0 ? "," : "").append("{\"oldLeader\":3,\"newLeader\":2,\"electedNs\":").append(agreedNs - 1_000_000L)
                .append(",\"agreedNs\":").append(agreedNs).append(",\"stepDownNs\":-1,\"twoLeadersClaimedNs\":").append(i * 1000)
                .append(",\"staleWrites\":").append(0 == i ? staleWrites : 0).append(",\"writes\":10,\"maxLateNs\":0,\"hostLate\":")
                .append(0 == i && hostLate).append('}');
        }
        failovers.append(",{\"oldLeader\":3,\"newLeader\":0,\"electedNs\":-1,\"agreedNs\":-1,\"stepDownNs\":-1,\"twoLeadersClaimedNs\":0," +
            "\"staleWrites\":0,\"writes\":0,\"maxLateNs\":0,\"hostLate\":false}");
        Files.createDirectories(folder.resolve(ReferenceTable.FOLDER));
        Files.writeString(folder.resolve(ReferenceTable.FOLDER).resolve(name + ".json"), "{\"format\":\"" + ReferenceTable.FORMAT +
            "\",\"system\":\"" + name + "\",\"implementation\":\"X 1.0\",\"scenario\":\"" + scenario + "\",\"nodes\":3," +
            "\"settings\":{},\"detectionSilenceNs\":200000000,\"failovers\":[" + failovers + "]}", StandardCharsets.UTF_8);
    }

    @Test
    void percentilesComeFromTheConvergedFailoversAndP99NeedsAHundred() throws IOException
    {
        row("a", "partition", 30, 2, false);
        row("b", "leader-crash", 100, 0, false);
        final Table table = ReferenceTable.table(ReferenceTable.rows(List.of(folder)));
        assertEquals(2, table.rows().size());
        assertEquals(31, table.value(0, "failovers").exact());
        assertEquals(15_000_000L, table.value(0, "agreed.p50_ns").exact());
        assertEquals(27_000_000L, table.value(0, "agreed.p90_ns").exact());
        assertEquals("", table.value(0, "agreed.p99_ns").text());
        assertEquals(30_000_000L, table.value(0, "agreed.max_ns").exact());
        assertEquals(14_000_000L, table.value(0, "elected.p50_ns").exact());
        assertEquals(1, table.value(0, "unconverged").exact());
        assertEquals(2L, table.value(0, "stale_writes").exact());
        assertEquals(29_000L, table.value(0, "two_leaders_claimed.max_ns").exact());
        assertEquals("", table.value(0, "messages").text());
        assertEquals(99_000_000L, table.value(1, "agreed.p99_ns").exact());
        assertEquals("", table.value(1, "two_leaders_claimed.max_ns").text(), "no second leader to claim after a crash");
    }

    @Test
    void aRowSaysItsSettingsWhatTheyWereMatchedToAndHowManyFreshClustersItTook() throws IOException
    {
        row("a", "one-way", 3, 0, false);
        Files.writeString(folder.resolve(ReferenceTable.FOLDER).resolve("b.json"), "{\"format\":\"" + ReferenceTable.FORMAT +
            "\",\"system\":\"b\",\"implementation\":\"X 1.0\",\"scenario\":\"one-way\",\"nodes\":3," +
            "\"settings\":{\"tickTime\":\"50\",\"syncLimit\":\"3\"},\"detectionSilenceNs\":150000000,\"failovers\":[]," +
            "\"matching\":\"D 150ms, HBT 50ms\",\"freshClusters\":2}", StandardCharsets.UTF_8);
        final Table table = ReferenceTable.table(ReferenceTable.rows(List.of(folder)));
        assertEquals("as given", table.value(0, "matched_to").text(), "a row from `reference` says its settings were as given");
        assertEquals(0L, table.value(0, "fresh_clusters").exact());
        assertEquals("syncLimit=3 tickTime=50", table.value(1, "settings").text());
        assertEquals("D 150ms, HBT 50ms", table.value(1, "matched_to").text());
        assertEquals(2L, table.value(1, "fresh_clusters").exact());
    }

    @Test
    void aRowTheHostMadeLateDrawsNoSafetyVerdict() throws IOException
    {
        row("a", "partition", 30, 1, true);
        final Table table = ReferenceTable.table(ReferenceTable.rows(List.of(folder)));
        assertEquals("MARKED hostLate 1: no verdict (seen: 1)", table.value(0, "stale_writes").text());
    }

    @Test
    void aRunFolderOfReferenceRowsOnlyReadsAndItsReportGainsTheTable() throws IOException
    {
        row("zookeeper", "leader-crash", 30, 0, false);
        final RunData data = RunFolders.read(List.of(folder), name -> null);
        assertTrue(data.rows().isEmpty(), "a reference row is not a textbook row");
        final Path out = folder.resolve(RunFolders.REPORT_FOLDER);
        ReportWriter.write(data, out);
        final List<Path> written = ReferenceTable.write(List.of(folder), out);
        assertTrue(written.contains(out.resolve(ReportWriter.TABLES).resolve("reference.csv")), written.toString());
        final String report = Files.readString(out.resolve(ReportWriter.REPORT_MD));
        assertTrue(report.contains("### Reference implementations") && report.contains("| zookeeper"), report);
    }

    @Test
    void aFolderWithoutReferenceRowsAddsNothing() throws IOException
    {
        Files.createDirectories(folder.resolve("reports"));
        assertEquals("", ReferenceTable.markdown(List.of(folder)));
        assertTrue(ReferenceTable.write(List.of(folder), folder.resolve("report")).isEmpty());
    }
}
