package org.electbench.transport.parameters;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.Durations;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.ElectionSettings.Knob;
import org.electbench.spi.Parameter;
import org.electbench.spi.Parameter.Scope;
import org.electbench.transport.DelayDistribution;
import org.electbench.transport.Detectors;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.kind.Lossy;

/**
 * Every parameter of a run, declared once (as {@code Metrics} declares every figure): the cluster
 * size, the scenario and who detects, the network, the shared timing knobs and the fault's length.
 * The algorithm, the seed and the options each algorithm declares for itself
 * ({@link Parameter}) complete a run's parameters; {@link #scenario} takes all of them.
 * <p>
 * A value not given is never passed on as if given: the knobs left out stay at their defaults
 * unmarked, so the algorithm may derive them for the cluster and network
 * ({@link ElectionAlgorithm#deriveSettings}), on every edge alike. Where text stands for "not
 * given" (a JMH parameter's default), it is {@link #NOT_GIVEN}.
 */
public final class RunParameters
{
    /** What a benchmark parameter says when the value is not given: the declared default, or what the algorithm derives. */
    public static final String NOT_GIVEN = "auto";

    public static final RunParameter<Integer> NODES = RunParameter.of(
        Parameter.count("nodes", 2).defaultValue(5).unit("nodes").scope(Scope.SCENARIO).doc("Cluster size; ids are 1..N.").build(),
        (draft, nodes) -> draft.scenario.nodes(nodes), Scenario::nodes);

    public static final RunParameter<ScenarioKind> SCENARIO = RunParameter.of(
        Parameter.choice("scenario", ScenarioKind.class).written(ScenarioKind::cliName).defaultValue(ScenarioKind.LEADER_CRASH)
            .scope(Scope.SCENARIO).doc("What happens: " + ScenarioKind.acceptedNames() + ".").build(),
        (draft, kind) -> draft.scenario.kind(kind), Scenario::kind);

    public static final RunParameter<Detectors> DETECT = RunParameter.of(
        Parameter.choice("detect", Detectors.class).written(Detectors::cliName).defaultValue(Detectors.ALL).scope(Scope.SCENARIO)
            .doc("Whose failure detectors fire: all, lowest, highest or random.").build(),
        (draft, detect) -> draft.scenario.detect(detect), Scenario::detect);

    public static final RunParameter<DelayDistribution> DELAY = RunParameter.of(
        Parameter.of("delay", DelayDistribution.class, DelayDistribution::parse, DelayDistribution::toString, DelayDistribution.ACCEPTED)
            .defaultValue(DelayDistribution.constant(1_000_000L)).unit("delay distribution").paramLabel("DIST").scope(Scope.SCENARIO)
            .doc("One-way delay: constant:D, uniform:MIN,MAX, exponential:MEAN, lognormal:MEDIAN,SIGMA.").build(),
        (draft, delay) -> draft.delay = delay, scenario -> scenario.network().delay());

    public static final RunParameter<Double> LOSS = RunParameter.of(
        Parameter.probability("loss").parsedBy(RunParameters::parseLoss, "a number in [0, 1)").defaultValue(0.0)
            .scope(Scope.SCENARIO).doc("Probability each message is lost.").build(),
        (draft, loss) -> draft.loss = loss, scenario -> scenario.network().lossProbability())
        .derivedBy("lossy uses " + Lossy.DEFAULT_LOSS_PROBABILITY + " when 0");

    public static final RunParameter<Boolean> FIFO = RunParameter.of(
        Parameter.onOff("fifo").defaultValue(true).scope(Scope.SCENARIO).doc("Keep each link's messages in order.").build(),
        (draft, fifo) -> draft.fifo = fifo, scenario -> scenario.network().fifo());

    public static final RunParameter<Long> HEARTBEAT = knob(Knob.HEARTBEAT_INTERVAL)
        .derivedBy("raised by the ring above a lap of the ring");

