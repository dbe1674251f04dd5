package org.electbench.transport;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ClusterProfile;
import org.electbench.spi.DerivedSettings;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.Start;
import org.electbench.transport.chaos.ChaosFault;
import org.electbench.transport.chaos.ChaosSchedule;

/**
 * What one run does: algorithm, cluster size, settings, network model, fault plan and who
 * detects. The same scenario runs on every runtime; {@link #plan()} turns it into the concrete
 * faults of its seed.
 * <p>
 * With HBT the heartbeat interval, D the detection timeout and N the cluster size (ids 1..N):
 * <ul>
 *   <li>cold-start: all nodes boot together with no leader; the nodes chosen by detect start an
 *       election at boot. Measured from 0.</li>
 *   <li>leader-crash: the cluster starts settled with N leading term 1; N crashes at 2 HBT plus a
 *       seeded phase in [0, HBT). Measured from the crash.</li>
 *   <li>cascade: leader-crash, and N-1 (the next leader) crashes right after it sends its first
 *       OK (its first election message where the algorithm has no OK).</li>
 *   <li>partition: settled; at 2 HBT plus a seeded phase the top floor((N-1)/2) ids, the leader
 *       among them, are cut off from the rest for the fault duration (default 4 D + 2 T_coord),
 *       then heal. Measured from the heal.</li>
 *   <li>lossy: leader-crash with every message lost with the network's loss probability
 *       (10% when none is given) for the whole run.</li>
 *   <li>pause: settled; the leader N freezes at 2 HBT plus a seeded phase for the fault duration
 *       (default 3 D, longer than the detection timeout), then resumes still believing it
 *       leads. Measured from the pause.</li>
 *   <li>flapping: settled; the highest id N crashes and recovers three times, down for the
 *       fault duration (default 2 D + T_coord) and up for 2 D each time. Measured from the last
 *       recovery.</li>
 *   <li>chaos: settled; the chaos explorer's random schedule for the seed, drawn from the chaos
 *       fault kinds (crashes and recoveries, pauses longer than D, partitions, one-way cuts, loss
 *       bursts), every one healed by the end. Measured from the first fault.</li>
 *   <li>custom: settled with N leading, and only the faults given.</li>
 *   <li>bridge, majorities-ring, chained, flapping-link, slow-node, switch-failure: settled, a
 *       long partial disturbance from a published incident (see {@link org.electbench.transport.incident.Incident}
 *       and each kind's class) from the fault instant until the heal, the fault duration (default
 *       40 D). Measured from the heal; the disturbance metrics cover the fault to the heal.</li>
 * </ul>
 * Detect picks among the followers (every node at cold start): all, the lowest, the highest, or
 * one at random. Faults given explicitly are added to the scenario's own.
 * <p>
 * Besides the reference instant, the plan names the fault instant and the side of the fault that
 * must elect ({@link RunPlan#faultNs()}, {@link RunPlan#side()}): the cut and the majority side
 * for partition, the freeze and every node but the paused one for pause, the first fault and
 * every node otherwise. The unavailability window and the traffic "from the fault" are measured
 * from there.
 * <p>
 * The settings given are the algorithm's to complete: {@link #settings()} is what it runs with,
 * its defaults raised where they would distort its results on this cluster and network
 * ({@link org.electbench.spi.ElectionAlgorithm#deriveSettings}), and {@link #distortions()} says
 * which explicit settings are known to distort.
 */
