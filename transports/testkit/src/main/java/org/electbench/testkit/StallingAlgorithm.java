package org.electbench.testkit;

import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntPredicate;

import org.agrona.DirectBuffer;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;
import org.electbench.spi.Start;

/**
 * Another algorithm unchanged, but node 1 holds its worker thread for a while in its first
 * message: what a host that does not schedule the worker looks like to the runtime.
 */
public final class StallingAlgorithm implements ElectionAlgorithm
{
    private final ElectionAlgorithm delegate;
    private final long stallNs;

    public StallingAlgorithm(final String delegateName, final long stallNs)
    {
        delegate = AlgorithmRegistry.instance().get(delegateName);
        this.stallNs = stallNs;
    }

    @Override
    public String name()
    {
        return delegate.name() + "-stalling";
    }

    @Override
    public List<String> messageTypes()
    {
        return delegate.messageTypes();
    }

    @Override
    public int heartbeatType()
    {
        return delegate.heartbeatType();
    }

    @Override
    public int expectedLeader(final int clusterSize, final IntPredicate live)
    {
        return delegate.expectedLeader(clusterSize, live);
    }

    @Override
    public ElectionNode newNode(final int selfId, final ElectionSettings settings)
    {
        final ElectionNode node = delegate.newNode(selfId, settings);
        return new ElectionNode()
        {
            private boolean stalled = 1 != selfId;

            @Override
            public void onStart(final NodeContext ctx, final Start start, final int leaderId, final long term)
            {
                node.onStart(ctx, start, leaderId, term);
            }

            @Override
            public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
            {
                if (!stalled)
                {
                    stalled = true;
                    final long untilNs = System.nanoTime() + stallNs;
                    while (untilNs - System.nanoTime() > 0)
                    {
                        LockSupport.parkNanos(untilNs - System.nanoTime());
                    }
                }
                node.onMessage(fromId, buffer, offset, length);
            }

            @Override
            public void onTimer(final long timerId, final int kind)
            {
                node.onTimer(timerId, kind);
            }

            @Override
            public int leaderId()
            {
                return node.leaderId();
            }

            @Override
            public Role role()
            {
                return node.role();
            }

            @Override
            public long term()
            {
                return node.term();
            }
        };
    }
}