    public static final RunParameter<Long> DETECTION_TIMEOUT = knob(Knob.DETECTION_TIMEOUT);

    public static final RunParameter<Long> ELECTION_TIMEOUT = knob(Knob.ELECTION_TIMEOUT).derivedBy(
        "set by bully, quorum and the ring (with ACKs) just above twice the one-way delay bound in the simulator (kept on real transports and under loss)");

    public static final RunParameter<Long> COORDINATOR_TIMEOUT = knob(Knob.COORDINATOR_TIMEOUT).derivedBy(
        "raised by bully above T_elec plus twice the delay bound, by the ring above two laps past the scenario's dead nodes, three in a cascade");

    public static final RunParameter<Long> FAULT_DURATION = RunParameter.of(
        Parameter.duration("fault-duration").atLeastNs(Durations.MIN_TIMER_NS).scope(Scope.SCENARIO)
            .doc("How long the scenario's partition, pause or outage lasts.").build(),
        (draft, ns) -> draft.scenario.faultDurationNs(ns),
        scenario -> 0 == scenario.givenFaultDurationNs() ? null : scenario.givenFaultDurationNs());

    private static final List<RunParameter<?>> ALL = List.of(
        NODES, SCENARIO, DETECT, DELAY, LOSS, FIFO, HEARTBEAT, DETECTION_TIMEOUT, ELECTION_TIMEOUT, COORDINATOR_TIMEOUT,
        FAULT_DURATION);

    /** Each parameter by its name and by its key. */
    private static final Map<String, RunParameter<?>> BY_NAME = byName();

    private RunParameters()
    {
    }

    /** @return every declared run parameter, in the order help, tables and file names list them. */
    public static List<RunParameter<?>> all()
    {
        return ALL;
    }

    /**
     * @param name a parameter's name ({@code detection-timeout}) or key ({@code detectionTimeout}).
     * @return the declaration, or null when no run parameter has that name.
     */
    public static RunParameter<?> find(final String name)
    {
        return BY_NAME.get(name);
    }

    /** @return the parameter that sets a shared knob. */
    @SuppressWarnings("unchecked")
    public static RunParameter<Long> of(final Knob knob)
    {
        return (RunParameter<Long>)BY_NAME.get(knob.parameter().name());
    }

    /** @return the names every parameter and every registered algorithm's option answer to, for error messages. */
    public static String acceptedNames(final AlgorithmRegistry registry)
    {
        final List<String> names = new ArrayList<>();
        ALL.forEach(parameter -> names.add(parameter.name()));
        registry.options().forEach(option -> names.add(option.name()));
        return String.join(", ", names);
    }

    /**
     * The scenario of a run from the values given, each keyed by its declaration (a run
     * parameter's {@link RunParameter#declared()} or an algorithm's option), typed as its parser
     * returns it. A parameter not given takes its declared default unmarked, so the algorithm
     * derives what it needs; an option the algorithm does not declare is left out (it is in
     * {@link #unread}).
     *
     * @param algorithm the algorithm.
     * @param seed      run 0's seed (and the ring arrangement's).
     * @param given     values by declaration, in any order.
     * @return the scenario, as built.
     * @throws IllegalArgumentException naming the setting that makes no sense; a timing problem
     *                                  starts with the setting's own words ("detection timeout").
     */
    public static Scenario scenario(final ElectionAlgorithm algorithm, final long seed, final Map<Parameter<?>, ?> given)
    {
        final Draft draft = new Draft(algorithm, seed);
        for (final Map.Entry<Parameter<?>, ?> entry : given.entrySet())
        {
            final RunParameter<?> parameter = of(entry.getKey());
            final Parameter<?> option = null == parameter ? optionOf(algorithm, entry.getKey()) : null;
            if (null != option)
            {
                putOption(draft.settings, option, entry.getValue());
            }
            else if (null == parameter && !AlgorithmRegistry.instance().options().contains(entry.getKey()))
            {
                throw new IllegalArgumentException("unknown parameter '" + entry.getKey().name() + "'; accepted: " +
                    acceptedNames(AlgorithmRegistry.instance()));
            }
            if (null != parameter)
            {
                parameter.applyTo(draft, entry.getValue());
            }
        }
        return draft.build();
    }

