package org.electbench.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.electbench.spi.AlgorithmRegistry;
import org.junit.jupiter.api.Test;

/**
 * tune's tables are analysis' one table model: the terminal's markdown and the JSON are both
 * rendered from it, cell for cell, from findings given by hand (no simulation).
 */
class TuneTablesTest
{
    private static final long MS = 1_000_000L;
    private static final NetworkFit LAN = NetworkFit.fromPercentiles(500_000, 2_000_000, 0);

    private static Evaluation evaluation(final String algorithm, final Setting setting, final Evaluation.Failover failover,
        final double estimate, final double upper, final List<String> lints)
    {
        final Evaluation.Quality quality = new Evaluation.Quality(90 * MS, 101 * MS, Double.POSITIVE_INFINITY, 11 * MS, 1.0);
        return new Evaluation(algorithm, setting, failover,
            new Evaluation.FalseElections(estimate, upper, 0, 0, estimate, upper, quality, "analytic"), lints);
    }

    private static TuneReport report()
    {
        final TuneRequest request = TuneRequest.of(5, LAN, PauseModel.of(6, 50 * MS), 1, List.of("bully", "raft"), List.of(), 1, 1);
        final Evaluation best = evaluation("bully", new Setting(20 * MS, 100 * MS, 5 * MS, 24 * MS),
            new Evaluation.Failover(95_600_000, 105_000_000, 106_000_000, 1000, 0), 0.0429, 0.0454, List.of());
        final Evaluation fast = evaluation("bully", new Setting(5 * MS, 50 * MS, 5 * MS, 24 * MS),
            new Evaluation.Failover(53_200_000, 55_900_000, 56_500_000, 1000, 0), 1.89, 1.93, List.of());
        final Evaluation linted = evaluation("bully", new Setting(2 * MS, 6 * MS, 5 * MS, 24 * MS), null, 500, 510,
            List.of("detection timeout 6ms is under 5 heartbeats (10ms); etcd refuses that"));
        final Evaluation raft = evaluation("raft", new Setting(2 * MS, 10 * MS, -1, -1, 5 * MS, java.util.Map.of()),
            new Evaluation.Failover(11_400_000, 25_500_000, 43_400_000, 1000, 0), 57.8, 59.4, List.of());
        final TuneReport.AlgorithmResult bully = new TuneReport.AlgorithmResult("bully", Tuner.knobs("bully"), List.of(fast, best, linted),
            List.of("too many false elections: up to 1.93/day", TuneReport.AlgorithmResult.RECOMMENDED, "lint: detection timeout"), best);
        final TuneReport.AlgorithmResult none = new TuneReport.AlgorithmResult("raft", Tuner.knobs("raft"), List.of(raft),
            List.of("too many false elections: up to 59.4/day"), null);
        return new TuneReport(request, List.of(bully, none), List.of(), 5_000_000_000L);
    }

    /** @return the cells of the markdown row that starts with these cells. */
    private static List<String> row(final String text, final String... first)
    {
        for (final String line : text.split("\n"))
        {
            final List<String> cells = Arrays.stream(line.split("\\|")).map(String::trim).toList();
            if (cells.size() > first.length && cells.subList(1, 1 + first.length).equals(List.of(first)))
            {
                return cells.subList(1, cells.size());
            }
        }
        throw new AssertionError("no row " + List.of(first) + " in\n" + text);
    }

    @Test
    void theTerminalPrintsTheRecommendationAndFrontierFromTheModel()
    {
        final StringWriter text = new StringWriter();
        TuneFormat.write(report(), new PrintWriter(text));
        assertEquals(List.of("bully", "HBT 20ms, detect 100ms, T_elec 5ms, T_coord 24ms", "95.6ms", "105ms", "106ms", "0.0429", "0.0454"),
            row(text.toString(), "bully", "HBT 20ms, detect 100ms, T_elec 5ms, T_coord 24ms"));
        // No raft setting met the target: its row names the algorithm alone, and the line below says why.
        assertEquals(List.of("raft", "", "", "", "", "", ""), row(text.toString(), "raft", ""));
        assertTrue(text.toString().contains("raft: none of 1 settings has a bound under 1/day"), text.toString());
        // The frontier: the faster setting that failed the target, and the recommended one, never the linted one.
        assertEquals("too many false elections: up to 1.93/day", row(text.toString(), "bully", "HBT 5ms, detect 50ms, T_elec 5ms, T_coord 24ms").get(7));
        assertTrue(!text.toString().contains("HBT 2ms, detect 6ms"), text.toString());
        assertTrue(text.toString().contains("bully reproduce: ./electbench simulate --algorithm bully --nodes 5 --delay lognormal:220us,0.7788 " +
            "--loss 0 --scenario leader-crash --runs 1000 --seed 1 --heartbeat 20ms --detection-timeout 100ms --election-timeout 5ms " +
            "--coordinator-timeout 24ms"), text.toString());
    }

    @Test
    void theJsonKeepsItsContractFromTheSameModel() throws Exception
    {
        final JsonNode json = new ObjectMapper().readTree(TuneJson.write(report()));
        final JsonNode best = json.get("recommendations").get(0);
        assertEquals("bully", best.get("algorithm").asText());
        assertEquals(List.of("--heartbeat", "20ms", "--detection-timeout", "100ms", "--election-timeout", "5ms", "--coordinator-timeout", "24ms"),
            new ObjectMapper().convertValue(best.get("flags"), List.class));
        assertEquals(105_000_000L, best.get("failoverNs").get("p99").asLong());
        assertTrue(best.get("failoverNs").get("p99").isIntegralNumber());
        assertEquals(0.0454, best.get("falseElectionsPerDay").get("upper").asDouble());
        assertEquals("analytic", best.get("falseElectionsPerDay").get("bound").asText());
        assertTrue(best.get("detector").get("mistakeRecurrenceNs").isNull(), "a mistake that never recurs is null");
        assertEquals(90 * MS, best.get("detector").get("detectionNs").asLong());
        assertEquals(0, best.get("lints").size());
        // raft has no recommendation: its fields are null, not objects of nulls.
        final JsonNode none = json.get("recommendations").get(1);
        assertEquals("raft", none.get("algorithm").asText());
        for (final String field : List.of("flags", "failoverNs", "falseElectionsPerDay", "detector"))
        {
            assertTrue(none.get(field).isNull(), field + ": " + none);
        }
        // Every setting tried, in order, beside its verdict; the linted one was never simulated.
        assertEquals(4, json.get("frontier").size());
        assertEquals(4, json.get("verdicts").size());
        assertEquals(TuneReport.AlgorithmResult.RECOMMENDED, json.get("verdicts").get(1).asText());
        assertTrue(json.get("frontier").get(2).get("failoverNs").isNull());
        assertEquals("detection timeout 6ms is under 5 heartbeats (10ms); etcd refuses that",
            json.get("frontier").get(2).get("lints").get(0).asText());
        assertEquals(List.of("--heartbeat", "2ms", "--detection-timeout", "10ms", "--" + AlgorithmRegistry.instance().get("raft")
            .detectionSpread().name(), "5ms"), new ObjectMapper().convertValue(json.get("frontier").get(3).get("flags"), List.class));
        assertEquals(5_000_000_000L, json.get("wallNs").asLong());
    }
}
