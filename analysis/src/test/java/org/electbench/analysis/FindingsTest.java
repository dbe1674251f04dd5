package org.electbench.analysis;

import org.electbench.reporting.Cell;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.TreeMap;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The generated reading compares like with like. */
class FindingsTest
{
    private static final long MS = 1_000_000L;

    private static void row(final RunData data, final String algorithm, final String startUp, final long waitNs, final long electionNs)
    {
        final TreeMap<String, String> settings = new TreeMap<>();
        settings.put(Findings.START_UP, startUp);
        final RowKey row = new RowKey("cold-start", algorithm, 5, "sim", settings);
        final Histogram convergence = new Histogram(3);
        final Histogram election = new Histogram(3);
        for (int k = 0; k < 200; k++)
        {
            convergence.recordValue(waitNs + electionNs + k * 1_000L);
            election.recordValue(electionNs + k * 1_000L);
        }
        data.putHistogram(row, new Metric(Charts.CONVERGENCE, "ns", Metric.Kind.DISTRIBUTION), convergence);
        data.putHistogram(row, new Metric(Findings.ELECTION, "ns", Metric.Kind.DISTRIBUTION), election);
    }

    private static void disturbed(final RunData data, final String algorithm, final String options, final double changes,
        final double availabilityPerMille)
    {
        final TreeMap<String, String> settings = new TreeMap<>();
        if (!options.isEmpty())
        {
            settings.put("options", options);
        }
        final RowKey row = new RowKey("chained", algorithm, 5, "sim", settings);
        data.put(row, new Column(new Metric(Findings.LEADER_CHANGES, "events", Metric.Kind.COUNT), Column.Statistic.MEAN),
            Cell.of(changes));
        data.put(row, new Column(new Metric(Findings.AVAILABILITY, "permille", Metric.Kind.MEAN), Column.Statistic.MAX),
            Cell.of(availabilityPerMille));
    }

    @Test
    void chainedIsReadAsPlainRaftNeverSettlingAndPreVoteKeepingItsLeader()
    {
        final RunData data = new RunData();
        disturbed(data, "raft", "", 23.8, 992);
        disturbed(data, "raft", "pre-vote:on+check-quorum:on", 0, 1000);
        disturbed(data, "quorum", "", 1, 962);
        data.putMean(new RowKey("chained", "quorum", 5, "sim", new TreeMap<>()), Findings.AVAILABILITY, 930.5);
        final String reading = String.join(" ", Findings.of(data, "chained"));
        assertTrue(reading.contains("raft [") && reading.contains("never settles, changing leader 23.8 times (a majority leader 99.2 %"),
            reading);
        assertTrue(reading.contains("pre-vote:on+check-quorum:on] keeps the leader of before throughout (a majority leader 100 %"),
            reading);
        assertTrue(reading.contains("quorum settles after 1 leader change (a majority leader 93.05 % of the time on average, 96.2 % " +
            "of the time at best)"), reading);
    }

    @Test
    void aColdStartIsReadOnTheElectionItselfWithEachStartUpRuleStated()
    {
        final RunData data = new RunData();
        // Bully stands at boot and elects in 11 ms; quorum waits its source's 250 ms, then elects in 3 ms.
        row(data, "bully", "stands at boot", 0, 11 * MS);
        row(data, "quorum", "waits 250ms (5/3 D, the source's 5 HBT)", 250 * MS, 3 * MS);
        final List<String> reading = Findings.of(data, "cold-start");
        final String fastest = reading.get(0);
        assertTrue(fastest.contains("fastest election once a node stands: quorum"), fastest);
        assertTrue(fastest.contains("quorum waits 250ms (5/3 D, the source's 5 HBT)"), fastest);
        assertTrue(fastest.contains("bully stands at boot"), fastest);
    }

    /** Switch failure: one leader change and a majority leader all the time, but the old leader led a minority beside it. */
    @Test
    void aSecondLeaderBesideTheMajoritysIsNeverReadAsSettling()
    {
        final RunData data = new RunData();
        final RowKey bully = new RowKey("switch-failure", "bully", 5, "sim", new TreeMap<>());
        data.put(bully, new Column(new Metric(Findings.LEADER_CHANGES, "events", Metric.Kind.COUNT), Column.Statistic.MEAN), Cell.of(1));
        data.put(bully, new Column(new Metric(Incidents.SPLIT_BRAIN_TIME, "ns", Metric.Kind.COUNT), Column.Statistic.MEAN),
            Cell.of(5.89e9));
        data.put(bully, new Column(JmhSource.ELECTIONS_MEASURED, Column.Statistic.MEAN), Cell.of(1000));
        final String reading = String.join(" ", Findings.of(data, "switch-failure"));
        assertTrue(reading.contains("bully never settles: a second leader beside the majority's, with two or more leaders 5890 ms a run"),
            reading);

        // The same row with every run settled and no second leader reads as settling.
        data.put(bully, new Column(new Metric(Incidents.SPLIT_BRAIN_TIME, "ns", Metric.Kind.COUNT), Column.Statistic.MEAN), Cell.of(0));
        final Histogram stable = new Histogram(3);
        stable.recordValue(150 * MS);
        data.putHistogram(bully, new Metric(Incidents.STABLE_LEADER, "ns", Metric.Kind.DISTRIBUTION), stable);
        final String settled = String.join(" ", Findings.of(data, "switch-failure"));
        assertTrue(settled.contains("bully settles after 1 leader change"), settled);
    }
}
