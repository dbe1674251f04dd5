package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

class SimulateCommandTest
{
    private static final ObjectMapper MAPPER = new ObjectMapper();

    record Outcome(int exitCode, String out, String err)
    {
    }

    static Outcome electbench(final String... args)
    {
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final CommandLine commandLine = Main.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        final int exitCode = commandLine.execute(args);
        return new Outcome(exitCode, out.toString(), err.toString());
    }

    static JsonNode json(final String... args) throws Exception
    {
        final Outcome outcome = electbench(args);
        assertEquals(0, outcome.exitCode(), outcome.err());
        return MAPPER.readTree(outcome.out());
    }

    @Test
    void sameCommandTwiceGivesIdenticalJsonButForWallTime() throws Exception
    {
        final String[] args = {"simulate", "--algorithm", "bully", "--nodes", "7", "--scenario", "lossy",
            "--delay", "lognormal:1ms,0.6", "--runs", "50", "--seed", "99", "--format", "json"};
        final ObjectNode first = (ObjectNode)json(args);
        final ObjectNode second = (ObjectNode)json(args);
        first.remove("wallNs");
        second.remove("wallNs");
        assertEquals(first, second);
        assertEquals(50, first.get("runs").asInt());
        assertTrue(first.get("events").asLong() > 0);
    }

    @ParameterizedTest
    @MethodSource("realTransports")
    void realTransportsAddFloorAndOverheadThatAddUpToConvergence(final String transport) throws Exception
    {
        final JsonNode result = json("simulate", "--transport", transport, "--algorithm", "bully", "--nodes", "5",
            "--scenario", "leader-crash", "--delay", "constant:0ms", "--heartbeat", "20ms", "--detection-timeout", "150ms",
            "--election-timeout", "100ms", "--coordinator-timeout", "300ms", "--format", "json");
        assertEquals(transport, result.get("transport").asText());
        assertEquals(4, result.get("leader").asInt());
        final long convergenceNs = result.get("convergenceNs").get("p50").asLong();
        final long floorNs = result.get("floorNs").get("p50").asLong();
        final long latencyNs = result.get("oneWayLatencyNs").get("p50").asLong();
        assertEquals(convergenceNs, floorNs + result.get("overheadNs").get("p50").asLong(), "one run: overhead = convergence - floor");
        // Bully after a crash: detection (D less at most one HBT), T_elec for an OK the dead leader never sends, a hop.
        assertTrue(floorNs >= (150_000_000L - 20_000_000L) + 100_000_000L, "floor " + floorNs);
        assertTrue(latencyNs >= 0, "latency " + latencyNs);
    }

    static Stream<String> realTransports()
    {
        return Stream.of("inmemory", "aeron-udp", "aeron-ipc");
    }

    @Test
    void theSimulatorReportsNoFloor() throws Exception
    {
        final JsonNode result = json("simulate", "--algorithm", "ring", "--format", "json");
        assertTrue(!result.has("floorNs") && !result.has("overheadNs") && !result.has("oneWayLatencyNs"), result.toString());
    }

    @Test
    void jsonCarriesTheContractFieldsWithExactBullyCounts() throws Exception
    {
        final JsonNode result = json("simulate", "--algorithm", "bully", "--nodes", "8", "--scenario", "leader-crash",
            "--detect", "lowest", "--format", "json");
        for (final String field : new String[]{"algorithm", "nodes", "scenario", "runs", "seed", "convergenceNs",
            "detectionNs", "messages", "bytes", "heartbeats", "leader", "wrongLeaderRuns", "unconvergedRuns",
            "maxConcurrentLeaders", "splitBrainRuns", "sameTermLeaderRuns", "events", "wallNs"})
        {
            assertTrue(result.has(field), field);
        }
        final int n = 8;
        assertEquals(7, result.get("leader").asInt());
        assertEquals(n * n - n - 1, result.get("messages").get("mean").asInt());
        assertEquals(n * (n - 1) / 2, result.get("messages").get("byType").get("ELECTION").asInt());
        assertEquals((n - 1) * (n - 2) / 2, result.get("messages").get("byType").get("OK").asInt());
        assertEquals(n - 2, result.get("messages").get("byType").get("COORDINATOR").asInt());
        final long detectionNs = result.get("detectionNs").get("p50").asLong();
        assertEquals(detectionNs + 10_000_000L + 2 * 1_000_000L, result.get("convergenceNs").get("p50").asLong());
    }