    /**
     * {@link #scenario(ElectionAlgorithm, long, Map)} from values as text, as a benchmark's
     * parameters or a cluster file give them; {@link #NOT_GIVEN} and empty text stand for a value not given.
     *
     * @throws IllegalArgumentException {@code "parameter NAME: ..."} for a value its parser refuses.
     */
    public static Scenario scenarioFromText(final ElectionAlgorithm algorithm, final long seed, final Map<String, String> texts)
    {
        return scenario(algorithm, seed, parse(algorithm, texts));
    }

    /**
     * @param algorithm whose options may be named too.
     * @param texts     values as text by name; {@link #NOT_GIVEN} and empty ones are left out.
     * @return the typed values keyed by their declarations, in the same order.
     * @throws IllegalArgumentException {@code "parameter NAME: ..."} for a value its parser refuses.
     */
    public static Map<Parameter<?>, Object> parse(final ElectionAlgorithm algorithm, final Map<String, String> texts)
    {
        final Map<Parameter<?>, Object> typed = new LinkedHashMap<>();
        for (final Map.Entry<String, String> entry : texts.entrySet())
        {
            final String text = entry.getValue();
            if (null == text || text.isBlank() || NOT_GIVEN.equals(text.trim()))
            {
                continue;
            }
            final String name = entry.getKey();
            try
            {
                final RunParameter<?> parameter = find(name);
                if (null != parameter)
                {
                    typed.put(parameter.declared(), parameter.parse(text));
                    continue;
                }
                final Parameter<?> option = null != optionNamed(algorithm, name) ? optionNamed(algorithm, name) :
                    AlgorithmRegistry.instance().option(name);
                if (null == option)
                {
                    throw new IllegalArgumentException("unknown parameter; accepted: " + acceptedNames(AlgorithmRegistry.instance()));
                }
                typed.put(option, option.parse(text));
            }
            catch (final IllegalArgumentException ex)
            {
                throw new IllegalArgumentException("parameter " + name + ": " + ex.getMessage(), ex);
            }
        }
        return typed;
    }

    /**
     * @param algorithm the algorithm that runs.
     * @param given     the declarations of the values given.
     * @return the algorithm options given that this algorithm does not read.
     */
    public static List<Parameter<?>> unread(final ElectionAlgorithm algorithm, final Iterable<Parameter<?>> given)
    {
        final List<Parameter<?>> unread = new ArrayList<>();
        for (final Parameter<?> declared : given)
        {
            if (null == of(declared) && null == optionOf(algorithm, declared))
            {
                unread.add(declared);
            }
        }
        return unread;
    }

    /** @return the run parameter a declaration belongs to, or null when it is an algorithm's option. */
    public static RunParameter<?> of(final Parameter<?> declared)
    {
        final RunParameter<?> parameter = BY_NAME.get(declared.name());
        return null != parameter && parameter.declared().equals(declared) ? parameter : null;
    }

    /**
     * The benchmarks carry the algorithms' own options in one JMH parameter, {@code options}, as
     * {@code NAME:VALUE} pairs joined by {@code +} (JMH splits its lists at commas), so any
     * option a plug-in declares can be swept: {@code pre-vote:on+check-quorum:off}.
     *
     * @param text the parameter's value; {@link #NOT_GIVEN} or empty for none.
     * @return the options by name, as text.
     * @throws IllegalArgumentException for a pair that is not {@code NAME:VALUE}.
     */
    public static Map<String, String> optionsFromText(final String text)
    {
        final Map<String, String> options = new LinkedHashMap<>();
        if (null == text || text.isBlank() || NOT_GIVEN.equals(text.trim()))
        {
            return options;
        }
        for (final String pair : text.split("\\+"))
        {
            final int colon = pair.indexOf(':');
            if (colon <= 0 || colon == pair.length() - 1)
            {
                throw new IllegalArgumentException("parameter options: '" + pair + "' is not NAME:VALUE (pairs joined by '+', " +
                    "e.g. pre-vote:on+check-quorum:off)");
            }
            options.put(pair.substring(0, colon).trim(), pair.substring(colon + 1).trim());
        }
        return options;
    }

