package org.electbench.analysis;

import org.electbench.reporting.ChartImage;
import org.electbench.reporting.NamedChart;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The trend over two run folders of different commits: a point per commit, in run order, from each commit's own figures. */
class TrendTest
{
    @TempDir
    Path temp;

    private Path run(final String name, final String commit, final String started, final double slowdown) throws Exception
    {
        final Path folder = SampleRun.create(temp.resolve(name), slowdown, slowdown);
        Files.writeString(folder.resolve("environment.json"), "{\"javaVersion\":\"17\",\"cores\":2,\"os\":\"Linux\",\"commit\":\"" + commit +
            "\",\"seed\":1,\"startedUtc\":\"" + started + "\"}", StandardCharsets.UTF_8);
        return folder;
    }

    @Test
    void aPointPerCommitInRunOrderFromEachCommitsOwnElections() throws Exception
    {
        // Given newest first: the trend still runs in the order the runs were made.
        final Path later = run("later", "bbbbbbb", "2026-11-26T10:00:00Z", 2.0);
        final Path earlier = run("earlier", "aaaaaaa", "2026-11-25T10:00:00Z", 1.0);
        final RunData data = RunFolders.read(List.of(later, earlier), Declarations::lookup);

        assertEquals(List.of("aaaaaaa", "bbbbbbb"), data.commits().stream().map(RunData.Commit::commit).toList());
        final Trend.Cell cell = Trend.cell(data.commits());
        assertEquals(new Trend.Cell("leader-crash", "sim", 5), cell);
        final SortedMap<Integer, Trend.Point> bully = Trend.series(data.commits(), cell, "p50").get("bully");
        // bully's 100 elections at 1 … 100 ms, then twice as slow: p50 50 ms, then 100 ms, each with its interval around it.
        assertEquals(50.0, bully.get(0).value(), 0.1);
        assertEquals(100.0, bully.get(1).value(), 0.2);
        assertTrue(bully.get(0).low() < 50 && bully.get(0).high() > 50 && bully.get(0).high() < bully.get(1).low(),
            "the intervals hold their p50s and separate: " + bully);
        final SortedMap<Integer, Trend.Point> ringP99 = Trend.series(data.commits(), cell, "p99").get("ring");
        assertEquals(2 * 99.0, ringP99.get(0).value(), 0.3);
        assertEquals(4 * 99.0, ringP99.get(1).value(), 0.6);

        final NamedChart chart = Trend.chart(data);
        assertNotNull(chart);
        assertEquals(3, chart.panels().size());
        assertTrue(chart.notes().get(0).contains("1 = aaaaaaa") && chart.notes().get(0).contains("2 = bbbbbbb"), chart.notes().toString());
        ChartImage.image(chart, List.of());
        assertEquals(List.of("aaaaaaa", "bbbbbbb"), ChartLayout.labels(ChartLayout.xAxis(chart.chart())).stream().map(ChartLayout.Label::text).toList());
        chart.panels().forEach(panel -> assertEquals(List.of(), ChartLayout.problems("trend " + panel.getTitle(), panel)));
    }

    @Test
    void oneCommitHasNoTrend() throws Exception
    {
        final Path a = run("a", "aaaaaaa", "2026-11-25T10:00:00Z", 1.0);
        final Path b = run("b", "aaaaaaa", "2026-11-25T11:00:00Z", 1.0);
        final RunData data = RunFolders.read(List.of(a, b), Declarations::lookup);

        assertEquals(List.of(), data.commits());
        assertEquals(null, Trend.chart(data));
    }
}
