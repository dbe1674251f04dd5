package org.electbench.analysis;

import org.electbench.reporting.Cell;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.TreeMap;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Verdicts only where the rows pose the same question: each false verdict the review found,
 * built from known rows, and the same verdict drawn where its premise holds.
 */
class SameQuestionTest
{
    private static final long MS = 1_000_000L;

    private static RowKey row(final String scenario, final String algorithm, final int nodes, final String... settings)
    {
        final TreeMap<String, String> map = new TreeMap<>();
        for (int k = 0; k < settings.length; k += 2)
        {
            map.put(settings[k], settings[k + 1]);
        }
        return new RowKey(scenario, algorithm, nodes, "sim", map);
    }

    /** 1,000 runs spread evenly over 1 ms from {@code fromNs}: a p50 interval a few microseconds wide. */
    private static void times(final RunData data, final RowKey row, final String metric, final long fromNs)
    {
        final Histogram histogram = new Histogram(3);
        for (int k = 0; k < 1_000; k++)
        {
            histogram.recordValue(fromNs + k * 1_000L);
        }
        data.putHistogram(row, new Metric(metric, "ns", Metric.Kind.DISTRIBUTION), histogram);
    }

    private static void messages(final RunData data, final RowKey row, final double perElection)
    {
        data.put(row, new Column(new Metric(Charts.MESSAGES, "messages", Metric.Kind.COUNT), Column.Statistic.MEAN), Cell.of(perElection));
    }

    private static Findings.Pick pick(final RunData data, final String scenario)
    {
        final List<Findings.Pick> picks = Findings.picks(data, scenario);
        assertEquals(1, picks.size(), picks.toString());
        return picks.get(0);
    }

    @Test
    void coldStartPicksTheFastestElectionNotTheShortestStartUpWait()
    {
        final RunData data = new RunData();
        // Bully stands at boot and elects in 11 ms; quorum waits its source's 250 ms and elects in 12; raft elects in 3.
        final RowKey bully = row("cold-start", "bully", 5, Findings.START_UP, "stands at boot");
        final RowKey quorum = row("cold-start", "quorum", 5, Findings.START_UP, "waits 250ms");
        final RowKey raft = row("cold-start", "raft", 5, Findings.START_UP, "waits a random timeout");
        times(data, bully, Charts.CONVERGENCE, 11 * MS);
        times(data, bully, Findings.ELECTION, 11 * MS);
        times(data, quorum, Charts.CONVERGENCE, 262 * MS);
        times(data, quorum, Findings.ELECTION, 12 * MS);
        times(data, raft, Charts.CONVERGENCE, 160 * MS);
        times(data, raft, Findings.ELECTION, 3 * MS);

        final String fastest = pick(data, "cold-start").fastest();
        assertTrue(fastest.startsWith("raft (election p50 3"), fastest);
    }

    @Test
    void withoutStartUpRulesTheFastestIsTheFastestToAgree()
    {
        final RunData data = new RunData();
        times(data, row("leader-crash", "bully", 5), Charts.CONVERGENCE, 11 * MS);
        times(data, row("leader-crash", "raft", 5), Charts.CONVERGENCE, 160 * MS);

        assertTrue(pick(data, "leader-crash").fastest().startsWith("bully (p50 11"), pick(data, "leader-crash").fastest());
    }

    /** Bridge, chained, majorities-ring, switch-failure: convergence is the rejoin after the heal, no failover. */
    @Test
    void noFastestFailoverWhereNoFailoverHappens()
    {
        for (final String incident : List.of("bridge", "chained", "majorities-ring", "switch-failure"))
        {
            final RunData data = new RunData();
            times(data, row(incident, "bully", 5), Charts.CONVERGENCE, 12 * MS);
            times(data, row(incident, "raft", 5, "pre-vote", "off"), Charts.CONVERGENCE, 0);
            times(data, row(incident, "raft", 5, "pre-vote", "on"), Charts.CONVERGENCE, 25 * MS);
            assertTrue(Findings.picks(data, incident).stream().allMatch(pick -> pick.fastest().isEmpty()), incident);
            assertFalse(String.join(" ", Findings.of(data, incident)).contains("fastest"), incident);
        }
    }

    @Test
    void noWinnerFromARowMarkedDistortion()
    {
        final RunData data = new RunData();
        final RowKey ring = row("leader-crash-sweep", "ring", 17, SameQuestion.DISTORTION, "--heartbeat 20ms is not above a lap");
        final RowKey bully = row("leader-crash-sweep", "bully", 17);
        final RowKey raft = row("leader-crash-sweep", "raft", 17);
        messages(data, ring, 17);
        messages(data, bully, 60);
        messages(data, raft, 51);
        times(data, ring, Charts.CONVERGENCE, 1 * MS);
        times(data, bully, Charts.CONVERGENCE, 150 * MS);
        times(data, raft, Charts.CONVERGENCE, 180 * MS);

        final Findings.Pick pick = pick(data, "leader-crash-sweep");
        assertTrue(pick.fewest().startsWith("raft (51"), pick.fewest());
        assertTrue(pick.fastest().startsWith("bully (p50 150"), pick.fastest());
        final String reading = String.join(" ", Findings.of(data, "leader-crash-sweep"));
        assertTrue(reading.contains("left out of every verdict (marked distortion by their own settings): ring"), reading);
        assertTrue(reading.contains("fewest messages to a leader: raft"), reading);
    }

