package org.electbench.cli;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.agrona.CloseHelper;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.deploy.ClusterFile;
import org.electbench.deploy.NodeHost;

/**
 * What an eavesdropper on the wire holds: every frame one node process sends to one endpoint, read
 * through an Aeron spy subscription on that process's own driver, byte for byte as it left. Close
 * it before the node, whose driver it uses. {@link #replay} sends captured frames again from
 * another process's driver, as an attacker on a listed (here loopback) host would.
 */
final class Capture implements AutoCloseable
{
    private final Aeron aeron;
    private final Subscription spy;
    private final List<byte[]> frames = new CopyOnWriteArrayList<>();
    private final Thread poller;
    private volatile boolean running = true;

    /**
     * @param node    the node process (in this JVM) whose sends to capture, launched and not yet started.
     * @param channel the channel its publication sends on, as {@link org.electbench.aeron.Membership#sendChannel} makes it.
     */
    Capture(final NodeHost node, final String channel, final int streamId)
    {
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(node.aeronDirectoryName()));
        spy = aeron.addSubscription("aeron-spy:" + channel, streamId);
        poller = new Thread(() ->
        {
            while (running)
            {
                if (0 == spy.poll((buffer, offset, length, header) ->
                {
                    final byte[] copy = new byte[length];
                    buffer.getBytes(offset, copy);
                    frames.add(copy);
                }, 64))
                {
                    sleepQuietly(1);
                }
            }
        }, "capture");
        poller.setDaemon(true);
        poller.start();
    }

    /** @return the frames node {@code from} sends to node {@code to}'s endpoint ({@code to} 0: the observer's). */
    static Capture of(final NodeHost from, final ClusterFile cluster, final int to)
    {
        final String channel = 0 == to ? cluster.observerChannel() : cluster.channelPlan().channel(to);
        return new Capture(from, cluster.membership().sendChannel(channel, from.selfId()), cluster.streamId());
    }

    List<byte[]> frames()
    {
        return frames;
    }

    @Override
    public void close()
    {
        running = false;
        try
        {
            poller.join(TimeUnit.SECONDS.toMillis(10));
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        CloseHelper.closeAll(spy, aeron);
    }

    /**
     * Offers every frame, in order, on a connected publication, retrying a refused offer.
     *
     * @return how many Aeron took.
     */
    static int replay(final ExclusivePublication publication, final List<byte[]> frames)
    {
        int sent = 0;
        for (final byte[] frame : frames)
        {
            final UnsafeBuffer buffer = new UnsafeBuffer(frame);
            for (int attempt = 0; attempt < 1000; attempt++)
            {
                if (publication.offer(buffer, 0, frame.length) > 0)
                {
                    sent++;
                    break;
                }
                sleepQuietly(1);
            }
        }
        return sent;
    }

    private static void sleepQuietly(final long ms)
    {
        try
        {
            Thread.sleep(ms);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }
}
