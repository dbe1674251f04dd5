package org.electbench.bully;

import java.util.ArrayList;
import java.util.List;

import org.agrona.MutableDirectBuffer;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.MessageHeader;
import org.electbench.testkit.ScriptedHost;

/**
 * The bully's words for a {@link ScriptedHost}: deliver a message of a type and term, read back
 * what a node sent as type, receiver and term, and ask whether one timer is still pending.
 * Delivering allocates nothing, so a warm message path can be checked for allocation.
 */
final class BullyScript
{
    /** One bully message a node sent: its type, receiver and the term in its body. */
    record Sent(int type, int toId, long term)
    {
    }

    /** The timer kinds a bully node schedules. */
    private static final int[] TIMER_KINDS =
    {
        BullyNode.ELECTION_TIMER, BullyNode.COORDINATOR_TIMER, BullyNode.DETECTION_TIMER, BullyNode.HEARTBEAT_TIMER
    };

    private BullyScript()
    {
    }

    /**
     * Delivers one bully message of that type and term from a peer: the host's inbound buffer,
     * handed to the node as {@link ScriptedHost#deliver(ElectionNode, int)} would, but two calls
     * shallower. Through the host's deliver, the path down to the host's copy of each send is too
     * deep for the JIT to inline whole, and the JDK's checks on that copy then call
     * {@code Class.getComponentType} out of line until it is compiled on its own; the first such
     * compile of a {@code java.lang.Class} method resolves that class's string constants on the
     * calling thread, about 1 KB allocated late in a run, within the allocation test's rounds.
     */
    static void deliver(final ScriptedHost host, final ElectionNode node, final int type, final int fromId, final long term)
    {
        final MutableDirectBuffer message = host.inbound(type, BullyMessages.BODY_LENGTH, fromId);
        message.putLong(BullyMessages.TERM_OFFSET, term, MessageHeader.BYTE_ORDER);
        node.onMessage(fromId, message, 0, BullyMessages.MESSAGE_LENGTH);
    }

    /** @return what the node sent since the host's last clear, oldest first, each with the term it carried. */
    static List<Sent> sent(final ScriptedHost host)
    {
        final List<Sent> sent = new ArrayList<>();
        for (final ScriptedHost.Sent s : host.sent())
        {
            sent.add(new Sent(s.type(), s.toId(), s.longAt(BullyMessages.TERM_OFFSET)));
        }
        return sent;
    }

    /**
     * The host keeps no list of cancelled ids; a timer a test neither fired nor let the node fire
     * is no longer pending exactly when the node cancelled it.
     *
     * @return whether the timer of that id is still pending on the host.
     */
    static boolean isPending(final ScriptedHost host, final long timerId)
    {
        for (final int kind : TIMER_KINDS)
        {
            if (host.hasPendingTimer(kind) && host.pendingTimer(kind) == timerId)
            {
                return true;
            }
        }
        return false;
    }
}
