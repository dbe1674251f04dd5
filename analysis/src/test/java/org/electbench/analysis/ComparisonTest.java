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
        assertEquals(16, comparison.changes().size());
        assertTrue(comparison.marked().isEmpty(), comparison.marked().toString());
        assertTrue(comparison.changes().stream().allMatch(change -> change.ratio() == 1.0));
        assertTrue(comparison.regressionsBeyond(0).isEmpty());
    }

    @Test
    void slowedRowsAreMarkedAndOnlyThey() throws IOException
    {
        final RunData a = RunFolders.read(List.of(SampleRun.create(temp.resolve("a"))), Declarations::lookup);
        final RunData slowed = RunFolders.read(List.of(SampleRun.create(temp.resolve("b"), 1.5, 1.0)), Declarations::lookup);
        final Comparison comparison = Comparison.of(a, slowed, 0.05);
        final Set<String> marked = comparison.marked().stream()
            .map(change -> change.row().algorithm() + " " + change.column().id())
            .collect(Collectors.toCollection(java.util.TreeSet::new));
        assertEquals(Set.of("bully convergence.p50", "bully convergence.p99", "bully convergence.max"), marked);
        final Comparison.Change p50 = comparison.marked().stream().filter(change -> change.column().id().equals("convergence.p50")).findFirst().orElseThrow();
        assertEquals(1.5, p50.ratio(), 0.01);
        assertTrue(p50.regression());
        assertEquals(3, comparison.regressionsBeyond(0.4).size());
        assertTrue(comparison.regressionsBeyond(0.6).isEmpty());
        assertTrue(comparison.markdown("a", "b").contains("| leader-crash | bully | sim | 5 | detect=lowest | convergence p50 (ms) | 50 | 75.04 | 1.501 | **worse** |"),
            comparison.markdown("a", "b"));
    }

    @Test
    void changeWithinTheMediansIntervalIsNotMarked() throws IOException
    {
        final RunData a = RunFolders.read(List.of(SampleRun.create(temp.resolve("a"))), Declarations::lookup);
        final RunData nudged = RunFolders.read(List.of(SampleRun.create(temp.resolve("b"), 1.02, 1.0)), Declarations::lookup);
        final Comparison comparison = Comparison.of(a, nudged, 0.05);
        assertTrue(comparison.marked().isEmpty(), comparison.marked().toString());
    }
}
