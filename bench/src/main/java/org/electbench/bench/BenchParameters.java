package org.electbench.bench;

import java.util.Locale;

import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.RecoveryPolicy;
import org.electbench.spi.RingArrangement;
import org.electbench.transport.DelayDistribution;
import org.electbench.transport.Detect;
import org.electbench.transport.Durations;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;

/**
 * The benchmarks' string {@code @Param} values, spelled as on the command line ({@code 50ms},
 * {@code constant:1ms}, {@code leader-crash}, {@code on}), turned into a scenario; a value that
 * makes no sense fails with the parameter's name and what it accepts.
 *
 * @param algorithm          a registered algorithm.
 * @param nodes              cluster size.
 * @param scenario           a named scenario.
 * @param detect             all, lowest, highest, random.
 * @param delay              a delay distribution.
 * @param loss               loss probability.
 * @param fifo               on or off.
 * @param heartbeat          HBT.
 * @param detectionTimeout   leader silence before a follower acts.
 * @param electionTimeout    T_elec.
 * @param coordinatorTimeout T_coord, or auto: the larger of 30ms and 3 T_elec.
 * @param recovery           bully or defer.
 * @param arrangement        increasing, decreasing, random.
 * @param ack                on or off.
 * @param faultDuration      the scenario's fault duration, 0ns for its own.
 * @param seed               run 0's seed.
 */
record BenchParameters(
    String algorithm,
    int nodes,
    String scenario,
    String detect,
    String delay,
    String loss,
    String fifo,
    String heartbeat,
    String detectionTimeout,
    String electionTimeout,
    String coordinatorTimeout,
    String recovery,
    String arrangement,
    String ack,
    String faultDuration,
    long seed)
{
    /** The command line's defaults for every value but the algorithm, cluster size and scenario. */
    static BenchParameters defaults(final String algorithm, final int nodes, final String scenario)
    {
        return new BenchParameters(algorithm, nodes, scenario, "all", "constant:1ms", "0", "on", "50ms", "150ms", "10ms", "auto",
            "bully", "increasing", "on", "0ns", 1);
    }

    Scenario toScenario()
    {
        final long electionNs = durationNs("electionTimeout", electionTimeout);
        final ElectionSettings settings;
        try
        {
            settings = ElectionSettings.builder()
                .heartbeatIntervalNs(durationNs("heartbeat", heartbeat))
                .detectionTimeoutNs(durationNs("detectionTimeout", detectionTimeout))
                .electionTimeoutNs(electionNs)
                .coordinatorTimeoutNs("auto".equals(coordinatorTimeout) ?
                    Math.max(ElectionSettings.DEFAULT_COORDINATOR_TIMEOUT_NS, 3 * electionNs) :
                    durationNs("coordinatorTimeout", coordinatorTimeout))
                .recoveryPolicy(enumValue(RecoveryPolicy.class, "recovery", recovery))
                .arrangement(enumValue(RingArrangement.class, "arrangement", arrangement))
                .acknowledgements(onOff("ack", ack))
                .arrangementSeed(seed)
                .build();
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("settings: " + ex.getMessage(), ex);
        }
        final NetworkModel network;
        try
        {
            network = NetworkModel.of(DelayDistribution.parse(delay)).withLoss(Double.parseDouble(loss)).withFifo(onOff("fifo", fifo));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("parameter delay or loss: " + ex.getMessage(), ex);
        }
        return Scenario.builder()
            .algorithm(AlgorithmRegistry.instance().get(algorithm))
            .nodes(nodes)
            .settings(settings)
            .network(network)
            .kind(ScenarioKind.fromCliName(scenario))
            .detect(enumValue(Detect.class, "detect", detect))
            .faultDurationNs(durationNs("faultDuration", faultDuration))
            .seed(seed)
            .build();
    }

    private static long durationNs(final String name, final String value)
    {
        try
        {
            return Durations.parseNs(value);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("parameter " + name + ": " + ex.getMessage(), ex);
        }
    }

    private static boolean onOff(final String name, final String value)
    {
        if ("on".equals(value) || "off".equals(value))
        {
            return "on".equals(value);
        }
        throw new IllegalArgumentException("parameter " + name + ": '" + value + "'; accepted: on, off");
    }

    private static <E extends Enum<E>> E enumValue(final Class<E> type, final String name, final String value)
    {
        try
        {
            return Enum.valueOf(type, value.toUpperCase(Locale.ROOT));
        }
        catch (final IllegalArgumentException ex)
        {
            final StringBuilder accepted = new StringBuilder();
            for (final E constant : type.getEnumConstants())
            {
                accepted.append(accepted.length() == 0 ? "" : ", ").append(constant.name().toLowerCase(Locale.ROOT));
            }
            throw new IllegalArgumentException("parameter " + name + ": '" + value + "'; accepted: " + accepted, ex);
        }
    }
}