    @Test
    void csvHasOneHeaderAndOneDataLineOfEqualWidth()
    {
        final Outcome outcome = electbench("simulate", "--nodes", "4", "--format", "csv");
        assertEquals(0, outcome.exitCode(), outcome.err());
        final String[] lines = outcome.out().strip().split("\n");
        assertEquals(2, lines.length);
        assertEquals(lines[0].split(",", -1).length, lines[1].split(",", -1).length);
        assertTrue(lines[0].startsWith("algorithm,transport,nodes,scenario"));
    }

    static Stream<Arguments> wrongInput()
    {
        return Stream.of(
            Arguments.of(new String[]{"--scenario", "meltdown"}, "--scenario", "cold-start, leader-crash, cascade"),
            Arguments.of(new String[]{"--detect", "someone"}, "--detect", "all, lowest, highest, random"),
            Arguments.of(new String[]{"--format", "xml"}, "--format", "table, json, csv"),
            Arguments.of(new String[]{"--delay", "gamma:1ms"}, "--delay", "constant:D, uniform:MIN,MAX"),
            Arguments.of(new String[]{"--delay", "uniform:3ms,1ms"}, "--delay", "MIN <= MAX"),
            Arguments.of(new String[]{"--algorithm", "paxos"}, "--algorithm", "known: bully"),
            Arguments.of(new String[]{"--loss", "1.5"}, "--loss", "a number in [0, 1)"),
            Arguments.of(new String[]{"--heartbeat", "fast"}, "--heartbeat", "ns, us, ms or s"),
            Arguments.of(new String[]{"--election-timeout", "-5ms"}, "--election-timeout", "non-negative"),
            Arguments.of(new String[]{"--coordinator-timeout", "1ms"}, "--coordinator-timeout", "--election-timeout"),
            Arguments.of(new String[]{"--detection-timeout", "10ms"}, "--detection-timeout", "--heartbeat"),
            Arguments.of(new String[]{"--nodes", "1"}, "--nodes", "at least 2"),
            Arguments.of(new String[]{"--recovery", "never"}, "--recovery", "bully, defer"),
            Arguments.of(new String[]{"--ack", "maybe"}, "--ack", "on, off"),
            Arguments.of(new String[]{"--acknowledgements", "maybe"}, "--acknowledgements", "on, off"),
            Arguments.of(new String[]{"--arrangement", "spiral"}, "--arrangement", "increasing, decreasing, random"),
            Arguments.of(new String[]{"--runs", "0"}, "--runs", "at least 1"),
            Arguments.of(new String[]{"--transport", "carrier-pigeon"}, "--transport", "sim"),
            Arguments.of(new String[]{"--bogus"}, "--bogus", "Unknown option"));
    }

    @ParameterizedTest
    @MethodSource("wrongInput")
    void wrongFlagOrValueExitsNonZeroNamingTheFlagAndTheAcceptedValues(final String[] flags, final String flag,
        final String accepted)
    {
        final String[] args = new String[flags.length + 1];
        args[0] = "simulate";
        System.arraycopy(flags, 0, args, 1, flags.length);
        final Outcome outcome = electbench(args);
        assertEquals(2, outcome.exitCode(), outcome.out());
        assertTrue(outcome.err().contains(flag), outcome.err());
        assertTrue(outcome.err().contains(accepted), outcome.err());
        assertEquals("", outcome.out());
    }
}