public final class Scenario
{
    public static final double DEFAULT_LOSSY_PROBABILITY = 0.1;
    /**
     * The most virtual time a run may cover, from its start to the end of its budget: far beyond
     * any election setting in use, and well inside the 292 years a long of nanoseconds holds, so
     * no instant of a run can overflow.
     */
    public static final long MAX_VIRTUAL_NS = TimeUnit.DAYS.toNanos(365);
    /** The most events one run may take unless a scenario says otherwise: about a minute of simulation. */
    public static final long DEFAULT_EVENT_BUDGET = 1_000_000_000L;
    /** Heap one queued event takes in the simulator, pools and growth included, for the queued-events check. */
    public static final long QUEUED_EVENT_BYTES = 64;
    /** A run's default budget after its last fault, in patiences (the longest of D, T_coord and 5 HBT). */
    private static final int BUDGET_PATIENCES = 50;
    private static final int FLAP_CYCLES = 3;
    /**
     * How long, in detection timeouts, a leader must hold office unbroken to count as a long
     * disturbance's stable leader (at least the settle window): several election timeouts, so
     * a leader that merely outlived one round of a livelock does not count.
     */
    public static final int STABLE_WINDOW_DETECTIONS = 10;

    private final ElectionAlgorithm algorithm;
    private final int nodes;
    private final ElectionSettings givenSettings;
    private final ClusterProfile profile;
    private final DerivedSettings derived;
    private final ElectionSettings settings;
    private final NetworkModel network;
    private final ScenarioKind kind;
    private final Detect detect;
    private final FaultPlan extraFaults;
    private final long seed;
    private final Set<ChaosFault> chaosFaults;
    private final long faultDurationNs;
    private final long settleWindowNs;
    private final long budgetNs;
    private final long eventBudget;

    private Scenario(final Builder builder)
    {
        algorithm = null != builder.algorithm ? builder.algorithm :
            AlgorithmRegistry.instance().get(builder.algorithmName);
        nodes = builder.nodes;
        network = builder.kind == ScenarioKind.LOSSY && builder.network.lossProbability() == 0 ?
            builder.network.withLoss(DEFAULT_LOSSY_PROBABILITY) : builder.network;
        givenSettings = builder.settings;
        profile = null != builder.profile ? builder.profile : new ClusterProfile(nodes, network.delay().boundNs(),
            network.delay().boundQuantile(), deadNodes(builder.kind, nodes));
        derived = algorithm.deriveSettings(givenSettings, profile);
        settings = derived.settings();
        kind = builder.kind;
        detect = builder.detect;
        extraFaults = builder.faults;
        seed = builder.seed;
        chaosFaults = builder.chaosFaults;
        faultDurationNs = builder.faultDurationNs;
        settleWindowNs = 0 == builder.settleWindowNs ? 2 * settings.detectionTimeoutNs() : builder.settleWindowNs;
        budgetNs = builder.budgetNs;
        eventBudget = builder.eventBudget;
    }

    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * @return how many nodes the kind leaves dead or cut off at once, which a message round the
     *         cluster may have to skip: a cascade's two crashed leaders, a partition's minority,
     *         else the one leader that crashed or paused.
     */
    private static int deadNodes(final ScenarioKind kind, final int nodes)
    {
        switch (kind)
        {
            case CASCADE:
                return 2;
            case PARTITION:
                return Math.max(1, (nodes - 1) / 2);
            default:
                return 1;
        }
    }

    /** @return a builder of this scenario: the settings as given, derived again for the same cluster and network. */
    public Builder toBuilder()
    {
        return new Builder()
            .algorithm(algorithm)
            .nodes(nodes)
            .settings(givenSettings)
            .network(network)
            .kind(kind)
            .detect(detect)
            .faults(extraFaults)
            .seed(seed)
            .chaosFaults(chaosFaults)
            .faultDurationNs(faultDurationNs)
            .settleWindowNs(settleWindowNs)
            .budgetNs(budgetNs)
            .eventBudget(eventBudget)
            .derivedFor(profile);
    }

    /**
     * @return the same scenario with the seed of run {@code runIndex}, see {@link Seeds#derive}; a
     * random ring arrangement is drawn afresh from the settings' arrangement seed derived the same
     * way, so runs average over rings as the chaos explorer's schedules do, not over one ring.
     */
    public Scenario forRun(final int runIndex)
    {
        if (0 == runIndex)
        {
            return this;
        }
        // Only a random ring arrangement reads its seed, so every run may derive one.
        return toBuilder()
            .seed(Seeds.derive(seed, runIndex))
            .settings(givenSettings.toBuilder().arrangementSeed(Seeds.derive(givenSettings.arrangementSeed(), runIndex)).build())
            .derivedFor(profile)
            .build();
    }

