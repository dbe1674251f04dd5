package org.electbench.testkit;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.function.IntPredicate;

import org.agrona.DirectBuffer;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;
import org.electbench.spi.Start;

/**
 * A load generator for the message path, not an election: node 1 opens a PING to every peer and
 * every PING is answered with a PONG, every PONG with the next PING, so N-1 exchanges run flat
 * out. Every message re-arms the receiver's watch timer (a cancel and a schedule) and each node
 * keeps a 1 ms tick, so the timer wheel works as hard as the inboxes. The nodes count what their
 * worker delivered and read the worker thread's allocated bytes, on that thread, when the count
 * passes {@code warmup} and again {@code warmup + measured} messages later; then node 1 says
 * DONE, leads, and the others follow, which settles the run.
 * <p>
 * Meant for one worker thread: the shared counts are plain fields. Every real transport's tests use
 * it, to measure the same path with their own wire under it; with no arguments it is only its four
 * message types (a registered plug-in for tests that read reports and host no node).
 */
public final class PingAlgorithm implements ElectionAlgorithm
{
    public static final int PING = 0;
    public static final int PONG = 1;
    public static final int DONE = 2;
    public static final int BEAT = 3;
    private static final int WATCH_TIMER = 1;
    private static final int TICK_TIMER = 2;
    private static final long WATCH_NS = 50_000_000L;
    private static final long TICK_NS = 1_000_000L;

    private final long warmup;
    private final long measured;
    private final com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    public long received;
    public long ticks;
    private long startBytes = -1;
    private long endBytes = -1;
    private long probeCostBytes;

    /** The four types only, never reaching DONE: for a test that hosts no node (the service loader's constructor). */
    public PingAlgorithm()
    {
        this(0, 0);
    }

    public PingAlgorithm(final long warmup, final long measured)
    {
        this.warmup = warmup;
        this.measured = measured;
    }

    @Override
    public String name()
    {
        return "ping";
    }

    @Override
    public List<String> messageTypes()
    {
        return List.of("PING", "PONG", "DONE", "BEAT");
    }

    @Override
    public int heartbeatType()
    {
        return BEAT;
    }

    /** @return {@link ElectionNode#NO_LEADER}: node 1 leads by construction, not by election. */
    @Override
    public int expectedLeader(final int clusterSize, final IntPredicate live)
    {
        return ElectionNode.NO_LEADER;
    }

    @Override
    public ElectionNode newNode(final int selfId, final ElectionSettings settings)
    {
        return new Node(selfId);
    }

    /** @return bytes the worker allocated over the measured messages, or -1 if it never got there. */
    public long allocatedBytes()
    {
        return endBytes < 0 ? -1 : endBytes - startBytes - probeCostBytes;
    }

    private final class Node implements ElectionNode
    {
        private final int selfId;
        private NodeContext ctx;
        private long watchTimerId;
        private Role role = Role.FOLLOWER;
        private int leaderId;

        Node(final int selfId)
        {
            this.selfId = selfId;
        }

        @Override
        public void onStart(final NodeContext ctx, final Start start, final int leaderId, final long term)
        {
            this.ctx = ctx;
            watchTimerId = ctx.schedule(WATCH_NS, WATCH_TIMER);
            ctx.schedule(TICK_NS, TICK_TIMER);
            if (1 == selfId)
            {
                ctx.claim(PING, 0);
                ctx.broadcast();
            }
        }

        @Override
        public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
        {
            ctx.cancel(watchTimerId);
            watchTimerId = ctx.schedule(WATCH_NS, WATCH_TIMER);
            final int type = MessageHeader.type(buffer, offset);
            if (DONE == type)
            {
                follow(fromId);
                return;
            }
            count();
            if (endBytes >= 0)
            {
                if (1 == selfId && Role.LEADER != role)
                {
                    role = Role.LEADER;
                    leaderId = selfId;
                    ctx.announce(Role.LEADER, selfId, 1);
                    ctx.claim(DONE, 0);
                    ctx.broadcast();
                }
                return;
            }
            ctx.claim(PING == type ? PONG : PING, 0);
            ctx.send(fromId);
        }

        @Override
        public void onTimer(final long timerId, final int kind)
        {
            if (TICK_TIMER == kind)
            {
                ticks++;
                ctx.schedule(TICK_NS, TICK_TIMER);
            }
        }

        private void count()
        {
            received++;
            if (received == warmup)
            {
                // Two reads back to back measure what a read itself costs.
                final long first = threads.getCurrentThreadAllocatedBytes();
                startBytes = threads.getCurrentThreadAllocatedBytes();
                probeCostBytes = 2 * (startBytes - first);
            }
            else if (received == warmup + measured)
            {
                endBytes = threads.getCurrentThreadAllocatedBytes();
            }
        }

        private void follow(final int leader)
        {
            if (leaderId != leader)
            {
                leaderId = leader;
                ctx.announce(Role.FOLLOWER, leader, 1);
            }
        }

        @Override
        public int leaderId()
        {
            return leaderId;
        }

        @Override
        public Role role()
        {
            return role;
        }

        @Override
        public long term()
        {
            return 1;
        }
    }
}
