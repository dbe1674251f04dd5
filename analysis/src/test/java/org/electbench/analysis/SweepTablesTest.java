package org.electbench.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A default run sweeps heartbeat × T_elec at n = 9 beside the other sizes on the derived defaults:
 * the scenario's table keeps one row per algorithm and n (n = 9 on the defaults), the sweep gets a
 * table of its own; raft's PreVote variants are no sweep and stay side by side.
 */
final class SweepTablesTest
{
    @TempDir
    Path folder;

    private int files;

    @Test
    void aSweptCellGetsATableOfItsOwnAndKeepsItsDefaultsRowInTheScenarios() throws IOException
    {
        for (final String algorithm : List.of("bully", "ring"))
        {
            report(algorithm, 5, "50ms", "10ms", "");
            report(algorithm, 17, "50ms", "10ms", "");
            // The ring derives a heartbeat above its lap at n = 65, so no setting is one value in every cell.
            report(algorithm, 65, algorithm.equals("ring") ? "75ms" : "50ms", "10ms", "");
            for (final String heartbeat : List.of("20ms", "50ms"))
            {
                for (final String electionTimeout : List.of("5ms", "10ms"))
                {
                    report(algorithm, 9, heartbeat, electionTimeout, "");
                }
            }
        }
        report("raft", 5, "50ms", "10ms", ",\"pre-vote\":\"on\"");
        report("raft", 5, "50ms", "10ms", ",\"pre-vote\":\"off\"");

        final RunData data = RunFolders.read(List.of(folder), name -> null);

        assertEquals(List.of("leader-crash", "leader-crash-sweep"), List.copyOf(data.scenarios()));
        assertEquals(List.of("bully 5", "bully 9 50ms 10ms", "bully 17", "bully 65", "raft 5", "raft 5", "ring 5", "ring 9 50ms 10ms",
            "ring 17", "ring 65"),
            data.rows("leader-crash").stream().map(SweepTablesTest::label).collect(Collectors.toList()));
        assertEquals(8, data.rows("leader-crash-sweep").size());
        final Column messages = new Column(data.metric("messages"), Column.Statistic.MEAN);
        final RowKey swept = data.rows("leader-crash-sweep").stream()
            .filter(row -> row.algorithm().equals("ring") && row.settings().get("heartbeat").equals("20ms") &&
                row.settings().get("electionTimeout").equals("5ms")).findFirst().orElseThrow();
        assertEquals(925.0, data.cell(swept, messages.id()).value(), "the swept row keeps its own figures");
    }

    private static String label(final RowKey row)
    {
        return row.algorithm() + " " + row.nodes() + (row.nodes() == 9 ?
            " " + row.settings().get("heartbeat") + " " + row.settings().get("electionTimeout") : "");
    }

    private void report(final String algorithm, final int nodes, final String heartbeat, final String electionTimeout,
        final String options) throws IOException
    {
        // Messages name the row: n × 100 + the heartbeat's and T_elec's millisecond figures.
        final long messages = nodes * 100L + Long.parseLong(heartbeat.replace("ms", "")) + Long.parseLong(electionTimeout.replace("ms", ""));
        Files.createDirectories(folder.resolve("reports"));
        Files.writeString(folder.resolve("reports/r" + files++ + ".json"),
            "{\"format\":\"electbench-run-report/1\",\"parameters\":{\"algorithm\":\"" + algorithm + "\",\"runtime\":\"sim\"," +
            "\"nodes\":\"" + nodes + "\",\"scenario\":\"leader-crash\",\"heartbeat\":\"" + heartbeat + "\",\"electionTimeout\":\"" +
            electionTimeout + "\",\"seed\":\"1\"" + options + "}," +
            "\"messageTypes\":[],\"heartbeatType\":0,\"runs\":1000,\"leader\":" + nodes + ",\"paired\":false,\"metrics\":[" +
            "{\"name\":\"messages\",\"unit\":\"msgs\",\"kind\":\"count\",\"description\":\"\",\"runs\":1000,\"samples\":1000," +
            "\"sum\":" + messages * 1000 + ",\"mean\":" + messages + ",\"min\":" + messages + ",\"max\":" + messages + "}]," +
            "\"wallNs\":1}", StandardCharsets.UTF_8);
    }
}