    @Test
    void theSameRowUnmarkedWins()
    {
        final RunData data = new RunData();
        messages(data, row("leader-crash-sweep", "ring", 17), 17);
        messages(data, row("leader-crash-sweep", "raft", 17), 51);

        assertTrue(pick(data, "leader-crash-sweep").fewest().startsWith("ring (17"), pick(data, "leader-crash-sweep").fewest());
    }

    /** Leader crash at n = 65: raft 130.6 ms against bully 136.5 ms and quorum 137.5 ms at their 10 ms default T_elec. */
    private static RunData leaderCrashAt65(final boolean handicapped)
    {
        final RunData data = new RunData();
        final String[] mark = handicapped ? new String[] {SameQuestion.HANDICAP, "T_elec above 2.1ms derived"} : new String[0];
        times(data, row("leader-crash", "bully", 65, mark), Charts.CONVERGENCE, 136 * MS);
        times(data, row("leader-crash", "quorum", 65, mark), Charts.CONVERGENCE, 137 * MS);
        times(data, row("leader-crash", "raft", 65), Charts.CONVERGENCE, 130 * MS);
        return data;
    }

    @Test
    void noFastestOverARowRunAboveTheWaitItsAlgorithmDerives()
    {
        final RunData data = leaderCrashAt65(true);

        assertEquals("no verdict: bully (T_elec above 2.1ms derived), quorum (T_elec above 2.1ms derived) ran a wait every " +
            "election sits through above what the algorithm derives for it", pick(data, "leader-crash").fastest());
        final String reading = String.join(" ", Findings.of(data, "leader-crash"));
        assertTrue(reading.contains("On sim at n = 65, fastest to a leader: no verdict: bully (T_elec above 2.1ms derived), " +
            "quorum (T_elec above 2.1ms derived) ran a wait every election sits through above what the algorithm derives for " +
            "it (convergence p50 raft 130.5 ms"), reading);
    }

    @Test
    void theSameRowsAtTheirDerivedWaitNameTheFastest()
    {
        final RunData data = leaderCrashAt65(false);

        assertEquals("raft (p50 130.5 ms, 95% 130.5–130.5)", pick(data, "leader-crash").fastest());
        assertTrue(String.join(" ", Findings.of(data, "leader-crash")).contains("fastest to a leader: raft, its 95% interval below"));
    }

    @Test
    void aHandicappedRowThatWinsAnywayIsNamed()
    {
        final RunData data = new RunData();
        times(data, row("leader-crash", "bully", 65, SameQuestion.HANDICAP, "T_elec above 2.1ms derived"), Charts.CONVERGENCE, 120 * MS);
        times(data, row("leader-crash", "raft", 65), Charts.CONVERGENCE, 130 * MS);

        assertTrue(pick(data, "leader-crash").fastest().startsWith("bully (p50 120.5 ms"), pick(data, "leader-crash").fastest());
    }

    /** Ring 192 in every run against raft's 246.4 on average but 191 in its best run: no fewest, in the picks and the reading alike. */
    @Test
    void noFewestWhereAnotherRowSentAsFewInSomeRun()
    {
        final RunData data = new RunData();
        final RowKey ring = row("leader-crash", "ring", 65);
        final RowKey raft = row("leader-crash", "raft", 65);
        messages(data, ring, 192);
        messages(data, raft, 246.4);
        data.putRange(raft, Charts.MESSAGES, 191, 700);

        assertEquals("tie within noise: all", pick(data, "leader-crash").fewest());
        final String reading = String.join(" ", Findings.of(data, "leader-crash"));
        assertTrue(reading.contains("fewest messages to a leader: tie within noise: all (per election 192 for ring; raft 246.4)"), reading);

        final RunData fewer = new RunData();
        messages(fewer, ring, 192);
        messages(fewer, raft, 246.4);
        fewer.putRange(raft, Charts.MESSAGES, 193, 700);
        assertEquals("ring (192 per election, fewer in every run)", pick(fewer, "leader-crash").fewest());
        assertTrue(String.join(" ", Findings.of(fewer, "leader-crash")).contains("fewest messages to a leader: ring (192 per election; raft 246.4)"));
    }

    @Test
    void overlappingIntervalsAreATieWithinNoise()
    {
        final RunData data = new RunData();
        // 129.5 ms and 130.7 ms, each spread over 2 ms: their p50 intervals overlap.
        for (final String algorithm : List.of("bully", "raft"))
        {
            final Histogram histogram = new Histogram(3);
            for (int k = 0; k < 1_000; k++)
            {
                histogram.recordValue(("bully".equals(algorithm) ? 128_500_000L : 129_700_000L) + (k % 2 == 0 ? 0 : 2 * MS) + k);
            }
            data.putHistogram(row("leader-crash", algorithm, 65), new Metric(Charts.CONVERGENCE, "ns", Metric.Kind.DISTRIBUTION), histogram);
        }

        assertEquals("tie within noise: all", pick(data, "leader-crash").fastest());
    }

    @Test
    void aCellNamesAtMostThreeEntriesAndAllVariantsOfRaftAsSuch()
    {
        final List<RowKey> rows = List.of(row("chained", "bully", 5), row("chained", "quorum", 5), row("chained", "ring", 5),
            row("chained", "raft", 5, "pre-vote", "off"), row("chained", "raft", 5, "pre-vote", "on"));

        assertEquals("quorum, ring, all variants of raft", SameQuestion.names(rows.subList(1, 5), rows));
        assertEquals("bully, quorum, ring and 1 more", SameQuestion.names(rows.subList(0, 4), rows));
        assertEquals("all", SameQuestion.names(rows, rows));
        assertEquals("raft [pre-vote=on]", SameQuestion.names(rows.subList(4, 5), rows));
    }
}