    public ElectionAlgorithm algorithm()
    {
        return algorithm;
    }

    public int nodes()
    {
        return nodes;
    }

    /**
     * @return what the nodes run with: the settings given, with the knobs left at their defaults
     *         raised by the algorithm where they would distort its results on this cluster and network.
     */
    public ElectionSettings settings()
    {
        return settings;
    }

    /** @return the settings as given, before the algorithm derived its defaults. */
    public ElectionSettings givenSettings()
    {
        return givenSettings;
    }

    /** @return the cluster size, one-way delay bound and dead nodes the settings were derived for. */
    public ClusterProfile profile()
    {
        return profile;
    }

    /**
     * @return one line per explicit setting known to distort this scenario's results (which, the
     *         bound it misses, what goes wrong); empty when none does. A table marks such a row.
     */
    public List<String> distortions()
    {
        return derived.distortions();
    }

    /** @return whether some explicit setting is known to distort this scenario's results. */
    public boolean distorted()
    {
        return derived.distorted();
    }

    /**
     * @return the settings the algorithm actually ran with, for a table header: e.g.
     *         {@code HBT 50ms, D 150ms, T_elec 10ms, T_coord 54.1ms (derived), recovery bully, arrangement increasing, ack on};
     *         under an unbounded delay, what derived values were derived from: {@code ...; derived from the p99.9 one-way delay}.
     */
    public String settingsDescription()
    {
        final String described = settings.describe(algorithm.options());
        return profile.boundedDelay() || !described.contains("(derived)") ? described :
            described + "; derived from " + profile.delayBoundName();
    }

    public NetworkModel network()
    {
        return network;
    }

    /** @return the fault duration given, or 0 where the scenario kind sets its own. */
    public long givenFaultDurationNs()
    {
        return faultDurationNs;
    }

    public ScenarioKind kind()
    {
        return kind;
    }

    public Detect detect()
    {
        return detect;
    }

    public long seed()
    {
        return seed;
    }

    public long settleWindowNs()
    {
        return settleWindowNs;
    }

    /** @return the most events a run of this scenario may take; a runtime that counts events stops a run past it. */
    public long eventBudget()
    {
        return eventBudget;
    }

