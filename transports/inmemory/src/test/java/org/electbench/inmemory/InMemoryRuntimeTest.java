package org.electbench.inmemory;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.electbench.realtime.IdleMode;
import org.electbench.realtime.RealtimeRuntime;
import org.electbench.realtime.TimedRuns;
import org.electbench.sim.SimRuntime;
import org.electbench.spi.ElectionSettings;
import org.electbench.testkit.ClockAlgorithm;
import org.electbench.testkit.DiskAlgorithm;
import org.electbench.testkit.FailingAlgorithm;
import org.electbench.testkit.PingAlgorithm;
import org.electbench.testkit.StallingAlgorithm;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.FaultPlan;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class InMemoryRuntimeTest
{
    private static final long MS = 1_000_000L;
    private static final int REPETITIONS = 20;
    private static final int MULTI_WORKER_REPETITIONS = 10;
    /** Runs a test of one run makes, at most, for one whose host kept the timing. */
    private static final int TRIES = 3;
    /**
     * Fast detection (HBT 10 ms), with T_elec and D - HBT of 100 ms, so that a run keeps bully's
     * and ring's timing ({@link org.electbench.transport.RunTiming}) through host stalls of up to
     * 50 ms, which a two-core machine running other builds inflicts; a run that stalled longer is
     * judged only by what holds under any timing.
     */
    static final ElectionSettings FAST = ElectionSettings.builder()
        .heartbeatIntervalNs(10 * MS)
        .detectionTimeoutNs(110 * MS)
        .electionTimeoutNs(100 * MS)
        .coordinatorTimeoutNs(300 * MS)
        .build();
    /** For several workers: a stalled worker's nodes fall silent while the others' timers run, as a slow host would on a real network. */
    static final ElectionSettings ROOMY = ElectionSettings.builder()
        .heartbeatIntervalNs(20 * MS)
        .detectionTimeoutNs(150 * MS)
        .electionTimeoutNs(100 * MS)
        .coordinatorTimeoutNs(300 * MS)
        .build();

    static Scenario.Builder bully(final int nodes, final ScenarioKind kind)
    {
        return Scenario.builder()
            .algorithm("bully")
            .nodes(nodes)
            .settings(FAST)
            .network(NetworkModel.constant(0))
            .kind(kind);
    }

    private static RealtimeRuntime runtime(final int threads)
    {
        return InMemoryRuntime.builder().threads(threads).build();
    }

    private static void assertElected(final int expectedLeader, final ElectionResult result, final String run)
    {
        assertConverged(expectedLeader, result, run);
        assertEquals(0, result.sameTermLeaders(), run + ": two leaders in one term " + result);
    }

    /** A test of one run: the first of up to {@value #TRIES} runs whose host kept the timing is judged ({@link TimedRuns#firstKept}). */
    private static void assertElectedOnAKeptRun(final int expectedLeader, final RealtimeRuntime runtime, final Scenario scenario)
    {
        final TimedRuns.Judged run = TimedRuns.firstKept(runtime, scenario, TRIES);
        assertElected(expectedLeader, run.result(), run.label());
    }

    private static void assertConverged(final int expectedLeader, final ElectionResult result, final String run)
    {
        assertTrue(result.converged(), run + ": unconverged " + result);
        assertEquals(expectedLeader, result.finalLeader(), run + ": " + result);
        assertFalse(result.wrongLeader(), run + ": " + result);
    }

    private static List<String> workerThreads()
    {
        return Thread.getAllStackTraces().keySet().stream()
            .filter(Thread::isAlive)
            .map(Thread::getName)
            .filter(name -> name.startsWith(RealtimeRuntime.THREAD_NAME_PREFIX))
            .collect(Collectors.toList());
    }

    /** Cluster size 5; the leader each algorithm elects there, computed the way it breaks ties. */
    static Stream<Arguments> algorithmsAndThreads()
    {
        return Stream.of(
            Arguments.of("bully", 1, 5, 4),
            Arguments.of("bully", 2, 5, 4),
            // ring: the highest live id, as bully.
            Arguments.of("ring", 1, 5, 4),
            Arguments.of("ring", 2, 5, 4),
            // quorum: every server claims the same (term, msg), so the smallest id wins, at cold start and after the crash.
            Arguments.of("quorum", 1, 1, 1),
            Arguments.of("quorum", 2, 1, 1));
    }

    static Scenario.Builder scenario(final String algorithm, final ScenarioKind kind)
    {
        return bully(5, kind).algorithm(algorithm);
    }

    private static ElectionSettings settingsFor(final int threads)
    {
        return 1 == threads ? FAST : ROOMY;
    }

    private static int repetitionsFor(final int threads)
    {
        return 1 == threads ? REPETITIONS : MULTI_WORKER_REPETITIONS;
    }

    /** For the majority election no two leaders of one term, however late the host ran: its votes, not its timers, keep that. */
    private static TimedRuns.Check underAnyTiming(final String algorithm)
    {
        return (run, result, label) ->
        {
            if ("quorum".equals(algorithm))
            {
                assertEquals(0, result.sameTermLeaders(), label + ": two leaders in one term " + result);
            }
        };
    }

    /**
     * On any number of workers, a run whose host kept the algorithm's timing has one leader at a
     * time; a worker the host does not run for T_elec is, to the others, a peer that did not
     * answer, and such a run is judged only by what holds under any timing.
     */
    private static void assertNoSplitBrain(final ElectionResult result, final String run)
    {
        assertEquals(1, result.maxConcurrentLeaders(), run + ": " + result);
        assertEquals(0, result.splitBrainNs(), run + ": " + result);
    }

    @ParameterizedTest(name = "{0} on {1} worker threads")
    @MethodSource("algorithmsAndThreads")
    void coldStartElectsTheExpectedLeaderWithNoSplitBrain(
        final String algorithm, final int threads, final int coldLeader, final int crashLeader)
    {
        final RealtimeRuntime runtime = runtime(threads);
        final Scenario scenario = scenario(algorithm, ScenarioKind.COLD_START).settings(settingsFor(threads)).build();
        TimedRuns.judge(runtime, scenario, repetitionsFor(threads), underAnyTiming(algorithm), (run, result, label) ->
        {
            assertElected(coldLeader, result, label);
            assertNoSplitBrain(result, label);
        });
        assertEquals(threads, runtime.lastWorkerCount());
    }

    @ParameterizedTest(name = "{0} on {1} worker threads")
    @MethodSource("algorithmsAndThreads")
    void leaderCrashElectsTheExpectedLiveLeaderWithNoSplitBrain(
        final String algorithm, final int threads, final int coldLeader, final int crashLeader)
    {
        final RealtimeRuntime runtime = runtime(threads);
        final Scenario scenario = scenario(algorithm, ScenarioKind.LEADER_CRASH).settings(settingsFor(threads)).build();
        TimedRuns.judge(runtime, scenario, repetitionsFor(threads), underAnyTiming(algorithm), (run, result, label) ->
        {
            assertElected(crashLeader, result, label);
            assertNoSplitBrain(result, label);
            assertTrue(result.detectionNs() > 0, label + ": nobody noticed the crash " + result);
            assertTrue(result.messagesTotal() > 0, label + ": " + result);
            // No leader from the crash (seen at its planned instant, however late a worker applied
            // it) until one is elected, which takes an election message, and at most until agreement.
            assertTrue(result.unavailabilityNs() >= result.detectionNs() && result.unavailabilityNs() <= result.convergenceNs(),
                label + ": unavailability outside [detection, convergence] " + result);
        });
    }

    @Test
    void bullyStillConvergesWhenFivePercentOfMessagesAreLost()
    {
        final RealtimeRuntime runtime = runtime(1);
        final Scenario scenario = bully(5, ScenarioKind.LEADER_CRASH).network(NetworkModel.constant(0).withLoss(0.05)).build();
        final long[] sentDeliveredDropped = new long[3];
        TimedRuns.judge(runtime, scenario, REPETITIONS, (run, result, label) ->
        {
            assertEquals(runtime.sentMessages(), runtime.deliveredMessages() + runtime.droppedMessages() + runtime.undeliveredMessages(),
                label + ": every send is delivered, dropped or still in flight");
            sentDeliveredDropped[0] += runtime.sentMessages();
            sentDeliveredDropped[1] += runtime.deliveredMessages();
            sentDeliveredDropped[2] += runtime.droppedMessages();
        }, (run, result, label) -> assertConverged(4, result, label));
        // A lost OK lets a lower node declare itself in the term the winner takes too: bully's, not the runtime's.
        final long sent = sentDeliveredDropped[0];
        assertTrue(sentDeliveredDropped[2] > 0, "nothing lost out of " + sent);
        assertTrue(sent > sentDeliveredDropped[1], sent + " sent, " + sentDeliveredDropped[1] + " delivered");
    }

    @Test
    void aLosslessSettledClusterDeliversEverySend()
    {
        final RealtimeRuntime runtime = runtime(2);
        final TimedRuns.Judged run = TimedRuns.firstKept(runtime, bully(5, ScenarioKind.CUSTOM).settings(ROOMY).build(), TRIES);
        final ElectionResult result = run.result();
        assertElected(5, result, run.label());
        assertEquals(0, runtime.droppedMessages());
        assertTrue(runtime.sentMessages() > 0);
        assertEquals(runtime.sentMessages(), runtime.deliveredMessages() + runtime.undeliveredMessages());
        assertEquals(0, result.messagesTotal(), "a settled cluster with no fault holds no election: " + result);
    }

    @Test
    void noWorkerThreadOutlivesARun()
    {
        final RealtimeRuntime runtime = runtime(3);
        final List<List<String>> seenDuringTheRun = new ArrayList<>();
        final Thread watcher = new Thread(() ->
        {
            // Await the workers with a deadline, to show that the name the check below looks for is theirs.
            final long deadlineNs = System.nanoTime() + 10_000_000_000L;
            List<String> seen = workerThreads();
            while (seen.size() < 3 && System.nanoTime() - deadlineNs < 0)
            {
                Thread.onSpinWait();
                seen = workerThreads();
            }
            seenDuringTheRun.add(seen);
        });
        watcher.start();
        runtime.run(bully(5, ScenarioKind.LEADER_CRASH).build());
        assertDoesNotThrow(() -> watcher.join());
        assertEquals(3, seenDuringTheRun.get(0).size(), seenDuringTheRun.toString());
        assertEquals(List.of(), workerThreads());
        runtime.run(bully(5, ScenarioKind.COLD_START).build());
        assertEquals(List.of(), workerThreads());
    }

    @Test
    void oneRuntimeRunsClustersOfDifferentSizesAndAgainAfterClose()
    {
        final RealtimeRuntime runtime = runtime(1);
        assertElectedOnAKeptRun(4, runtime, bully(5, ScenarioKind.LEADER_CRASH).build());
        assertElectedOnAKeptRun(6, runtime, bully(7, ScenarioKind.LEADER_CRASH).build());
        runtime.close();
        assertElectedOnAKeptRun(5, runtime, bully(5, ScenarioKind.COLD_START).build());
        runtime.close();
    }

    @Test
    void aStalledWorkerCannotFakeASettledRun()
    {
        // The only worker is held for 400 ms from the first heartbeat: the crash of 5 (at 20..30 ms) and the
        // settle window (220 ms) pass on the clock while nothing runs. The run must still see the crash.
        final Scenario scenario = bully(5, ScenarioKind.LEADER_CRASH).algorithm(new StallingAlgorithm("bully", 400 * MS)).build();
        final RealtimeRuntime runtime = runtime(1);
        final ElectionResult result = runtime.run(scenario);
        assertConverged(4, result, "stalled");
        assertTrue(result.detectionNs() > 0, result.toString());
        // The measure deducts the worker's own idle park (at most the back-off's longest park) from each gap.
        assertTrue(runtime.lastRunTiming().maxWorkerStallNs() >= 400 * MS - RealtimeRuntime.DEFAULT_BACKOFF_MAX_PARK_NS,
            "the stall is measured: " + runtime.lastRunTiming().describe());
        assertFalse(runtime.lastRunTiming().keptTiming(), "a 400 ms stall breaks a 100 ms T_elec");
    }

    @Test
    void durableStateSurvivesACrashAndStartsZeroedInTheNextRun()
    {
        final DiskAlgorithm disk = new DiskAlgorithm(4);
        final Scenario scenario = bully(4, ScenarioKind.CUSTOM).algorithm(disk)
            .faults(FaultPlan.builder().crash(2, 5 * MS).recover(2, 10 * MS).crash(2, 15 * MS).recover(2, 20 * MS).build())
            .settleWindowNs(10 * MS).build();
        final RealtimeRuntime runtime = runtime(2);
        assertConverged(4, runtime.run(scenario), "disk");
        assertEquals(3, disk.boots[2], "node 2 booted, then recovered twice, with its count kept");
        assertEquals(1, disk.boots[1]);
        assertConverged(4, runtime.run(scenario), "disk again");
        assertEquals(3, disk.boots[2], "a new run starts from a zeroed disk");
    }

    @Test
    void heldMessagesArriveUnderAUniformDelay()
    {
        final RealtimeRuntime runtime = runtime(1);
        final Scenario scenario = bully(5, ScenarioKind.LEADER_CRASH).network(NetworkModel.parse("uniform:100us,1ms")).build();
        TimedRuns.judge(runtime, scenario, 5, (run, result, label) ->
        {
        }, (run, result, label) -> assertElected(4, result, label));
    }

    @Test
    void aPausedLeaderIsReplacedThenBulliesItsWayBack()
    {
        final TimedRuns.Judged run = TimedRuns.firstKept(runtime(1), bully(5, ScenarioKind.PAUSE).build(), TRIES);
        final ElectionResult result = run.result();
        assertElected(5, result, run.label());
        assertTrue(result.messagesTotal() > 0, "the others must have elected 4 while 5 was frozen: " + result);
    }

    @Test
    void aHealedPartitionEndsWithTheHighestId()
    {
        assertElectedOnAKeptRun(5, runtime(1), bully(5, ScenarioKind.PARTITION).build());
        // Every worker applies the partition to its own view: here 1, 3, 5 on one worker and 2, 4 on the other.
        final TimedRuns.Judged run = TimedRuns.firstKept(runtime(2), bully(5, ScenarioKind.PARTITION).settings(ROOMY).build(), TRIES);
        final ElectionResult result = run.result();
        assertElected(5, result, run.label());
        assertTrue(result.maxConcurrentLeaders() >= 2, "the majority elected 3 while 5 led the minority: " + result);
    }

    @Test
    void theNextLeaderCrashingAfterItsFirstOkLeavesTheThirdHighest()
    {
        assertElectedOnAKeptRun(3, runtime(1), bully(5, ScenarioKind.CASCADE).build());
    }

    @Test
    void aFlappingLeaderTakesOverAgainOnItsLastRecovery()
    {
        assertElectedOnAKeptRun(5, runtime(1), bully(5, ScenarioKind.FLAPPING).build());
    }

    @Test
    void aChaosScheduleHealsIntoTheHighestLiveId()
    {
        // A schedule may crash node 5 for good (seed 8196980753821780235 does): the leader a run must
        // heal into is the highest id live at its end, which the simulator elects on the same schedule.
        final SimRuntime simulator = new SimRuntime();
        TimedRuns.judge(runtime(1), bully(5, ScenarioKind.CHAOS).build(), 3, (run, result, label) ->
        {
        }, (run, result, label) ->
        {
            final ElectionResult simulated = simulator.run(run);
            assertTrue(simulated.converged(), label + ": the simulator did not converge " + simulated);
            assertConverged(simulated.finalLeader(), result, label + " (simulator: leader " + simulated.finalLeader() + ")");
        });
    }

    @Test
    void aCutLinkFromTheLeaderMakesItsPeerElectWithoutIt()
    {
        // For 200 ms node 4 hears nothing from 5 (5 still hears 4): it detects, elects, and loses 5's OK to the
        // cut, so it leads until the heal lets 5's COORDINATOR through again.
        final RealtimeRuntime runtime = runtime(1);
        final TimedRuns.Judged run = TimedRuns.firstKept(runtime, bully(5, ScenarioKind.CUSTOM)
            .faults(FaultPlan.builder().cut(5, 4, 20 * MS, 200 * MS).build()).build(), TRIES);
        final ElectionResult result = run.result();
        assertConverged(5, result, run.label());
        assertTrue(result.messagesTotal() > 0, "node 4 must have held an election: " + result);
        assertTrue(runtime.droppedMessages() > 0);
    }

    @Test
    void aCrashTriggerNamingAnUnknownTypeIsRejectedWithTheKnownTypes()
    {
        final Scenario scenario = bully(5, ScenarioKind.CUSTOM)
            .faults(FaultPlan.builder().crashAfterFirstSend(4, "VOTE").build()).build();
        final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> runtime(1).run(scenario));
        assertTrue(error.getMessage().contains("VOTE") && error.getMessage().contains("COORDINATOR"), error.getMessage());
        assertEquals(List.of(), workerThreads());
    }

    @Test
    void theSteadyStateMessagePathAllocatesNothing()
    {
        // 100,000 messages through inboxes, the monitor gate, and one timer re-armed per message, after a warm-up.
        final PingAlgorithm ping = new PingAlgorithm(20_000, 100_000);
        final RealtimeRuntime runtime = runtime(1);
        final ElectionResult result = runtime.run(Scenario.builder()
            .algorithm(ping).nodes(5).settings(FAST).network(NetworkModel.constant(0)).kind(ScenarioKind.COLD_START)
            .settleWindowNs(10 * MS).budgetNs(60_000 * MS).build());
        assertElected(1, result, "ping");
        assertTrue(ping.allocatedBytes() >= 0, "never reached the end of the measured messages: " + result);
        assertTrue(ping.allocatedBytes() < 16 * 1024, ping.allocatedBytes() + " bytes allocated over 100,000 messages");
    }

    @Test
    void theNodesOfOneWorkerReadTheInstantItsCycleStartedAtHoweverLongTheOthersTook()
    {
        // All five timeouts fall due together, and node 1, fired first, then holds the worker for 5 ms.
        // The four fired after it, in the same cycle, read the instant it read, not 5 ms later.
        final ClockAlgorithm clock = new ClockAlgorithm(5, 20 * MS, 5 * MS, false);
        final RealtimeRuntime runtime = runtime(1);
        assertElected(5, runtime.run(clockScenario(clock)), "clock");
        assertNotEquals(ClockAlgorithm.NOT_FIRED, clock.firedAtNs(1));
        for (int id = 2; id <= 5; id++)
        {
            assertEquals(clock.firedAtNs(1), clock.firedAtNs(id), "node " + id + " read its own clock, not the cycle's");
        }
        // The 5 ms is still the worker's, seen by the run: the later timers fired that late on the run clock.
        assertTrue(runtime.lastRunTiming().maxTimerLatenessNs() >= 5 * MS, runtime.lastRunTiming().describe());
    }

    @Test
    // A worker that fired such a timer again and again within one cycle would never end the run.
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aTimerArmedForNoTimeFromItsOwnCallbackFiresOncePerCycleAndTheRunEnds()
    {
        final ClockAlgorithm clock = new ClockAlgorithm(5, 20 * MS, 0, true);
        assertElected(5, runtime(1).run(clockScenario(clock)), "zero-delay timers");
        assertTrue(clock.zeroDelayFirings > 1, "fired " + clock.zeroDelayFirings + " times");
    }

    private static Scenario clockScenario(final ClockAlgorithm clock)
    {
        return Scenario.builder().algorithm(clock).nodes(5).settings(FAST).network(NetworkModel.constant(0))
            .kind(ScenarioKind.COLD_START).settleWindowNs(10 * MS).budgetNs(5_000 * MS).build();
    }

    @Test
    void aNodeThatThrowsFailsTheRunAndLeavesNoThreads()
    {
        final Scenario scenario = bully(5, ScenarioKind.COLD_START).algorithm(new FailingAlgorithm()).build();
        final IllegalStateException error = assertThrows(IllegalStateException.class, () -> runtime(2).run(scenario));
        assertEquals("node 3 is broken", error.getCause().getMessage());
        assertEquals(List.of(), workerThreads());
    }

    @Test
    void systemPropertiesConfigureTheCommandLineRuntime()
    {
        try
        {
            System.setProperty(RealtimeRuntime.THREADS_PROPERTY, "3");
            System.setProperty(RealtimeRuntime.IDLE_PROPERTY, "yield");
            final RealtimeRuntime runtime = InMemoryRuntime.fromSystemProperties();
            assertEquals(3, runtime.threads());
            assertEquals(IdleMode.YIELD, runtime.idleMode());
            System.setProperty(RealtimeRuntime.BACKOFF_MAX_PARK_PROPERTY, "soon");
            final IllegalArgumentException error = assertThrows(IllegalArgumentException.class, InMemoryRuntime::fromSystemProperties);
            assertTrue(error.getMessage().startsWith(RealtimeRuntime.BACKOFF_MAX_PARK_PROPERTY), error.getMessage());
        }
        finally
        {
            System.clearProperty(RealtimeRuntime.THREADS_PROPERTY);
            System.clearProperty(RealtimeRuntime.IDLE_PROPERTY);
            System.clearProperty(RealtimeRuntime.BACKOFF_MAX_PARK_PROPERTY);
        }
    }

    @Test
    void badSettingsAreNamed()
    {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> InMemoryRuntime.builder().threads(0).build())
            .getMessage().contains("threads"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> InMemoryRuntime.builder(1000))
            .getMessage().contains("power of two"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> IdleMode.parse("sleepy"))
            .getMessage().contains(IdleMode.ACCEPTED));
        assertEquals(IdleMode.BUSY_SPIN, IdleMode.parse("busy_spin"));
        assertEquals(IdleMode.BACKOFF, IdleMode.parse("Backoff"));
    }

    @Test
    void everyIdleModeRunsAnElection()
    {
        for (final IdleMode mode : IdleMode.values())
        {
            final RealtimeRuntime runtime = InMemoryRuntime.builder().threads(1).idleMode(mode).build();
            assertElectedOnAKeptRun(4, runtime, bully(5, ScenarioKind.LEADER_CRASH).build());
        }
    }
}
