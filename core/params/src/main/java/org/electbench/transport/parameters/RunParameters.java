package org.electbench.transport.parameters;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.electbench.spi.AlgorithmOption;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.Durations;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.ElectionSettings.Knob;
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
 * ({@link AlgorithmOption}) complete a run's parameters; {@link #scenario} takes all of them.
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

    public static final RunParameter<Integer> NODES = new RunParameter<>("nodes", "nodes", "N", Integer.class, 5, null,
        "Cluster size; ids are 1..N.", "a whole number of at least 2", RunParameters::parseNodes, String::valueOf,
        (draft, nodes) -> draft.scenario.nodes(nodes), Scenario::nodes, false);

    public static final RunParameter<ScenarioKind> SCENARIO = choice("scenario", ScenarioKind.class, ScenarioKind.LEADER_CRASH,
        "What happens: " + ScenarioKind.acceptedNames() + ".", ScenarioKind::cliName, (draft, kind) -> draft.scenario.kind(kind),
        Scenario::kind);

    public static final RunParameter<Detectors> DETECT = choice("detect", Detectors.class, Detectors.ALL,
        "Whose failure detectors fire: all, lowest, highest or random.", Detectors::cliName, (draft, detect) -> draft.scenario.detect(detect),
        Scenario::detect);

    public static final RunParameter<DelayDistribution> DELAY = new RunParameter<>("delay", "delay distribution", "DIST",
        DelayDistribution.class, DelayDistribution.constant(1_000_000L), null,
        "One-way delay: constant:D, uniform:MIN,MAX, exponential:MEAN, lognormal:MEDIAN,SIGMA.", DelayDistribution.ACCEPTED,
        DelayDistribution::parse, DelayDistribution::toString, (draft, delay) -> draft.delay = delay,
        scenario -> scenario.network().delay(), false);

    public static final RunParameter<Double> LOSS = new RunParameter<>("loss", "probability", "P", Double.class, 0.0,
        "lossy uses " + Lossy.DEFAULT_LOSS_PROBABILITY + " when 0", "Probability each message is lost.", "a number in [0, 1)",
        RunParameters::parseLoss, String::valueOf, (draft, loss) -> draft.loss = loss,
        scenario -> scenario.network().lossProbability(), false);

    public static final RunParameter<Boolean> FIFO = new RunParameter<>("fifo", "on/off", "on|off", Boolean.class, true, null,
        "Keep each link's messages in order.", "on, off", RunParameters::parseOnOff, on -> on ? "on" : "off",
        (draft, fifo) -> draft.fifo = fifo, scenario -> scenario.network().fifo(), false);

    public static final RunParameter<Long> HEARTBEAT = knob(Knob.HEARTBEAT_INTERVAL,
        "raised by the ring above a lap of the ring", "Heartbeat interval HBT: how often a leader announces itself.");

    public static final RunParameter<Long> DETECTION_TIMEOUT = knob(Knob.DETECTION_TIMEOUT, null,
        "Leader silence before a follower acts (raft's election timeout T).");

    public static final RunParameter<Long> ELECTION_TIMEOUT = knob(Knob.ELECTION_TIMEOUT,
        "set by bully, quorum and the ring (with ACKs) just above twice the one-way delay bound in the simulator (kept on real transports and under loss)",
        "T_elec: bully's wait for OK, quorum's voting window, ring's hop timeout.");

    public static final RunParameter<Long> COORDINATOR_TIMEOUT = knob(Knob.COORDINATOR_TIMEOUT,
        "raised by bully above T_elec plus twice the delay bound, by the ring above two laps past the scenario's dead nodes",
        "T_coord: bully's wait for COORDINATOR after OK, ring's wait for the ELECTED lap.");

    public static final RunParameter<Long> FAULT_DURATION = new RunParameter<>("fault-duration", "duration", "D", Long.class, null,
        null, "How long the scenario's partition, pause or outage lasts.", "a duration of at least " +
        Durations.format(Durations.MIN_TIMER_NS) + ": " + Durations.ACCEPTED,
        text -> Durations.parseNs(text, Durations.MIN_TIMER_NS), Durations::human,
        (draft, ns) -> draft.scenario.faultDurationNs(ns),
        scenario -> 0 == scenario.givenFaultDurationNs() ? null : scenario.givenFaultDurationNs(), false);

    private static final List<RunParameter<?>> ALL = List.of(
        NODES, SCENARIO, DETECT, DELAY, LOSS, FIFO, HEARTBEAT, DETECTION_TIMEOUT, ELECTION_TIMEOUT, COORDINATOR_TIMEOUT,
        FAULT_DURATION);

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
        for (final RunParameter<?> parameter : ALL)
        {
            if (parameter.name().equals(name) || parameter.key().equals(name))
            {
                return parameter;
            }
        }
        return null;
    }

    /** @return the parameter that sets a shared knob. */
    public static RunParameter<Long> of(final Knob knob)
    {
        for (final RunParameter<?> parameter : ALL)
        {
            if (parameter.name().equals(knob.optionName()))
            {
                @SuppressWarnings("unchecked")
                final RunParameter<Long> found = (RunParameter<Long>)parameter;
                return found;
            }
        }
        throw new IllegalStateException("no run parameter for " + knob);
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
     * The scenario of a run from the values given, each by its parameter's or algorithm option's
     * name, typed as its parser returns it. A parameter not given takes its declared default
     * unmarked, so the algorithm derives what it needs; an option the algorithm does not declare
     * is left out (its name is in {@link #unread}).
     *
     * @param algorithm the algorithm.
     * @param seed      run 0's seed (and the ring arrangement's).
     * @param given     values by name, in any order.
     * @return the scenario, as built.
     * @throws IllegalArgumentException naming the setting that makes no sense; a timing problem
     *                                  starts with the setting's own words ("detection timeout").
     */
    public static Scenario scenario(final ElectionAlgorithm algorithm, final long seed, final Map<String, ?> given)
    {
        final Draft draft = new Draft(algorithm, seed);
        for (final Map.Entry<String, ?> entry : given.entrySet())
        {
            final RunParameter<?> parameter = find(entry.getKey());
            if (null != parameter)
            {
                parameter.applyTo(draft, entry.getValue());
                continue;
            }
            final AlgorithmOption<?> option = optionOf(algorithm, entry.getKey());
            if (null != option)
            {
                putOption(draft.settings, option, entry.getValue());
            }
            else if (null == AlgorithmRegistry.instance().option(entry.getKey()))
            {
                throw new IllegalArgumentException("unknown parameter '" + entry.getKey() + "'; accepted: " +
                    acceptedNames(AlgorithmRegistry.instance()));
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
     * @return the typed values, in the same order.
     * @throws IllegalArgumentException {@code "parameter NAME: ..."} for a value its parser refuses.
     */
    public static Map<String, Object> parse(final ElectionAlgorithm algorithm, final Map<String, String> texts)
    {
        final Map<String, Object> typed = new LinkedHashMap<>();
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
                    typed.put(parameter.name(), parameter.parse(text));
                    continue;
                }
                final AlgorithmOption<?> option = null != optionOf(algorithm, name) ? optionOf(algorithm, name) :
                    AlgorithmRegistry.instance().option(name);
                if (null == option)
                {
                    throw new IllegalArgumentException("unknown parameter; accepted: " + acceptedNames(AlgorithmRegistry.instance()));
                }
                typed.put(option.name(), option.parse(text));
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
     * @param given     the names of the values given.
     * @return the names of algorithm options given that this algorithm does not read.
     */
    public static List<String> unread(final ElectionAlgorithm algorithm, final Iterable<String> given)
    {
        final List<String> unread = new ArrayList<>();
        for (final String name : given)
        {
            if (null == find(name) && null == optionOf(algorithm, name))
            {
                unread.add(name);
            }
        }
        return unread;
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

    private static AlgorithmOption<?> optionOf(final ElectionAlgorithm algorithm, final String name)
    {
        for (final AlgorithmOption<?> option : algorithm.options())
        {
            if (option.name().equals(name) || option.aliases().contains(name))
            {
                return option;
            }
        }
        return null;
    }

    private static <T> void putOption(final ElectionSettings.Builder settings, final AlgorithmOption<T> option, final Object value)
    {
        settings.option(option, option.valueType().cast(value));
    }

    private static RunParameter<Long> knob(final Knob knob, final String derivation, final String help)
    {
        return new RunParameter<>(knob.optionName(), "duration", "D", Long.class, knob.defaultNs(), derivation, help,
            "a duration of at least " + Durations.format(Durations.MIN_TIMER_NS) + ": " + Durations.ACCEPTED,
            text -> Durations.parseNs(text, Durations.MIN_TIMER_NS), Durations::human,
            (draft, ns) -> draft.settings.knobNs(knob, ns), scenario -> scenario.settings().knobNs(knob), true);
    }

    private static <E extends Enum<E>> RunParameter<E> choice(
        final String name,
        final Class<E> type,
        final E defaultValue,
        final String help,
        final Function<E, String> written,
        final BiConsumer<Draft, E> target,
        final Function<Scenario, E> reader)
    {
        final String accepted = Arrays.stream(type.getEnumConstants()).map(written).collect(Collectors.joining(", "));
        return new RunParameter<>(name, "choice", name.toUpperCase(Locale.ROOT), type, defaultValue, null, help, accepted,
            text ->
            {
                for (final E constant : type.getEnumConstants())
                {
                    if (written.apply(constant).equals(text.toLowerCase(Locale.ROOT)))
                    {
                        return constant;
                    }
                }
                throw new IllegalArgumentException("'" + text + "' is not accepted; accepted: " + accepted);
            },
            written, target, reader, false);
    }

    private static Integer parseNodes(final String text)
    {
        try
        {
            final int nodes = Integer.parseInt(text);
            if (nodes >= 2)
            {
                return nodes;
            }
        }
        catch (final NumberFormatException ex)
        {
            // refused below, with what is accepted
        }
        throw new IllegalArgumentException("'" + text + "' is not accepted; accepted: a whole number of at least 2");
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

    private static Boolean parseOnOff(final String text)
    {
        switch (text.toLowerCase(Locale.ROOT))
        {
            case "on":
            case "true":
                return Boolean.TRUE;
            case "off":
            case "false":
                return Boolean.FALSE;
            default:
                throw new IllegalArgumentException("'" + text + "' is not accepted; accepted: on, off");
        }
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