    /** @return the concrete run this scenario's seed makes. */
    public RunPlan plan()
    {
        final SplittableRandom random = new SplittableRandom(Seeds.mix(seed ^ 0x5CE7A210L));
        final long hbtNs = settings.heartbeatIntervalNs();
        final long detectNs = settings.detectionTimeoutNs();
        final long faultAtNs = 2 * hbtNs + random.nextLong(hbtNs);
        final FaultPlan.Builder faults = FaultPlan.builder();
        Start start = Start.SETTLED;
        long referenceNs = faultAtNs;
        long faultNs = faultAtNs;
        final boolean[] side = new boolean[nodes + 1];
        Arrays.fill(side, 1, nodes + 1, true);
        long sideEndNs = faultAtNs;
        switch (kind)
        {
            case COLD_START:
                start = Start.COLD;
                referenceNs = 0;
                faultNs = 0;
                sideEndNs = 0;
                break;
            case LEADER_CRASH:
            case LOSSY:
                faults.crash(nodes, faultAtNs);
                break;
            case CASCADE:
                faults.crash(nodes, faultAtNs);
                faults.crashAfterFirstSend(nodes - 1, algorithm.typeId("OK") >= 0 ? "OK" : null, faultAtNs);
                break;
            case PARTITION:
            {
                final long durationNs = durationOr(4 * detectNs + 2 * settings.coordinatorTimeoutNs());
                final int minority = (nodes - 1) / 2;
                final int[] low = new int[nodes - minority];
                final int[] high = new int[minority];
                for (int id = 1; id <= nodes; id++)
                {
                    if (id <= nodes - minority)
                    {
                        low[id - 1] = id;
                    }
                    else
                    {
                        high[id - 1 - (nodes - minority)] = id;
                    }
                }
                faults.partition(faultAtNs, durationNs, low, high);
                referenceNs = faultAtNs + durationNs;
                // The side cut off from its leader is the one that must elect.
                Arrays.fill(side, nodes - minority + 1, nodes + 1, false);
                sideEndNs = referenceNs;
                break;
            }
            case PAUSE:
            {
                final long durationNs = durationOr(3 * detectNs);
                faults.pause(nodes, faultAtNs, durationNs);
                side[nodes] = false;
                sideEndNs = faultAtNs + durationNs;
                break;
            }
            case FLAPPING:
            {
                final long downNs = durationOr(2 * detectNs + settings.coordinatorTimeoutNs());
                long atNs = faultAtNs;
                for (int cycle = 0; cycle < FLAP_CYCLES; cycle++)
                {
                    faults.crash(nodes, atNs);
                    faults.recover(nodes, atNs + downNs);
                    referenceNs = atNs + downNs;
                    atNs += downNs + 2 * detectNs;
                }
                break;
            }
            case CHAOS:
            {
                final FaultPlan chaos = ChaosSchedule.generate(settings, nodes, seed, chaosFaults);
                chaos.faults().forEach(faults::add);
                referenceNs = chaos.faults().get(0).atNs();
                faultNs = referenceNs;
                sideEndNs = referenceNs;
                break;
            }
            case BRIDGE:
            case MAJORITIES_RING:
            case CHAINED:
            case FLAPPING_LINK:
            case SLOW_NODE:
            case SWITCH_FAILURE:
            {
                final long healNs = faultAtNs + durationOr(kind.incident().defaultDurationNs(settings));
                kind.incident().plan(faults, nodes, settings, faultAtNs, healNs, random);
                referenceNs = healNs;
                break;
            }
            case CUSTOM:
                referenceNs = extraFaults.isEmpty() ? 0 : extraFaults.faults().get(0).atNs();
                faultNs = referenceNs;
                sideEndNs = referenceNs;
                break;
            default:
                throw new IllegalStateException(kind.name());
        }
        // Joining an empty plan would only copy and re-sort the same list.
        final FaultPlan plan = extraFaults.isEmpty() ? faults.build() : faults.build().and(extraFaults);
        plan.validate(nodes);

        final boolean[] detectors = new boolean[nodes + 1];
        final int lowest = 1;
        final int highest = start == Start.COLD ? nodes : nodes - 1;
        switch (detect)
        {
            case ALL:
                for (int id = 1; id <= nodes; id++)
                {
                    detectors[id] = true;
                }
                break;
            case LOWEST:
                detectors[lowest] = true;
                break;
            case HIGHEST:
                detectors[highest] = true;
                break;
            case RANDOM:
                detectors[lowest + random.nextInt(highest - lowest + 1)] = true;
                break;
            default:
                throw new IllegalStateException(detect.name());
        }
        if (start == Start.SETTLED && detect == Detect.ALL)
        {
            // The settled leader has no leader to watch until it fails and recovers; keep its detector for then.
            detectors[nodes] = true;
        }

        final long lastFaultNs = Math.max(referenceNs, plan.lastEffectNs());
        final long patienceNs = Math.max(Math.max(detectNs, settings.coordinatorTimeoutNs()), 5 * hbtNs);
        final long defaultBudgetNs = kind == ScenarioKind.CHAOS ? ChaosSchedule.budgetNs(settings) : BUDGET_PATIENCES * patienceNs;
        final long budgetEndNs = lastFaultNs + (0 == budgetNs ? defaultBudgetNs : budgetNs);
        return new RunPlan(
            start,
            start == Start.SETTLED ? nodes : ElectionNode.NO_LEADER,
            start == Start.SETTLED ? 1 : 0,
            detectors,
            plan,
            referenceNs,
            lastFaultNs,
            settleWindowNs,
            budgetEndNs,
            faultNs,
            side,
            sideEndNs,
            Math.max(settleWindowNs, STABLE_WINDOW_DETECTIONS * detectNs));
    }

