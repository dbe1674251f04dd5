package org.electbench.aeron;

import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

import io.aeron.Aeron;
import org.agrona.CloseHelper;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

/**
 * All N endpoints of a cluster hosted in one JVM on one client. It owns the endpoints, not the
 * client: close the {@link EmbeddedDriver} after the network.
 */
public final class AeronNetwork implements AutoCloseable
{
    private final ChannelPlan plan;
    private final AeronEndpoint[] endpointById;

    /**
     * @param aeron          the client every endpoint adds its publications and subscription to.
     * @param plan           where every node listens; N is its size.
     * @param clusterId      carried and checked by every frame.
     * @param typeCount      the algorithm's number of message types.
     * @param handlerForNode the handler of each node id, 1..N.
     */
    public AeronNetwork(
        final Aeron aeron,
        final ChannelPlan plan,
        final int clusterId,
        final int typeCount,
        final IntFunction<MessageHandler> handlerForNode)
    {
        this.plan = plan;
        endpointById = new AeronEndpoint[plan.clusterSize() + 1];
        try
        {
            for (int id = 1; id <= plan.clusterSize(); id++)
            {
                endpointById[id] = new AeronEndpoint(aeron, plan, id, clusterId, typeCount, handlerForNode.apply(id));
            }
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietCloseAll(endpointById);
            throw ex;
        }
    }

    /**
     * Waits until every publication has a connected subscriber and every subscription sees all
     * its peers, so that no message sent afterwards is dropped as not connected.
     *
     * @param timeoutNs how long to wait at most.
     * @return whether the cluster is connected; false when the deadline passed first.
     */
    public boolean awaitConnected(final long timeoutNs)
    {
        final IdleStrategy idle = new SleepingMillisIdleStrategy(1);
        final long deadlineNs = System.nanoTime() + timeoutNs;
        while (!isConnected())
        {
            if (deadlineNs - System.nanoTime() <= 0)
            {
                return false;
            }
            idle.idle();
        }
        return true;
    }

    /**
     * Like {@link #awaitConnected(long)} but fails with the first node that is not connected.
     *
     * @throws IllegalStateException naming the plan and the first node not connected.
     */
    public void connect(final long timeoutNs)
    {
        if (!awaitConnected(timeoutNs))
        {
            for (int id = 1; id <= plan.clusterSize(); id++)
            {
                final AeronEndpoint endpoint = endpointById[id];
                if (!endpoint.allPeersConnected() || endpoint.imageCount() < plan.clusterSize() - 1)
                {
                    throw new IllegalStateException("node " + id + " not connected within " +
                        TimeUnit.NANOSECONDS.toMillis(timeoutNs) + " ms: images " + endpoint.imageCount() + " of " +
                        (plan.clusterSize() - 1) + ", plan " + plan);
                }
            }
        }
    }

    /** @return whether every publication is connected and every subscription has an image per peer. */
    public boolean isConnected()
    {
        for (int id = 1; id <= plan.clusterSize(); id++)
        {
            final AeronEndpoint endpoint = endpointById[id];
            if (!endpoint.allPeersConnected() || endpoint.imageCount() < plan.clusterSize() - 1)
            {
                return false;
            }
        }
        return true;
    }

    /** Polls every endpoint once, for callers that drive the whole cluster from one thread. */
    public int pollAll()
    {
        int workCount = 0;
        for (int id = 1; id <= plan.clusterSize(); id++)
        {
            workCount += endpointById[id].doWork();
        }
        return workCount;
    }

    /** @param nodeId 1..N. */
    public AeronEndpoint endpoint(final int nodeId)
    {
        if (nodeId < 1 || nodeId > plan.clusterSize())
        {
            throw new IllegalArgumentException("node id must be in 1.." + plan.clusterSize() + ", was " + nodeId);
        }
        return endpointById[nodeId];
    }

    public ChannelPlan plan()
    {
        return plan;
    }

    public int clusterSize()
    {
        return plan.clusterSize();
    }

    @Override
    public void close()
    {
        CloseHelper.closeAll(endpointById);
    }
}
