package org.electbench.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.electbench.realtime.RealtimeRuntime;
import org.electbench.realtime.TimedRuns;
import org.electbench.sim.SimRuntime;
import org.electbench.spi.ElectionSettings;
import org.electbench.testkit.PingAlgorithm;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The aeron-udp and aeron-ipc runtimes run the same scenarios as the simulator and the in-memory
 * runtime and reach the same outcomes. One runtime per transport serves the whole class, so one
 * driver and one set of endpoints serve every run of a cluster size.
 */
class AeronRuntimeTest
{
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final int REPETITIONS = 20;
    private static final int LOSSY_REPETITIONS = 10;
    private static final int NODES = 5;
    /**
     * Small, so the suite stays fast, but roomy enough for the host. Over UDP every message
     * crosses the driver's own thread, which a loaded two-core machine deschedules for tens of
     * milliseconds while the worker's timers run on: at T_elec = 10, 20 and 60 ms nodes sometimes
     * gave up on an OK or an ACK that was only late, and bully or ring ended with two leaders in one
     * term (the algorithms' documented outcome when T_elec is shorter than the round trip).
     */
    static final ElectionSettings FAST = ElectionSettings.builder()
        .heartbeatIntervalNs(20 * MS)
        .detectionTimeoutNs(150 * MS)
        .electionTimeoutNs(100 * MS)
        .coordinatorTimeoutNs(300 * MS)
        .build();

    private static AeronRuntime udp;
    private static AeronRuntime ipc;

    @BeforeAll
    static void launch()
    {
        udp = AeronRuntime.of(false, RealtimeRuntime.builder().threads(1));
        ipc = AeronRuntime.of(true, RealtimeRuntime.builder().threads(1));
    }

    @AfterAll
    static void close()
    {
        udp.close();
        ipc.close();
    }

    static AeronRuntime runtime(final String transport)
    {
        return AeronRuntime.UDP.equals(transport) ? udp : ipc;
    }

    static Scenario.Builder scenario(final String algorithm, final ScenarioKind kind)
    {
        return Scenario.builder()
            .algorithm(algorithm)
            .nodes(NODES)
            .settings(FAST)
            .network(NetworkModel.constant(0))
            .kind(kind);
    }

    static Stream<Arguments> transportsAndAlgorithms()
    {
        return Stream.of(AeronRuntime.UDP, AeronRuntime.IPC)
            .flatMap(transport -> Stream.of("bully", "ring", "quorum").map(algorithm -> Arguments.of(transport, algorithm)));
    }

    static Stream<Arguments> transportsAndLossTolerantAlgorithms()
    {
        return Stream.of(AeronRuntime.UDP, AeronRuntime.IPC)
            .flatMap(transport -> Stream.of("bully", "quorum").map(algorithm -> Arguments.of(transport, algorithm)));
    }

    /** Bully and ring elect the highest live id; quorum whom the simulator elects in the same scenario. */
    private static int expectedLeader(final String algorithm, final Scenario scenario)
    {
        if (!"quorum".equals(algorithm))
        {
            return scenario.kind() == ScenarioKind.LEADER_CRASH ? NODES - 1 : NODES;
        }
        final ElectionResult simulated = new SimRuntime().run(scenario);
        assertTrue(simulated.converged(), "the simulator converges: " + simulated);
        return simulated.finalLeader();
    }

    private static String counts(final AeronRuntime runtime)
    {
        final StringBuilder text = new StringBuilder(" sent ").append(runtime.sentMessages())
            .append(" delivered ").append(runtime.deliveredMessages())
            .append(" dropped ").append(runtime.droppedMessages())
            .append(" undelivered ").append(runtime.undeliveredMessages())
            .append(" invalid ").append(runtime.invalidFrames())
            .append(" latency ").append(runtime.oneWayLatencyNs()).append(" ns");
        for (final SendCounter counter : SendCounter.values())
        {
            if (SendCounter.SENT != counter && runtime.sendCount(counter) > 0)
            {
                text.append(' ').append(counter).append(' ').append(runtime.sendCount(counter));
            }
        }
        return text.toString();
    }

    private static void assertElected(final int expectedLeader, final ElectionResult result, final String run)
    {
        assertTrue(result.converged(), run + ": unconverged " + result);
        assertEquals(expectedLeader, result.finalLeader(), run + ": " + result);
        assertFalse(result.wrongLeader(), run + ": " + result);
        assertEquals(0, result.sameTermLeaders(), run + ": two leaders in one term " + result);
        assertEquals(1, result.maxConcurrentLeaders(), run + ": split brain " + result);
        assertEquals(0, result.splitBrainNs(), run + ": " + result);
    }

    /**
     * What holds however late the host ran: every send accounted for, no foreign frame, and for
     * the majority election no two leaders of one term (its votes, not its timers, keep that).
     */
    private static TimedRuns.Check underAnyTiming(final AeronRuntime runtime, final String algorithm)
    {
        return (run, result, label) ->
        {
            final String counted = label + counts(runtime);
            assertEquals(0, runtime.invalidFrames(), counted);
            assertEquals(runtime.sentMessages(),
                runtime.deliveredMessages() + runtime.droppedMessages() + runtime.undeliveredMessages(),
                counted + ": every send is delivered, dropped or still in flight");
            if ("quorum".equals(algorithm))
            {
                assertEquals(0, result.sameTermLeaders(), counted + ": two leaders in one term " + result);
            }
        };
    }