    /**
     * Checks, from the settings alone and before anything runs, that a run stays within
     * {@link #MAX_VIRTUAL_NS} of virtual time, within its event budget, and that its queued events
     * fit the heap. The arithmetic is in doubles, so settings whose products overflow a long are
     * caught rather than wrapped into a negative budget.
     * <p>
     * The event estimate: while the run lasts (at least until its last fault, plus the settle
     * window) a leader heartbeats every HBT to each of the N-1 others. Each heartbeat also re-arms
     * a follower's detection timer, and the cancelled timer stays queued until it falls due, so
     * about D / HBT timers are queued per follower.
     */
    private void checkBudgets()
    {
        final double hbtNs = settings.heartbeatIntervalNs();
        final double detectNs = settings.detectionTimeoutNs();
        final double coordNs = settings.coordinatorTimeoutNs();
        final double patienceNs = Math.max(Math.max(detectNs, coordNs), 5 * hbtNs);
        final double faultAtNs = 3 * hbtNs;
        final double explicitNs = faultDurationNs;
        final double lastEffectNs;
        final double faultPartNs;
        switch (kind)
        {
            case PARTITION:
                lastEffectNs = faultAtNs + (0 == faultDurationNs ? 4 * detectNs + 2 * coordNs : explicitNs);
                faultPartNs = explicitNs;
                break;
            case PAUSE:
                lastEffectNs = faultAtNs + (0 == faultDurationNs ? 3 * detectNs : explicitNs);
                faultPartNs = explicitNs;
                break;
            case FLAPPING:
                lastEffectNs = faultAtNs + FLAP_CYCLES * (0 == faultDurationNs ? 2 * detectNs + coordNs : explicitNs) +
                    (FLAP_CYCLES - 1) * 2 * detectNs;
                faultPartNs = FLAP_CYCLES * explicitNs;
                break;
            case BRIDGE:
            case MAJORITIES_RING:
            case CHAINED:
            case FLAPPING_LINK:
            case SLOW_NODE:
            case SWITCH_FAILURE:
                lastEffectNs = faultAtNs + (0 == faultDurationNs ? kind.incident().defaultDurationNs(settings) : explicitNs);
                faultPartNs = explicitNs;
                break;
            case CHAOS:
                lastEffectNs = 2 * hbtNs + (ChaosSchedule.WINDOW_DETECTIONS + ChaosSchedule.LONGEST_FAULT_DETECTIONS) * detectNs;
                faultPartNs = 0;
                break;
            case COLD_START:
                lastEffectNs = 0;
                faultPartNs = 0;
                break;
            default:
                lastEffectNs = faultAtNs;
                faultPartNs = 0;
                break;
        }
        final double lastNs = Math.max(lastEffectNs, extraFaults.isEmpty() ? 0 : extraFaults.lastEffectNs());
        final double afterNs = 0 != budgetNs ? budgetNs :
            (kind == ScenarioKind.CHAOS ? ChaosSchedule.BUDGET_PATIENCES : BUDGET_PATIENCES) * patienceNs;
        final double endNs = lastNs + Math.max(afterNs, settleWindowNs);
        if (endNs > MAX_VIRTUAL_NS)
        {
            final String setting = faultPartNs >= endNs - faultPartNs ? ScenarioLimitException.FAULT_DURATION :
                0 != budgetNs ? ScenarioLimitException.BUDGET :
                patienceNs == detectNs ? ScenarioLimitException.DETECTION_TIMEOUT :
                patienceNs == coordNs ? ScenarioLimitException.COORDINATOR_TIMEOUT : ScenarioLimitException.HEARTBEAT_INTERVAL;
            throw new ScenarioLimitException(setting, setting + " (" + Durations.format(valueOf(setting)) + ") lets a " +
                kind.cliName() + " run go on for up to " + Durations.describe(endNs) + " of virtual time, past the " +
                "simulator's virtual time budget of " + Durations.describe(MAX_VIRTUAL_NS));
        }
        final double spanNs = lastNs + settleWindowNs;
        final double events = (spanNs / hbtNs) * (nodes - 1);
        if (events > eventBudget)
        {
            throw new ScenarioLimitException(ScenarioLimitException.HEARTBEAT_INTERVAL, "heartbeat interval (" +
                Durations.format(settings.heartbeatIntervalNs()) + ") makes a " + kind.cliName() + " run of " + nodes +
                " nodes take about " + String.format(Locale.ROOT, "%.2g", events) + " events (a heartbeat to each of " +
                (nodes - 1) + " followers every HBT for at least " + Durations.describe(spanNs) + "), past the " +
                "simulator's event budget of " + String.format(Locale.ROOT, "%.2g", (double)eventBudget) + " per run");
        }
        final double queued = (detectNs / hbtNs + 1) * (nodes - 1);
        final double heapBytes = MemoryLimits.maxHeapBytes() * MemoryLimits.HEAP_SHARE;
        if (queued * QUEUED_EVENT_BYTES > heapBytes)
        {
            throw new ScenarioLimitException(ScenarioLimitException.HEARTBEAT_INTERVAL, "heartbeat interval (" +
                Durations.format(settings.heartbeatIntervalNs()) + ") under a detection timeout of " +
                Durations.format(settings.detectionTimeoutNs()) + " keeps about " + String.format(Locale.ROOT, "%.2g", queued) +
                " events queued at once (each heartbeat re-arms a follower's detection timer, queued until it falls due), " +
                "more than half the heap holds (-Xmx " + MemoryLimits.formatBytes(MemoryLimits.maxHeapBytes()) + ", " +
                QUEUED_EVENT_BYTES + " bytes an event)");
        }
    }

