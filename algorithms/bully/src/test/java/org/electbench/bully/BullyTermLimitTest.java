package org.electbench.bully;

import static org.electbench.bully.BullyMessages.COORDINATOR;
import static org.electbench.bully.BullyMessages.ELECTION;
import static org.electbench.bully.BullyMessages.HEARTBEAT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.electbench.bully.BullyScript.Sent;
import org.electbench.sim.SimRuntime;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.Start;
import org.electbench.testkit.Forging;
import org.electbench.testkit.ScriptedHost;
import org.electbench.testkit.StateTrace;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Terms at the top of their range. The bully's terms only label leaderships, so a forged jump is
 * refused (one frame must not move every later leader's term) and a new leader at the top
 * saturates instead of wrapping; see {@link org.electbench.spi.Terms}.
 */
class BullyTermLimitTest
{
    private static final long MS = 1_000_000L;
    private static final int NODES = 5;
    private static final ElectionSettings SETTINGS = ElectionSettings.builder()
        .heartbeatIntervalNs(10 * MS)
        .detectionTimeoutNs(35 * MS)
        .electionTimeoutNs(5 * MS)
        .coordinatorTimeoutNs(12 * MS)
        .build();

    private static Scenario.Builder leaderCrash()
    {
        return Scenario.builder()
            .algorithm(new BullyAlgorithm())
            .nodes(NODES)
            .settings(SETTINGS)
            .network(NetworkModel.constant(MS))
            .kind(ScenarioKind.LEADER_CRASH)
            .seed(20);
    }

    /**
     * The attack and its kin: a COORDINATOR as the leader 5 before it crashes, an ELECTION
     * as node 1 or a HEARTBEAT as node 3 during the election, each with a term of 2^63-2 or 2^63-1.
     * Every live peer drops it as forged and the cluster elects 4 exactly as it does without it:
     * at the same instant, in term 2, with the same messages.
     */
    @ParameterizedTest(name = "term={0} from={1} type={2} atCrashPlusMs={3}")
    @CsvSource({
        "9223372036854775806,5," + COORDINATOR + ",-5",
        "9223372036854775807,5," + COORDINATOR + ",-5",
        "9223372036854775806,1," + ELECTION + ",1",
        "9223372036854775807,1," + ELECTION + ",1",
        "9223372036854775806,3," + HEARTBEAT + ",20",
        "9223372036854775807,3," + HEARTBEAT + ",20"})
    void aForgedFrameNearTheTopTermIsDroppedAndTheClusterElectsAsWithoutIt(
        final long forgedTerm, final int fromId, final int type, final long atCrashPlusMs)
    {
        final Scenario honest = leaderCrash().build();
        final ElectionResult expected = new SimRuntime().run(honest);
        final long forgedAtNs = honest.plan().referenceNs() + atCrashPlusMs * MS;

        final Forging forging = new Forging(new BullyAlgorithm()).forge(fromId, forgedAtNs, type, Forging.longBody(forgedTerm));
        final StateTrace trace = new StateTrace();
        final ElectionResult result = new SimRuntime().trace(trace).run(leaderCrash().algorithm(forging).build());

        assertTrue(result.converged(), result::toString);
        assertEquals(4, result.finalLeader(), result::toString);
        assertEquals(expected.convergenceNs(), result.convergenceNs(), result::toString);
        assertEquals(0, result.sameTermLeaders(), result::toString);
        final boolean afterCrash = atCrashPlusMs >= 0;
        assertEquals(afterCrash ? NODES - 2 : NODES - 1, forging.malformedMessages(), "every live peer dropped the forged frame");
        for (int t = 0; t < BullyMessages.NAMES.size(); t++)
        {
            final long forgedSends = afterCrash && t == type ? NODES - 1 : 0;
            assertEquals(expected.messages(t) + forgedSends, result.messages(t), BullyMessages.NAMES.get(t) + " " + result);
        }
        assertEquals(List.of(1L, 2L), trace.terms(), "terms believed");
    }

    /** With every term up to the top already seen, a new leader takes the top again: never a negative term. */
    @Test
    void aLeaderElectedAtTheTopTermSaturatesThere()
    {
        final ScriptedHost host = new ScriptedHost();
        final BullyNode node = (BullyNode)new BullyAlgorithm().newNode(4, SETTINGS);
        node.onStart(host.context(4, NODES, true, SETTINGS), Start.SETTLED, NODES, Long.MAX_VALUE);

        host.fire(node, BullyNode.DETECTION_TIMER);
        assertEquals(List.of(new Sent(ELECTION, 5, Long.MAX_VALUE)), BullyScript.sent(host));
        host.clear();
        host.fire(node, BullyNode.ELECTION_TIMER);

        assertEquals(BullyNode.State.LEADER, node.state());
        assertEquals(host.nowNs(), node.stateChangedNs());
        assertEquals(Long.MAX_VALUE, node.term());
        assertEquals(Long.MAX_VALUE, node.highestTermSeen());
        assertEquals(new Sent(COORDINATOR, 1, Long.MAX_VALUE), BullyScript.sent(host).get(0));
        assertTrue(host.announcements().stream().allMatch(a -> a.term() == Long.MAX_VALUE), host.announcements()::toString);
    }

    /** Negative terms are malformed and a jump of more than 2^32 forged, from any sender and of any type. */
    @ParameterizedTest(name = "type={0}")
    @ValueSource(ints = {ELECTION, BullyMessages.OK, COORDINATOR, HEARTBEAT})
    void aNegativeTermOrAJumpOfMoreThanTwoToTheThirtyTwoIsDroppedAndCounted(final int type)
    {
        final ScriptedHost host = new ScriptedHost();
        final BullyNode node = (BullyNode)new BullyAlgorithm().newNode(3, SETTINGS);
        node.onStart(host.context(3, NODES, true, SETTINGS), Start.SETTLED, NODES, 7);
        host.clear();

        BullyScript.deliver(host, node, type, 1, -1);
        BullyScript.deliver(host, node, type, 4, Long.MIN_VALUE);
        BullyScript.deliver(host, node, type, 4, 7 + (1L << 32) + 1);
        assertEquals(3, node.malformedMessages());
        assertEquals(7, node.highestTermSeen());
        assertEquals(List.of(), host.sent());
        assertEquals(List.of(), host.announcements());

        // The largest plausible jump is believed.
        BullyScript.deliver(host, node, type, 4, 7 + (1L << 32));
        assertEquals(3, node.malformedMessages());
        assertEquals(7 + (1L << 32), node.highestTermSeen());
    }
}
