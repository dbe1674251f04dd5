package org.electbench.aeron;

import java.io.IOException;
import java.io.PrintStream;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.agrona.CloseHelper;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.transport.AtomicOutput;

/**
 * Measures the round-trip time to a {@link ProbeListener} over Aeron UDP: one ping in flight at
 * a time, each timed from the send time it carries to the pong's arrival, into an HdrHistogram
 * (nanoseconds, 3 significant digits). A ping unanswered within the timeout counts as lost. The
 * first pings warm up the path (publications connect, code compiles) and are not recorded.
 * <p>
 * The histogram log has one interval per second of measurement, as {@code tune --rtt-hist} and
 * HdrHistogram's own tools read it; it is written to a temporary file and moved into place, so an
 * interrupted probe never leaves half a log.
 */
public final class RttProbe implements AutoCloseable
{
    public static final long MAX_RTT_NS = TimeUnit.SECONDS.toNanos(60);
    private static final long INTERVAL_NS = TimeUnit.SECONDS.toNanos(1);
    private static final int FRAGMENT_LIMIT = 16;

    private final Publication publication;
    private final Subscription subscription;
    private final String replyHost;
    private final int replyPort;
    private final UnsafeBuffer ping = new UnsafeBuffer(new byte[ProbeFrame.MAX_LENGTH]);
    private final IdleStrategy idle;
    private final FragmentHandler handler = (buffer, offset, length, header) ->
    {
        if (ProbeFrame.valid(buffer, offset, length) && ProbeFrame.kind(buffer, offset) == ProbeFrame.PONG)
        {
            onPong(ProbeFrame.sequence(buffer, offset), ProbeFrame.sentNs(buffer, offset));
        }
        else
        {
            this.dropped++;
        }
    };

    private long awaitedSequence = -1;
    private long lastRttNs = -1;
    private long dropped;

    /**
     * @param aeron  a connected client.
     * @param target the listener, {@code host:port}.
     * @throws IOException when no local address reaches the target or no reply port is free.
     */
    public RttProbe(final Aeron aeron, final InetSocketAddress target) throws IOException
    {
        this(aeron, target, new BackoffIdleStrategy());
    }

    /**
     * @param aeron  a connected client.
     * @param target the listener, {@code host:port}.
     * @param idle   how to wait for a pong: back off (the default, spares a core), or busy-spin
     *               ({@link org.agrona.concurrent.BusySpinIdleStrategy}: no park/unpark in the round trip, one core taken).
     * @throws IOException when no local address reaches the target or no reply port is free.
     */
    public RttProbe(final Aeron aeron, final InetSocketAddress target, final IdleStrategy idle) throws IOException
    {
        this(aeron, target, 0, idle);
    }

    /**
     * @param aeron     a connected client.
     * @param target    the listener, {@code host:port}.
     * @param replyPort the UDP port on this host the pongs come back to, so a firewall here can let them in;
     *                  0 for any free port.
     * @param idle      how to wait for a pong.
     * @throws IOException when no local address reaches the target or no reply port is free.
     */
    public RttProbe(final Aeron aeron, final InetSocketAddress target, final int replyPort, final IdleStrategy idle)
        throws IOException
    {
        this.idle = idle;
        replyHost = localAddressFor(target);
        this.replyPort = 0 == replyPort ? freeUdpPort() : replyPort;
        subscription = aeron.addSubscription("aeron:udp?endpoint=" + replyHost + ":" + this.replyPort, ProbeFrame.STREAM_ID);
        publication = aeron.addPublication("aeron:udp?endpoint=" + ChannelPlan.format(target), ProbeFrame.STREAM_ID);
    }

    /**
     * What a probe measured.
     *
     * @param histogram every recorded round trip, in nanoseconds.
     * @param sent      pings measured (warm-up excluded).
     * @param lost      of those, unanswered within the timeout.
     */
    public record Result(Histogram histogram, long sent, long lost)
    {
    }

    /**
     * @param connectTimeoutNs how long to wait for the listener to answer at all.
     * @return whether a pong came back in time.
     */
    public boolean awaitListener(final long connectTimeoutNs)
    {
        final long deadlineNs = System.nanoTime() + connectTimeoutNs;
        long sequence = -1;
        while (System.nanoTime() - deadlineNs < 0)
        {
            if (roundTrip(sequence--, TimeUnit.MILLISECONDS.toNanos(100)) >= 0)
            {
                return true;
            }
        }
        return false;
    }

