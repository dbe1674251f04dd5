package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.electbench.deploy.ClusterFile;
import org.electbench.ring.RingAlgorithm;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.Parameter;
import org.electbench.spi.RecoveryPolicy;
import org.electbench.spi.RingArrangement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The cluster file format (it lives in the aeron transport; the algorithms are on this module's classpath). */
class ClusterFileTest
{
    private static final String NODES = "node 1 127.0.0.1:40201\nnode 2 127.0.0.1:40202\nnode 3 [::1]:40203\n";

    @TempDir
    Path dir;

    private static ClusterFile parse(final String text)
    {
        return ClusterFile.parse(text, "c.txt", AlgorithmRegistry.instance());
    }

    @Test
    void everyKeyIsReadWithCommentsAndBlankLines()
    {
        final ClusterFile cluster = parse(String.join("\n",
            "# a comment",
            "cluster-id 7",
            "algorithm bully   # trailing comment",
            "",
            "heartbeat 20ms",
            "detection-timeout 0.1s",
            "election-timeout 10000us",
            "coordinator-timeout 30ms",
            "recovery defer",
            "acknowledgements off",
            "arrangement random",
            "arrangement-seed 5",
            "stream-id 77",
            "connect-timeout 2s",
            "seed 9",
            "observer 127.0.0.1:40200",
            "node 2 127.0.0.1:40202",
            "node 1 127.0.0.1:40201",
            "node 3 [::1]:40203"));
        assertEquals(7, cluster.clusterId());
        assertEquals("bully", cluster.algorithm().name());
        assertEquals(3, cluster.clusterSize());
        assertEquals(20_000_000L, cluster.settings().heartbeatIntervalNs());
        assertEquals(100_000_000L, cluster.settings().detectionTimeoutNs());
        assertEquals(10_000_000L, cluster.settings().electionTimeoutNs());
        assertEquals(30_000_000L, cluster.settings().coordinatorTimeoutNs());
        assertEquals(RecoveryPolicy.DEFER, cluster.settings().get(RecoveryPolicy.OPTION));
        assertEquals(false, cluster.settings().get(RingAlgorithm.ACK));
        assertEquals(5, cluster.settings().arrangementSeed());
        assertEquals(77, cluster.streamId());
        assertEquals(2_000_000_000L, cluster.connectTimeoutNs());
        assertEquals(9, cluster.seed());
        assertEquals("127.0.0.1:40201", ClusterFile.format(cluster.node(1)));
        assertEquals("[::1]:40203", ClusterFile.format(cluster.node(3)));
        assertEquals("aeron:udp?endpoint=127.0.0.1:40200", cluster.observerChannel());
        assertEquals("aeron:udp?endpoint=[::1]:40203", cluster.channelPlan().channel(3));
    }

    @Test
    void observerIsOptionalAndDefaultsApply()
    {
        final ClusterFile cluster = parse("algorithm bully\n" + NODES);
        assertNull(cluster.observer());
        assertEquals(1, cluster.clusterId());
        assertEquals(ClusterFile.DEFAULT_CONNECT_TIMEOUT_NS, cluster.connectTimeoutNs());
    }

    static Stream<Arguments> mistakes()
    {
        return Stream.of(
            Arguments.of("algorithm bully\nheartbit 50ms\n" + NODES, "c.txt line 2: unknown key 'heartbit'; accepted keys: algorithm, node,"),
            Arguments.of("algorithm paxos\n" + NODES, "c.txt line 1: unknown algorithm 'paxos'; known: bully"),
            Arguments.of("algorithm bully\nheartbeat 50\n" + NODES,
                "line 2: 'heartbeat': '50' is not a duration: expected a number with a unit: ns, us, ms or s"),
            Arguments.of("algorithm bully\nheartbeat 1.5ns\n" + NODES,
                "line 2: 'heartbeat': '1.5ns' is finer than a nanosecond: durations are whole nanoseconds"),
            Arguments.of("algorithm bully\nelection-timeout 500ns\n" + NODES, "line 2: 'election-timeout': '500ns' is too short: at least 1us"),
            Arguments.of("algorithm bully\nconnect-timeout 1.5ns\n" + NODES, "line 2: 'connect-timeout': '1.5ns' is finer than a nanosecond"),
            Arguments.of("algorithm bully\nheartbeat 200ms\n" + NODES, "c.txt: settings: detection timeout (150000000 ns) must exceed the heartbeat interval"),
            Arguments.of("algorithm bully\nrecovery later\n" + NODES, "line 2: 'recovery' was 'later'; accepted: bully, defer"),
            Arguments.of("algorithm bully\nalgorithm bully\n" + NODES, "line 2: 'algorithm' is given twice"),
            Arguments.of("algorithm bully\nnode 1 127.0.0.1:1\nnode 3 127.0.0.1:3\n", "node ids must be 1..3 with none missing; node 2 is missing"),
            Arguments.of("algorithm bully\nnode 1 127.0.0.1:1\nnode 1 127.0.0.1:2\n", "line 3: node 1 is given twice (first on line 2)"),
            Arguments.of("algorithm bully\nnode 1 127.0.0.1:1\nnode 2 127.0.0.1:1\n", "line 3: node 2 has the endpoint 127.0.0.1:1 of node 1 (line 2)"),
            Arguments.of("algorithm bully\nnode 1 127.0.0.1:99999\nnode 2 h:2\n", "line 2: '127.0.0.1:99999' is not an endpoint; accepted: HOST:PORT"),
            Arguments.of("algorithm bully\nnode 1 ::1:5\nnode 2 h:2\n", "put an IPv6 host in brackets"),
            Arguments.of("algorithm bully\nnode one 127.0.0.1:1\n", "line 2: 'node id' needs an integer in 1..1024, was 'one'"),
            Arguments.of("algorithm bully\nnode 1 127.0.0.1:1\nnode 65535 127.0.0.1:2\n", "line 3: 'node id' needs an integer in 1..1024, was 65535"),
            Arguments.of("algorithm bully\nnode 1 127.0.0.1:1\n", "a cluster needs at least 2 'node ID HOST:PORT' lines, found 1"),
            Arguments.of(NODES, "c.txt: no 'algorithm' line; known algorithms: bully"),
            Arguments.of("algorithm bully\nobserver 127.0.0.1:40201\n" + NODES, "node 1 and the observer (line 2) share the endpoint"),
            Arguments.of("algorithm bully\nacknowledgements maybe\n" + NODES, "line 2: 'acknowledgements' was 'maybe'; accepted: on, off"),
            Arguments.of("algorithm\n" + NODES, "line 1: 'algorithm' takes one value, e.g. 'algorithm bully'"),
            Arguments.of("algorithm bully\nnode 1 0.0.0.0:40202\nnode 2 127.0.0.1:40202\n",
                "node 2's endpoint 127.0.0.1:40202 is node 1's 0.0.0.0:40202 (line 2) under another name"));
    }

    @ParameterizedTest
    @MethodSource("mistakes")
    void mistakesNameTheLineTheProblemAndTheAcceptedValues(final String text, final String expected)
    {
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> parse(text));
        assertTrue(error.getMessage().contains(expected), error.getMessage());
    }

    @Test
    void nodeCommandRejectsAnIdOutsideTheFileWithExitTwo() throws Exception
    {
        final Path file = dir.resolve("cluster.txt");
        Files.writeString(file, "algorithm bully\n" + NODES, StandardCharsets.UTF_8);
        final SimulateCommandTest.Outcome outcome = SimulateCommandTest.electbench(
            "node", "--cluster", file.toString(), "--id", "4");
        assertEquals(2, outcome.exitCode());
        assertTrue(outcome.err().contains("'--id'") && outcome.err().contains("has nodes 1..3, was 4"), outcome.err());
    }

    @Test
    void nodeCommandRejectsAnUnknownStartWithExitTwo()
    {
        final SimulateCommandTest.Outcome outcome = SimulateCommandTest.electbench(
            "node", "--cluster", "x", "--id", "1", "--start", "warm");
        assertEquals(2, outcome.exitCode());
        assertTrue(outcome.err().contains("--start") && outcome.err().contains("accepted: cold, settled, recovered"), outcome.err());
    }

    @Test
    void observeRejectsAFileWithoutObserverOrABadFileWithExitTwo() throws Exception
    {
        final Path file = dir.resolve("cluster.txt");
        Files.writeString(file, "algorithm bully\n" + NODES, StandardCharsets.UTF_8);
        final SimulateCommandTest.Outcome noObserver = SimulateCommandTest.electbench("observe", "--cluster", file.toString());
        assertEquals(2, noObserver.exitCode());
        assertTrue(noObserver.err().contains("names no observer; add a line 'observer HOST:PORT'"), noObserver.err());

        final SimulateCommandTest.Outcome missing = SimulateCommandTest.electbench(
            "observe", "--cluster", dir.resolve("absent.txt").toString());
        assertEquals(2, missing.exitCode());
        assertTrue(missing.err().contains("'--cluster'") && missing.err().contains("cannot read cluster file"), missing.err());

        Files.writeString(file, "algorithm bully\nobserver 127.0.0.1:40200\n" + NODES, StandardCharsets.UTF_8);
        final SimulateCommandTest.Outcome tooMany = SimulateCommandTest.electbench(
            "observe", "--cluster", file.toString(), "--expect-nodes", "4");
        assertEquals(2, tooMany.exitCode());
        assertTrue(tooMany.err().contains("'--expect-nodes': accepted 1..3"), tooMany.err());

        final SimulateCommandTest.Outcome format = SimulateCommandTest.electbench(
            "observe", "--cluster", file.toString(), "--format", "xml");
        assertEquals(2, format.exitCode());
        assertTrue(format.err().contains("--format") && format.err().contains("accepted: table, json, csv"), format.err());
    }

    @Test
    void everyOptionAnAlgorithmDeclaresIsAKeyUnderItsNameAndAliases()
    {
        final AlgorithmRegistry registry = AlgorithmRegistry.instance();
        final List<String> keys = ClusterFile.keys(registry);
        for (final Parameter<?> option : registry.options())
        {
            assertTrue(keys.contains(option.name()), option.name());
            assertTrue(keys.containsAll(option.aliases()), option.aliases().toString());
        }
        final ClusterFile ring = parse("algorithm ring\nack off\narrangement decreasing\n" + NODES);
        assertEquals(false, ring.settings().get(RingAlgorithm.ACK));
        assertEquals(RingArrangement.DECREASING, ring.settings().get(RingAlgorithm.ARRANGEMENT));
        final IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
            () -> parse("algorithm ring\nack off\nacknowledgements on\n" + NODES));
        assertTrue(twice.getMessage().contains("line 3: 'ack' is given twice"), twice.getMessage());
    }
}
