package org.electbench.deploy;

import io.aeron.Aeron;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.FrameDescriptor;
import io.aeron.logbuffer.Header;
import org.agrona.DirectBuffer;
import org.electbench.aeron.FrameVerdict;
import org.electbench.aeron.SourceAddresses;
import org.electbench.transport.ElectionResult;

/**
 * The observer of a cluster of node processes: an Aeron subscription on the cluster file's
 * observer endpoint feeding a {@link ClusterObservation}, which does the measuring. Every
 * instant is this process's receive time, so no clock needs to agree with any node's.
 * Single-threaded: one thread polls.
 */
public final class ClusterObserver implements AutoCloseable
{
    private static final int FRAGMENT_LIMIT = 64;

    private final ClusterObservation observation;
    private final Subscription subscription;
    private final FragmentHandler fragmentHandler = this::onFragment;
    private final SourceAddresses sources = new SourceAddresses();
    private final long originNs;
    private long receiveNs;
    private boolean closed;

    /**
     * @param cluster  the cluster file; it must name an observer endpoint.
     * @param aeron    a connected client.
     * @param listener told of every liveness change and change of agreement.
     * @throws IllegalArgumentException when the cluster file names no observer.
     */
    public ClusterObserver(final ClusterFile cluster, final Aeron aeron, final ClusterObservation.Listener listener)
    {
        if (null == cluster.observerChannel())
        {
            throw new IllegalArgumentException(cluster.source() + " names no observer: add a line 'observer HOST:PORT'");
        }
        observation = new ClusterObservation(cluster, listener);
        subscription = aeron.addSubscription(cluster.observerChannel(), cluster.streamId());
        originNs = System.nanoTime();
    }

    /**
     * Reads reports, marks silent nodes crashed and applies every report no live node's silence
     * can still come before.
     *
     * @param nowNs {@link System#nanoTime()}.
     * @return work done, for an idle strategy.
     */
    public int poll(final long nowNs)
    {
        receiveNs = nowNs - originNs;
        final int workCount = subscription.poll(fragmentHandler, FRAGMENT_LIMIT);
        return workCount + observation.advance(receiveNs);
    }

    private void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        if ((header.flags() & FrameDescriptor.BEGIN_FRAG_FLAG) != 0)
        {
            observation.onReport(buffer, offset, length, sources.of(header), receiveNs);
        }
    }

    /** @return what the observer measures from the reports. */
    public ClusterObservation observation()
    {
        return observation;
    }

    /** @see ClusterObservation#settled(int, int) */
    public boolean settled(final int expectNodes, final int expectCrashes)
    {
        return observation.settled(expectNodes, expectCrashes);
    }

    public ElectionResult finish()
    {
        return observation.finish();
    }

    public int heardCount()
    {
        return observation.heardCount();
    }

    public int crashes()
    {
        return observation.crashes();
    }

    public int pauses()
    {
        return observation.pauses();
    }

    public int restarts()
    {
        return observation.restarts();
    }

    public int agreedLeader()
    {
        return observation.agreedLeader();
    }

    public long count(final FrameVerdict verdict)
    {
        return observation.count(verdict);
    }

    public long settleWindowNs()
    {
        return observation.settleWindowNs();
    }

    @Override
    public void close()
    {
        if (!closed)
        {
            closed = true;
            subscription.close();
        }
    }
}
