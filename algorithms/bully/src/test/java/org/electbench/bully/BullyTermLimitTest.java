package org.electbench.bully;

import static org.electbench.bully.BullyMessages.COORDINATOR;
import static org.electbench.bully.BullyMessages.ELECTION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.electbench.bully.BullyScript.Sent;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.Start;
import org.electbench.testkit.ScriptedHost;
import org.junit.jupiter.api.Test;

/**
 * A new leader at the top of the term range saturates instead of wrapping: the bully's terms only
 * label leaderships (see {@link org.electbench.spi.Terms}). Forged and far terms are the
 * conformance kit's, in {@link BullyConformanceTest}.
 */
class BullyTermLimitTest
{
    private static final int NODES = BullyConformanceTest.NODES;
    private static final ElectionSettings SETTINGS = BullyConformanceTest.SETTINGS;

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
}
