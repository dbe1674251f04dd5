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
 * A default run holds the same cell twice: once on the derived defaults (its benchmark parameters
 * {@code auto}) and again in a sweep of the heartbeat. Each benchmark result must join its own run
 * report's row, never make a row of its own beside it, whatever order the stages' JSON is read in.
 */
final class JmhRowMatchingTest
{
    @TempDir
    Path folder;

    @Test
    void aDefaultsRowBesideASweepOfTheSameCellGivesOneRowPerReport() throws IOException
    {
        report("a", "50ms", 63);
        report("b", "20ms", 60);
        // The defaults stage first: its auto heartbeat agrees with both reports.
        jmh("jmh-1-defaults.json", "auto");
        jmh("jmh-2-sweep.json", "20ms", "50ms");

        final RunData data = RunFolders.read(List.of(folder), name -> null);

        final List<RowKey> rows = data.rows("leader-crash");
        assertEquals(List.of("20ms", "50ms"), rows.stream().map(row -> row.settings().get("heartbeat")).collect(Collectors.toList()),
            "one row per run report, no row from a benchmark's own parameters: " + rows);
        final Column messages = new Column(data.metric("messages"), Column.Statistic.MEAN);
        assertEquals(60.0, data.cell(rows.get(0), messages.id()).value());
        assertEquals(63.0, data.cell(rows.get(1), messages.id()).value());
    }

    private void report(final String name, final String heartbeat, final long messages) throws IOException
    {
        Files.createDirectories(folder.resolve("reports"));
        Files.writeString(folder.resolve("reports/" + name + ".json"),
            "{\"format\":\"electbench-run-report/1\",\"parameters\":{\"algorithm\":\"bully\",\"runtime\":\"sim\",\"nodes\":\"9\"," +
            "\"scenario\":\"leader-crash\",\"heartbeat\":\"" + heartbeat + "\",\"electionTimeout\":\"10ms\",\"seed\":\"1\"}," +
            "\"messageTypes\":[],\"heartbeatType\":0,\"runs\":1000,\"leader\":9,\"paired\":false,\"metrics\":[" +
            "{\"name\":\"messages\",\"unit\":\"msgs\",\"kind\":\"count\",\"description\":\"\",\"runs\":1000,\"samples\":1000," +
            "\"sum\":" + messages * 1000 + ",\"mean\":" + messages + ",\"min\":" + messages + ",\"max\":" + messages + "}]," +
            "\"wallNs\":1}", StandardCharsets.UTF_8);
    }

    private void jmh(final String name, final String... heartbeats) throws IOException
    {
        final StringBuilder json = new StringBuilder("[");
        for (final String heartbeat : heartbeats)
        {
            if (json.length() > 1)
            {
                json.append(',');
            }
            json.append("{\"jmhVersion\":\"1.37\",\"benchmark\":\"org.electbench.bench.ConvergenceBenchmark.elect\",\"mode\":\"ss\",")
                .append("\"threads\":1,\"forks\":0,\"params\":{\"algorithm\":\"bully\",\"coordinatorTimeout\":\"auto\",")
                .append("\"delay\":\"auto\",\"electionTimeout\":\"auto\",\"heartbeat\":\"").append(heartbeat).append("\",")
                .append("\"nodes\":\"9\",\"options\":\"auto\",\"scenario\":\"leader-crash\",\"seed\":\"1\",\"transport\":\"sim\"},")
                .append("\"primaryMetric\":{\"score\":1.0,\"scoreError\":\"NaN\",\"scoreUnit\":\"ms/op\",\"rawData\":[[1.0]]},")
                .append("\"secondaryMetrics\":{\"elections\":{\"score\":50.0,\"scoreError\":\"NaN\",\"scoreUnit\":\"#\",\"rawData\":[[50.0]]},")
                .append("\"messages\":{\"score\":3150.0,\"scoreError\":\"NaN\",\"scoreUnit\":\"#\",\"rawData\":[[3150.0]]}}}");
        }
        Files.writeString(folder.resolve(name), json.append(']').toString(), StandardCharsets.UTF_8);
    }
}
