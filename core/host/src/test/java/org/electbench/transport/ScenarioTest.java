package org.electbench.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.ToIntFunction;

import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.Start;
import org.junit.jupiter.api.Test;

class ScenarioTest
{
    private static final long MS = 1_000_000L;

    @Test
    void durationsAndDelaysParseWithUnitsAndRejectNonsenseNamingTheForm()
    {
        assertEquals(150 * MS, org.electbench.spi.Durations.parseNs("150ms"));
        assertEquals(2_500 * MS, org.electbench.spi.Durations.parseNs("2.5s"));
        assertEquals(40_000, org.electbench.spi.Durations.parseNs("40us"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> org.electbench.spi.Durations.parseNs("150")).getMessage()
            .contains("ns, us, ms or s"));
        assertEquals("uniform:1ms,3ms", DelayDistribution.parse("uniform:1ms,3ms").toString());
        assertEquals(2 * MS, DelayDistribution.parse("lognormal:2ms,0").meanNs(), 1e-9);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> DelayDistribution.parse("normal:1ms")).getMessage()
            .contains(DelayDistribution.ACCEPTED));
        assertThrows(IllegalArgumentException.class, () -> NetworkModel.constant(MS).withLoss(1.0));
    }

    @Test
    void partitionPutsTheLeaderInTheMinorityAndMeasuresFromTheHeal()
    {
        final Scenario scenario = Scenario.builder().algorithm(new ScenarioTestAlgorithm()).nodes(5)
            .kind(ScenarioKind.PARTITION).seed(9).build();
        final RunPlan plan = scenario.plan();
        final Fault partition = plan.faults().faults().get(0);
        assertEquals(Fault.Kind.PARTITION, partition.kind());
        assertArrayEquals(new int[]{1, 2, 3}, partition.groups()[0]);
        assertArrayEquals(new int[]{4, 5}, partition.groups()[1]);
        assertEquals(partition.endNs(), plan.referenceNs());
        assertEquals(Start.SETTLED, plan.start());
        assertEquals(5, plan.initialLeader());
    }

    @Test
    void leaderCrashHappensAtASeededPhaseOfTheThirdHeartbeatIntervalAndDetectPicksFollowers()
    {
        final Scenario.Builder builder = Scenario.builder().algorithm(new ScenarioTestAlgorithm()).nodes(6)
            .kind(ScenarioKind.LEADER_CRASH).detect(Detectors.HIGHEST);
        final RunPlan plan = builder.seed(3).build().plan();
        final long hbtNs = builder.build().settings().heartbeatIntervalNs();
        assertTrue(plan.referenceNs() >= 2 * hbtNs && plan.referenceNs() < 3 * hbtNs, "crash at " + plan.referenceNs());
        assertEquals(plan.referenceNs(), builder.seed(3).build().plan().referenceNs(), "same seed, same phase");
        assertArrayEquals(new boolean[]{false, false, false, false, false, true, false}, plan.detectors());
    }

    @Test
    void runSeedsDeriveFromTheSeedAndRunZeroReplaysIt()
    {
        assertEquals(77, Seeds.derive(77, 0));
        assertTrue(Seeds.derive(77, 1) != Seeds.derive(77, 2));
        assertEquals(Seeds.derive(77, 5), Seeds.derive(77, 5));
    }

    @Test
    void eachRunDrawsItsRandomRingFromItsOwnDerivedArrangementSeed()
    {
        // Only a random arrangement reads the seed, so every run derives one; core cannot name the ring's option.
        final ElectionSettings settings = ElectionSettings.builder().arrangementSeed(9).build();
        final Scenario scenario = Scenario.builder().algorithm(new ScenarioTestAlgorithm()).settings(settings).seed(9).build();

        assertEquals(9, scenario.forRun(0).settings().arrangementSeed());
        assertEquals(Seeds.derive(9, 1), scenario.forRun(1).settings().arrangementSeed());
        assertEquals(Seeds.derive(9, 2), scenario.forRun(2).settings().arrangementSeed());
        assertEquals(Seeds.derive(9, 2), scenario.forRun(2).seed());
        assertEquals(Seeds.derive(9, 2), scenario.forRun(2).givenSettings().arrangementSeed());
    }

    @Test
    void nonsenseScenarioIsRejectedByName()
    {
        assertTrue(assertThrows(IllegalArgumentException.class,
            () -> Scenario.builder().algorithm(new ScenarioTestAlgorithm()).nodes(2).kind(ScenarioKind.PARTITION).build())
            .getMessage().contains("at least 3 nodes"));
        assertTrue(assertThrows(IllegalArgumentException.class,
            () -> Scenario.builder().algorithm(new ScenarioTestAlgorithm()).nodes(3).kind(ScenarioKind.CUSTOM)
                .faults(FaultPlan.builder().crash(4, 0).build()).build().plan())
            .getMessage().contains("ids are 1..3"));
    }

    @Test
    void durationsAreWholeNanosecondsWithinALongAndSayWhatIsWrong()
    {
        assertEquals(100, org.electbench.spi.Durations.parseNs("0.1us"));
        assertEquals(1_000_000_000L * 1_000_000_000L, org.electbench.spi.Durations.parseNs("1e9s"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> org.electbench.spi.Durations.parseNs("1.5ns")).getMessage()
            .contains("finer than a nanosecond"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> org.electbench.spi.Durations.parseNs("1e10s")).getMessage()
            .contains("too long"));
        final String negative = assertThrows(IllegalArgumentException.class, () -> org.electbench.spi.Durations.parseNs("-5ms")).getMessage();
        assertTrue(negative.contains("expected a non-negative number with a unit"), negative);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> org.electbench.spi.Durations.parseNs("NaNms")).getMessage()
            .contains(org.electbench.spi.Durations.ACCEPTED));
        assertEquals("1585 years", Durations.describe(5e19));
        assertEquals("4.17 days", Durations.describe(3.6e14));
        assertEquals("300 ms", Durations.describe(3e8));
    }

    @Test
    void cascadeCrashesTheAlgorithmsOwnNextLeaderOnceItsElectionIsHeard()
    {
        // The test algorithm promises the highest live id, as bully and ring do: N-1 after N.
        final RunPlan promised = Scenario.builder().algorithm(new ScenarioTestAlgorithm()).nodes(5)
            .kind(ScenarioKind.CASCADE).seed(4).build().plan();
        final Fault second = promised.faults().faults().get(1);
        assertEquals(Fault.Kind.CRASH_AFTER_SEND, second.kind());
        assertEquals(4, second.nodeId());
        assertEquals(Fault.ONCE_HEARD, second.typeName(), "its election begun and heard: core names no algorithm's type");

        // An algorithm that promises the smallest id (quorum) loses node 1; one that promises none (raft) its first candidate.
        final ElectionAlgorithm smallest = new Promising(live -> live.test(1) ? 1 : 2);
        assertEquals(1, Scenario.builder().algorithm(smallest).nodes(5).kind(ScenarioKind.CASCADE).build()
            .plan().faults().faults().get(1).nodeId());
        final ElectionAlgorithm none = new Promising(live -> 0);
        assertEquals(Fault.FIRST_SENDER, Scenario.builder().algorithm(none).nodes(5).kind(ScenarioKind.CASCADE).build()
            .plan().faults().faults().get(1).nodeId());
    }

    @Test
    void everyKindDescribesItselfAndRefusesTooSmallAClusterByName()
    {
        for (final ScenarioKind kind : ScenarioKind.values())
        {
            assertTrue(kind.description().length() > 20, kind.cliName());
        }
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, () -> Scenario.builder()
            .algorithm(new ScenarioTestAlgorithm()).nodes(2).kind(ScenarioKind.PARTITION).build());
        assertEquals("the partition scenario needs at least 3 nodes, got 2", ex.getMessage());
    }

    @Test
    void aRunLosesMessagesByDesignUnderLossCutsAndPartitionsOnly()
    {
        final Scenario.Builder builder = Scenario.builder().algorithm(new ScenarioTestAlgorithm()).nodes(5);
        assertFalse(builder.kind(ScenarioKind.LEADER_CRASH).build().plan().messagesLost());
        assertTrue(builder.kind(ScenarioKind.LOSSY).build().plan().messagesLost(), "10% loss when none is given");
        assertTrue(builder.kind(ScenarioKind.PARTITION).build().plan().messagesLost());
        assertFalse(builder.kind(ScenarioKind.PAUSE).build().plan().messagesLost());
    }

    /** The test algorithm's types, promising the leader a function of the live set gives. */
    private static final class Promising implements ElectionAlgorithm
    {
        private final ElectionAlgorithm types = new ScenarioTestAlgorithm();
        private final ToIntFunction<IntPredicate> leader;

        Promising(final ToIntFunction<IntPredicate> leader)
        {
            this.leader = leader;
        }

        @Override
        public String name()
        {
            return "promising";
        }

        @Override
        public List<String> messageTypes()
        {
            return types.messageTypes();
        }

        @Override
        public int heartbeatType()
        {
            return types.heartbeatType();
        }

        @Override
        public int expectedLeader(final int clusterSize, final IntPredicate live)
        {
            return leader.applyAsInt(live);
        }

        @Override
        public ElectionNode newNode(final int selfId, final ElectionSettings settings)
        {
            return types.newNode(selfId, settings);
        }
    }
}
