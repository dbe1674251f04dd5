package org.electbench.ring;

import static org.electbench.ring.RingMessages.ELECTED;
import static org.electbench.ring.RingMessages.ELECTION;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.agrona.MutableDirectBuffer;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Start;
import org.electbench.testkit.ScriptedHost;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A winner at the top of the term range saturates instead of wrapping: the ring's terms only label
 * leaderships (see {@link org.electbench.spi.Terms}). Forged and far terms are the conformance
 * kit's, in {@link RingConformanceTest}.
 */
class RingTermLimitTest
{
    private static final int NODES = RingConformanceTest.NODES;
    private static final ElectionSettings SETTINGS = RingConformanceTest.SETTINGS;

    /** A lap that gathered the top term wins the top term again: never a negative one. */
    @ParameterizedTest(name = "acknowledgements={0}")
    @ValueSource(booleans = {false, true})
    void aWinnerAtTheTopTermSaturatesThere(final boolean acknowledgements)
    {
        final ElectionSettings settings = SETTINGS.toBuilder().option(RingAlgorithm.ACK, acknowledgements).build();
        final ScriptedHost host = new ScriptedHost();
        final RingNode node = new RingNode(4, settings);
        node.onStart(host.context(4, NODES, true, settings), Start.SETTLED, NODES, Long.MAX_VALUE);

        host.fire(node, RingNode.DETECTION_TIMER);
        final ScriptedHost.Sent stood = host.drain().get(0);
        assertEquals(ELECTION, stood.type());
        assertEquals(Long.MAX_VALUE, stood.longAt(MessageHeader.LENGTH + RingMessages.TERM_OFFSET));
        // Its lap comes home, as the ring passes it on unchanged.
        final MutableDirectBuffer inbound = host.inbound(ELECTION, stood.message().capacity() - MessageHeader.LENGTH, 3);
        inbound.putBytes(MessageHeader.LENGTH, stood.message(), MessageHeader.LENGTH, stood.message().capacity() - MessageHeader.LENGTH);
        host.deliver(node, 3);

        assertEquals(RingNode.State.ANNOUNCING, node.state());
        assertEquals(host.nowNs(), node.stateChangedNs());
        assertEquals(Long.MAX_VALUE, node.term());
        final ScriptedHost.Sent elected = host.sentOfType(ELECTED).get(0);
        assertEquals(4, elected.intAt(MessageHeader.LENGTH + RingMessages.ID_OFFSET));
        assertEquals(Long.MAX_VALUE, elected.longAt(MessageHeader.LENGTH + RingMessages.TERM_OFFSET));
        assertTrue(host.announcements().stream().allMatch(a -> a.term() == Long.MAX_VALUE), host.announcements()::toString);
        assertEquals(0, node.malformedMessages());
    }
}
