package org.electbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The default grid's incident stages: every incident scenario, each algorithm, and raft's PreVote/CheckQuorum variants. */
class RunGridIncidentsTest
{
    private static final List<String> ALGORITHMS = List.of("bully", "ring", "quorum", "raft");
    private static final List<String> INCIDENTS =
        List.of("bridge", "majorities-ring", "chained", "flapping-link", "slow-node", "switch-failure");

    private static BenchmarkStage stage(final List<BenchmarkStage> stages, final String name)
    {
        return stages.stream().filter(stage -> stage.name().equals(name)).findFirst()
            .orElseThrow(() -> new AssertionError("no stage " + name + " in " + stages.stream().map(BenchmarkStage::name).toList()));
    }

    @Test
    void defaultGridRunsEveryIncidentScenarioForEveryAlgorithmAndRaftsVariantsOnTheSimulator()
    {
        final List<BenchmarkStage> stages = RunGrid.stages(RunGrid.Size.DEFAULT, ALGORITHMS, List.of("sim", "inmemory"), Map.of(), false, 1);
        final BenchmarkStage incidents = stage(stages, "incidents-sim");
        assertEquals(ALGORITHMS, incidents.params().get("algorithm"));
        assertEquals(List.of("sim"), incidents.params().get("transport"));
        assertEquals(List.of("5", "9"), incidents.params().get("nodes"));
        assertEquals(INCIDENTS, incidents.params().get("scenario"));
        assertEquals(1000, incidents.iterations() * incidents.batch());
        assertEquals(0, incidents.warmups());

        final BenchmarkStage variants = stage(stages, "incidents-sim-variants");
        assertEquals(List.of("raft"), variants.params().get("algorithm"));
        assertEquals(INCIDENTS, variants.params().get("scenario"));
        assertEquals(List.of("pre-vote:on+check-quorum:off", "pre-vote:off+check-quorum:on", "pre-vote:on+check-quorum:on"),
            variants.params().get(BenchmarkStage.OPTIONS));

        // The convergence stage keeps the textbook scenarios alone.
        final List<String> textbook = stage(stages, "convergence-sim").params().get("scenario");
        assertTrue(textbook.stream().noneMatch(INCIDENTS::contains), textbook::toString);
    }

    @Test
    void withoutAnAlgorithmOfPreVoteAndCheckQuorumThereAreNoVariants()
    {
        final List<BenchmarkStage> stages = RunGrid.stages(RunGrid.Size.DEFAULT, List.of("bully", "quorum"), List.of("sim"), Map.of(),
            false, 1);
        assertEquals(List.of("bully", "quorum"), stage(stages, "incidents-sim").params().get("algorithm"));
        assertTrue(stages.stream().noneMatch(stage -> stage.name().equals("incidents-sim-variants")));
    }
}
