package org.electbench.analysis;

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
            "\\| leader-crash +\\| bully +\\| sim +\\| +5 \\| detect=lowest \\| convergence.p50 +\\| +50 ± 10.5 \\| +100 ± 21 \\| +100 \\| +100 \\| +2.000 \\| worse +\\|")),
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
}