    private long valueOf(final String setting)
    {
        switch (setting)
        {
            case ScenarioLimitException.FAULT_DURATION:
                return faultDurationNs;
            case ScenarioLimitException.BUDGET:
                return budgetNs;
            case ScenarioLimitException.DETECTION_TIMEOUT:
                return settings.detectionTimeoutNs();
            case ScenarioLimitException.COORDINATOR_TIMEOUT:
                return settings.coordinatorTimeoutNs();
            default:
                return settings.heartbeatIntervalNs();
        }
    }

    private long durationOr(final long defaultNs)
    {
        return 0 == faultDurationNs ? defaultNs : faultDurationNs;
    }

    @Override
    public String toString()
    {
        return algorithm.name() + " n=" + nodes + " " + kind.cliName() + " detect=" + detect.cliName() +
            " " + network + " seed=" + seed;
    }

    public static final class Builder
    {
        private String algorithmName = "bully";
        private ElectionAlgorithm algorithm;
        private int nodes = 5;
        private ElectionSettings settings = ElectionSettings.defaults();
        private ClusterProfile profile;
        private NetworkModel network = NetworkModel.constant(1_000_000L);
        private ScenarioKind kind = ScenarioKind.LEADER_CRASH;
        private Detect detect = Detect.ALL;
        private FaultPlan faults = FaultPlan.NONE;
        private long seed = 1;
        private Set<ChaosFault> chaosFaults = ChaosFault.ALL;
        private long faultDurationNs;
        private long settleWindowNs;
        private long budgetNs;
        private long eventBudget = DEFAULT_EVENT_BUDGET;

        private Builder()
        {
        }

        /**
         * @param settings as given: knobs set explicitly are kept; the algorithm may raise those
         *                 left at their defaults, see {@link Scenario#settings()}.
         */
        public Builder settings(final ElectionSettings settings)
        {
            this.settings = settings;
            return this;
        }

        /** @param name looked up in {@link AlgorithmRegistry#instance()}. */
        public Builder algorithm(final String name)
        {
            algorithmName = name;
            algorithm = null;
            return this;
        }

        public Builder algorithm(final ElectionAlgorithm algorithm)
        {
            this.algorithm = algorithm;
            return this;
        }

        public Builder nodes(final int nodes)
        {
            this.nodes = nodes;
            profile = null;
            return this;
        }

