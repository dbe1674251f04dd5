package org.electbench.tune;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.electbench.harness.RuntimeRegistry;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.FaultPlan;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Test;

/**
 * The computed false elections per day against a direct long simulation of the same model,
 * where the rate is high enough to count (a settled cluster left alone for hours of virtual time
 * while every node pauses at random, a Poisson process, its false elections counted as they
 * come), and the bound where it is far too low to count.
 */
class FalseElectionsTest
{
    private static final long MS = 1_000_000L;
    private static final long HOURS_NS = 3_600_000_000_000L;
    private static final NetworkFit LAN = NetworkFit.fromPercentiles(500_000, 2_000_000, 0);

    @Test
    void exponentialPausesOnBullyAgreeWithADirectSimulation()
    {
        agree("bully", LAN, PauseModel.of(60, 200 * MS), new Setting(20 * MS, 100 * MS, 5 * MS, 20 * MS), 6);
    }

    @Test
    void heavyTailedPausesOnRaftWithItsRandomTimeoutAgreeWithADirectSimulation()
    {
        agree("raft", LAN, PauseModel.heavy("lognormal", 240, 20 * MS, 150 * MS),
            new Setting(20 * MS, 100 * MS, -1, -1, 50 * MS, Map.of()), 6);
    }

    /**
     * The direct run's 95 % interval must hold the computed rate, and its count stay under the
     * computed bound's 95 % reach.
     */
    private static void agree(final String algorithm, final NetworkFit network, final PauseModel pauses, final Setting setting, final long hours)
    {
        final TuneRequest request = TuneRequest.of(5, network, pauses, 1000, List.of(algorithm), List.of(), 11, 1)
            .withEffort(new SweepGrid(1, 1), 20);
        final Evaluation.FalseElections predicted = new Tuner(request).evaluate(algorithm, setting).falseElections();

        final long horizonNs = hours * HOURS_NS;
        final SplittableRandom random = new SplittableRandom(99);
        final FaultPlan.Builder faults = FaultPlan.builder();
        for (int node = 1; node <= request.nodes() && !pauses.isNone(); node++)
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
        // A pause of nothing at the end: the run goes on until then.
        faults.pause(1, horizonNs, 0);
        final ElectionResult direct;
        try (ClusterRuntime runtime = RuntimeRegistry.instance().get(Tuner.SIMULATOR).newRuntime())
        {
            direct = runtime.run(new Evaluator(request)
                .scenario(AlgorithmRegistry.instance().get(algorithm), setting, ScenarioKind.CUSTOM, 99).toBuilder()
                .faults(faults.build())
                .build());
        }
        final double days = (double)horizonNs / Evaluator.NANOS_PER_DAY;
        final long count = direct.liveLeaderElections();
        final String detail = algorithm + ": direct " + count + " in " + days + " days = " + count / days + "/day; computed " + predicted;
        assertTrue(count >= 20, "the direct run must see enough to compare: " + detail);
        assertTrue(predicted.estimatePerDay() <= PoissonBound.upper(count) / days, detail);
        assertTrue(predicted.estimatePerDay() >= PoissonBound.lower(count) / days, detail);
        assertTrue(predicted.upperPerDay() >= PoissonBound.lower(count) / days, detail);
    }

    @Test
    void aQuietLanIsCertifiedAtOneFalseElectionAYearWithTheBoundPrinted()
    {
        final double perYear = 1 / 365.0;
        final TuneRequest request = TuneRequest.of(5, LAN, PauseModel.of(6, 50 * MS), perYear, List.of("bully", "raft"), List.of(), 3, 2)
            .withEffort(new SweepGrid(5, 1), 50);
        final TuneReport report = new Tuner(request).run();
        final StringWriter text = new StringWriter();
        TuneFormat.write(report, new PrintWriter(text));
        for (final TuneReport.AlgorithmResult result : report.algorithms())
        {
            final Evaluation recommended = result.recommended();
            assertNotNull(recommended, result.algorithm() + " has no setting certified at 1/year:\n" + text);
            assertTrue(recommended.falseElections().upperPerDay() <= perYear, recommended.toString());
            assertTrue(recommended.falseElections().upperPerDay() > 0, recommended.toString());
            assertTrue(text.toString().contains(" " + TuneFormat.number(recommended.falseElections().upperPerDay()) + " |"), text.toString());
            // Every faster lint-clean setting was turned down on its bound.
            for (int index = 0; index < result.evaluations().size(); index++)
            {
                final Evaluation other = result.evaluations().get(index);
                if (other.isCandidate() && other.failover().p99Ns() < recommended.failover().p99Ns())
                {
                    assertTrue(other.falseElections().upperPerDay() > perYear, other.toString());
                    assertTrue(result.verdicts().get(index).startsWith("too many false elections"), result.verdicts().get(index));
                }
            }
        }
        assertTrue(text.toString().contains("bound: analytic"), text.toString());
    }
}
