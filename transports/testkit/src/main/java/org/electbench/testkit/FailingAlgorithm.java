package org.electbench.testkit;

import java.util.List;

import org.agrona.DirectBuffer;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;
import org.electbench.spi.Start;

/** Node 3 throws as it starts: a bug in an algorithm must fail the run, not hang it. */
public final class FailingAlgorithm implements ElectionAlgorithm
{
    @Override
    public String name()
    {
        return "failing";
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
            @Override
            public void onStart(final NodeContext ctx, final Start start, final int leaderId, final long term)
            {
                if (3 == selfId)
                {
                    throw new IllegalStateException("node 3 is broken");
                }
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
                return NO_LEADER;
            }

            @Override
            public Role role()
            {
                return Role.FOLLOWER;
            }

            @Override
            public long term()
            {
                return 0;
            }
        };
    }
}