        public Builder network(final NetworkModel network)
        {
            this.network = network;
            profile = null;
            return this;
        }

        /**
         * Derive the settings for this cluster and network rather than the scenario's own, so a
         * variant (a floor run with a transport's latency added to the network) runs with the
         * same settings as the original. Setting the nodes, the network or the kind afterwards clears it.
         *
         * @param profile what to derive for; null for the scenario's own cluster and network.
         */
        public Builder derivedFor(final ClusterProfile profile)
        {
            this.profile = profile;
            return this;
        }

        public Builder kind(final ScenarioKind kind)
        {
            this.kind = kind;
            profile = null;
            return this;
        }

        public Builder detect(final Detect detect)
        {
            this.detect = detect;
            return this;
        }

        public Builder faults(final FaultPlan faults)
        {
            this.faults = faults;
            return this;
        }

        public Builder seed(final long seed)
        {
            this.seed = seed;
            return this;
        }

        /** @param chaosFaults the fault kinds the chaos scenario draws from. */
        public Builder chaosFaults(final Set<ChaosFault> chaosFaults)
        {
            this.chaosFaults = ChaosFault.requireDrawable(chaosFaults);
            return this;
        }

        /** @param faultDurationNs how long the scenario's partition, pause or outage lasts; 0 for its default. */
        public Builder faultDurationNs(final long faultDurationNs)
        {
            this.faultDurationNs = faultDurationNs;
            return this;
        }

        /** @param settleWindowNs how long agreement must hold unchanged; 0 for twice the detection timeout. */
        public Builder settleWindowNs(final long settleWindowNs)
        {
            this.settleWindowNs = settleWindowNs;
            return this;
        }

        /** @param budgetNs how long after the last fault a run may take to settle; 0 for the default. */
        public Builder budgetNs(final long budgetNs)
        {
            this.budgetNs = budgetNs;
            return this;
        }

        /**
         * @param eventBudget the most events a run may take, {@link #DEFAULT_EVENT_BUDGET} unless set: a run
         *                    that needs more (days of virtual steady state) raises it knowingly.
         */
        public Builder eventBudget(final long eventBudget)
        {
            this.eventBudget = eventBudget;
            return this;
        }

        /**
         * @return the scenario.
         * @throws IllegalArgumentException naming what makes no sense.
         * @throws ScenarioLimitException naming the setting that takes a run past a budget, see {@link #eventBudget}
         *                                and {@link #MAX_VIRTUAL_NS}.
         */
        public Scenario build()
        {
            if (nodes < 2)
            {
                throw new IllegalArgumentException("nodes must be at least 2, got " + nodes);
            }
            if (kind == ScenarioKind.PARTITION && nodes < 3)
            {
                throw new IllegalArgumentException("the partition scenario needs at least 3 nodes, got " + nodes);
            }
            if (kind == ScenarioKind.CASCADE && nodes < 3)
            {
                throw new IllegalArgumentException("the cascade scenario needs at least 3 nodes, got " + nodes);
            }
            if (null != kind.incident() && nodes < kind.incident().minNodes())
            {
                throw new IllegalArgumentException("the " + kind.cliName() + " scenario needs at least " +
                    kind.incident().minNodes() + " nodes, got " + nodes);
            }
            if (nodes > MemoryLimits.HARD_MAX_NODES)
            {
                throw new ScenarioLimitException(ScenarioLimitException.NODES, "nodes must be at most " +
                    MemoryLimits.HARD_MAX_NODES + " (per-link arrays are indexed by int), got " + nodes);
            }
            if (faultDurationNs < 0 || settleWindowNs < 0 || budgetNs < 0)
            {
                throw new IllegalArgumentException("fault duration, settle window and budget must be >= 0");
            }
            if (eventBudget < 1)
            {
                throw new IllegalArgumentException("event budget must be at least 1, got " + eventBudget);
            }
            final Scenario scenario = new Scenario(this);
            scenario.checkBudgets();
            return scenario;
        }
    }
}
