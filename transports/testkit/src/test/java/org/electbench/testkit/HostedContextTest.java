package org.electbench.testkit;

import java.util.List;
import java.util.SplittableRandom;

import org.agrona.DirectBuffer;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.transport.host.SendBuffer;
import org.electbench.transport.host.Host;
import org.electbench.transport.host.HostedContext;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The checks every runtime owes a node, made once in {@link HostedContext}, seen through the
 * test kit's host: what reaches the wire, and what a crashed incarnation can no longer do.
 */
class HostedContextTest
{
    private static final int N = 5;
    private static final int TYPE = 3;
    private static final ElectionSettings SETTINGS = ElectionSettings.defaults();

    @Test
    void aSendReachesTheWireOnlyForAPeerWithTheBytesClaimed()
    {
        final ScriptedHost host = new ScriptedHost();
        final HostedContext context = host.context(2, N, true, SETTINGS);
        context.claim(TYPE, Long.BYTES).putLong(MessageHeader.LENGTH, 0x1234_5678_9ABCL, MessageHeader.BYTE_ORDER);
        context.send(2);
        context.send(0);
        context.send(N + 1);
        context.send(4);

        assertEquals(1, host.sentCount(), "a send to oneself or to no node is no message");
        assertEquals(3, host.refusedSends(), "and the host is told of each");
        final ScriptedHost.Sent sent = host.sent(0);
        assertEquals(TYPE, sent.type());
        assertEquals(4, sent.toId());
        assertEquals(MessageHeader.LENGTH + Long.BYTES, sent.message().capacity());
        assertEquals(2, MessageHeader.senderId(sent.message(), 0));
        assertEquals(0x1234_5678_9ABCL, sent.longAt(MessageHeader.LENGTH));
    }

    @Test
    void aBroadcastIsOneCopyPerPeerInIdOrder()
    {
        final ScriptedHost host = new ScriptedHost();
        final HostedContext context = host.context(3, N, true, SETTINGS);
        context.claim(TYPE, 0);
        context.broadcast();

        assertEquals(List.of(1, 2, 4, 5), host.receiversOf(TYPE));
    }

    @Test
    void aClaimOutsideTheBodyLimitIsRefusedNamingTheLimit()
    {
        final HostedContext context = new ScriptedHost().context(1, N, true, SETTINGS);
        final IllegalArgumentException tooLong = assertThrows(IllegalArgumentException.class,
            () -> context.claim(TYPE, MessageHeader.MAX_BODY_LENGTH + 1));
        assertEquals("body length must be 0.." + MessageHeader.MAX_BODY_LENGTH + ", got " + (MessageHeader.MAX_BODY_LENGTH + 1),
            tooLong.getMessage());
        assertThrows(IllegalArgumentException.class, () -> context.claim(TYPE, -1));
    }

    @Test
    void aCrashedIncarnationSendsSchedulesAndAnnouncesNothing()
    {
        final ScriptedHost host = new ScriptedHost();
        final HostedContext context = host.context(1, N, true, SETTINGS);
        final long timerId = context.schedule(1_000, 7);
        context.deactivate();

        context.claim(TYPE, 0);
        context.send(2);
        context.broadcast();
        context.announce(Role.LEADER, 1, 1);
        assertEquals(0, context.schedule(1_000, 8), "a crashed node's schedule hands out no timer");
        assertFalse(context.cancel(timerId));

        assertEquals(0, host.sentCount());
        assertEquals(0, host.announceCount());
        assertEquals(1, host.pendingTimers(), "only the timer armed while up");
        assertFalse(context.active());
    }

    @Test
    void aBroadcastStopsAtTheCopyWhoseSendCrashedTheSender()
    {
        final int[] copies = new int[N + 1];
        final Host crashOnSecondCopy = new Host()
        {
            private int sent;

            @Override
            public long nowNs()
            {
                return 0;
            }

            @Override
            public long schedule(final HostedContext node, final long delayNs, final int kind)
            {
                return 1;
            }

            @Override
            public boolean cancel(final HostedContext node, final long timerId)
            {
                return false;
            }

            @Override
            public void emit(final HostedContext from, final int toId, final SendBuffer message)
            {
                copies[toId]++;
                if (++sent == 2)
                {
                    from.deactivate();
                }
            }

            @Override
            public void announce(final HostedContext node, final Role role, final int leaderId, final long term)
            {
            }
        };
        final HostedContext context = new HostedContext(crashOnSecondCopy, new SendBuffer(), 1, N, 1, true, SETTINGS,
            new SplittableRandom(1), null);
        context.claim(TYPE, 0);
        context.broadcast();

        assertEquals(1, copies[2]);
        assertEquals(1, copies[3]);
        assertEquals(0, copies[4] + copies[5], "no copy after the crash");
        assertNull(context.durableState(), "a host that keeps no disk gives none");
    }

    @Test
    void firingATimerMovesTheClockToItsDeadlineAndSpendsIt()
    {
        final ScriptedHost host = new ScriptedHost();
        final HostedContext context = host.context(1, N, true, SETTINGS);
        final long early = context.schedule(2_000, 1);
        final long late = context.schedule(5_000, 2);
        host.advanceNs(500);

        assertEquals(1_500, host.pendingDelayNs(1));
        final long[] fired = new long[2];
        final RecordingNode node = new RecordingNode(fired);
        assertEquals(early, host.fire(node, 1));
        assertEquals(2_000, host.nowNs());
        assertEquals(early, fired[0]);
        assertFalse(context.cancel(early), "a fired timer is spent");
        assertTrue(context.cancel(late));
        assertFalse(host.hasPendingTimer(2));
    }

    /** A node that notes the last timer it was handed. */
    private static final class RecordingNode implements ElectionNode
    {
        private final long[] fired;

        RecordingNode(final long[] fired)
        {
            this.fired = fired;
        }

        @Override
        public void onStart(final NodeContext context, final Start start, final int leaderId, final long term)
        {
        }

        @Override
        public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
        {
        }

        @Override
        public void onTimer(final long timerId, final int kind)
        {
            fired[0] = timerId;
            fired[1] = kind;
        }

        @Override
        public Role role()
        {
            return Role.FOLLOWER;
        }

        @Override
        public int leaderId()
        {
            return NO_LEADER;
        }

        @Override
        public long term()
        {
            return 0;
        }
    }
}
