package org.electbench.tune;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.electbench.harness.RuntimeRegistry;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionSettings.Knob;
import org.electbench.transport.ClusterRuntime;
import org.junit.jupiter.api.Test;

/**
 * The sweep varies only the knobs an algorithm declares it reads, and the declarations are true:
 * a knob an algorithm does not declare changes nothing in its failover, crash for crash.
 */
class KnobsTest
{
    private static final long MS = 1_000_000L;
    private static final NetworkFit LAN = NetworkFit.fromPercentiles(500_000, 2_000_000, 0);

    @Test
    void raftHandsOutItsPreVoteAndTheSilenceModelReadsItsTypedValue()
    {
        final ElectionAlgorithm raft = AlgorithmRegistry.instance().get("raft");
        final Knobs knobs = Knobs.of(raft);
        final Setting plain = new Setting(20 * MS, 100 * MS, -1, -1);
        final Setting preVote = plain.withOption(raft.preVote(), true);
        assertFalse(Evaluator.timing(plain, knobs).preVote());
        assertTrue(Evaluator.timing(preVote, knobs).preVote());
        assertTrue(preVote.settings(1, raft).get(raft.preVote()));
        assertEquals(List.of("--pre-vote", "on"), preVote.flags(raft).subList(4, 6));
        assertEquals(null, AlgorithmRegistry.instance().get("bully").preVote());
    }

    @Test
    void raftIsSweptOnlyOnHeartbeatDetectionAndItsDeclaredSpread()
    {
        final ElectionAlgorithm raft = AlgorithmRegistry.instance().get("raft");
        assertEquals(Set.of(Knob.HEARTBEAT_INTERVAL, Knob.DETECTION_TIMEOUT), raft.knobsRead());
        final Knobs knobs = Knobs.of(raft);
        final List<Setting> sweep = SweepGrid.defaults().settings(knobs, 5, LAN);
        // 5 heartbeats x 3 detection multiples x 2 spreads, and nothing for the T_elec values a sweep of bully tries.
        assertEquals(30, sweep.size());
        for (final Setting setting : sweep)
        {
            assertEquals(-1, setting.electionNs(), setting.toString());
            assertEquals(-1, setting.coordinatorNs(), setting.toString());
            final List<String> flags = setting.flags(raft);
            assertFalse(flags.contains("--election-timeout") || flags.contains("--coordinator-timeout"), flags.toString());
            assertTrue(flags.contains("--" + raft.detectionSpread().name()), flags.toString());
        }
        final Setting preset = Preset.ETCD.setting(knobs, 5, LAN);
        assertEquals(List.of("--heartbeat", "100ms", "--detection-timeout", "1s"), preset.flags(raft));
    }

    @Test
    void quorumIsSweptOnItsVotingWindowButNoCoordinatorTimeout()
    {
        final Knobs knobs = Knobs.of(AlgorithmRegistry.instance().get("quorum"));
        final List<Setting> sweep = SweepGrid.defaults().settings(knobs, 5, LAN);
        // 5 heartbeats x 2 T_elec x 3 detection multiples.
        assertEquals(30, sweep.size());
        assertTrue(sweep.stream().allMatch(setting -> setting.electionNs() > 0 && setting.coordinatorNs() == -1));
        final Knobs bully = Knobs.of(AlgorithmRegistry.instance().get("bully"));
        assertTrue(SweepGrid.defaults().settings(bully, 5, LAN).stream().allMatch(setting -> setting.coordinatorNs() > 0));
    }

    @Test
    void aKnobNoAlgorithmDeclaresChangesNothingInItsFailover()
    {
        final TuneRequest request = TuneRequest.of(5, LAN, PauseModel.of(0, 0), 1, List.of("raft"), List.of(), 5, 1)
            .withEffort(SweepGrid.defaults(), 200);
        final Evaluator evaluator = new Evaluator(request);
        int compared = 0;
        try (ClusterRuntime sim = RuntimeRegistry.instance().get(Tuner.SIMULATOR).newRuntime())
        {
            for (final String name : List.of("bully", "ring", "quorum", "raft"))
            {
                final ElectionAlgorithm algorithm = AlgorithmRegistry.instance().get(name);
                final Set<Knob> read = algorithm.knobsRead();
                final Evaluation.Failover base = evaluator.failover(sim, algorithm, new Setting(20 * MS, 100 * MS, 5 * MS, 24 * MS));
                final Evaluation.Failover electionChanged = evaluator.failover(sim, algorithm, new Setting(20 * MS, 100 * MS, 10 * MS, 24 * MS));
                final Evaluation.Failover coordinatorChanged =
                    evaluator.failover(sim, algorithm, new Setting(20 * MS, 100 * MS, 5 * MS, 60 * MS));
                if (!read.contains(Knob.ELECTION_TIMEOUT))
                {
                    assertEquals(base, electionChanged, name + " declares no T_elec yet its failover moved with it");
                    compared++;
                }
                if (!read.contains(Knob.COORDINATOR_TIMEOUT))
                {
                    assertEquals(base, coordinatorChanged, name + " declares no T_coord yet its failover moved with it");
                    compared++;
                }
                if (read.contains(Knob.ELECTION_TIMEOUT))
                {
                    // A declared knob is read: bully waits T_elec for an OK from a crashed leader on every crash.
                    assertTrue(!"bully".equals(name) || !base.equals(electionChanged), name + ": T_elec changed nothing");
                }
            }
        }
        // raft: T_elec and T_coord; quorum: T_coord.
        assertEquals(3, compared);
        assertNotEquals(Knobs.of(AlgorithmRegistry.instance().get("bully")), Knobs.of(AlgorithmRegistry.instance().get("raft")));
    }
}
