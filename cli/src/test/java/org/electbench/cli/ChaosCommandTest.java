package org.electbench.cli;

import static org.electbench.cli.SimulateCommandTest.electbench;
import static org.electbench.cli.SimulateCommandTest.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.electbench.sim.chaos.ChaosExplorer;
import org.electbench.sim.chaos.ChaosRun;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ElectionSettings;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.chaos.ChaosFault;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ChaosCommandTest
{
    private static final String[] VIOLATIONS = {"splitBrain", "sameTermLeader", "olderTermLeader", "stuck"};

    @Test
    void bullyUnderPartitionsShowsSplitBrainAndTheReportedSeedReplaysIt() throws Exception
    {
        final JsonNode report = json("chaos", "--algorithm", "bully", "--nodes", "5", "--schedules", "2000", "--seed", "7",
            "--faults", "partition", "--format", "json");
        assertEquals(2000, report.get("schedules").asInt());
        assertTrue(report.get("splitBrainSchedules").asLong() > 0, report.toString());
        final long seed = report.get("firstViolationSeed").get("splitBrain").asLong();

        final JsonNode replay = json("chaos", "--algorithm", "bully", "--nodes", "5", "--faults", "partition",
            "--replay", Long.toString(seed), "--format", "json");
        assertEquals(seed, replay.get("seed").asLong());
        assertTrue(replay.get("maxConcurrentLeaders").asInt() >= 2, replay.toString());
        assertTrue(replay.get("splitBrainNs").asLong() > 0, replay.toString());
        assertTrue(replay.get("schedule").get(0).asText().startsWith("PARTITION@"), replay.toString());

        final ChaosRun run = new ChaosExplorer(AlgorithmRegistry.instance().get("bully"), 5, ElectionSettings.defaults(),
            NetworkModel.parse(ChaosCommand.DEFAULT_DELAY), EnumSet.of(ChaosFault.PARTITION)).replay(seed);
        assertTrue(run.result().maxConcurrentLeaders() >= 2, "the API replays what the command reported");
        assertEquals(replay.get("splitBrainNs").asLong(), run.result().splitBrainNs());
    }

    @ParameterizedTest
    @ValueSource(strings = {"bully", "ring"})
    @Timeout(value = 10, unit = TimeUnit.MINUTES) // a guard: a ring lap clock due at once once spun a schedule forever
    void idOrderedElectionsElectASecondLeaderBehindEveryKindOfPartition(final String algorithm) throws Exception
    {
        final JsonNode report = json("chaos", "--algorithm", algorithm, "--nodes", "5", "--schedules", "2000", "--seed", "1",
            "--faults", "partition,oneway", "--format", "json");
        assertTrue(report.get("splitBrainSchedules").asLong() > report.get("schedules").asLong() / 2, report.toString());
        final JsonNode replay = json("chaos", "--algorithm", algorithm, "--nodes", "5", "--faults", "partition,oneway",
            "--replay", report.get("firstViolationSeed").get("splitBrain").asText(), "--format", "json");
        assertTrue(replay.get("maxConcurrentLeaders").asInt() >= 2, replay.toString());
    }

    @Test
    void everyFirstSeedReplaysItsViolationWithAllFaultKinds() throws Exception
    {
        final JsonNode report = json("chaos", "--algorithm", "bully", "--nodes", "5", "--schedules", "2000", "--seed", "3",
            "--heartbeat", "40ms", "--format", "json");
        assertEquals("crash,recover,pause,partition,oneway,loss,partial,flap,slow", report.get("faults").asText());
        assertTrue(report.get("splitBrainSchedules").asLong() > 0);
        for (final String violation : VIOLATIONS)
        {
            final long count = report.get(violation + "Schedules").asLong();
            final JsonNode seed = report.get("firstViolationSeed").get(violation);
            assertEquals(count == 0, seed.isNull(), violation);
            if (count > 0)
            {
                final JsonNode replay = json("chaos", "--algorithm", "bully", "--nodes", "5", "--heartbeat", "40ms",
                    "--replay", seed.asText(), "--format", "json");
                final List<String> shown = new ArrayList<>();
                replay.get("violations").forEach(node -> shown.add(node.asText()));
                assertTrue(shown.contains(violation), violation + " at seed " + seed + ": " + replay);
            }
        }
    }

    @Test
    void sameCommandTwiceGivesIdenticalJsonButForWallTime() throws Exception
    {
        final String[] args = {"chaos", "--algorithm", "bully", "--nodes", "6", "--schedules", "500", "--seed", "11",
            "--delay", "lognormal:2ms,0.5", "--format", "json"};
        final ObjectNode first = (ObjectNode)json(args);
        final ObjectNode second = (ObjectNode)json(args);
        assertTrue(first.get("wallNs").asLong() > 0);
        first.remove("wallNs");
        second.remove("wallNs");
        assertEquals(first, second);
        for (final String field : new String[]{"algorithm", "nodes", "seed", "faults", "schedules", "splitBrainSchedules",
            "sameTermLeaderSchedules", "olderTermLeaderSchedules", "stuckSchedules", "firstViolationSeed", "leaderNodes",
            "livenessBoundNs", "livenessBound", "noLeaderPromisedSchedules", "slowestAgreementNs"})
        {
            assertTrue(first.has(field), field);
        }
        assertEquals("lognormal:2ms,0.5", first.get("delay").asText());
    }

    @Test
    void severalAlgorithmsGiveOneObjectEachInOrderOnTheSameSchedules() throws Exception
    {
        final JsonNode reports = json("chaos", "--algorithm", "quorum,bully", "--nodes", "5", "--schedules", "300",
            "--seed", "4", "--faults", "partition", "--format", "json");
        assertTrue(reports.isArray(), reports.toString());
        assertEquals(2, reports.size());
        assertEquals("quorum", reports.get(0).get("algorithm").asText());
        assertEquals("bully", reports.get(1).get("algorithm").asText());
        final JsonNode bullyAlone = json("chaos", "--algorithm", "bully", "--nodes", "5", "--schedules", "300",
            "--seed", "4", "--faults", "partition", "--format", "json");
        for (final String violation : VIOLATIONS)
        {
            assertEquals(bullyAlone.get(violation + "Schedules"), reports.get(1).get(violation + "Schedules"), violation);
        }
        assertTrue(reports.get(1).get("splitBrainSchedules").asLong() > 0, reports.toString());
    }

    @Test
    void tableNamesTheCountsAndHowToReplay()
    {
        final SimulateCommandTest.Outcome outcome = electbench("chaos", "--schedules", "200", "--nodes", "4", "--seed", "2",
            "--faults", "crash,recover,partition");
        assertEquals(0, outcome.exitCode(), outcome.err());
        assertTrue(outcome.out().contains("split-brain"), outcome.out());
        assertTrue(outcome.out().contains("./electbench chaos --algorithm NAME --replay SEED --nodes 4 --faults crash,recover,partition"),
            outcome.out());
    }

    @Test
    void noPartialDrawsTheTextbookKindsAloneAndItsReplayCommandSaysSo() throws Exception
    {
        final JsonNode report = json("chaos", "--algorithm", "bully", "--nodes", "4", "--schedules", "50", "--no-partial",
            "--format", "json");
        assertEquals("crash,recover,pause,partition,oneway,loss", report.get("faults").asText());
        final SimulateCommandTest.Outcome table = electbench("chaos", "--algorithm", "bully", "--nodes", "4", "--schedules", "20",
            "--no-partial");
        assertEquals(0, table.exitCode(), table.err());
        assertTrue(table.out().contains("--replay SEED --nodes 4 --no-partial"), table.out());
    }

    @Test
    void noPartialWithAPartialKindNamedExitsTwoNamingBoth()
    {
        final SimulateCommandTest.Outcome outcome = electbench("chaos", "--faults", "crash,flap", "--no-partial");
        assertEquals(2, outcome.exitCode());
        assertTrue(outcome.err().contains("--faults") && outcome.err().contains("flap") && outcome.err().contains("--no-partial"),
            outcome.err());
    }

    @Test
    void unknownFaultKindExitsTwoNamingTheAcceptedKinds()
    {
        final SimulateCommandTest.Outcome outcome = electbench("chaos", "--faults", "crash,meteor");
        assertEquals(2, outcome.exitCode());
        assertTrue(outcome.err().contains("--faults"), outcome.err());
        assertTrue(outcome.err().contains("'meteor' is not a fault kind; accepted: crash, recover, pause, partition, oneway, loss, partial, flap, slow"),
            outcome.err());
    }

    @Test
    void wrongValuesExitTwoNamingTheFlag()
    {
        final String[][] cases = {
            {"--faults", "recover", "--faults"},
            {"--schedules", "0", "--schedules"},
            {"--algorithm", "bully,paxos", "--algorithm"},
            {"--nodes", "1", "--nodes"},
            {"--format", "xml", "--format"},
            {"--delay", "gaussian:1ms", "--delay"},
            {"--scenario", "partition", "--scenario"},
        };
        for (final String[] wrong : cases)
        {
            final SimulateCommandTest.Outcome outcome = electbench("chaos", wrong[0], wrong[1]);
            assertEquals(2, outcome.exitCode(), String.join(" ", wrong));
            assertTrue(outcome.err().contains(wrong[2]), outcome.err());
        }
    }
}
