package org.electbench.aeron;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

import io.aeron.Aeron;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The far end of an RTT probe: answers every ping on its UDP endpoint with a pong to the
 * endpoint the ping names, over a publication per pinger made on its first ping. A pong that
 * cannot go out yet (the publication still connecting) is dropped; the pinger counts it lost.
 * Frames that are not pings are dropped and counted.
 */
public final class ProbeListener implements AutoCloseable
{
    private static final int FRAGMENT_LIMIT = 16;

    /** How long a pong's offer is retried under back pressure before it is dropped. */
    private static final long OFFER_RETRY_NS = 10_000_000L;

    private final Aeron aeron;
    private final Subscription subscription;
    private final Map<String, Publication> replyByEndpoint = new HashMap<>();
    private final UnsafeBuffer pong = new UnsafeBuffer(new byte[ProbeFrame.MAX_LENGTH]);
    private final FragmentHandler handler = this::onFragment;
    private long answered;
    private long dropped;
    private long lastPingNs;

    /**
     * @param aeron    a connected client.
     * @param endpoint where to listen, {@code host:port} ({@code 0.0.0.0:port} for every interface).
     */
    public ProbeListener(final Aeron aeron, final String endpoint)
    {
        this.aeron = aeron;
        subscription = aeron.addSubscription("aeron:udp?endpoint=" + endpoint, ProbeFrame.STREAM_ID);
    }

    /** @return pings answered. */
    public long answered()
    {
        return answered;
    }

    /** @return frames dropped: not a ping, or a pong that could not go out. */
    public long dropped()
    {
        return dropped;
    }

    /** @return pings handled in one poll. */
    public int poll()
    {
        return subscription.poll(handler, FRAGMENT_LIMIT);
    }

    /**
     * Answer pings until told to stop, or until {@code idleExitNs} passes with no ping once one came.
     *
     * @param stop       checked between polls.
     * @param idleExitNs 0 to run until stopped.
     */
    public void run(final BooleanSupplier stop, final long idleExitNs)
    {
        run(stop, idleExitNs, new BackoffIdleStrategy());
    }

    /**
     * @param idle how to wait between polls (busy-spin to keep park/unpark out of a round trip).
     * @see #run(BooleanSupplier, long)
     */
    public void run(final BooleanSupplier stop, final long idleExitNs, final IdleStrategy idle)
    {
        while (!stop.getAsBoolean())
        {
            idle.idle(poll());
            if (idleExitNs > 0 && answered > 0 && System.nanoTime() - lastPingNs > idleExitNs)
            {
                return;
            }
        }
    }

    private void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        if (!ProbeFrame.valid(buffer, offset, length) || ProbeFrame.kind(buffer, offset) != ProbeFrame.PING)
        {
            dropped++;
            return;
        }
        lastPingNs = System.nanoTime();
        final String endpoint = ProbeFrame.replyEndpoint(buffer, offset);
        Publication reply = replyByEndpoint.get(endpoint);
        if (null == reply)
        {
            reply = aeron.addPublication("aeron:udp?endpoint=" + endpoint, ProbeFrame.STREAM_ID);
            replyByEndpoint.put(endpoint, reply);
        }
        final int pongLength = ProbeFrame.writePong(buffer, offset, pong);
        // Back pressure and admin actions pass in microseconds: retry them for a while, rather
        // than drop the pong and leave the pinger waiting out its whole timeout.
        final long giveUpNs = System.nanoTime() + OFFER_RETRY_NS;
        long result;
        while ((result = reply.offer(pong, 0, pongLength)) < 0 &&
            (Publication.BACK_PRESSURED == result || Publication.ADMIN_ACTION == result) && System.nanoTime() - giveUpNs < 0)
        {
            Thread.onSpinWait();
        }
        if (result > 0)
        {
            answered++;
        }
        else
        {
            dropped++;
        }
    }

    @Override
    public void close()
    {
        CloseHelper.closeAll(replyByEndpoint.values());
        CloseHelper.close(subscription);
    }
}
