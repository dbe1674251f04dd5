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

    /** @return the named metric of a run report's JSON. */
    static JsonNode metric(final JsonNode report, final String name)
    {
        for (final JsonNode metric : report.get("metrics"))
        {
            if (name.equals(metric.get("name").asText()))
            {
                return metric;
            }
        }
        throw new AssertionError("no metric " + name + " in " + report);
    }

    static boolean hasMetric(final JsonNode report, final String name)
    {
        for (final JsonNode metric : report.get("metrics"))
        {
            if (name.equals(metric.get("name").asText()))
            {
                return true;
            }
        }
        return false;
    }

    @Test
    void sameCommandTwiceGivesIdenticalJsonButForWallTimeAndEnvironment() throws Exception
    {
        final String[] args = {"simulate", "--algorithm", "bully", "--nodes", "7", "--scenario", "lossy",
            "--delay", "lognormal:1ms,0.6", "--runs", "50", "--seed", "99", "--format", "json"};
        final ObjectNode first = (ObjectNode)json(args);
        final ObjectNode second = (ObjectNode)json(args);
        for (final ObjectNode report : new ObjectNode[]{first, second})
        {
            report.remove("wallNs");
            report.remove("environment");
        }
        assertEquals(first, second);
        assertEquals(50, first.get("runs").asInt());
        assertTrue(metric(first, "events").get("sum").asLong() > 0);
    }

    @ParameterizedTest
    @MethodSource("realTransports")
    void realTransportsAddFloorAndOverheadThatAddUpToConvergence(final String transport) throws Exception
    {
        final JsonNode result = json("simulate", "--transport", transport, "--algorithm", "bully", "--nodes", "5",
            "--scenario", "leader-crash", "--delay", "constant:0ms", "--heartbeat", "20ms", "--detection-timeout", "150ms",
            "--election-timeout", "100ms", "--coordinator-timeout", "300ms", "--format", "json");
        assertEquals(transport, result.get("parameters").get("runtime").asText());
        assertTrue(result.get("paired").asBoolean());
        assertEquals(4, result.get("leader").asInt());
        final long convergenceNs = metric(result, "convergence").get("p50").asLong();
        final long floorNs = metric(result, "floor").get("p50").asLong();
        final long latencyNs = metric(result, "oneWayLatency").get("p50").asLong();
        assertEquals(convergenceNs, floorNs + metric(result, "overhead").get("p50").asLong(), "one run: overhead = convergence - floor");
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
        assertTrue(!hasMetric(result, "floor") && !hasMetric(result, "overhead") && !hasMetric(result, "oneWayLatency"),
            result.toString());
        assertTrue(!result.get("paired").asBoolean());
    }

    @Test
    void jsonIsTheRunReportWithExactBullyCountsByDeclaredType() throws Exception
    {
        final JsonNode result = json("simulate", "--algorithm", "bully", "--nodes", "8", "--scenario", "leader-crash",
            "--detect", "lowest", "--format", "json");
        assertEquals("electbench-run-report/1", result.get("format").asText());
        for (final String field : new String[]{"algorithm", "runtime", "nodes", "scenario", "detect", "delay", "seed"})
        {
            assertTrue(result.get("parameters").has(field), field);
        }
        for (final String name : new String[]{"convergence", "detection", "election", "messages", "bytes", "heartbeats",
            "events", "maxLeaders", "splitBrain", "sameTerm", "olderTerm", "wrongLeader", "unavailability", "acknowledgements", "messagesFromFault", "sameInstantOverlap", "unconverged"})
        {
            metric(result, name);
        }
        final int n = 8;
        assertEquals(7, result.get("leader").asInt());
        // Counted alike: n² - n - 1 ELECTION, OK and COORDINATOR and the new leader's first heartbeat round, n - 1.
        assertEquals(n * n - 2, metric(result, "messages").get("mean").asInt());
        assertEquals(n - 1, metric(result, "firstHeartbeats").get("mean").asInt());
        assertEquals(n * (n - 1) / 2, metric(result, "messages.ELECTION").get("mean").asInt());
        assertEquals((n - 1) * (n - 2) / 2, metric(result, "messages.OK").get("mean").asInt());
        assertEquals(n - 2, metric(result, "messages.COORDINATOR").get("mean").asInt());
        final long detectionNs = metric(result, "detection").get("p50").asLong();
        // The new leader waits out T_elec, derived to 2.1 ms at 1 ms links, then its COORDINATOR and first heartbeat take a hop each.
        assertEquals("2.1ms", result.get("parameters").get("electionTimeout").asText());
        assertEquals(detectionNs + 2_100_000L + 2 * 1_000_000L, metric(result, "convergence").get("p50").asLong());
        assertEquals("ns", metric(result, "convergence").get("unit").asText());
        assertEquals("distribution", metric(result, "convergence").get("kind").asText());
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
            Arguments.of(new String[]{"--threads", "0"}, "--threads", "at least 1"),
            Arguments.of(new String[]{"--threads", "2", "--transport", "inmemory"}, "--threads", "--transport sim"),
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
