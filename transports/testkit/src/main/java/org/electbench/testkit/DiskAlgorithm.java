package org.electbench.testkit;

import java.util.List;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;
import org.electbench.spi.Start;

/**
 * Each node counts its boots in its durable state and keeps quiet otherwise: N leads, the others
 * follow it from the start and again after a recovery. {@link #boots} holds what each node read
 * back at its last boot (read it once the run has returned).
 */
public final class DiskAlgorithm implements ElectionAlgorithm
{
    public final long[] boots;

    public DiskAlgorithm(final int nodes)
    {
        boots = new long[nodes + 1];
    }

    @Override
    public String name()
    {
        return "disk";
    }

    @Override
    public List<String> messageTypes()
    {
        return List.of("BEAT");
    }

    @Override
    public int heartbeatType()
    {
        return 0;
    }

    @Override
    public ElectionNode newNode(final int selfId, final ElectionSettings settings)
    {
        return new ElectionNode()
        {
            private int leaderId;

            @Override
            public void onStart(final NodeContext ctx, final Start start, final int leaderId, final long term)
            {
                final MutableDirectBuffer disk = ctx.durableState();
                final long count = disk.getLong(0) + 1;
                disk.putLong(0, count);
                boots[selfId] = count;
                this.leaderId = ctx.clusterSize();
                ctx.announce(selfId == this.leaderId ? Role.LEADER : Role.FOLLOWER, this.leaderId, 1);
            }

            @Override
            public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
            {
            }

            @Override
            public void onTimer(final long timerId, final int kind)
            {
            }

            @Override
            public int leaderId()
            {
                return leaderId;
            }

            @Override
            public Role role()
            {
                return Role.FOLLOWER;
            }

            @Override
            public long term()
            {
                return 1;
            }
        };
    }
}
