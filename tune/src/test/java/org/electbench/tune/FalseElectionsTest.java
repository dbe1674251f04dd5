package org.electbench.tune;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;

import org.electbench.harness.RuntimeRegistry;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.FaultPlan;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Test;

/**
 * Tune's false elections per day against a direct long simulation of the same model: a settled
 * cluster left alone for hours of virtual time while every node pauses at random (a Poisson
 * process, exponential sizes), its false elections counted as they come.
 */
class FalseElectionsTest
{
    private static final long MS = 1_000_000L;
    private static final long HOURS_NS = 3_600_000_000_000L;

    @Test
    void ratePredictedFromPauseEpisodesMatchesADirectSimulationOfPoissonPauses()
    {
        final NetworkFit network = NetworkFit.fromPercentiles(500_000, 2_000_000, 0);
        final PauseModel pauses = PauseModel.of(60, 200 * MS);
        final TuneRequest request = TuneRequest.of(5, network, pauses, 1000, List.of("bully"), List.of(), 11, 1)
            .withEffort(new SweepGrid(1, 1), 50, 1000, 4000, 50_000, 50_000, 1);
        final Setting setting = new Setting(20 * MS, 100 * MS, 5 * MS, 20 * MS);
        final Evaluation.FalseElections predicted = new Tuner(request).evaluate("bully", setting).falseElections();

        final long horizonNs = 6 * HOURS_NS;
        final SplittableRandom random = new SplittableRandom(99);
        final FaultPlan.Builder faults = FaultPlan.builder();
        for (int node = 1; node <= request.nodes(); node++)
        {
            long atNs = 0;
            while (true)
            {
                atNs += (long)(-Math.log(1.0 - random.nextDouble()) / pauses.ratePerNs());
                if (atNs >= horizonNs)
                {
                    break;
                }
                faults.pause(node, atNs, pauses.sampleNs(random));
            }
        }
        faults.pause(1, horizonNs, 0);
        final ElectionResult direct;
        try (ClusterRuntime runtime = RuntimeRegistry.instance().get(Tuner.SIMULATOR).newRuntime())
        {
            direct = runtime.run(new Evaluator(request)
                .scenario(AlgorithmRegistry.instance().get("bully"), setting, ScenarioKind.CUSTOM, 99).toBuilder()
                .faults(faults.build())
                .build());
        }
        final double days = (double)horizonNs / Evaluator.NANOS_PER_DAY;
        final long count = direct.liveLeaderElections();
        final double directRate = count / days;
        final String detail = "direct " + count + " in " + days + " days = " + directRate + "/day; tune " + predicted;
        assertTrue(count >= 20, "the direct run must see enough to compare: " + detail);
        assertTrue(directRate <= predicted.upperPerDay(), detail);
        assertTrue(predicted.estimatePerDay() <= PoissonBound.upper(count) / days, detail);
        assertTrue(predicted.estimatePerDay() > 0, detail);
    }
}
