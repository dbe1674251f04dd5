package org.electbench.cli;

import static org.electbench.cli.SimulateCommandTest.electbench;
import static org.electbench.cli.SimulateCommandTest.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import org.electbench.transport.DelayDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TuneCommandTest
{
    private static final String[] LAN = {"tune", "--nodes", "5", "--rtt-p50", "0.5ms", "--rtt-p99", "2ms",
        "--pause-p99", "50ms", "--pause-rate", "6/h", "--false-elections-per-day", "1"};

    private static String[] with(final String[] base, final String... more)
    {
        final List<String> args = new ArrayList<>(List.of(base));
        args.addAll(List.of(more));
        return args.toArray(new String[0]);
    }

    private static Set<String> fieldNames(final JsonNode node)
    {
        final Set<String> names = new TreeSet<>();
        final Iterator<String> iterator = node.fieldNames();
        iterator.forEachRemaining(names::add);
        return names;
    }

    @Test
    void lanRecommendationIsReproducedBySimulateWithAnotherSeed(@TempDir final Path directory) throws Exception
    {
        final Path chart = directory.resolve("frontier.png");
        final JsonNode tune = json(with(LAN, "--algorithm", "bully,ring,quorum,raft", "--sweep", "3,1", "--failover-runs", "1000",
            "--format", "json", "--chart", chart.toString()));
        assertTrue(Files.size(chart) > 1000, "chart written");

        final JsonNode network = tune.get("network");
        final String delay = network.get("delay").asText();
        assertEquals("lognormal:220us,0.7788", delay);
        DelayDistribution.parse(delay);

        final JsonNode recommendations = tune.get("recommendations");
        assertEquals(4, recommendations.size());
        int reproduced = 0;
        for (final JsonNode recommendation : recommendations)
        {
            if (recommendation.get("flags").isNull())
            {
                continue;
            }
            assertEquals(Set.of("algorithm", "flags", "failoverNs", "falseElectionsPerDay", "detector", "lints"), fieldNames(recommendation));
            assertEquals(Set.of("p50", "p99", "max"), fieldNames(recommendation.get("failoverNs")));
            assertEquals(Set.of("estimate", "upper", "network", "networkUpper", "pauses", "pausesUpper", "bound"),
                fieldNames(recommendation.get("falseElectionsPerDay")));
            // Accepted on the bound, not the estimate.
            assertTrue(recommendation.get("falseElectionsPerDay").get("upper").asDouble() <= 1.0);
            if ("raft".equals(recommendation.get("algorithm").asText()))
            {
                assertFalse(recommendation.get("flags").toString().contains("--election-timeout"), "raft reads no T_elec");
                assertFalse(recommendation.get("flags").toString().contains("--coordinator-timeout"), "raft reads no T_coord");
            }
            final List<String> args = new ArrayList<>(List.of("simulate", "--algorithm", recommendation.get("algorithm").asText(),
                "--nodes", "5", "--delay", delay, "--loss", network.get("loss").asText(), "--scenario", "leader-crash",
                "--runs", "1000", "--seed", "4242", "--format", "json"));
            recommendation.get("flags").forEach(flag -> args.add(flag.asText()));
            final JsonNode simulated = json(args.toArray(new String[0]));
            long simulatedP99 = -1;
            for (final JsonNode metric : simulated.get("metrics"))
            {
                if ("convergence".equals(metric.get("name").asText()))
                {
                    simulatedP99 = metric.get("p99").asLong();
                }
            }
            final long predictedP99 = recommendation.get("failoverNs").get("p99").asLong();
            assertEquals(predictedP99, simulatedP99, predictedP99 * 0.10,
                recommendation.get("algorithm").asText() + " " + recommendation.get("flags"));
            reproduced++;
        }
        assertEquals(4, reproduced, "every algorithm, raft included, has a recommendation: " + recommendations);

        final JsonNode frontier = tune.get("frontier");
        assertEquals(9 + 9 + 9 + 18, frontier.size(),
            "every setting tried: 3 heartbeats x 3 detection multiples for bully, ring and quorum, and x 2 spreads for raft");
        assertEquals(frontier.size(), tune.get("verdicts").size());
    }

    @Test
    void missingRttIsAnErrorNamingTheFlags()
    {
        final SimulateCommandTest.Outcome outcome = electbench("tune", "--nodes", "5", "--chart", "none");
        assertEquals(2, outcome.exitCode());
        assertTrue(outcome.err().contains("no RTT given: --rtt-p50 and --rtt-p99"), outcome.err());
        assertFalse(outcome.err().contains("Exception"), outcome.err());
    }

    @Test
    void aLargeClusterWhoseEstimateExceedsMaxTimeIsRefusedBeforeItStarts()
    {
        // One bully crash on 100 nodes is timed first; 120 settings x 1,000 crashes of it take far longer than 1 ms.
        final SimulateCommandTest.Outcome outcome = electbench("tune", "--nodes", "100", "--rtt-p50", "0.5ms", "--rtt-p99", "2ms",
            "--algorithm", "bully", "--chart", "none", "--max-time", "1ms");
        assertEquals(2, outcome.exitCode(), outcome.err());
        assertTrue(outcome.err().contains("exceed --max-time 1ms: give fewer --failover-runs"), outcome.err());
        assertFalse(outcome.err().contains("Exception"), outcome.err());
        assertEquals("", outcome.out(), "nothing measured, nothing printed");
    }

    @Test
    void p99BelowP50IsAnError()
    {
        final SimulateCommandTest.Outcome outcome = electbench("tune", "--rtt-p50", "2ms", "--rtt-p99", "1ms", "--chart", "none");
        assertEquals(2, outcome.exitCode());
        assertTrue(outcome.err().contains("--rtt-p99 (1ms) must be at least --rtt-p50 (2ms)"), outcome.err());
    }

    @Test
    void targetOfZeroFalseElectionsIsAnError()
    {
        final SimulateCommandTest.Outcome outcome = electbench("tune", "--rtt-p50", "0.5ms", "--rtt-p99", "2ms",
            "--false-elections-per-day", "0", "--chart", "none");
        assertEquals(2, outcome.exitCode());
        assertTrue(outcome.err().contains("--false-elections-per-day must be a number greater than 0"), outcome.err());
    }

    @Test
    void unknownPresetIsAnErrorListingTheKnownOnes()
    {
        final SimulateCommandTest.Outcome outcome = electbench(with(LAN, "--preset", "zookeeper", "--chart", "none"));
        assertEquals(2, outcome.exitCode());
        assertTrue(outcome.err().contains("unknown preset 'zookeeper'; known: etcd, hashicorp-raft, consul, aeron-cluster, kubernetes-lease"),
            outcome.err());
    }

    @Test
    void unknownAlgorithmAndMalformedPauseRateAreErrors()
    {
        final SimulateCommandTest.Outcome algorithm = electbench(with(LAN, "--algorithm", "paxos", "--chart", "none"));
        assertEquals(2, algorithm.exitCode());
        assertTrue(algorithm.err().contains("--algorithm: unknown algorithm 'paxos'"), algorithm.err());
        final SimulateCommandTest.Outcome rate = electbench("tune", "--rtt-p50", "0.5ms", "--rtt-p99", "2ms",
            "--pause-p99", "50ms", "--pause-rate", "6/week", "--chart", "none");
        assertEquals(2, rate.exitCode());
        assertTrue(rate.err().contains("--pause-rate unit must be /h, /min, /s or /day"), rate.err());
    }

    @Test
    void theIssuesBadInputsExitTwoNamingTheFlag()
    {
        final String[][] cases = {
            {"--rtt-p99", "tune", "--rtt-p50", "300s", "--rtt-p99", "600s", "--chart", "none"},
            {"--failover-runs", "tune", "--rtt-p50", "0.5ms", "--rtt-p99", "2ms", "--failover-runs", "0", "--chart", "none"},
            {"--max-days", "tune", "--rtt-p50", "0.5ms", "--rtt-p99", "2ms", "--max-days", "NaN", "--chart", "none"},
            {"--loss", "tune", "--rtt-p50", "0.1ms", "--rtt-p99", "10s", "--chart", "none"},
            {"--current", "tune", "--rtt-p50", "0.5ms", "--rtt-p99", "2ms", "--system", "etcd", "--current",
                "heartbeat-interval=100,election-timeout=300"},
            {"--system", "tune", "--rtt-p50", "0.5ms", "--rtt-p99", "2ms", "--system", "cassandra"},
            {"--pause-rate", "tune", "--rtt-p50", "0.5ms", "--rtt-p99", "2ms", "--system", "etcd", "--pause-p99", "50ms"},
            {"--pause-p99", "tune", "--rtt-p50", "0.5ms", "--rtt-p99", "2ms", "--system", "etcd", "--pause-rate", "6/h"},
            {"--algorithm", "tune", "--rtt-p50", "0.5ms", "--rtt-p99", "2ms", "--system", "etcd", "--no-pauses", "--algorithm", "raft"},
            {"--preset", "tune", "--rtt-p50", "0.5ms", "--rtt-p99", "2ms", "--system", "etcd", "--no-pauses", "--preset", "etcd"},
            {"--chart", "tune", "--rtt-p50", "0.5ms", "--rtt-p99", "2ms", "--system", "etcd", "--no-pauses", "--chart", "x.png"},
            {"--version", "tune", "--rtt-p50", "0.5ms", "--rtt-p99", "2ms", "--system", "aeron-cluster", "--no-pauses", "--version", "1.40"},
            {"--api-outage-p99", "tune", "--rtt-p50", "0.5ms", "--rtt-p99", "2ms", "--system", "kubernetes", "--no-pauses",
                "--api-outage-rate", "1/day"},
            {"--pause-law", "tune", "--rtt-p50", "0.5ms", "--rtt-p99", "2ms", "--pause-law", "lognormal", "--pause-p99", "50ms",
                "--pause-rate", "6/h"},
        };
        for (final String[] row : cases)
        {
            final SimulateCommandTest.Outcome outcome = electbench(java.util.Arrays.copyOfRange(row, 1, row.length));
            assertEquals(2, outcome.exitCode(), String.join(" ", row) + "\n" + outcome.err());
            assertTrue(outcome.err().contains(row[0]), String.join(" ", row) + "\n" + outcome.err());
            assertFalse(outcome.err().contains("Exception"), outcome.err());
        }
    }

    @Test
    void pauseRateUnitsConvertToPerHour()
    {
        assertEquals(6.0, TuneCommand.perHour("6/h"));
        assertEquals(120.0, TuneCommand.perHour("2/min"));
        assertEquals(0.5, TuneCommand.perHour("12/day"));
        assertEquals(3.0, TuneCommand.perHour("3"));
    }
}
