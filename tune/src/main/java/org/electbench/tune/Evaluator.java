package org.electbench.tune;

import java.util.SplittableRandom;

import org.electbench.harness.SeededRuns;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.Detect;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.FaultPlan;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.Seeds;
import org.electbench.transport.Summary;
import org.electbench.transport.metrics.Aggregate;
import org.electbench.transport.metrics.Metrics;

/**
 * Measures one setting of one algorithm in the simulator, through the harness's seeded runs and
 * the runtime's plain {@link ClusterRuntime#run}: failover over many leader crashes, and false
 * elections per day in steady state. Every run's seed derives from the request's seed and the
 * run's index alone, never from the setting, so two settings see the same crash phases, the same
 * network draws and the same pauses (common random numbers: differences between settings are the
 * settings', not noise).
 */
final class Evaluator
{
    static final long NANOS_PER_DAY = 86_400_000_000_000L;
    /** Network-only steady state is simulated in stretches of at most an hour, each its own seeded run. */
    static final long CHUNK_NS = 3_600_000_000_000L;
    private static final long NETWORK_SALT = 0x57EADL;
    private static final long PAUSE_SALT = 0x9A05EL;

    private final TuneRequest request;

    Evaluator(final TuneRequest request)
    {
        this.request = request;
    }

    /** @return the scenario every run of this setting starts from, as {@code simulate} builds it from the same flags. */
    Scenario scenario(final ElectionAlgorithm algorithm, final Setting setting, final ScenarioKind kind, final long seed)
    {
        return Scenario.builder()
            .algorithm(algorithm)
            .nodes(request.nodes())
            .settings(setting.settings(seed))
            .network(request.network().model())
            .kind(kind)
            .detect(Detect.ALL)
            .seed(seed)
            .build();
    }

    /** @return failover over {@link TuneRequest#failoverRuns()} leader crashes, runs seeded as {@code simulate --seed} does. */
    Evaluation.Failover failover(final ClusterRuntime runtime, final ElectionAlgorithm algorithm, final Setting setting)
    {
        final Scenario scenario = scenario(algorithm, setting, ScenarioKind.LEADER_CRASH, request.seed());
        final Summary summary = new SeededRuns().run(runtime, scenario, request.failoverRuns(), SeededRuns.Progress.NONE).summary();
        final Aggregate convergence = summary.get(Metrics.CONVERGENCE);
        return new Evaluation.Failover(
            convergence.percentile(50), convergence.percentile(99), convergence.max(), summary.runs(), summary.unconvergedRuns());
    }

    /**
     * Steady state with no pause: a settled cluster left alone under the network's delays and
     * loss, in stretches of at most {@link #CHUNK_NS}.
     *
     * @param firstChunk the index of the first stretch, so more simulation continues where the last stopped.
     * @param virtualNs  how much virtual time to simulate.
     * @return false elections seen.
     */
    long networkElections(
        final ClusterRuntime runtime, final ElectionAlgorithm algorithm, final Setting setting, final int firstChunk, final long virtualNs)
    {
        long elections = 0;
        long doneNs = 0;
        for (int chunk = firstChunk; doneNs < virtualNs; chunk++)
        {
            final long lengthNs = Math.min(CHUNK_NS, virtualNs - doneNs);
            final long seed = Seeds.derive(request.seed() ^ NETWORK_SALT, chunk);
            final Scenario scenario = scenario(algorithm, setting, ScenarioKind.CUSTOM, seed).toBuilder()
                // A pause of nothing at the end: the run goes on until then, and settles after it.
                .faults(FaultPlan.builder().pause(1, lengthNs, 0).build())
                .build();
            final ElectionResult result = runtime.run(scenario);
            elections += result.liveLeaderElections();
            doneNs += lengthNs;
        }
        return elections;
    }

    /**
     * Pauses shorter than this are taken as harmless and not simulated: shorter than a heartbeat
     * interval, and than half the margin between heartbeat and detection timeout, a stalled
     * leader's next heartbeat is late by less than either.
     */
    static long pauseCutoffNs(final Setting setting, final Knobs knobs)
    {
        return Math.max(0, Math.min(setting.heartbeatNs(), (knobs.effectiveDetectionNs(setting) - setting.heartbeatNs()) / 2));
    }

    /** @return cluster-wide pauses per day long enough to be simulated. */
    double pausesPerDay(final Setting setting, final Knobs knobs)
    {
        final PauseModel pauses = request.pauses();
        return request.nodes() * pauses.ratePerHour() * 24 * pauses.probabilityAbove(pauseCutoffNs(setting, knobs));
    }

    /**
     * Pause episodes: a settled cluster in which one node (each in turn) stalls once, at a
     * random phase of the heartbeat, for a pause drawn from the model given that it exceeds the
     * cutoff; the run lasts until the cluster has settled again after it.
     *
     * @param firstEpisode index of the first episode, so more episodes continue where the last stopped.
     * @return false elections seen.
     */
    long pauseElections(
        final ClusterRuntime runtime, final ElectionAlgorithm algorithm, final Setting setting, final Knobs knobs,
        final int firstEpisode, final int episodes)
    {
        final long cutoffNs = pauseCutoffNs(setting, knobs);
        long elections = 0;
        for (int episode = firstEpisode; episode < firstEpisode + episodes; episode++)
        {
            final long seed = Seeds.derive(request.seed() ^ PAUSE_SALT, episode);
            final SplittableRandom random = new SplittableRandom(Seeds.mix(seed));
            final int node = 1 + episode % request.nodes();
            final long atNs = 2 * setting.heartbeatNs() + random.nextLong(setting.heartbeatNs());
            final long pauseNs = request.pauses().sampleAboveNs(cutoffNs, random);
            final Scenario scenario = scenario(algorithm, setting, ScenarioKind.CUSTOM, seed).toBuilder()
                .faults(FaultPlan.builder().pause(node, atNs, pauseNs).build())
                .build();
            elections += runtime.run(scenario).liveLeaderElections();
        }
        return elections;
    }
}
