package org.electbench.sim.chaos;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

import org.electbench.sim.SimRuntime;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.LivenessPromise;
import org.electbench.transport.Detectors;
import org.electbench.transport.FaultPlan;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.Seeds;
import org.electbench.transport.chaos.ChaosFault;
import org.electbench.transport.chaos.ChaosSchedule;

/**
 * Runs random fault schedules ({@link ChaosSchedule}) in the simulator and counts the schedules
 * that break each safety property, or the algorithm's liveness promise ({@link Violation}),
 * remembering the first seed that broke it.
 * <p>
 * Schedule i runs with seed {@code Seeds.derive(seed, i)}, which alone decides its faults, its
 * message delays and losses, and (with a random ring arrangement) the ring: {@link #replay} of
 * that seed runs the very same schedule. Every schedule starts settled (N leading term 1), every
 * node's failure detector may fire, and the run ends once one agreed leader has held through the
 * settle window after the last heal, or when the budget after it runs out: the longer of
 * {@link ChaosSchedule#budgetNs} and the algorithm's liveness bound plus the settle window, so a
 * leader agreed just within the bound is seen to hold ({@link Liveness}).
 * <p>
 * Not thread-safe: one explorer reuses one simulator.
 */
public final class ChaosExplorer
{
    private final ElectionAlgorithm algorithm;
    private final int nodes;
    private final ElectionSettings settings;
    private final NetworkModel network;
    private final Set<ChaosFault> kinds;
    private final SimRuntime runtime = new SimRuntime();

    /**
     * @param algorithm the algorithm under test.
     * @param nodes     N; ids are 1..N.
     * @param settings  its timings; the arrangement seed is replaced by each schedule's seed.
     * @param network   message delays (and any loss on top of the schedule's loss bursts).
     * @param kinds     the fault kinds schedules may draw.
     */
    public ChaosExplorer(
        final ElectionAlgorithm algorithm,
        final int nodes,
        final ElectionSettings settings,
        final NetworkModel network,
        final Set<ChaosFault> kinds)
    {
        ChaosFault.requireDrawable(kinds);
        if (nodes < 2)
        {
            throw new IllegalArgumentException("nodes must be at least 2, got " + nodes);
        }
        this.algorithm = algorithm;
        this.nodes = nodes;
        this.settings = settings;
        this.network = network;
        this.kinds = Collections.unmodifiableSet(EnumSet.copyOf(kinds));
    }

    /** @return the scenario of the schedule with this seed. */
    public Scenario scenario(final long scheduleSeed)
    {
        final ElectionSettings scheduleSettings = settings.toBuilder().arrangementSeed(scheduleSeed).build();
        final Scenario scenario = Scenario.builder()
            .algorithm(algorithm)
            .nodes(nodes)
            .settings(scheduleSettings)
            .network(network)
            .kind(ScenarioKind.CHAOS)
            .detect(Detectors.ALL)
            .chaosFaults(kinds)
            .seed(scheduleSeed)
            .build();
        final long budgetNs = Math.max(ChaosSchedule.budgetNs(scenario.settings()),
            Liveness.promise(scenario).boundNs() + scenario.settleWindowNs());
        return scenario.toBuilder().budgetNs(budgetNs).build();
    }

    /** @return what the algorithm promises after the last heal, with these settings and this network. */
    public LivenessPromise promise()
    {
        return Liveness.promise(scenario(0));
    }

    /** @return the run of the schedule with this seed, e.g. a seed {@link ChaosReport#firstSeed} reported. */
    public ChaosRun replay(final long scheduleSeed)
    {
        final Scenario scenario = scenario(scheduleSeed);
        return ChaosRun.of(scenario, runtime.run(scenario));
    }

    /**
     * @param seed      the exploration's seed; schedule i uses {@code Seeds.derive(seed, i)}.
     * @param schedules how many schedules to run.
     * @return what they showed.
     */
    public ChaosReport explore(final long seed, final int schedules)
    {
        return explore(seed, schedules, (done, violating) -> true);
    }

    /**
     * Sees each schedule of an exploration finish, and may end the exploration there: a command
     * line shows progress with it and, on Ctrl-C, stops and reports what it found so far.
     */
    @FunctionalInterface
    public interface Progress
    {
        /**
         * @param done      schedules run so far.
         * @param violating how many of them broke at least one property.
         * @return whether to run the next one.
         */
        boolean onSchedule(int done, long violating);
    }

    /**
     * @param seed      the exploration's seed; schedule i uses {@code Seeds.derive(seed, i)}.
     * @param schedules how many schedules to run at most.
     * @param progress  told after each schedule; when it says stop, the report covers the schedules run.
     * @return what they showed; its {@link ChaosReport#schedules()} is how many ran.
     */
    public ChaosReport explore(final long seed, final int schedules, final Progress progress)
    {
        if (schedules < 1)
        {
            throw new IllegalArgumentException("schedules must be at least 1, got " + schedules);
        }
        final Violation[] violations = Violation.values();
        final long[] counts = new long[violations.length];
        final long[] firstSeeds = new long[violations.length];
        final boolean[] found = new boolean[violations.length];
        long events = 0;
        long violating = 0;
        long unpromised = 0;
        long slowestAgreementNs = -1;
        long slowestSeed = 0;
        int ran = 0;
        final long startNs = System.nanoTime();
        // Schedule i's seed and arrangement seed are both Seeds.derive(seed, i), as forRun derives them from schedule 0's.
        final Scenario first = scenario(seed);
        for (int index = 0; index < schedules; index++)
        {
            final long scheduleSeed = Seeds.derive(seed, index);
            // The same scenario as scenario(scheduleSeed), without building and deriving its settings again.
            final Scenario scenario = first.forRun(index);
            final ChaosRun run = ChaosRun.of(scenario, runtime.run(scenario));
            events += run.result().events();
            unpromised += run.liveness().promised() ? 0 : 1;
            if (run.liveness().promised() && run.liveness().agreedAfterHealNs() > slowestAgreementNs)
            {
                slowestAgreementNs = run.liveness().agreedAfterHealNs();
                slowestSeed = scheduleSeed;
            }
            boolean broke = false;
            for (final Violation violation : violations)
            {
                if (violation.in(run))
                {
                    broke = true;
                    counts[violation.ordinal()]++;
                    if (!found[violation.ordinal()])
                    {
                        found[violation.ordinal()] = true;
                        firstSeeds[violation.ordinal()] = scheduleSeed;
                    }
                }
            }
            violating += broke ? 1 : 0;
            ran = index + 1;
            if (!progress.onSchedule(ran, violating))
            {
                break;
            }
        }
        final long wallNs = System.nanoTime() - startNs;
        return new ChaosReport(algorithm.name(), nodes, seed, kinds, network, ran, counts, firstSeeds, found, events, wallNs,
            promise(), unpromised, slowestAgreementNs, slowestSeed);
    }

    /** @return the faults of the schedule with this seed, without running it. */
    public FaultPlan faults(final long scheduleSeed)
    {
        return scenario(scheduleSeed).plan().faults();
    }
}
