package org.electbench.raft;

import static org.electbench.raft.RaftMessages.HEARTBEAT;
import static org.electbench.raft.RaftMessages.REQUEST_VOTE;
import static org.electbench.raft.RaftMessages.VOTE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.electbench.sim.SimRuntime;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.testkit.Forging;
import org.electbench.testkit.ScriptedHost;
import org.electbench.testkit.StateTrace;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Terms at the top of their range. Raft's safety is one leader per term, so a forged jump is
 * refused (never believed, so never run up to where a campaign cannot count) and a node at the
 * last term waits rather than wrap; see {@link org.electbench.spi.Terms}.
 */
class RaftTermLimitTest
{
    private static final long MS = 1_000_000L;
    private static final int NODES = 5;
    private static final ElectionSettings SETTINGS = ElectionSettings.builder()
        .heartbeatIntervalNs(10 * MS)
        .detectionTimeoutNs(50 * MS)
        .build();

    private static Scenario.Builder leaderCrash(final RaftAlgorithm algorithm)
    {
        return Scenario.builder()
            .algorithm(algorithm)
            .nodes(NODES)
            .settings(SETTINGS)
            .network(NetworkModel.constant(MS))
            .kind(ScenarioKind.LEADER_CRASH)
            .seed(20);
    }

    /**
     * The attack: one REQUEST_VOTE as node 1 with a term of 2^63-2 (or 2^63-1), before the
     * leader crashes or just after. Every peer drops it as forged, and the cluster elects exactly as
     * it does without it: the same leader, at the same instant, in term 2.
     */
    @ParameterizedTest(name = "term={0} atCrashPlusMs={1}")
    @CsvSource({"9223372036854775806,-5", "9223372036854775807,-5", "9223372036854775806,1", "9223372036854775807,1"})
    void aForgedVoteRequestNearTheTopTermIsDroppedAndTheClusterElectsAsWithoutIt(final long forgedTerm, final long atCrashPlusMs)
    {
        final Scenario honest = leaderCrash(new RaftAlgorithm()).build();
        final ElectionResult expected = new SimRuntime().run(honest);
        final long forgedAtNs = honest.plan().referenceNs() + atCrashPlusMs * MS;

        final Forging forging = new Forging(new RaftAlgorithm()).forge(1, forgedAtNs, REQUEST_VOTE, Forging.longBody(forgedTerm));
        final StateTrace trace = new StateTrace();
        final ElectionResult result = new SimRuntime().trace(trace).run(leaderCrash(new RaftAlgorithm()).algorithm(forging).build());

        assertTrue(result.converged(), result::toString);
        assertEquals(expected.finalLeader(), result.finalLeader(), result::toString);
        assertEquals(expected.convergenceNs(), result.convergenceNs(), result::toString);
        assertEquals(0, result.sameTermLeaders(), result::toString);
        final boolean afterCrash = atCrashPlusMs >= 0;
        assertEquals(afterCrash ? NODES - 2 : NODES - 1, forging.malformedMessages(), "every live peer dropped the forged frame");
        final long forgedSends = afterCrash ? NODES - 1 : 0;
        assertEquals(expected.messages(REQUEST_VOTE) + forgedSends, result.messages(REQUEST_VOTE), result::toString);
        assertEquals(expected.messages(VOTE), result.messages(VOTE), result::toString);
        assertEquals(expected.messages(HEARTBEAT), result.messages(HEARTBEAT), result::toString);
        assertEquals(List.of(1L, 2L), trace.terms(), "terms believed");
    }

    /** A node at the last term has no term to campaign in: it waits as a follower and sends nothing. */
    @ParameterizedTest(name = "preVote={0}")
    @ValueSource(booleans = {false, true})
    void aNodeAtTheLastTermNeverCampaignsAndNeverWraps(final boolean preVote)
    {
        final ElectionSettings settings = RaftOptions.preVote(SETTINGS, preVote);
        final RaftScript script = new RaftScript();
        final RaftNode node = (RaftNode)new RaftAlgorithm().newNode(3, settings);
        node.onStart(script.context(3, NODES, true, settings, ScriptedHost.newDurableState()), Start.SETTLED, NODES, Long.MAX_VALUE);

        script.fire(node, RaftNode.ELECTION_TIMER);
        script.fire(node, RaftNode.ELECTION_TIMER);

        assertEquals(RaftNode.State.FOLLOWER, node.state());
        assertEquals(Long.MAX_VALUE, node.term());
        assertEquals(List.of(), script.sent());
        assertTrue(script.announcements().stream().allMatch(a -> a.term() == Long.MAX_VALUE && a.role() == Role.FOLLOWER));
        assertTrue(null != script.timer(RaftNode.ELECTION_TIMER), "it still watches for a leader");
    }

    /** One below the last term a campaign still counts up, and a peer there grants it: the top is a term like any. */
    @ParameterizedTest(name = "preVote={0}")
    @ValueSource(booleans = {false, true})
    void aCampaignFromOneBelowTheTopTakesTheLastTerm(final boolean preVote)
    {
        final ElectionSettings settings = RaftOptions.preVote(SETTINGS, preVote);
        final RaftScript script = new RaftScript();
        final RaftNode node = (RaftNode)new RaftAlgorithm().newNode(2, settings);
        node.onStart(script.context(2, 3, true, settings, ScriptedHost.newDurableState()), Start.SETTLED, 3, Long.MAX_VALUE - 1);

        script.fire(node, RaftNode.ELECTION_TIMER);
        if (preVote)
        {
            script.deliver(node, 1, RaftMessages.PRE_VOTE_RESPONSE, Long.MAX_VALUE, true);
        }
        assertEquals(new RaftScript.Sent(script.nowNs(), REQUEST_VOTE, ScriptedHost.ALL, Long.MAX_VALUE, false), script.lastSent());
        script.deliver(node, 1, VOTE, Long.MAX_VALUE, true);

        assertEquals(RaftNode.State.LEADER, node.state());
        assertEquals(script.nowNs(), node.stateChangedNs());
        assertEquals(Long.MAX_VALUE, node.term());
        assertEquals(0, node.malformedMessages());
    }

    /** A jump of more than 2^32 is refused by a node in any state, and answered by nothing. */
    @ParameterizedTest(name = "type={0}")
    @ValueSource(ints = {REQUEST_VOTE, VOTE, RaftMessages.PRE_VOTE, RaftMessages.PRE_VOTE_RESPONSE, HEARTBEAT, RaftMessages.HEARTBEAT_RESPONSE})
    void aTermMoreThanTwoToTheThirtyTwoAboveIsDroppedAndCounted(final int type)
    {
        final RaftScript script = new RaftScript();
        final RaftNode node = (RaftNode)new RaftAlgorithm().newNode(3, SETTINGS);
        node.onStart(script.context(3, NODES, true, SETTINGS, ScriptedHost.newDurableState()), Start.SETTLED, NODES, 7);
        script.clear();

        script.deliver(node, 1, type, 7 + (1L << 32) + 1, true);
        assertEquals(1, node.malformedMessages());
        assertEquals(7, node.term());
        assertEquals(List.of(), script.sent());
        assertEquals(List.of(), script.announcements());

        // The largest plausible jump is believed.
        script.deliver(node, 1, HEARTBEAT, 7 + (1L << 32), false);
        assertEquals(7 + (1L << 32), node.term());
        assertEquals(1, node.leaderId());
        assertEquals(1, node.malformedMessages());
    }
}