    @ParameterizedTest(name = "{1} on {0}")
    @MethodSource("transportsAndAlgorithms")
    void coldStartElectsTheExpectedLeaderWithNoSplitBrain(final String transport, final String algorithm)
    {
        final AeronRuntime runtime = runtime(transport);
        TimedRuns.judge(runtime, scenario(algorithm, ScenarioKind.COLD_START).build(), REPETITIONS, underAnyTiming(runtime, algorithm),
            (run, result, label) -> assertElected(expectedLeader(algorithm, run), result, label + counts(runtime)));
        assertEquals(transport, runtime.name());
    }

    @ParameterizedTest(name = "{1} on {0}")
    @MethodSource("transportsAndAlgorithms")
    void leaderCrashElectsTheExpectedLiveLeaderWithNoSplitBrain(final String transport, final String algorithm)
    {
        final AeronRuntime runtime = runtime(transport);
        TimedRuns.judge(runtime, scenario(algorithm, ScenarioKind.LEADER_CRASH).build(), REPETITIONS, (run, result, label) ->
        {
            underAnyTiming(runtime, algorithm).check(run, result, label);
            assertTrue(runtime.oneWayLatencyNs() > 0, label + ": a real transport takes time");
        }, (run, result, label) ->
        {
            assertElected(expectedLeader(algorithm, run), result, label + counts(runtime));
            assertTrue(result.detectionNs() > 0, label + ": nobody noticed the crash " + result);
        });
    }

    @ParameterizedTest(name = "{1} on {0}")
    @MethodSource("transportsAndLossTolerantAlgorithms")
    void fivePercentLossStillConvergesAndShowsInTheCounts(final String transport, final String algorithm)
    {
        final AeronRuntime runtime = runtime(transport);
        final Scenario scenario = scenario(algorithm, ScenarioKind.LEADER_CRASH)
            .network(NetworkModel.constant(0).withLoss(0.05)).build();
        final long[] sentAndDropped = new long[2];
        TimedRuns.judge(runtime, scenario, LOSSY_REPETITIONS, (run, result, label) ->
        {
            underAnyTiming(runtime, algorithm).check(run, result, label);
            sentAndDropped[0] += runtime.sentMessages();
            sentAndDropped[1] += runtime.droppedMessages();
        }, (run, result, label) ->
        {
            // A lost OK lets a lower node declare itself in the term the winner takes too: bully's, not the runtime's.
            assertTrue(result.converged(), label + ": unconverged " + result);
            assertNotEquals(NODES, result.finalLeader(), label + ": the crashed leader " + result);
            assertFalse(result.wrongLeader(), label + ": " + result);
        });
        assertTrue(sentAndDropped[1] > 0, "nothing lost out of " + sentAndDropped[0]);
    }

    @ParameterizedTest
    @ValueSource(strings = {AeronRuntime.UDP, AeronRuntime.IPC})
    void theSteadyStateMessagePathAllocatesNothing(final String transport)
    {
        // 100,000 messages through the endpoints, the workers and the monitor gate, after a warm-up, read on the worker thread.
        final PingAlgorithm ping = new PingAlgorithm(20_000, 100_000);
        final AeronRuntime runtime = runtime(transport);
        final ElectionResult result = runtime.run(Scenario.builder()
            .algorithm(ping).nodes(NODES).settings(FAST).network(NetworkModel.constant(0)).kind(ScenarioKind.COLD_START)
            .settleWindowNs(10 * MS).budgetNs(120_000 * MS).build());
        assertTrue(result.converged(), "ping: " + result + counts(runtime));
        assertTrue(ping.allocatedBytes() >= 0, "never reached the end of the measured messages: " + result);
        assertTrue(ping.allocatedBytes() < 16 * 1024, ping.allocatedBytes() + " bytes allocated over 100,000 messages");
        System.out.printf("%s: %d bytes allocated on the worker thread over 100,000 messages%n", transport, ping.allocatedBytes());
    }

    @Test
    void closeLeavesNoDirectoryAndNoThread()
    {
        final Set<Thread> before = Thread.getAllStackTraces().keySet();
        final File directory;
        try (AeronRuntime runtime = AeronRuntime.of(false, RealtimeRuntime.builder().threads(2)))
        {
            assertNull(runtime.driverDirectory(), "no driver before the first run");
            assertElectedIfKept(NODES, runtime, scenario("bully", ScenarioKind.COLD_START).build());
            assertElectedIfKept(3, runtime, scenario("bully", ScenarioKind.LEADER_CRASH).nodes(4).build());
            directory = runtime.driverDirectory();
            assertNotNull(directory);
            assertTrue(directory.exists(), directory + " while the runtime is open");
        }
        assertFalse(directory.exists(), directory + " after close");
        final long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<String> leaked = newThreads(before);
        while (!leaked.isEmpty() && System.nanoTime() - deadlineNs < 0)
        {
            Thread.onSpinWait();
            leaked = newThreads(before);
        }
        assertEquals(List.of(), leaked, "threads the runtime started and left running");
    }

    private static void assertElectedIfKept(final int expectedLeader, final AeronRuntime runtime, final Scenario scenario)
    {
        final ElectionResult result = runtime.run(scenario);
        if (runtime.lastRunTiming().keptTiming())
        {
            assertElected(expectedLeader, result, TimedRuns.label(runtime, scenario, 0, runtime.lastRunTiming()));
        }
    }

    private static List<String> newThreads(final Set<Thread> before)
    {
        return Thread.getAllStackTraces().keySet().stream()
            .filter(Thread::isAlive)
            .filter(thread -> !before.contains(thread))
            .map(Thread::getName)
            .collect(Collectors.toList());
    }
}
