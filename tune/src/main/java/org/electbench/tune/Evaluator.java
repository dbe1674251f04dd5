package org.electbench.tune;

import java.util.List;

import org.electbench.harness.SeededRuns;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.Detectors;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.Summary;
import org.electbench.transport.metrics.Aggregate;
import org.electbench.transport.metrics.Metric;
import org.electbench.transport.metrics.Metrics;

/**
 * Measures one setting of one algorithm: failover over many leader crashes in the simulator,
 * through the harness's seeded runs and the runtime's plain {@link ClusterRuntime#run}, and false
 * elections per day from {@link SilenceModel}. Every run's seed derives from the request's seed
 * and the run's index alone, never from the setting, so two settings see the same crash phases
 * and network draws (common random numbers: differences between settings are the settings',
 * not noise).
 */
final class Evaluator
{
    static final long NANOS_PER_DAY = 86_400_000_000_000L;
    /** What a failover reads of its runs; the other metrics of a run are not aggregated. */
    private static final List<Metric> FAILOVER_METRICS = List.of(Metrics.CONVERGENCE, Metrics.UNCONVERGED);

    private final TuneRequest request;
    private final SilenceModel silence;

    Evaluator(final TuneRequest request)
    {
        this.request = request;
        silence = new SilenceModel(request.network(), request.nodes(), request.pauses());
    }

    /** @return the scenario every run of this setting starts from, as {@code simulate} builds it from the same flags. */
    Scenario scenario(final ElectionAlgorithm algorithm, final Setting setting, final ScenarioKind kind, final long seed)
    {
        return Scenario.builder()
            .algorithm(algorithm)
            .nodes(request.nodes())
            .settings(setting.settings(seed, algorithm))
            .network(request.network().model())
            .kind(kind)
            .detect(Detectors.ALL)
            .seed(seed)
            .build();
    }

    /** @return failover over {@link TuneRequest#failoverRuns()} leader crashes, runs seeded as {@code simulate --seed} does. */
    Evaluation.Failover failover(final ClusterRuntime runtime, final ElectionAlgorithm algorithm, final Setting setting)
    {
        final Scenario scenario = scenario(algorithm, setting, ScenarioKind.LEADER_CRASH, request.seed());
        final Summary summary =
            new SeededRuns().run(runtime, scenario, request.failoverRuns(), SeededRuns.Progress.NONE, FAILOVER_METRICS).summary();
        final Aggregate convergence = summary.get(Metrics.CONVERGENCE);
        return new Evaluation.Failover(
            convergence.percentile(50), convergence.percentile(99), convergence.max(), summary.runs(), summary.unconvergedRuns());
    }

    /** @return false elections per day and the detector's quality for an algorithm's setting. */
    Evaluation.FalseElections falseElections(final Setting setting, final Knobs knobs)
    {
        return silence.evaluate(timing(setting, knobs));
    }

    /** @return how the setting times heartbeats and timeouts, as the algorithm reads it. */
    static SilenceModel.Timing timing(final Setting setting, final Knobs knobs)
    {
        final boolean preVote = null != knobs.preVote() && Boolean.TRUE.equals(setting.options().getOrDefault(knobs.preVote(), knobs.preVote().defaultValue()));
        return new SilenceModel.Timing(setting.heartbeatNs(), setting.heartbeatNs(), setting.detectionNs(),
            knobs.spreadNs(setting), preVote, 0);
    }
}
