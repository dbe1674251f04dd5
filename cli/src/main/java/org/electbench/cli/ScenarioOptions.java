package org.electbench.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.electbench.spi.AlgorithmOption;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.ElectionSettings.Knob;
import org.electbench.transport.DelayDistribution;
import org.electbench.transport.Detect;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * The flags that describe one scenario, shared by every command that runs one.
 */
final class ScenarioOptions
{
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--algorithm", paramLabel = "NAME", defaultValue = "bully",
        description = "Registered algorithm: bully, ring, quorum or a plug-in's name (default: ${DEFAULT-VALUE}).")
    String algorithm;

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "5", description = "Cluster size; ids are 1..N (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--scenario", paramLabel = "NAME", defaultValue = "leader-crash", converter = Converters.Scenario.class,
        description = "cold-start, leader-crash, cascade, partition, lossy, pause, flapping, chaos or custom (default: ${DEFAULT-VALUE}).")
    ScenarioKind scenario;

    @Option(names = "--detect", paramLabel = "WHO", defaultValue = "all", converter = Converters.DetectPolicy.class,
        description = "Whose failure detectors fire: all, lowest, highest or random (default: ${DEFAULT-VALUE}).")
    Detect detect;

    @Option(names = "--delay", paramLabel = "DIST", defaultValue = "constant:1ms", converter = Converters.Delay.class,
        description = "One-way delay: constant:D, uniform:MIN,MAX, exponential:MEAN, lognormal:MEDIAN,SIGMA (default: ${DEFAULT-VALUE}).")
    DelayDistribution delay;

    @Option(names = "--loss", paramLabel = "P", defaultValue = "0", converter = Converters.Probability.class,
        description = "Probability each message is lost, in [0, 1) (default: ${DEFAULT-VALUE}; lossy uses 0.1 when 0).")
    double loss;

    @Option(names = "--fifo", arity = "1", paramLabel = "on|off", defaultValue = "on", converter = Converters.OnOff.class,
        description = "Keep each link's messages in order (default: ${DEFAULT-VALUE}).")
    boolean fifo;

    @Option(names = "--heartbeat", paramLabel = "D", defaultValue = "50ms", converter = Converters.Duration.class,
        description = "Heartbeat interval HBT (default: ${DEFAULT-VALUE}; ring raises its default above a lap of the ring).")
    long heartbeatNs;

    @Option(names = "--detection-timeout", paramLabel = "D", defaultValue = "150ms", converter = Converters.Duration.class,
        description = "Leader silence before a follower acts (default: ${DEFAULT-VALUE}).")
    long detectionTimeoutNs;

    @Option(names = "--election-timeout", paramLabel = "D", defaultValue = "10ms", converter = Converters.Duration.class,
        description = "T_elec: bully's wait for OK, quorum's voting window, ring's hop timeout (default: ${DEFAULT-VALUE}, " +
            "raised above twice the p99 one-way delay).")
    long electionTimeoutNs;

    @Option(names = "--coordinator-timeout", paramLabel = "D", defaultValue = "30ms", converter = Converters.Duration.class,
        description = "T_coord: bully's wait for COORDINATOR after OK, ring's wait for the ELECTED lap (default: ${DEFAULT-VALUE}, " +
            "raised above T_elec plus twice the p99 one-way delay for bully, above two laps for ring).")
    long coordinatorTimeoutNs;

    @Option(names = "--fault-duration", paramLabel = "D", defaultValue = "0ns", converter = Converters.Duration.class,
        description = "How long the scenario's partition, pause or outage lasts (default: the scenario's own).")
    long faultDurationNs;

    /** Values of the algorithms' declared options given on the command line, by option name. */
    private final Map<String, Object> declaredValues = new TreeMap<>();

    /**
     * Adds a flag for every option the registered algorithms declare to a command that mixes
     * these options in: {@code --NAME} (and {@code --ALIAS}), its help text, default and accepted
     * values from the declaration. A wrong value fails as any flag does, naming the flag and the
     * accepted values (exit 2).
     *
     * @param command  the command whose mixin this is.
     * @param registry the algorithms.
     */
    void declareAlgorithmOptions(final CommandSpec command, final AlgorithmRegistry registry)
    {
        for (final AlgorithmOption<?> option : registry.options())
        {
            command.addOption(flag(option, registry.algorithmsDeclaring(option)));
        }
    }

    private <T> OptionSpec flag(final AlgorithmOption<T> option, final List<String> algorithms)
    {
        final List<String> names = new ArrayList<>();
        names.add("--" + option.name());
        option.aliases().forEach(alias -> names.add("--" + alias));
        return OptionSpec.builder(names.toArray(String[]::new))
            .paramLabel(option.kind() == AlgorithmOption.Kind.CHOICE ? option.name().toUpperCase(Locale.ROOT) :
                option.kind().paramLabel())
            .arity("1")
            .type(option.valueType())
            .description(option.description() + " Read by " + String.join(", ", algorithms) + "; accepted: " +
                option.accepted() + " (default: " + option.format(option.defaultValue()) + ").")
            .converters(text ->
            {
                try
                {
                    return option.parse(text);
                }
                catch (final IllegalArgumentException ex)
                {
                    throw new TypeConversionException(ex.getMessage());
                }
            })
            .setter(new ISetter()
            {
                @Override
                @SuppressWarnings("unchecked")
                public <V> V set(final V value)
                {
                    return null == value ? null : (V)declaredValues.put(option.name(), value);
                }
            })
            .build();
    }

    /**
     * @param seed the scenario's seed (run 0's; other runs derive theirs).
     * @return the scenario the flags describe.
     * @throws ParameterException naming the flag whose value makes no sense.
     */
    Scenario toScenario(final long seed)
    {
        final ElectionSettings settings;
        try
        {
            // Only knobs given on the command line are explicit; the algorithm may raise the others.
            final ElectionSettings.Builder builder = ElectionSettings.builder().arrangementSeed(seed);
            setIfGiven(builder, Knob.HEARTBEAT_INTERVAL, heartbeatNs);
            setIfGiven(builder, Knob.DETECTION_TIMEOUT, detectionTimeoutNs);
            setIfGiven(builder, Knob.ELECTION_TIMEOUT, electionTimeoutNs);
            setIfGiven(builder, Knob.COORDINATOR_TIMEOUT, coordinatorTimeoutNs);
            for (final Map.Entry<String, Object> given : declaredValues.entrySet())
            {
                putDeclared(builder, AlgorithmRegistry.instance().option(given.getKey()), given.getValue());
            }
            settings = builder.build();
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), "invalid timing: " + flagNames(ex.getMessage()));
        }
        final Scenario built;
        try
        {
            built = Scenario.builder()
                .algorithm(AlgorithmRegistry.instance().get(algorithm))
                .nodes(nodes)
                .settings(settings)
                .network(NetworkModel.of(delay).withLoss(loss).withFifo(fifo))
                .kind(scenario)
                .detect(detect)
                .faultDurationNs(faultDurationNs)
                .seed(seed)
                .build();
        }
        catch (final IllegalArgumentException ex)
        {
            final String message = ex.getMessage();
            final String flag = message.startsWith("unknown algorithm") ? "--algorithm" :
                message.startsWith("nodes") || message.contains("needs at least") ? "--nodes" : "--scenario";
            throw new ParameterException(spec.commandLine(), "Invalid value for option '" + flag + "': " + message);
        }
        warn(built);
        return built;
    }

    private void setIfGiven(final ElectionSettings.Builder builder, final Knob knob, final long valueNs)
    {
        if (spec.commandLine().getParseResult().hasMatchedOption("--" + knob.optionName()))
        {
            builder.knobNs(knob, valueNs);
        }
    }

    /** Never silence: a setting known to distort, or one the algorithm does not read, is said on stderr. */
    private void warn(final Scenario built)
    {
        final PrintWriter err = spec.commandLine().getErr();
        for (final String distortion : built.distortions())
        {
            err.println("warning: " + built.algorithm().name() + ": " + distortion);
        }
        for (final String name : declaredValues.keySet())
        {
            final AlgorithmOption<?> option = AlgorithmRegistry.instance().option(name);
            if (!built.algorithm().options().contains(option))
            {
                err.println("warning: " + built.algorithm().name() + " does not read --" + name + " (read by " +
                    String.join(", ", AlgorithmRegistry.instance().algorithmsDeclaring(option)) + ")");
            }
        }
        err.flush();
    }

    private static <T> void putDeclared(final ElectionSettings.Builder builder, final AlgorithmOption<T> option, final Object value)
    {
        builder.option(option, option.valueType().cast(value));
    }

    private static String flagNames(final String message)
    {
        return message
            .replace("heartbeat interval", "--heartbeat")
            .replace("detection timeout", "--detection-timeout")
            .replace("election timeout", "--election-timeout")
            .replace("coordinator timeout", "--coordinator-timeout");
    }
}