    /**
     * @param warmup     pings first, not recorded.
     * @param count      pings measured.
     * @param intervalNs pause between pings (0 for back to back).
     * @param timeoutNs  a ping unanswered for this long is lost.
     * @param log        the histogram log to write, or null.
     * @return what was measured.
     * @throws IOException when the log cannot be written.
     */
    public Result measure(final int warmup, final int count, final long intervalNs, final long timeoutNs, final Path log)
        throws IOException
    {
        for (int i = 0; i < warmup; i++)
        {
            roundTrip(i, timeoutNs);
        }
        final Histogram total = new Histogram(MAX_RTT_NS, 3);
        final Histogram interval = new Histogram(MAX_RTT_NS, 3);
        AtomicOutput.Pending pending = null;
        PrintStream out = null;
        HistogramLogWriter writer = null;
        try
        {
            if (null != log)
            {
                pending = AtomicOutput.creatingFolders(log).open();
                out = new PrintStream(pending.stream(), false, "US-ASCII");
                writer = new HistogramLogWriter(out);
                writer.outputLogFormatVersion();
                final long startMs = System.currentTimeMillis();
                writer.outputStartTime(startMs);
                writer.setBaseTime(startMs);
                writer.outputComment("electbench probe: round trips over Aeron UDP in nanoseconds, one ping in flight");
                writer.outputLegend();
            }
            long lost = 0;
            long intervalStartMs = System.currentTimeMillis();
            long intervalStartNs = System.nanoTime();
            for (int i = 0; i < count; i++)
            {
                final long rttNs = roundTrip(warmup + i, timeoutNs);
                if (rttNs < 0)
                {
                    lost++;
                }
                else
                {
                    interval.recordValue(Math.min(rttNs, MAX_RTT_NS));
                }
                final long nowNs = System.nanoTime();
                if (nowNs - intervalStartNs >= INTERVAL_NS || i == count - 1)
                {
                    final long nowMs = System.currentTimeMillis();
                    interval.setStartTimeStamp(intervalStartMs);
                    interval.setEndTimeStamp(nowMs);
                    total.add(interval);
                    if (null != writer)
                    {
                        writer.outputIntervalHistogram(interval);
                    }
                    interval.reset();
                    intervalStartMs = nowMs;
                    intervalStartNs = nowNs;
                }
                if (intervalNs > 0)
                {
                    final long untilNs = System.nanoTime() + intervalNs;
                    while (System.nanoTime() - untilNs < 0)
                    {
                        idle.idle(subscription.poll(handler, FRAGMENT_LIMIT));
                    }
                }
            }
            if (null != pending)
            {
                out.flush();
                // A failed write (PrintStream keeps it to itself) marks the pending file, and the commit refuses it.
                pending.commit();
            }
            return new Result(total, count, lost);
        }
        finally
        {
            if (null != pending)
            {
                pending.close();
            }
        }
    }

    /** @return where the pongs come back to, {@code host:port} on this host. */
    public String replyEndpoint()
    {
        return replyHost + ":" + replyPort;
    }

    /** @return pongs dropped: malformed, foreign, or answering a ping already given up. */
    public long dropped()
    {
        return dropped;
    }

    /** @return the round trip of one ping, or -1 when it was not answered within the timeout. */
    private long roundTrip(final long sequence, final long timeoutNs)
    {
        final int length = ProbeFrame.writePing(ping, sequence, System.nanoTime(), replyHost, replyPort);
        // Stamped again right before the offer, so the time spent writing the frame is not counted.
        ping.putLong(ProbeFrame.SENT_NS_OFFSET, System.nanoTime(), ProbeFrame.ORDER);
        final long sentNs = ping.getLong(ProbeFrame.SENT_NS_OFFSET, ProbeFrame.ORDER);
        awaitedSequence = sequence;
        lastRttNs = -1;
        while (publication.offer(ping, 0, length) < 0)
        {
            if (System.nanoTime() - sentNs > timeoutNs)
            {
                return -1;
            }
            idle.idle();
        }
        idle.reset();
        while (lastRttNs < 0)
        {
            if (System.nanoTime() - sentNs > timeoutNs)
            {
                awaitedSequence = Long.MIN_VALUE;
                return -1;
            }
            idle.idle(subscription.poll(handler, FRAGMENT_LIMIT));
        }
        return lastRttNs;
    }

    private void onPong(final long sequence, final long sentNs)
    {
        if (sequence == awaitedSequence)
        {
            lastRttNs = System.nanoTime() - sentNs;
            awaitedSequence = Long.MIN_VALUE;
        }
        else
        {
            dropped++;
        }
    }

    @Override
    public void close()
    {
        CloseHelper.closeAll(publication, subscription);
    }

    /** @return the local address a datagram to the target leaves from (loopback for a loopback target). */
    public static String localAddressFor(final InetSocketAddress target) throws IOException
    {
        try (DatagramSocket socket = new DatagramSocket())
        {
            socket.connect(target);
            final InetAddress local = socket.getLocalAddress();
            return null == local || local.isAnyLocalAddress() ? "127.0.0.1" : local.getHostAddress();
        }
    }

    private static int freeUdpPort() throws IOException
    {
        try (DatagramSocket socket = new DatagramSocket(0))
        {
            return socket.getLocalPort();
        }
    }
}
