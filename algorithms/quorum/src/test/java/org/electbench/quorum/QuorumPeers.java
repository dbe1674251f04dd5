package org.electbench.quorum;

import java.util.ArrayList;
import java.util.List;

import org.agrona.MutableDirectBuffer;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.MessageHeader;
import org.electbench.testkit.ScriptedHost;

/**
 * The rest of the cluster for a quorum node driven by a {@link ScriptedHost}: delivers the peers'
 * LEAD, ELECT and VOTE, and reads the node's sends back as their fields. Delivering allocates
 * nothing, so a warm message path can be checked for allocation.
 */
final class QuorumPeers
{
    /** One send; a VOTE's range is recorded as (previous, ballot], and fields a type lacks as 0. */
    record Sent(int type, int toId, long term, long msg, long ballot, long previous)
    {
        /**
         * Fails when the node addressed a send to itself or to no node. Here, not in QuorumPeers:
         * a string in the class whose delivery methods an allocation test runs is resolved, on the
         * test's thread, when the JIT compiles them.
         */
        static void requireNoRefusedSends(final ScriptedHost host)
        {
            if (0 != host.refusedSends())
            {
                throw new AssertionError("the node sent " + host.refusedSends() + " message(s) to itself or to no node");
            }
        }

        /** @return the fields of a recorded send, which must be exactly one quorum message. */
        static Sent of(final ScriptedHost.Sent sent)
        {
            final int type = sent.type();
            final int length = sent.message().capacity();
            if (type >= QuorumMessages.NAMES.size() || length != MessageHeader.LENGTH + QuorumMessages.bodyLength(type))
            {
                throw new AssertionError("not a quorum message: type " + type + ", " + length + " bytes");
            }
            return switch (type)
            {
                case QuorumMessages.VOTE -> new Sent(type, sent.toId(), 0, 0,
                    sent.longAt(QuorumMessages.VOTE_TERM_OFFSET), sent.longAt(QuorumMessages.VOTE_PREVIOUS_OFFSET));
                case QuorumMessages.ELECT -> new Sent(type, sent.toId(), sent.longAt(QuorumMessages.TERM_OFFSET),
                    sent.longAt(QuorumMessages.MSG_OFFSET), sent.longAt(QuorumMessages.BALLOT_OFFSET), 0);
                default -> new Sent(type, sent.toId(), sent.longAt(QuorumMessages.TERM_OFFSET),
                    sent.longAt(QuorumMessages.MSG_OFFSET), 0, 0);
            };
        }
    }

    private QuorumPeers()
    {
    }

    /**
     * @return what the node sent since the last drain or clear, as quorum messages, and forget it;
     * fails when the node addressed any send to itself or to no node.
     */
    static List<Sent> drain(final ScriptedHost host)
    {
        Sent.requireNoRefusedSends(host);
        final List<Sent> sent = new ArrayList<>();
        for (final ScriptedHost.Sent s : host.drain())
        {
            sent.add(Sent.of(s));
        }
        return sent;
    }

    /** Delivers a LEAD from a peer. */
    static void lead(final ScriptedHost host, final ElectionNode node, final int fromId, final long term, final long msg)
    {
        final MutableDirectBuffer buffer = host.inbound(QuorumMessages.LEAD, QuorumMessages.LEAD_BODY_LENGTH, fromId);
        buffer.putLong(QuorumMessages.TERM_OFFSET, term, MessageHeader.BYTE_ORDER);
        buffer.putLong(QuorumMessages.MSG_OFFSET, msg, MessageHeader.BYTE_ORDER);
        host.deliver(node, fromId);
    }

    /** Delivers an ELECT (claim and the claimant's ballot) from a peer. */
    static void elect(
        final ScriptedHost host, final ElectionNode node, final int fromId, final long term, final long msg, final long ballot)
    {
        final MutableDirectBuffer buffer = host.inbound(QuorumMessages.ELECT, QuorumMessages.ELECT_BODY_LENGTH, fromId);
        buffer.putLong(QuorumMessages.TERM_OFFSET, term, MessageHeader.BYTE_ORDER);
        buffer.putLong(QuorumMessages.MSG_OFFSET, msg, MessageHeader.BYTE_ORDER);
        buffer.putLong(QuorumMessages.BALLOT_OFFSET, ballot, MessageHeader.BYTE_ORDER);
        host.deliver(node, fromId);
    }

    /** Delivers a VOTE from a peer covering the terms {@code (previousTerm, votedTerm]}. */
    static void vote(
        final ScriptedHost host, final ElectionNode node, final int fromId, final long previousTerm, final long votedTerm)
    {
        final MutableDirectBuffer buffer = host.inbound(QuorumMessages.VOTE, QuorumMessages.VOTE_BODY_LENGTH, fromId);
        buffer.putLong(QuorumMessages.VOTE_PREVIOUS_OFFSET, previousTerm, MessageHeader.BYTE_ORDER);
        buffer.putLong(QuorumMessages.VOTE_TERM_OFFSET, votedTerm, MessageHeader.BYTE_ORDER);
        host.deliver(node, fromId);
    }

    /** Delivers the source's VOTE(term, msg) from a peer: the claim it ranked best. */
    static void sourceVote(final ScriptedHost host, final ElectionNode node, final int fromId, final long term, final long msg)
    {
        vote(host, node, fromId, msg, term);
    }
}
