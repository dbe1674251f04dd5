package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code reference}'s and {@code run --reference}'s bad input: one line naming the flag and the accepted values, exit 2,
 * before any benchmark or cluster starts.
 */
class ReferenceCommandTest
{
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--system raft-real|unknown reference system 'raft-real'; known: aeron-cluster, zookeeper",
        "--system zookeeper --scenario meltdown|unknown reference scenario 'meltdown'; accepted: leader-crash, partition, pause, one-way",
        "--system zookeeper --nodes 2|--nodes: 2 is outside 3..9",
        "--system zookeeper --failovers 0|--failovers: must be at least 1",
        "--system zookeeper --set tickTime=20|--set: expected SYSTEM:KEY=VALUE, got 'tickTime=20'",
        "--system zookeeper --set aeron-cluster:aeron.cluster.election.timeout=1s|--set: 'aeron-cluster' is not among --system zookeeper",
        "--system zookeeper --budget soon|--budget:"})
    void badInputIsOneLineWithExitTwo(final String flags, final String expected)
    {
        oneLineExitTwo("reference " + flags, expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--reference raft-real|--reference: unknown reference system 'raft-real'; known: aeron-cluster, zookeeper",
        "--reference zookeeper --reference-scenario bridge|--reference-scenario: unknown reference scenario 'bridge'; accepted:",
        "--reference zookeeper --reference-failovers 0|--reference-failovers: must be at least 1",
        "--reference zookeeper -p nodes=3,11|--reference: n = 11 is outside 3..9",
        "--reference zookeeper -p detection-timeout=100ms,300ms|--reference: the rows are matched to one detection-timeout",
        "--reference zookeeper --detection-timeout 155ms|--reference: zookeeper: a silence of 155ms is not 3 whole-millisecond ticks"})
    void runReferenceBadInputIsOneLineWithExitTwo(final String flags, final String expected)
    {
        oneLineExitTwo("run " + flags, expected);
    }

    private static void oneLineExitTwo(final String commandLine, final String expected)
    {
        final SimulateCommandTest.Outcome outcome = SimulateCommandTest.electbench(commandLine.split(" "));
        assertEquals(Main.EXIT_USAGE, outcome.exitCode(), outcome.err());
        final String firstLine = outcome.err().lines().findFirst().orElse("");
        assertTrue(firstLine.contains(expected), firstLine);
        assertFalse(outcome.err().contains("Exception"), outcome.err());
    }
}
