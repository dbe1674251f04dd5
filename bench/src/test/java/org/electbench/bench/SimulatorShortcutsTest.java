package org.electbench.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;

import org.electbench.sim.SimRuntime;
import org.electbench.sim.chaos.ChaosExplorer;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.Seeds;
import org.electbench.transport.TraceRecorder;
import org.electbench.transport.chaos.ChaosFault;
import org.electbench.transport.metrics.Metric;
import org.electbench.transport.metrics.Metrics;
import org.electbench.transport.metrics.Sample;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The simulator's two shortcuts, a settled run started at the last heartbeat before its first
 * fault and a settle window ended at rest, change no figure: each run is compared with the same
 * run traced, which takes neither and plays every event from time 0 to the window's end. Every
 * declared figure and the run's end must be equal; only the event count may differ, and where a
 * shortcut applies it is smaller.
 */
class SimulatorShortcutsTest
{
    private static final int RUNS = 8;
    /** Chaos schedules per delay: enough that a shortcut wrong for one fault kind in twenty shows. */
    private static final int CHAOS_SCHEDULES = 200;
    /** Every kind but the chaos explorer's (its schedules below) and custom (no fault): incidents hold cuts until a heal. */
    private static final List<ScenarioKind> KINDS = Arrays.stream(ScenarioKind.values())
        .filter(kind -> ScenarioKind.CHAOS != kind && ScenarioKind.CUSTOM != kind).toList();
    /**
     * Bounded (a constant delay takes both shortcuts), unbounded with a thin tail (the end at rest), a LAN's
     * lognormal (the end at rest, replayed: its tail is too likely to open a silence for a bound on the
     * risk), heavy-tailed (replays that often fail), and a LAN's on links that reorder (neither).
     */
    private static final String LAN = "lognormal:1ms,0.8";
    private static final String REORDERING = " fifo off";
    private static final List<String> DELAYS = List.of("constant:1ms", "uniform:1ms,4ms", "exponential:2ms", LAN,
        "lognormal:10ms,1.5", LAN + REORDERING);
    /** Records nothing: only being there matters, so the traced run takes no shortcut. */
    private static final TraceRecorder PLAY_EVERYTHING = new TraceRecorder()
    {
    };

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"bully", "ring", "quorum", "raft"})
    void everyFigureIsWhatPlayingTheWholeRunGives(final String algorithm)
    {
        final SimRuntime shortcuts = new SimRuntime();
        final SimRuntime whole = new SimRuntime().trace(PLAY_EVERYTHING);
        final List<String> changed = new ArrayList<>();
        int shorter = 0;
        int replayed = 0;
        int drawnStarts = 0;
        int randomCrashes = 0;
        int runs = 0;
        for (final ScenarioKind kind : KINDS)
        {
            for (final String delay : DELAYS)
            {
                final boolean reorders = delay.endsWith(REORDERING);
                final NetworkModel network = NetworkModel.parse(delay.replace(REORDERING, "")).withFifo(!reorders);
                final Scenario base = Scenario.builder().algorithm(algorithm).nodes(7).kind(kind).network(network).seed(3).build();
                final List<Metric> metrics = Metrics.forTypes(base.algorithm().messageTypes(), base.algorithm().heartbeatType());
                for (int run = 0; run < RUNS; run++)
                {
                    final ElectionResult fast = shortcuts.run(base.forRun(run));
                    final ElectionResult slow = whole.run(base.forRun(run));
                    runs++;
                    compare(kind.cliName() + " " + delay + " run " + run, fast, slow, metrics, changed);
                    if (fast.events() < slow.events() && "constant:1ms".equals(delay))
                    {
                        shorter++;
                    }
                    if (fast.events() < slow.events() && LAN.equals(delay))
                    {
                        replayed++;
                    }
                    if (ScenarioKind.LEADER_CRASH == kind && !delay.startsWith("constant"))
                    {
                        randomCrashes++;
                        drawnStarts += shortcuts.startNs() > 0 ? 1 : 0;
                    }
                }
            }
        }
        assertEquals(List.of(), changed, algorithm);
        // The constant-delay runs that end settled take a shortcut: at most a quarter of the runs are of that delay.
        assertTrue(shorter >= runs / 12, algorithm + ": " + shorter + " of " + runs + " runs took a shortcut");
        // So do the LAN's, by the replay: at most a sixth of the runs are of that delay.
        // A settled run on a random delay starts at a later heartbeat where its algorithm's rest repeats each one.
        if ("raft".equals(algorithm))
        {
            assertEquals(0, drawnStarts, "raft draws at rest: it starts at 0");
        }
        else
        {
            assertTrue(drawnStarts >= randomCrashes / 2, algorithm + ": " + drawnStarts + " of " + randomCrashes +
                " leader crashes on a random delay started at a later heartbeat");
        }
        assertTrue(replayed >= runs / 12, algorithm + ": " + replayed + " runs on the LAN delay, of " + runs + " in all, ended at rest");
    }

    /**
     * The chaos explorer's schedules, settled starts with faults of every kind drawn at random
     * (pauses of followers, cuts, loss bursts, crashes and recoveries, slow links), on a constant,
     * a uniform and a lognormal delay: every figure and the end of each is what the whole run gives.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"bully", "ring", "quorum", "raft"})
    void everyChaosScheduleIsWhatPlayingTheWholeRunGives(final String algorithm)
    {
        final SimRuntime shortcuts = new SimRuntime();
        final SimRuntime whole = new SimRuntime().trace(PLAY_EVERYTHING);
        final List<String> changed = new ArrayList<>();
        for (final String delay : List.of("constant:2ms", "uniform:500us,5ms", LAN))
        {
            final Scenario base = Scenario.builder().algorithm(algorithm).nodes(5).network(NetworkModel.parse(delay)).seed(1).build();
            final ChaosExplorer explorer =
                new ChaosExplorer(base.algorithm(), base.nodes(), base.settings(), base.network(), EnumSet.allOf(ChaosFault.class));
            final List<Metric> metrics = Metrics.forTypes(base.algorithm().messageTypes(), base.algorithm().heartbeatType());
            for (int schedule = 0; schedule < CHAOS_SCHEDULES; schedule++)
            {
                final Scenario scenario = explorer.scenario(Seeds.derive(1, schedule));
                compare(delay + " schedule " + schedule, shortcuts.run(scenario), whole.run(scenario), metrics, changed);
            }
        }
        assertEquals(List.of(), changed, algorithm);
    }

    /** Notes where a run with the shortcuts differs from the whole run: its end, or any figure but the event count. */
    private static void compare(
        final String key, final ElectionResult fast, final ElectionResult slow, final List<Metric> metrics, final List<String> changed)
    {
        if (fast.endNs() != slow.endNs())
        {
            changed.add(key + " endNs " + slow.endNs() + " -> " + fast.endNs());
        }
        for (final Metric metric : metrics)
        {
            final long before = metric.read(Sample.of(slow));
            final long after = metric.read(Sample.of(fast));
            if (!Metrics.EVENTS.name().equals(metric.name()) && before != after)
            {
                changed.add(key + " " + metric.name() + " " + before + " -> " + after);
            }
        }
    }
}
