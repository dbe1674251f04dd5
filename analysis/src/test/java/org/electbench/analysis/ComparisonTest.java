package org.electbench.analysis;

import org.electbench.reporting.TableFormat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonTest
{
    @TempDir
    Path temp;

    @Test
    void runComparedWithItselfMarksNothing() throws IOException
    {
        final RunData a = RunFolders.read(List.of(SampleRun.create(temp.resolve("a"))), Declarations::lookup);
        final RunData again = RunFolders.read(List.of(SampleRun.create(temp.resolve("a-again"))), Declarations::lookup);
        final Comparison comparison = Comparison.of(a, again, 0.05);
        // Per row: convergence p50 (its interval from 100 values), messages, splitBrain, JMH's score and allocation. The
        // p99 of 100 values has no interval and the maximum is one value: neither is compared; nor is the sample count.
        assertEquals(10, comparison.changes().size());
        assertTrue(comparison.marked().isEmpty(), comparison.marked().toString());
        assertTrue(comparison.changes().stream().allMatch(change -> change.ratio() == 1.0));
        assertTrue(comparison.regressionsBeyond(0).isEmpty());
    }

    @Test
    void slowedRowsAreMarkedAndOnlyThey() throws IOException
    {
        final RunData a = RunFolders.read(List.of(SampleRun.create(temp.resolve("a"))), Declarations::lookup);
        final RunData slowed = RunFolders.read(List.of(SampleRun.create(temp.resolve("b"), 2.0, 1.0)), Declarations::lookup);
        final Comparison comparison = Comparison.of(a, slowed, 0.05);
        final Set<String> marked = comparison.marked().stream()
            .map(change -> change.row().algorithm() + " " + change.column().id())
            .collect(Collectors.toCollection(java.util.TreeSet::new));
        assertEquals(Set.of("bully convergence.p50"), marked);
        final Comparison.Change p50 = comparison.marked().get(0);
        assertEquals(2.0, p50.ratio(), 0.01);
        assertTrue(p50.regression());
        assertEquals(100, p50.samplesA());
        assertEquals(1, comparison.regressionsBeyond(0.9).size());
        assertTrue(comparison.regressionsBeyond(1.1).isEmpty());
        final String markdown = comparison.markdown("a", "b");
        assertTrue(markdown.lines().anyMatch(line -> line.matches(
            "\\| leader-crash +\\| bully +\\| sim +\\| +5 \\| detect=lowest \\| convergence.p50 +\\| +50 \\(40.01–61.01\\) \\| +100 \\(80.02–122\\) \\| +100 \\| +100 \\| +2.000 \\| worse +\\|")),
            markdown);
    }

    @Test
    void aSlowdownWhoseIntervalsOverlapIsNotMarked() throws IOException
    {
        final RunData a = RunFolders.read(List.of(SampleRun.create(temp.resolve("a"))), Declarations::lookup);
        final RunData slowed = RunFolders.read(List.of(SampleRun.create(temp.resolve("b"), 1.2, 1.0)), Declarations::lookup);
        assertTrue(Comparison.of(a, slowed, 0.05).marked().isEmpty());
    }

    @Test
    void changeWithinTheMediansIntervalIsNotMarked() throws IOException
    {
        final RunData a = RunFolders.read(List.of(SampleRun.create(temp.resolve("a"))), Declarations::lookup);
        final RunData nudged = RunFolders.read(List.of(SampleRun.create(temp.resolve("b"), 1.02, 1.0)), Declarations::lookup);
        final Comparison comparison = Comparison.of(a, nudged, 0.05);
        assertTrue(comparison.marked().isEmpty(), comparison.marked().toString());
    }

    @Test
    void oneViolationInTenIsWithinTheNoiseOfNoneButHalfOfAThousandIsNot()
    {
        final double[] none = Comparison.wilson(0, 10);
        final double[] one = Comparison.wilson(1, 10);
        assertTrue(one[0] < none[1], "1 in 10 against 0 in 10 overlaps");
        assertEquals(0.0, none[0]);
        // 0.2775 is the published upper end of the Wilson interval for 0 of 10.
        assertEquals(0.2775, none[1], 1e-4);
        final double[] half = Comparison.wilson(500, 1000);
        assertTrue(half[0] > Comparison.wilson(0, 1000)[1]);
    }

    @Test
    void theSummaryLeadsAndUnchangedFiguresAreListedOnlyOnRequest() throws IOException
    {
        final RunData a = RunFolders.read(List.of(SampleRun.create(temp.resolve("a"))), Declarations::lookup);
        final RunData slowed = RunFolders.read(List.of(SampleRun.create(temp.resolve("b"), 2.0, 1.0)), Declarations::lookup);
        final Comparison comparison = Comparison.of(a, slowed, 0.05);
        final String changed = comparison.markdown("a", "b", false);
        assertTrue(changed.contains("10 figures compared: 1 changed beyond the runs' noise, 1 for the worse, 0 for the better."), changed);
        assertTrue(changed.indexOf("figures compared") < changed.indexOf("| scenario"), "the summary leads: " + changed);
        assertEquals(1, changed.lines().filter(line -> line.startsWith("| leader-crash")).count(), changed);
        assertEquals(10, comparison.markdown("a", "b", true).lines().filter(line -> line.startsWith("| leader-crash")).count());
        final String json = TableFormat.JSON.render(comparison.table("a", "b", false));
        assertTrue(json.contains("\"aLow\"") && json.contains("\"bHigh\""), "the intervals' ends in the JSON: " + json);
        final RunData again = RunFolders.read(List.of(SampleRun.create(temp.resolve("c"))), Declarations::lookup);
        assertTrue(Comparison.of(a, again, 0.05).markdown("a", "c", false).contains("Nothing changed beyond the runs' noise"));
    }

    @Test
    void aRealTransportRegressionIsHowFarBsIntervalLiesBeyondAs() throws IOException
    {
        final RunData a = RunFolders.read(List.of(SampleRun.create(temp.resolve("a"))), Declarations::lookup);
        final RunData slowed = RunFolders.read(List.of(SampleRun.create(temp.resolve("b"), 2.0, 1.0)), Declarations::lookup);
        final Comparison.Change simulated = Comparison.of(a, slowed, 0.05).marked().get(0);
        assertEquals(1.0, simulated.worseBy(), 0.01, "the simulator's rows: the ratio");
        final RowKey onInmemory = new RowKey(simulated.row().scenario(), simulated.row().algorithm(), simulated.row().nodes(),
            "inmemory", simulated.row().settings());
        final Comparison.Change real = new Comparison.Change(onInmemory, simulated.column(), simulated.a(), simulated.b(),
            simulated.ratio(), true, true, 30, 30, simulated.rangeA(), simulated.rangeB());
        // B's low end 80.02 against A's high end 61.01: 31% worse, where the medians say 100%.
        assertEquals(80.02 / 61.01 - 1, real.worseBy(), 0.01);
    }
}
