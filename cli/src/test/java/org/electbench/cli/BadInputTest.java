package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.electbench.aeron.ChannelPlan;
import org.electbench.transport.BudgetExceededException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * Wrong flags, values and files across every command, as a new user types them: each must end
 * with exit code 2 (before any work), one error line naming the flag or file, no stack trace,
 * and well within a bound that catches a hang or an attempt to run the impossible.
 * <p>
 * A row is the command line, then the fragments the first error line must contain. {@code {name}}
 * stands for a file made in {@link #files}. Commands still to come (tune, report, compare, probe)
 * add their rows here.
 */
class BadInputTest
{
    /** Generous: a hang or an attempt to allocate or simulate the impossible, not a performance figure. */
    private static final Duration BOUND = Duration.ofSeconds(20);
    private static final Pattern STACK_FRAME = Pattern.compile("(?m)^\\s+at \\S+\\(.*\\)$");

    @TempDir
    static Path files;

    /** Holds node 1's port of the cluster file, as a node already running would. */
    private static DatagramSocket runningNode;

    @BeforeAll
    static void makeFiles() throws IOException
    {
        final int[] ports = ChannelPlan.freeUdpPorts(ChannelPlan.LOOPBACK_HOST, 4);
        final String nodes = "node 1 127.0.0.1:" + ports[1] + "\nnode 2 127.0.0.1:" + ports[2] + "\nnode 3 127.0.0.1:" + ports[3] + "\n";
        Files.writeString(files.resolve("good.txt"), "algorithm bully\nobserver 127.0.0.1:" + ports[0] + "\n" + nodes);
        Files.writeString(files.resolve("no-observer.txt"), "algorithm bully\n" + nodes);
        Files.writeString(files.resolve("bad-host.txt"), "algorithm bully\nnode 1 no-such-host.invalid:40001\nnode 2 127.0.0.1:40002\n");
        Files.writeString(files.resolve("unknown-key.txt"), "algorithm bully\ncolour blue\n" + nodes);
        Files.writeString(files.resolve("empty.txt"), "");
        Files.write(files.resolve("binary.bin"), new byte[]{(byte)0xCA, (byte)0xFE, (byte)0xBA, (byte)0xBE, 0, (byte)0xFF, (byte)0xFE, 10});
        Files.createDirectories(files.resolve("folder"));
        runningNode = new DatagramSocket(new InetSocketAddress(ChannelPlan.LOOPBACK_HOST, ports[1]));
    }

    @AfterAll
    static void release()
    {
        runningNode.close();
    }

    static Stream<Arguments> badInvocations()
    {
        return Stream.of(
            // simulate: sizes
            row("simulate --nodes 1", "'--nodes'", "at least 2"),
            row("simulate --nodes 0", "'--nodes'"),
            row("simulate --nodes -3", "'--nodes'"),
            row("simulate --nodes abc", "'--nodes'", "abc"),
            row("simulate --nodes 99999999999", "'--nodes'"),
            row("simulate --nodes 100000000", "'--nodes'", "sim runtime", "at most", "-Xmx"),
            row("simulate --nodes 2147483647", "'--nodes'", "at most"),
            row("simulate --transport inmemory --nodes 100000", "'--nodes'", "inmemory runtime", "direct memory"),
            row("simulate --transport aeron-udp --nodes 5000", "'--nodes'", "aeron-udp runtime", "Aeron logs"),
            row("simulate --scenario partition --nodes 2", "'--nodes'", "at least 3"),
            row("simulate --scenario cascade --nodes 2", "'--nodes'", "at least 3"),
            // simulate: names
            row("simulate --transport carrier-pigeon", "'--transport'", "aeron-udp"),
            row("simulate --algorithm paxos", "'--algorithm'", "bully"),
            row("simulate --scenario meteor", "'--scenario'", "leader-crash"),
            row("simulate --detect middle", "'--detect'", "lowest"),
            row("simulate --recovery maybe", "'--recovery'", "defer"),
            row("simulate --arrangement spiral", "'--arrangement'", "increasing"),
            row("simulate --ack maybe", "'--acknowledgements'", "on, off"),
            row("simulate --fifo maybe", "'--fifo'", "on, off"),
            row("simulate --format xml", "'--format'", "table, json, csv"),
            row("simulate --chaos-faults meteor", "'--chaos-faults'", "crash"),
            // simulate: network
            row("simulate --delay gaussian:1ms", "'--delay'", "uniform:MIN,MAX"),
            row("simulate --delay uniform:5ms", "'--delay'"),
            row("simulate --delay constant:-1ms", "'--delay'", "non-negative number"),
            row("simulate --loss 1", "'--loss'", "[0, 1)"),
            row("simulate --loss -0.1", "'--loss'", "[0, 1)"),
            row("simulate --loss x", "'--loss'", "[0, 1)"),
            // simulate: durations and budgets
            row("simulate --heartbeat 0ms", "'--heartbeat'", "'0ms' is too short: at least 1us"),
            row("simulate --heartbeat 50", "'--heartbeat'", "ns, us, ms or s"),
            row("simulate --heartbeat 1.5ns", "'--heartbeat'", "finer than a nanosecond"),
            row("simulate --heartbeat 2ns", "'--heartbeat'", "'2ns' is too short: at least 1us"),
            row("simulate --election-timeout 1.5ns", "'--election-timeout'", "finer than a nanosecond"),
            row("simulate --detection-timeout 150", "'--detection-timeout'", "'150' is not a duration: expected a number with a unit: ns, us"),
            row("simulate --scenario pause --nodes 17 --heartbeat 1ms --fault-duration 86400s", "'--heartbeat'", "event budget"),
            row("simulate --heartbeat 1e30s", "'--heartbeat'", "too long"),
            row("simulate --heartbeat -5ms", "'--heartbeat'", "non-negative number with a unit"),
            row("simulate --detection-timeout 10ms", "'--detection-timeout'", "10ms must exceed", "(50ms)"),
            row("simulate --coordinator-timeout 5ms", "'--coordinator-timeout'", "5ms", "(10ms)"),
            row("simulate --election-timeout -1ms", "'--election-timeout'"),
            row("simulate --detection-timeout 1e9s --heartbeat 1s", "'--detection-timeout'", "1e9s", "virtual time budget"),
            row("simulate --fault-duration 1e9s --scenario pause", "'--fault-duration'", "1e9s", "virtual time budget"),
            row("simulate --fault-duration 1e9s --scenario partition", "'--fault-duration'", "virtual time budget"),
            row("simulate --fault-duration 2e8s --scenario flapping", "'--fault-duration'", "virtual time budget"),
            // simulate: the rest
            row("simulate --runs 0", "'--runs'", "at least 1"),
            row("simulate --runs -1", "'--runs'"),
            row("simulate --seed x", "'--seed'"),
            row("simulate --bogus", "'--bogus'"),
            row("simulate --nodse 5", "'--nodse'"),
            row("simulate extra", "'extra'"),
            row("simulate --nodes", "'--nodes'"),
            // run
            row("run --nodes 0", "'--nodes'", "at least 2"),
            row("run --nodes 5,x", "'--nodes'"),
            row("run --nodes 100000000", "'--nodes'", "at most"),
            row("run --nodes 2 --scenario partition", "'--nodes'", "at least 3"),
            row("run --algorithm paxos", "'--algorithm'", "paxos", "bully"),
            row("run --algorithm bully,paxos", "'--algorithm'", "paxos"),
            row("run --scenario meteor", "'--scenario'", "cold-start"),
            row("run --quick --full", "--quick", "--full"),
            row("run --out .", "'--out'", "directory"),
            row("run --out", "'--out'"),
            row("run --out ''", "'--out'", "names no file"),
            row("run --out {folder}", "'--out'", "directory"),
            row("run --out {folder}/missing/comparison.md", "'--out'", "does not exist"),
            row("run --nodes 17 --heartbeat 2ns", "'--heartbeat'", "at least 1us"),
            row("run --algorithm raft -p pre-vote=maybe", "'pre-vote'", "accepted: on, off"),
            row("run --algorithm bully -p pre-vote=on", "no algorithm named reads pre-vote", "read by [raft]"),
            row("run --nodes 17 --scenario pause --heartbeat 1ms --fault-duration 86400s", "'--heartbeat'", "event budget"),
            row("run --detection-timeout 1e9s --heartbeat 1s", "'--detection-timeout'", "virtual time budget"),
            row("run --format json", "'--format'"),
            // chaos
            row("chaos --schedules 0", "'--schedules'", "at least 1"),
            row("chaos --faults meteor", "'--faults'", "crash"),
            row("chaos --faults recover", "'--faults'", "crash"),
            row("chaos --algorithm bully,paxos", "'--algorithm'", "paxos"),
            row("chaos --nodes 1", "'--nodes'"),
            row("chaos --nodes 100000000", "'--nodes'", "at most"),
            row("chaos --heartbeat 2ns", "'--heartbeat'", "at least 1us"),
            row("chaos --detection-timeout 1e9s --heartbeat 1s", "'--detection-timeout'", "virtual time budget"),
            row("chaos --scenario pause", "'--scenario'"),
            row("chaos --fault-duration 1s", "'--fault-duration'"),
            row("chaos --format xml", "'--format'", "table, json, csv"),
            row("chaos --replay x", "'--replay'"),
            row("chaos --delay bogus", "'--delay'"),
            // node
            row("node", "'--cluster"),
            row("node --cluster {good.txt}", "'--id"),
            // ARABIC-INDIC DIGIT ONE, which Java's own integer parsing reads as 1.
            row("node --cluster {good.txt} --id \u0661", "'--id'", "'\u0661' is not an integer (ASCII digits 0-9)"),
            row("simulate --runs \u0663", "'--runs'", "ASCII digits"),
            // Echoed values are escaped: a direction override or a control character cannot disguise the line.
            row("simulate --algorithm bu\u202Elly\u0001", "'--algorithm'", "'bu\\u202Elly\\u0001'"),
            row("node --cluster {missing.txt} --id 1", "'--cluster'", "missing.txt"),
            row("node --cluster {folder} --id 1", "'--cluster'", "directory"),
            row("node --cluster {binary.bin} --id 1", "'--cluster'", "binary.bin", "not a text file"),
            row("node --cluster {bad-host.txt} --id 1", "'--cluster'", "no-such-host.invalid", "does not resolve"),
            row("node --cluster {unknown-key.txt} --id 1", "'--cluster'", "colour"),
            row("node --cluster {empty.txt} --id 1", "'--cluster'", "empty.txt"),
            row("node --cluster {good.txt} --id 4", "'--id'", "1..3"),
            row("node --cluster {good.txt} --id 0", "'--id'", "1..3"),
            row("node --cluster {good.txt} --id 1", "'--id'", "already running"),
            row("node --cluster {good.txt} --id 2 --start warm", "'--start'", "cold, settled, recovered"),
            // observe
            row("observe", "'--cluster"),
            row("observe --cluster {no-observer.txt}", "'--cluster'", "observer"),
            row("observe --cluster {binary.bin}", "'--cluster'", "not a text file"),
            row("observe --cluster {bad-host.txt}", "'--cluster'", "does not resolve"),
            row("observe --cluster {good.txt} --expect-crashes 3", "'--expect-crashes'", "0..2"),
            row("observe --cluster {good.txt} --expect-crashes -1", "'--expect-crashes'", "0..2"),
            row("observe --cluster {good.txt} --expect-nodes 0", "'--expect-nodes'", "1..3"),
            row("observe --cluster {good.txt} --expect-nodes 4", "'--expect-nodes'", "1..3"),
            row("observe --cluster {good.txt} --timeout 0s", "'--timeout'"),
            row("observe --cluster {good.txt} --timeout x", "'--timeout'"),
            row("observe --cluster {good.txt} --format xml", "'--format'", "table, json, csv"),
            // one --format choice: each command names only the formats it writes
            row("tune --format csv", "'--format'", "accepted: table, json"),
            row("compare a b --format table", "'--format'", "accepted: markdown, json"),
            // the launcher itself
            row("", "a command is required", "simulate"),
            row("frobnicate", "'frobnicate'"));
    }

    @ParameterizedTest(name = "electbench {0}")
    @MethodSource("badInvocations")
    void badInvocationIsOneLineNamingTheFlagOrFileWithExitTwo(final String command, final List<String> fragments)
    {
        final String[] args = args(command);
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final int exitCode = assertTimeoutPreemptively(BOUND, () ->
        {
            final CommandLine commandLine = Main.commandLine();
            commandLine.setOut(new PrintWriter(out, true));
            commandLine.setErr(new PrintWriter(err, true));
            return commandLine.execute(args);
        }, "electbench " + command + " took longer than " + BOUND);
        final String text = err.toString();
        assertEquals(Main.EXIT_USAGE, exitCode, text);
        assertFalse(STACK_FRAME.matcher(text).find(), "a stack trace:\n" + text);
        assertFalse(text.contains("Exception"), "an exception's name:\n" + text);
        final String firstLine = text.lines().findFirst().orElse("");
        for (final String fragment : fragments)
        {
            assertTrue(firstLine.contains(fragment), "'" + fragment + "' not in the first line:\n" + text);
        }
        assertTrue(text.lines().count() <= 3, "one error line, perhaps a suggestion, and the hint:\n" + text);
        assertTrue(out.toString().isEmpty(), "nothing on stdout:\n" + out);
    }

    @Test
    void debugAddsTheStackTraceToTheSameLineAndCode()
    {
        final SimulateCommandTest.Outcome outcome = SimulateCommandTest.electbench("simulate", "--nodes", "1", "--debug");
        assertEquals(Main.EXIT_USAGE, outcome.exitCode());
        assertTrue(outcome.err().startsWith("electbench simulate: Invalid value for option '--nodes'"), outcome.err());
        assertTrue(STACK_FRAME.matcher(outcome.err()).find(), outcome.err());
    }

    @Test
    void aBudgetPassedWhileRunningIsOneLineWithExitThreeAndABugOneLineWithExitOne()
    {
        final StringWriter err = new StringWriter();
        final CommandLine commandLine = Main.commandLine();
        commandLine.setErr(new PrintWriter(err, true));
        assertEquals(Main.EXIT_LIMIT, ErrorHandler.report(new BudgetExceededException("the run passed its event budget"),
            commandLine, false));
        assertEquals("electbench: the run passed its event budget", err.toString().strip());
        final StringWriter bug = new StringWriter();
        commandLine.setErr(new PrintWriter(bug, true));
        assertEquals(Main.EXIT_FAILURE, ErrorHandler.report(new IllegalStateException("no state"), commandLine, false));
        assertEquals(1, bug.toString().lines().count(), bug.toString());
        assertTrue(bug.toString().contains("internal error") && bug.toString().contains("--debug"), bug.toString());
    }

    private static Arguments row(final String command, final String... fragments)
    {
        return Arguments.of(command, List.of(fragments));
    }

    private static String[] args(final String command)
    {
        return Arrays.stream(command.split(" "))
            .filter(arg -> !arg.isEmpty())
            .map(arg -> "''".equals(arg) ? "" : arg)
            .map(arg -> arg.replaceAll("\\{folder}", files.resolve("folder").toString()))
            .map(arg -> arg.matches("\\{[^}]+}") ? files.resolve(arg.substring(1, arg.length() - 1)).toString() : arg)
            .toArray(String[]::new);
    }
}
