package org.electbench.cli;

import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.RecoveryPolicy;
import org.electbench.spi.RingArrangement;
import org.electbench.transport.DelayDistribution;
import org.electbench.transport.Detect;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The flags that describe one scenario, shared by every command that runs one.
 */
final class ScenarioOptions
{
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    /** The flags that give the cluster size and the algorithm on this command, for error messages. */
    String nodesFlag = "--nodes";
    String algorithmFlag = "--algorithm";

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
        description = "Heartbeat interval HBT (default: ${DEFAULT-VALUE}).")
    long heartbeatNs;

    @Option(names = "--detection-timeout", paramLabel = "D", defaultValue = "150ms", converter = Converters.Duration.class,
        description = "Leader silence before a follower acts (default: ${DEFAULT-VALUE}).")
    long detectionTimeoutNs;

    @Option(names = "--election-timeout", paramLabel = "D", defaultValue = "10ms", converter = Converters.Duration.class,
        description = "T_elec: bully's wait for OK, quorum's voting window, ring's hop timeout (default: ${DEFAULT-VALUE}).")
    long electionTimeoutNs;

    @Option(names = "--coordinator-timeout", paramLabel = "D", defaultValue = "30ms", converter = Converters.Duration.class,
        description = "T_coord: bully's wait for COORDINATOR after OK, ring's wait for the ELECTED lap (default: ${DEFAULT-VALUE}).")
    long coordinatorTimeoutNs;

    @Option(names = "--recovery", paramLabel = "POLICY", defaultValue = "bully", converter = Converters.Recovery.class,
        description = "What a restarted node does: bully (elects, takes over if higher) or defer (follows a live leader) (default: ${DEFAULT-VALUE}).")
    RecoveryPolicy recovery;

    @Option(names = "--arrangement", paramLabel = "ORDER", defaultValue = "increasing", converter = Converters.Arrangement.class,
        description = "Ring order of ids along the direction of travel: increasing, decreasing, random (default: ${DEFAULT-VALUE}).")
    RingArrangement arrangement;

    @Option(names = "--ack", arity = "1", paramLabel = "on|off", defaultValue = "on", converter = Converters.OnOff.class,
        description = "Ring: acknowledge each hop and skip a dead successor (default: ${DEFAULT-VALUE}).")
    boolean acknowledgements;

    @Option(names = "--fault-duration", paramLabel = "D", defaultValue = "0ns", converter = Converters.Duration.class,
        description = "How long the scenario's partition, pause or outage lasts (default: the scenario's own).")
    long faultDurationNs;

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
            settings = ElectionSettings.builder()
                .heartbeatIntervalNs(heartbeatNs)
                .detectionTimeoutNs(detectionTimeoutNs)
                .electionTimeoutNs(electionTimeoutNs)
                .coordinatorTimeoutNs(coordinatorTimeoutNs)
                .recoveryPolicy(recovery)
                .acknowledgements(acknowledgements)
                .arrangement(arrangement)
                .arrangementSeed(seed)
                .build();
        }
        catch (final IllegalArgumentException ex)
        {
            throw FlagErrors.timing(spec, ex);
        }
        try
        {
            return Scenario.builder()
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
            throw FlagErrors.scenario(spec, ex, nodesFlag, algorithmFlag);
        }
    }
}