    /** @return the options as {@link #optionsFromText} reads them. */
    public static String optionsToText(final Map<String, String> options)
    {
        return options.isEmpty() ? NOT_GIVEN : options.entrySet().stream()
            .map(entry -> entry.getKey() + ":" + entry.getValue())
            .collect(Collectors.joining("+"));
    }

    private static Parameter<?> optionNamed(final ElectionAlgorithm algorithm, final String name)
    {
        for (final Parameter<?> option : algorithm.options())
        {
            if (option.answersTo(name))
            {
                return option;
            }
        }
        return null;
    }

    /** @return the algorithm's own declaration of an option (any algorithm's of that name), or null when it reads none. */
    private static Parameter<?> optionOf(final ElectionAlgorithm algorithm, final Parameter<?> option)
    {
        for (final Parameter<?> declared : algorithm.options())
        {
            if (declared.equals(option))
            {
                return declared;
            }
        }
        return null;
    }

    private static <T> void putOption(final ElectionSettings.Builder settings, final Parameter<T> option, final Object value)
    {
        settings.option(option, option.type().cast(value));
    }

    private static Map<String, RunParameter<?>> byName()
    {
        final Map<String, RunParameter<?>> byName = new HashMap<>();
        for (final RunParameter<?> parameter : ALL)
        {
            byName.put(parameter.name(), parameter);
            byName.put(parameter.key(), parameter);
        }
        return Map.copyOf(byName);
    }

    private static RunParameter<Long> knob(final Knob knob)
    {
        return RunParameter.of(knob.parameter(), (draft, ns) -> draft.settings.knobNs(knob, ns),
            scenario -> scenario.settings().knobNs(knob));
    }

    private static Double parseLoss(final String text)
    {
        try
        {
            final double loss = Double.parseDouble(text);
            if (loss >= 0 && loss < 1)
            {
                return loss;
            }
        }
        catch (final NumberFormatException ex)
        {
            // refused below, with what is accepted
        }
        throw new IllegalArgumentException("'" + text + "' is not a probability; accepted: a number in [0, 1)");
    }

    /** The timing knobs together make no sense (a detection timeout not above the heartbeat); the message is the settings'. */
    public static final class InvalidSettings extends IllegalArgumentException
    {
        private static final long serialVersionUID = 1L;

        InvalidSettings(final IllegalArgumentException cause)
        {
            super(cause.getMessage(), cause);
        }
    }

    /** A scenario being put together from parameters: where each declaration's value goes. */
    static final class Draft
    {
        final Scenario.Builder scenario = Scenario.builder();
        final ElectionSettings.Builder settings;
        DelayDistribution delay = DELAY.defaultValue();
        double loss = LOSS.defaultValue();
        boolean fifo = FIFO.defaultValue();

        Draft(final ElectionAlgorithm algorithm, final long seed)
        {
            settings = ElectionSettings.builder().arrangementSeed(seed);
            scenario.algorithm(algorithm).seed(seed).nodes(NODES.defaultValue()).kind(SCENARIO.defaultValue())
                .detect(DETECT.defaultValue());
        }

        Scenario build()
        {
            final ElectionSettings built;
            try
            {
                built = settings.build();
            }
            catch (final IllegalArgumentException ex)
            {
                throw new InvalidSettings(ex);
            }
            return scenario.settings(built).network(NetworkModel.of(delay).withLoss(loss).withFifo(fifo)).build();
        }
    }
}
