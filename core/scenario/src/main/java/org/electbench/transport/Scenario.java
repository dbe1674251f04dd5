package org.electbench.transport;

import java.util.Arrays;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.SplittableRandom;

import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ClusterProfile;
import org.electbench.spi.DerivedSettings;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.Start;
import org.electbench.transport.chaos.ChaosFault;
import org.electbench.transport.kind.PlanDraft;

/**
 * What one run does: algorithm, cluster size, settings, network model, fault plan and who
 * detects. The same scenario runs on every runtime; {@link #plan()} turns it into the concrete
 * faults of its seed.
 * <p>
 * What each kind does, how long its faults last and how it is described is the kind's own
 * ({@link ScenarioKind#type()}, one class per kind in {@code org.electbench.transport.kind}).
 * <p>
 * Detectors pick among the followers (every node at cold start): all, the lowest, the highest, or
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
    /**
     * How long, in detection timeouts, a leader must hold office unbroken to count as a long
     * disturbance's stable leader (at least the settle window): several election timeouts, so
     * a leader that merely outlived one round of a livelock does not count.
     */
    public static final int STABLE_WINDOW_DETECTIONS = 10;
    /** The limits of the runtimes on the classpath (the simulator's budgets), each checked as a scenario is built. */
    private static final List<ScenarioLimits> LIMITS = ServiceLoader.load(ScenarioLimits.class, Scenario.class.getClassLoader())
        .stream().map(ServiceLoader.Provider::get).toList();

    private final ElectionAlgorithm algorithm;
    private final int nodes;
    private final ElectionSettings givenSettings;
    private final ClusterProfile profile;
    private final DerivedSettings derived;
    private final ElectionSettings settings;
    private final NetworkModel network;
    private final ScenarioKind kind;
    private final Detectors detect;
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
        network = builder.kind.type().network(builder.network);
        givenSettings = builder.settings;
        profile = null != builder.profile ? builder.profile : new ClusterProfile(nodes, network.delay().boundNs(),
            network.delay().boundQuantile(), deadNodes(builder.kind, nodes), ScenarioKind.CASCADE == builder.kind ? 1 : 0,
            network.lossProbability() > 0);
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

    /**
     * Run {@code runIndex}'s scenario from run 0's: only the seeds differ, so what the settings
     * derived from and every limit checked (neither reads a seed) holds as it is.
     */
    private Scenario(final Scenario base, final long seed, final long arrangementSeed)
    {
        algorithm = base.algorithm;
        nodes = base.nodes;
        network = base.network;
        givenSettings = base.givenSettings.withArrangementSeed(arrangementSeed);
        profile = base.profile;
        settings = base.settings.withArrangementSeed(arrangementSeed);
        // Its settings differ from these in the arrangement seed alone, and only its distortions are read.
        derived = base.derived;
        kind = base.kind;
        detect = base.detect;
        extraFaults = base.extraFaults;
        this.seed = seed;
        chaosFaults = base.chaosFaults;
        faultDurationNs = base.faultDurationNs;
        settleWindowNs = base.settleWindowNs;
        budgetNs = base.budgetNs;
        eventBudget = base.eventBudget;
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
        // Only a random ring arrangement reads its seed, so every run may derive one. Settings derive from the
        // given ones and the profile alone, so run 0's derivation holds with the new seed in place.
        return new Scenario(this, Seeds.derive(seed, runIndex), Seeds.derive(givenSettings.arrangementSeed(), runIndex));
    }

    /** @return this scenario derived for a real transport ({@link ClusterProfile#partialBound()}). */
    public Scenario onRealClock()
    {
        return profile.partialBound() ? this : toBuilder().derivedFor(profile.onRealClock()).build();
    }

    /**
     * The same scenario played faster: every duration divided (the settings as they run, the
     * delay, the fault duration, the settle window and the budget), the faults given explicitly
     * left out. A real-clock runtime runs it to get its election path compiled: the same events in
     * the same order, many times a second instead of a few.
     *
     * @param divisor at least 1.
     * @return the compressed scenario.
     */
    public Scenario compressed(final long divisor)
    {
        return toBuilder()
            .settings(settings.dividedBy(divisor, algorithm.options()))
            .network(NetworkModel.of(network.delay().dividedBy(divisor)).withLoss(network.lossProbability()).withFifo(network.fifo()))
            .faults(FaultPlan.NONE)
            .faultDurationNs(faultDurationNs / divisor)
            .settleWindowNs(Math.max(1, settleWindowNs / divisor))
            .budgetNs(budgetNs / divisor)
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

    /**
     * @return one line per setting above the least value the algorithm derives for a wait every
     *         election sits through (which, its value, the derived one); empty when none is. A
     *         verdict on speed names no winner over such a row.
     */
    public List<String> handicaps()
    {
        return derived.handicaps();
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

    public Detectors detect()
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

    /**
     * @return the most events a run of this scenario may take, 0 for the runtime's own budget; a
     *         runtime that counts events stops a run past it.
     */
    public long eventBudget()
    {
        return eventBudget;
    }

    /** @return the fault duration as given, 0 for the kind's default. */
    public long faultDurationNs()
    {
        return faultDurationNs;
    }

    /** @return how long after the last fault a run may take to settle, as given; 0 for the kind's default. */
    public long budgetNs()
    {
        return budgetNs;
    }

    /** @return the faults given explicitly, added to the kind's own. */
    public FaultPlan extraFaults()
    {
        return extraFaults;
    }

    /** @return the settings that decide how large a run of this scenario is, as its runtime's limits read them. */
    public RunExtent extent()
    {
        return new RunExtent(settings, kind, nodes, faultDurationNs, budgetNs, settleWindowNs, eventBudget, extraFaults);
    }

    /** @return the concrete run this scenario's seed makes. */
    public RunPlan plan()
    {
        final SplittableRandom random = new SplittableRandom(Seeds.mix(seed ^ 0x5CE7A210L));
        final long hbtNs = settings.heartbeatIntervalNs();
        final long detectNs = settings.detectionTimeoutNs();
        final long faultAtNs = 2 * hbtNs + random.nextLong(hbtNs);
        final PlanDraft draft = new PlanDraft(algorithm, nodes, settings, seed, random, faultAtNs, faultDurationNs, chaosFaults,
            extraFaults);
        kind.type().plan(draft);
        final FaultPlan.Builder faults = draft.faults();
        final Start start = draft.start();
        final long referenceNs = draft.referenceNs();
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
        if (start == Start.SETTLED && detect == Detectors.ALL)
        {
            // The settled leader has no leader to watch until it fails and recovers; keep its detector for then.
            detectors[nodes] = true;
        }

        final long lastFaultNs = Math.max(referenceNs, plan.lastEffectNs());
        final long patienceNs = Math.max(Math.max(detectNs, settings.coordinatorTimeoutNs()), 5 * hbtNs);
        final long defaultBudgetNs = kind.type().budgetPatiences() * patienceNs;
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
            draft.faultNs(),
            draft.side(),
            draft.sideEndNs(),
            network.lossProbability() > 0 || losesMessages(plan),
            Math.max(settleWindowNs, STABLE_WINDOW_DETECTIONS * detectNs));
    }

    private static boolean losesMessages(final FaultPlan plan)
    {
        final List<Fault> faults = plan.faults();
        for (int i = 0; i < faults.size(); i++)
        {
            switch (faults.get(i).kind())
            {
                case LOSS:
                case CUT:
                case PARTITION:
                    return true;
                default:
                    break;
            }
        }
        return false;
    }

    /**
     * @return for a scenario that boots with no leader, the rule a node of this algorithm follows
     *         before it first stands, with this scenario's figures (quorum waits 5 HBT by its
     *         source): what its row must state, so the wait is not read as a slower election;
     *         null for a scenario that starts settled.
     */
    public String startUpRule()
    {
        return kind.type().startsCold() ? algorithm.startUpRule(settings) : null;
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
        private Detectors detect = Detectors.ALL;
        private FaultPlan faults = FaultPlan.NONE;
        private long seed = 1;
        private Set<ChaosFault> chaosFaults = ChaosFault.ALL;
        private long faultDurationNs;
        private long settleWindowNs;
        private long budgetNs;
        private long eventBudget;

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

        public Builder detect(final Detectors detect)
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
         * @param eventBudget the most events a run may take, 0 (the default) for the runtime's own budget:
         *                    a run that needs more (days of virtual steady state) raises it knowingly.
         */
        public Builder eventBudget(final long eventBudget)
        {
            this.eventBudget = eventBudget;
            return this;
        }

        /**
         * @return the scenario.
         * @throws IllegalArgumentException naming what makes no sense.
         * @throws ScenarioLimitException naming the setting that takes a run past a budget of a runtime on the
         *                                classpath ({@link ScenarioLimits}: the simulator's virtual time, events, heap).
         */
        public Scenario build()
        {
            ScenarioBounds.check(nodes, kind, faultDurationNs, settleWindowNs, budgetNs, eventBudget);
            final Scenario scenario = new Scenario(this);
            final RunExtent extent = scenario.extent();
            for (final ScenarioLimits limits : LIMITS)
            {
                limits.check(extent);
            }
            return scenario;
        }
    }
}
