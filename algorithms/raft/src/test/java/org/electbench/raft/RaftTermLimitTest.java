package org.electbench.raft;

import static org.electbench.raft.RaftMessages.REQUEST_VOTE;
import static org.electbench.raft.RaftMessages.VOTE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.electbench.spi.ElectionSettings;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.testkit.ScriptedHost;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The last term: raft's safety is one leader per term, so a node there waits rather than wrap,
 * and a campaign from one below takes it; see {@link org.electbench.spi.Terms}. Forged and far
 * terms are the conformance kit's, in {@link RaftConformanceTest}.
 */
class RaftTermLimitTest
{
    private static final int NODES = RaftConformanceTest.NODES;
    private static final ElectionSettings SETTINGS = RaftConformanceTest.SETTINGS;

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
}
