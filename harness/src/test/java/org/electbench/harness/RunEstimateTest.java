package org.electbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The run's time-left arithmetic from known measurements. */
class RunEstimateTest
{
    private static BenchmarkStage convergence(final String transport, final int forks, final int warmups, final int iterations,
        final int batch)
    {
        final Map<String, List<String>> params = new LinkedHashMap<>();
        params.put("algorithm", List.of("bully", "raft"));
        params.put("transport", List.of(transport));
        params.put("nodes", List.of("3", "5"));
        return new BenchmarkStage("s", BenchmarkStage.CONVERGENCE, params, forks, warmups, iterations, batch, null, null, List.of());
    }

    @Test
    void realCellCostsForkStartUpPlusItsElectionsAtTheMeasuredPerElectionCost()
    {
        final BenchmarkStage stage = convergence("inmemory", 1, 1, 30, 1);
        final RunEstimate estimate = new RunEstimate();
        final RunEstimate.Cell n3 = RunEstimate.Cell.of(stage, Map.of("transport", "inmemory", "nodes", "3"));
        assertEquals(31, n3.elections());
        // 2 s to the first iteration, then 31 elections in 62 s: 2 s an election.
        estimate.finished(n3, 2.0, 64.0);

        assertEquals(2.0, estimate.forkSeconds(), 1e-9);
        assertEquals(2.0, estimate.secondsPerElection(n3), 1e-9);
        // Same runtime, another size not yet measured: the runtime's cost (real clocks do not scale with n).
        final RunEstimate.Cell n5 = RunEstimate.Cell.of(stage, Map.of("transport", "inmemory", "nodes", "5"));
        assertEquals(2.0 + 31 * 2.0, estimate.seconds(n5), 1e-9);
        // Two cells pending, one running for 10 s of its 64.
        assertEquals(2 * 64.0 + 54.0, estimate.secondsLeft(List.of(n5, n3), n3, 10.0), 1e-9);
    }

    @Test
    void simulatorCostScalesWithSizeFromTheSizesMeasuredAndUnforkedCellsHaveNoStartUp()
    {
        final BenchmarkStage stage = convergence("sim", 0, 1, 20, 50);
        final RunEstimate estimate = new RunEstimate();
        final RunEstimate.Cell n5 = RunEstimate.Cell.of(stage, Map.of("transport", "sim", "nodes", "5"));
        assertEquals(1 + 20 * 50, n5.elections());
        estimate.finished(n5, 0, 1.001);

        assertEquals(1e-3, estimate.secondsPerElection(n5), 1e-12);
        final RunEstimate.Cell n65 = RunEstimate.Cell.of(stage, Map.of("transport", "sim", "nodes", "65"));
        assertEquals(1e-3 * 65 / 5, estimate.secondsPerElection(n65), 1e-12);
        assertEquals(1001 * 1e-3 * 13, estimate.seconds(n65), 1e-9);
        // Nothing measured on a runtime yet: the prior election, and the prior fork start-up (no fork has run).
        final RunEstimate.Cell aeron = RunEstimate.Cell.of(convergence("aeron-udp", 1, 0, 30, 1), Map.of("transport", "aeron-udp"));
        assertEquals(RunEstimate.PRIOR_FORK_SECONDS + 30 * RunEstimate.PRIOR_REAL_ELECTION_SECONDS, estimate.seconds(aeron), 1e-9);
    }

    @Test
    void timedCellCostsItsIterationTimesPlusTheMeasuredOverhead()
    {
        final Map<String, List<String>> params = Map.of("algorithm", List.of("bully"));
        final BenchmarkStage stage = new BenchmarkStage("t", BenchmarkStage.SIMULATOR, params, 1, 1, 2, 1, "1s", "2s", List.of());
        final RunEstimate.Cell cell = RunEstimate.Cell.of(stage, Map.of());
        assertEquals(5.0, cell.timedSeconds(), 1e-9);
        final RunEstimate estimate = new RunEstimate();
        estimate.finished(cell, 1.5, 8.0);

        // 8 s less 1.5 s start-up less 5 s of iterations: 1.5 s of overhead.
        assertEquals(1.5 + 5.0 + 1.5, estimate.seconds(cell), 1e-9);
        // A single-shot fork on another runtime starts as the forks so far did, until one of its own has.
        final RunEstimate.Cell inmemory = RunEstimate.Cell.of(convergence("inmemory", 1, 0, 1, 1), Map.of("transport", "inmemory"));
        assertEquals(1.5 + RunEstimate.PRIOR_REAL_ELECTION_SECONDS, estimate.seconds(inmemory), 1e-9);
        estimate.finished(inmemory, 4.5, 6.5);
        assertEquals(4.5, estimate.forkSeconds(inmemory), 1e-9);
        assertEquals(3.0, estimate.forkSeconds(), 1e-9);
        assertEquals(1.5, estimate.forkSeconds(cell), 1e-9);
    }

    @Test
    void combinationsCrossEveryParameter()
    {
        assertEquals(4, RunEstimate.combinations(convergence("sim", 0, 0, 1, 1)).size());
        assertEquals(Map.of("algorithm", "raft", "transport", "sim", "nodes", "3"),
            RunEstimate.combinations(convergence("sim", 0, 0, 1, 1)).get(2));
    }
}
