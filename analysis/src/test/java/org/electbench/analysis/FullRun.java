package org.electbench.analysis;

import org.electbench.reporting.Cell;
import java.util.List;

import org.HdrHistogram.Histogram;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.metrics.Metrics;

/**
 * The data of a full run's size, made up: the grid of {@code run --full} (four algorithms, the
 * textbook scenarios at n = 3 … 1024 with two detectors in the simulator, three real transports at
 * n = 3 … 17, a timer sweep) and the six incident scenarios with raft's four variants, each row with
 * as many figures as a real run report has (every distribution, count and violation).
 */
final class FullRun
{
    static final List<String> ALGORITHMS = List.of("bully", "quorum", "raft", "ring");
    static final List<String> SCENARIOS = List.of("cascade", "cold-start", "flapping", "leader-crash", "lossy", "partition", "pause");
    static final List<String> INCIDENTS = List.of("bridge", "chained", "flapping-link", "majorities-ring", "slow-node", "switch-failure");
    static final int[] SIM_SIZES = {3, 5, 9, 17, 33, 65, 129, 257, 513, 1024};
    static final int[] REAL_SIZES = {3, 5, 9, 17};
    private static final List<String> DISTRIBUTIONS = List.of("convergence", "detection", "election", "unavailability");
    private static final List<String> COUNTS = List.of("messages", "electionMessages", "announcements", "bytes", "heartbeats",
        "acknowledgements", "messagesFromFault", "bytesFromFault", "splitBrainTime", "liveLeaderElections", "events");
    private static final List<String> VIOLATIONS = List.of("splitBrain", "sameInstantOverlap", "sameTerm", "olderTerm", "wrongLeader",
        "unconverged");

    private FullRun()
    {
    }

    static RunData data()
    {
        final RunData data = new RunData();
        int seed = 0;
        for (final String scenario : SCENARIOS)
        {
            for (final String algorithm : ALGORITHMS)
            {
                for (final int n : SIM_SIZES)
                {
                    for (final String detect : List.of("all", "lowest"))
                    {
                        row(data, ChartsTest.row(scenario, algorithm, "sim", n, "detect", detect, "heartbeat", "50ms",
                            "detectionTimeout", "150ms", "coordinatorTimeout", (30 + n / 10) + "ms"), 1000, ++seed);
                    }
                }
                for (final String transport : List.of("inmemory", "aeron-udp", "aeron-ipc"))
                {
                    for (final int n : REAL_SIZES)
                    {
                        row(data, ChartsTest.row(scenario, algorithm, transport, n, "detect", "all", "heartbeat", "50ms",
                            "detectionTimeout", "150ms", "coordinatorTimeout", "30ms"), 30, ++seed);
                    }
                }
            }
        }
        for (final String algorithm : ALGORITHMS)
        {
            for (final String heartbeat : List.of("10ms", "20ms", "50ms", "100ms"))
            {
                for (final String electionTimeout : List.of("2ms", "5ms", "10ms", "30ms"))
                {
                    row(data, ChartsTest.row("leader-crash", algorithm, "sim", 9, "detect", "all", "heartbeat", heartbeat,
                        "detectionTimeout", "150ms", "electionTimeout", electionTimeout, "coordinatorTimeout", "30ms"), 1000, ++seed);
                }
            }
        }
        for (final String scenario : INCIDENTS)
        {
            for (final String algorithm : ALGORITHMS)
            {
                final List<String[]> variants = algorithm.equals("raft") ?
                    List.of(new String[] {"on", "on"}, new String[] {"on", "off"}, new String[] {"off", "on"}, new String[] {"off", "off"}) :
                    List.<String[]>of(new String[0]);
                for (final String[] variant : variants)
                {
                    final RowKey row = variant.length == 0 ? ChartsTest.row(scenario, algorithm, "sim", 5, "heartbeat", "50ms") :
                        ChartsTest.row(scenario, algorithm, "sim", 5, "heartbeat", "50ms", "pre-vote", variant[0], "check-quorum", variant[1]);
                    row(data, row, 1000, ++seed);
                    incident(data, row, seed);
                }
            }
        }
        data.summariseHistograms();
        return data;
    }

    private static void row(final RunData data, final RowKey row, final int elections, final int seed)
    {
        final java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
        for (final String name : DISTRIBUTIONS)
        {
            final Histogram histogram = new Histogram(3);
            for (int i = 0; i < elections; i++)
            {
                histogram.recordValue(100_000_000L + random.nextLong(50_000_000L) * row.nodes() / 3);
            }
            data.putHistogram(row, new Metric(name, "ns", Metric.Kind.DISTRIBUTION), histogram);
        }
        for (final String name : COUNTS)
        {
            data.put(row, new Column(new Metric(name, "msgs", Metric.Kind.COUNT), Column.Statistic.MEAN),
                Cell.of((double)row.nodes() * row.nodes() + random.nextInt(3)));
        }
        for (final String name : VIOLATIONS)
        {
            data.put(row, new Column(new Metric(name, "runs", Metric.Kind.VIOLATION), Column.Statistic.RUNS), Cell.of(random.nextInt(2)));
        }
        data.put(row, new Column(JmhSource.ELECTIONS_MEASURED, Column.Statistic.MEAN), Cell.of(elections));
    }

    /** The disturbance figures, availability over time falling then rising again. */
    private static void incident(final RunData data, final RowKey row, final int seed)
    {
        for (int bin = 0; bin < ElectionResult.Disturbance.BINS; bin++)
        {
            data.put(row, new Column(new Metric(Metrics.AVAILABILITY_OVER_TIME.get(bin).name(), "permille", Metric.Kind.COUNT),
                Column.Statistic.MEAN), Cell.of((seed * 37 + bin * 101) % 1001));
        }
        data.put(row, new Column(new Metric("leaderChanges", "events", Metric.Kind.COUNT), Column.Statistic.MEAN), Cell.of(seed % 7));
    }
}
