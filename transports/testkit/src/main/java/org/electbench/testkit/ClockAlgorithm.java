package org.electbench.testkit;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntPredicate;

import org.agrona.DirectBuffer;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;
import org.electbench.spi.Start;

/**
 * What each node reads as now, not an election: every node arms one timeout at its start, all
 * due at one instant, and records the clock it reads when it fires; node 1 then holds its host's
 * thread for a while, as a burst of sends would. The highest node then leads and the others follow
 * it, which settles the run. With {@code zeroDelayTimers}, node 1 also re-arms a 0 ns timer from
 * every firing of it until the run ends, which a host must run once per pass, not without end.
 * <p>
 * Meant for one worker thread: the recorded instants are plain fields, read once the run returned.
 */
public final class ClockAlgorithm implements ElectionAlgorithm
{
    public static final long NOT_FIRED = Long.MIN_VALUE;
    private static final int TIMEOUT = 1;
    private static final int AGAIN = 2;

    private final long timeoutNs;
    private final long holdNs;
    private final boolean zeroDelayTimers;
    private final long[] firedAtNs;
    /** How often node 1's 0 ns timer fired. */
    public long zeroDelayFirings;

    /**
     * @param nodes     the cluster size the instants are kept for.
     * @param timeoutNs each node's timeout from its start.
     * @param holdNs    how long node 1 holds its thread once its timeout fired.
     */
    public ClockAlgorithm(final int nodes, final long timeoutNs, final long holdNs, final boolean zeroDelayTimers)
    {
        this.timeoutNs = timeoutNs;
        this.holdNs = holdNs;
        this.zeroDelayTimers = zeroDelayTimers;
        firedAtNs = new long[nodes + 1];
        Arrays.fill(firedAtNs, NOT_FIRED);
    }

    /** @return the clock node {@code id} read when its timeout fired, or {@link #NOT_FIRED}. */
    public long firedAtNs(final int id)
    {
        return firedAtNs[id];
    }

    @Override
    public String name()
    {
        return "clock";
    }

    @Override
    public List<String> messageTypes()
    {
        return List.of("UNUSED");
    }

    @Override
    public int heartbeatType()
    {
        return 0;
    }

    @Override
    public int expectedLeader(final int clusterSize, final IntPredicate live)
    {
        return clusterSize;
    }

    @Override
    public ElectionNode newNode(final int selfId, final ElectionSettings settings)
    {
        return new Node(selfId);
    }

    private final class Node implements ElectionNode
    {
        private final int selfId;
        private NodeContext ctx;
        private int leaderId;
        private Role role = Role.FOLLOWER;

        Node(final int selfId)
        {
            this.selfId = selfId;
        }

        @Override
        public void onStart(final NodeContext ctx, final Start start, final int leaderId, final long term)
        {
            this.ctx = ctx;
            ctx.schedule(timeoutNs, TIMEOUT);
        }

        @Override
        public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
        {
            // No node sends.
        }

        @Override
        public void onTimer(final long timerId, final int kind)
        {
            if (AGAIN == kind)
            {
                zeroDelayFirings++;
                ctx.schedule(0, AGAIN);
                return;
            }
            firedAtNs[selfId] = ctx.nowNs();
            if (1 == selfId)
            {
                final long untilNs = System.nanoTime() + holdNs;
                while (untilNs - System.nanoTime() > 0)
                {
                    LockSupport.parkNanos(untilNs - System.nanoTime());
                }
                if (zeroDelayTimers)
                {
                    ctx.schedule(0, AGAIN);
                }
            }
            leaderId = ctx.clusterSize();
            role = selfId == leaderId ? Role.LEADER : Role.FOLLOWER;
            ctx.announce(role, leaderId, 1);
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
