package org.electbench.aeron;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Image;
import io.aeron.ReservedValueSupplier;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.FrameDescriptor;
import io.aeron.logbuffer.Header;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.realtime.Wire;
import org.electbench.spi.MessageHeader;

/**
 * The real-clock engine's wire over Aeron with a cost independent of N: one channel per worker
 * lane (a UDP endpoint on loopback, or an IPC stream) that every node of that worker receives on,
 * one exclusive publication per worker per lane that the worker's nodes send through, as nodes
 * sharing a process share its connection, the sender in each frame's {@link FrameHeader} and the
 * destination node in its reserved header value, by which the lane's worker hands the frame to the
 * node it is for. N nodes on W workers hold W·W publications and W subscriptions of W images each.
 * One publication per peer held N(N−1) of each, which at a few dozen nodes outgrew the driver's
 * one thread; one per node per lane (N·W) still had that thread scan every publication and image
 * each duty cycle, and at n = 128 on two cores the driver, not the election, set the pace (ping
 * one-way latency 3.2 ms, the scan of 128 publications most of its samples).
 * <p>
 * Every frame is the SPI message behind a {@link FrameHeader} and is validated as it would be
 * by the node's own endpoint ({@link FrameValidator}, one per node); a frame whose destination
 * is not a node of the lane is dropped and counted too. Frames carry no due time: the modelled
 * delay applies at the send edge, as for {@link AeronWire}. Beside the destination, the reserved
 * value carries the instant the frame was written (the low {@value #STAMP_BITS} bits of the
 * process's nanosecond clock), so the receiving worker knows how long each frame took on the wire
 * ({@link #takeMaxTransitNs}): how late it arrived behind the instant its sender offered it.
 * <p>
 * Threading: {@link #offer} for one sender runs on the thread that owns that sender, the worker
 * of the sender's lane, which owns that lane's publications too, and {@link #pollLane} for one lane
 * on that lane's worker, so per-sender and per-lane state needs no synchronisation.
 */
public final class SharedChannelWire implements AeronRunWire
{
    /** Round trips timed before each run; the latency reported is half their median. */
    private static final long STEP_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(5);
    /** A lane's backlog after a run with a storm of leaders can take the driver's duty cycle a while on a loaded host. */
    private static final long DRAIN_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(60);
    private static final int IPC_BASE_STREAM_ID = 3000;
    private static final int UDP_STREAM_ID = 1002;
    private static final int FRAGMENT_LIMIT = 256;
    private static final int LAGGING_NAMED = 4;
    /** The reserved value: the destination node in its low {@value #DESTINATION_BITS} bits, the send instant's low bits above. */
    static final int DESTINATION_BITS = 16;
    static final int STAMP_BITS = Long.SIZE - DESTINATION_BITS;
    private static final long DESTINATION_MASK = (1L << DESTINATION_BITS) - 1;
    private static final long STAMP_MASK = (1L << STAMP_BITS) - 1;
    /**
     * One lane takes every sender's frames through one publication per worker, and its worker,
     * which also sends, cannot read them while it retries a refused offer: the windows must hold an
     * election's burst from every node at once (N·N small frames, some 1 MB at n = 128), or back
     * pressure stalls the lane (each refused frame retried for milliseconds: with 1 MiB terms a
     * 128-node election stalled its worker for 10 s). Terms are sparse files, so the size costs
     * only the pages a run writes.
     */
    static final int TERM_LENGTH = 8 << 20;
    /** The most a lane's socket asks for; the kernel's net.core.rmem_max caps it (Aeron refuses a channel asking more). */
    private static final long UDP_MAX_SOCKET_RECEIVE_BUFFER = 64L << 20;
    /** A window holds at least one datagram of the driver's default MTU. */
    private static final int UDP_MIN_RECEIVER_WINDOW = 1408;

    private final EmbeddedDriver driver;
    /** Per lane, written by its worker only: whether the worker offered since the driver's last cycle on its thread. */
    private final boolean[] offeredOnLane;
    private final int clusterSize;
    private final int lanes;
    private final int typeCount;
    private final String description;
    private final Subscription[] subscriptions;
    private final ExclusivePublication[] publications;
    private final UnsafeBuffer[] frames;
    private final long[] destination;
    private final ReservedValueSupplier[] destinationOf;
    private final RetryingOffer[] senders;
    private final FrameValidator[] validators;
    private final Lane[] laneHandlers;
    private final PingPong pingPong = new PingPong();
    private final IdleStrategy waitIdle = new BackoffIdleStrategy();
    private long oneWayLatencyNs;

    /**
     * @param driver    the driver and its client; where it runs on its callers' threads, each
     *                  worker runs its duty cycle as it reads its lane and after a cycle that sent.
     * @param ipc       IPC streams rather than loopback UDP endpoints.
     * @param clusterSize N.
     * @param lanes     the engine's workers: node {@code id} is received on lane {@code (id - 1) % lanes}.
     * @param clusterId carried and checked by every frame.
     * @param typeCount the algorithm's number of message types.
     */
    SharedChannelWire(
        final EmbeddedDriver driver, final boolean ipc, final int clusterSize, final int lanes, final int clusterId, final int typeCount)
    {
        this.driver = driver;
        final Aeron aeron = driver.aeron();
        offeredOnLane = new boolean[lanes];
        this.clusterSize = clusterSize;
        this.lanes = lanes;
        this.typeCount = typeCount;
        subscriptions = new Subscription[lanes];
        publications = new ExclusivePublication[lanes * lanes];
        frames = new UnsafeBuffer[clusterSize + 1];
        destination = new long[clusterSize + 1];
        destinationOf = new ReservedValueSupplier[clusterSize + 1];
        senders = new RetryingOffer[clusterSize + 1];
        validators = new FrameValidator[clusterSize + 1];
        laneHandlers = new Lane[lanes];
        final String[] channels = new String[lanes];
        final String[] publicationChannels = new String[lanes];
        final int[] streamIds = new int[lanes];
        final int[] ports = ipc ? null : ChannelPlan.freeUdpPorts(ChannelPlan.LOOPBACK_HOST, lanes);
        final int socketBuffer = udpSocketReceiveBuffer(KernelLimits.maxSocketReceiveBuffer());
        final int window = udpReceiverWindow(socketBuffer, lanes);
        for (int lane = 0; lane < lanes; lane++)
        {
            final String endpoint = ipc ? "aeron:ipc" : "aeron:udp?endpoint=" + ChannelPlan.LOOPBACK_HOST + ":" + ports[lane];
            channels[lane] = ipc ? endpoint : endpoint + "|rcv-wnd=" + window + "|so-rcvbuf=" + socketBuffer;
            publicationChannels[lane] = endpoint + (ipc ? "?" : "|") + "term-length=" + TERM_LENGTH;
            streamIds[lane] = ipc ? IPC_BASE_STREAM_ID + lane : UDP_STREAM_ID;
            laneHandlers[lane] = new Lane(lane);
        }
        description = (ipc ? "aeron:ipc streams " + IPC_BASE_STREAM_ID + ".." : "loopback UDP ports ") +
            (ipc ? String.valueOf(IPC_BASE_STREAM_ID + lanes - 1) : Arrays.toString(ports)) + " for " + clusterSize + " nodes" +
            (ipc ? "" : " (receiver windows of " + window + " B, socket buffers of " + socketBuffer + " B)");
        try
        {
            for (int lane = 0; lane < lanes; lane++)
            {
                subscriptions[lane] = aeron.addSubscription(channels[lane], streamIds[lane]);
            }
            for (int id = 1; id <= clusterSize; id++)
            {
                final int sender = id;
                frames[id] = new UnsafeBuffer(new byte[FrameHeader.MAX_FRAME_LENGTH]);
                FrameHeader.write(frames[id], 0, clusterId, id);
                destinationOf[id] = (termBuffer, termOffset, frameLength) -> reservedValue(destination[sender], System.nanoTime());
                senders[id] = new RetryingOffer(AeronEndpoint.DEFAULT_MAX_SEND_RETRIES, driver::tryInvoke);
                validators[id] = new FrameValidator(clusterId, clusterSize, id, typeCount);
            }
            for (int from = 0; from < lanes; from++)
            {
                for (int lane = 0; lane < lanes; lane++)
                {
                    publications[from * lanes + lane] = aeron.addExclusivePublication(publicationChannels[lane], streamIds[lane]);
                }
            }
        }
        catch (final RuntimeException ex)
        {
            close();
            throw ex;
        }
    }

    /** @return the receive buffer each lane's socket asks for: as much as the kernel allows, up to {@value #UDP_MAX_SOCKET_RECEIVE_BUFFER} bytes. */
    static int udpSocketReceiveBuffer(final long kernelMaxBytes)
    {
        return (int)Math.min(UDP_MAX_SOCKET_RECEIVE_BUFFER, kernelMaxBytes);
    }

    /**
     * Every publication to a lane may have a receiver window in flight at once, and the lane's one
     * socket must hold them all, or the kernel drops datagrams, each loss costs a NAK and a
     * retransmission, and a burst from many senders never catches up (a window of half a term for
     * each of 128 publications did not drain in a minute): so each window is the socket's buffer
     * over the publications (frame-aligned, within a term's half and at least a datagram).
     *
     * @return the receiver window of each image on a lane's socket.
     */
    static int udpReceiverWindow(final int socketBufferBytes, final int publicationsPerLane)
    {
        final int share = socketBufferBytes / Math.max(1, publicationsPerLane) & -FrameDescriptor.FRAME_ALIGNMENT;
        return Math.max(UDP_MIN_RECEIVER_WINDOW, Math.min(TERM_LENGTH / 2, share));
    }

    /** @return the reserved value of a frame for {@code toId} written at {@code nowNs} on the process's nanosecond clock. */
    static long reservedValue(final long toId, final long nowNs)
    {
        return (nowNs & STAMP_MASK) << DESTINATION_BITS | toId;
    }

    /** @return the frame's destination node. */
    static long destinationOf(final long reservedValue)
    {
        return reservedValue & DESTINATION_MASK;
    }

    /** @return how long ago, at {@code nowNs}, a frame of this reserved value was written (exact up to 2^48 ns, some 78 hours). */
    static long transitNs(final long reservedValue, final long nowNs)
    {
        return (nowNs - (reservedValue >>> DESTINATION_BITS)) & STAMP_MASK;
    }

    /** @return the longest a frame took from its offer to its worker's poll since the last call (call with the workers stopped). */
    @Override
    public long takeMaxTransitNs()
    {
        long maxNs = 0;
        for (final Lane lane : laneHandlers)
        {
            maxNs = Math.max(maxNs, lane.maxTransitNs);
            lane.maxTransitNs = 0;
        }
        return maxNs;
    }

    private int laneOf(final long nodeId)
    {
        return (int)((nodeId - 1) % lanes);
    }

    @Override
    public void connect(final long timeoutNs)
    {
        final IdleStrategy idle = new SleepingMillisIdleStrategy(1);
        final long deadlineNs = System.nanoTime() + timeoutNs;
        while (!isConnected())
        {
            if (deadlineNs - System.nanoTime() <= 0)
            {
                throw new IllegalStateException("the cluster's " + description + " did not connect within " +
                    TimeUnit.NANOSECONDS.toMillis(timeoutNs) + " ms");
            }
            idle.idle();
        }
    }

    @Override
    public boolean isConnected()
    {
        for (final ExclusivePublication publication : publications)
        {
            if (!publication.isConnected())
            {
                return false;
            }
        }
        for (final Subscription subscription : subscriptions)
        {
            if (subscription.imageCount() < lanes)
            {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean carriesDueTime()
    {
        return false;
    }

    @Override
    public boolean offer(final int fromId, final int toId, final long dueNs, final DirectBuffer buffer, final int offset, final int length)
    {
        final UnsafeBuffer frame = frames[fromId];
        frame.putBytes(FrameHeader.MESSAGE_OFFSET, buffer, offset, length);
        destination[fromId] = toId;
        final int fromLane = laneOf(fromId);
        final int toLane = laneOf(toId);
        offeredOnLane[fromLane] = true;
        return senders[fromId].offer(
            publications[fromLane * lanes + toLane], frame, FrameHeader.LENGTH + length, destinationOf[fromId], fromLane == toLane);
    }

    /** Polls the lane of the node: only the worker that owns that lane may call it. */
    @Override
    public int poll(final int nodeId, final Receiver receiver, final int limit)
    {
        return pollLane(laneOf(nodeId), null, receiver, limit);
    }

    @Override
    public int pollLane(final int lane, final int[] ownedNodeIds, final Receiver receiver, final int limit)
    {
        final Lane handler = laneHandlers[lane];
        handler.receiver = receiver;
        offeredOnLane[lane] = false;
        final int driverWork = driver.invoke();
        return driverWork + subscriptions[lane].poll(handler, Math.min(limit, FRAGMENT_LIMIT));
    }

    @Override
    public int endCycle(final int lane, final int[] ownedNodeIds)
    {
        if (!offeredOnLane[lane])
        {
            return 0;
        }
        offeredOnLane[lane] = false;
        return driver.invoke();
    }

    /**
     * Consumes every frame offered so far on every lane, discarding it.
     *
     * @return messages discarded.
     * @throws IllegalStateException when the frames in flight do not arrive within seconds.
     */
    @Override
    public long drain()
    {
        for (final Lane lane : laneHandlers)
        {
            lane.discard();
        }
        final long deadlineNs = System.nanoTime() + DRAIN_TIMEOUT_NS;
        waitIdle.reset();
        while (!caughtUp())
        {
            if (deadlineNs - System.nanoTime() <= 0)
            {
                throw new IllegalStateException("frames in flight did not arrive within " +
                    TimeUnit.NANOSECONDS.toMillis(DRAIN_TIMEOUT_NS) + " ms on " + description + ": " + lagging());
            }
            int work = 0;
            for (int lane = 0; lane < lanes; lane++)
            {
                work += pollLane(lane, null, null, FRAGMENT_LIMIT);
            }
            waitIdle.idle(work);
        }
        long discarded = 0;
        for (final Lane lane : laneHandlers)
        {
            discarded += lane.discarded;
        }
        return discarded;
    }

    private boolean caughtUp()
    {
        for (int from = 0; from < lanes; from++)
        {
            for (int lane = 0; lane < lanes; lane++)
            {
                if (behind(from, lane))
                {
                    return false;
                }
            }
        }
        return true;
    }

    /** @return whether frames the nodes of lane {@code from} offered to a lane have yet to reach that lane's subscription. */
    private boolean behind(final int from, final int lane)
    {
        final ExclusivePublication publication = publications[from * lanes + lane];
        final Image image = subscriptions[lane].imageBySessionId(publication.sessionId());
        // A publication with no image and no connection has lost its receiver: nothing more arrives from it.
        return null == image ? publication.isConnected() : image.position() < publication.position();
    }

    /** @return the publications still behind, for a drain that timed out to name (the first few). */
    private String lagging()
    {
        final StringBuilder text = new StringBuilder();
        int named = 0;
        int behind = 0;
        for (int from = 0; from < lanes; from++)
        {
            for (int lane = 0; lane < lanes; lane++)
            {
                if (behind(from, lane))
                {
                    behind++;
                    if (named++ < LAGGING_NAMED)
                    {
                        final ExclusivePublication publication = publications[from * lanes + lane];
                        final Image image = subscriptions[lane].imageBySessionId(publication.sessionId());
                        text.append(0 == text.length() ? "" : "; ").append("lane ").append(from).append(" to lane ").append(lane)
                            .append(": offered up to ").append(publication.position())
                            .append(null == image ? ", no image (connected)" : ", received up to " + image.position() +
                                (image.isClosed() ? " (image closed)" : ""));
                    }
                }
            }
        }
        return behind + " publications behind (" + text + ")";
    }

    @Override
    public long measureOneWayLatencyNs()
    {
        if (clusterSize < 2)
        {
            oneWayLatencyNs = 0;
            return 0;
        }
        for (final Lane lane : laneHandlers)
        {
            lane.discard();
        }
        final UnsafeBuffer ping = new UnsafeBuffer(new byte[MessageHeader.LENGTH]);
        MessageHeader.write(ping, 0, 0, 0, 1);
        oneWayLatencyNs = pingPong.oneWayLatencyNs(() ->
        {
            ping(1, 2, ping);
            ping(2, 1, ping);
        });
        return oneWayLatencyNs;
    }

    private void ping(final int fromId, final int toId, final UnsafeBuffer message)
    {
        MessageHeader.write(message, 0, 0, 0, fromId);
        final Lane lane = laneHandlers[laneOf(toId)];
        final long before = lane.discarded;
        if (!offer(fromId, toId, 0, message, 0, MessageHeader.LENGTH))
        {
            throw new IllegalStateException("node " + fromId + " could not send a latency ping to node " + toId + " on " + description);
        }
        final long deadlineNs = System.nanoTime() + STEP_TIMEOUT_NS;
        while (lane.discarded == before)
        {
            if (pollLane(lane.index, null, null, FRAGMENT_LIMIT) == 0 && deadlineNs - System.nanoTime() <= 0)
            {
                throw new IllegalStateException("a latency ping from node " + fromId + " to node " + toId +
                    " did not arrive within " + TimeUnit.NANOSECONDS.toMillis(STEP_TIMEOUT_NS) + " ms on " + description);
            }
        }
    }

    @Override
    public long oneWayLatencyNs()
    {
        return oneWayLatencyNs;
    }

    @Override
    public int clusterSize()
    {
        return clusterSize;
    }

    @Override
    public int typeCount()
    {
        return typeCount;
    }

    @Override
    public int lanes()
    {
        return lanes;
    }

    /** @return frames dropped so far: failed validation, or a destination not of the lane they arrived on. */
    @Override
    public long invalidFrames()
    {
        long total = 0;
        for (int id = 1; id <= clusterSize; id++)
        {
            total += validators[id].dropped();
        }
        for (final Lane lane : laneHandlers)
        {
            total += lane.misrouted;
        }
        return total;
    }

    @Override
    public long sendCount(final SendCounter counter)
    {
        long total = 0;
        for (int id = 1; id <= clusterSize; id++)
        {
            total += senders[id].count(counter);
        }
        return total;
    }

    @Override
    public void close()
    {
        CloseHelper.quietCloseAll(publications);
        CloseHelper.quietCloseAll(subscriptions);
    }

    @Override
    public String toString()
    {
        return description;
    }

    /** Hands one lane's frames to the worker polling it, or, outside a run, counts and discards them. */
    private final class Lane implements FragmentHandler
    {
        private final int index;
        private Receiver receiver;
        private long discarded;
        private long misrouted;
        private long maxTransitNs;

        Lane(final int index)
        {
            this.index = index;
        }

        void discard()
        {
            receiver = null;
            discarded = 0;
        }

        @Override
        public void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header)
        {
            // Frames of this transport are never fragmented; the rest of a fragmented message was
            // judged, as OVERSIZE or FOREIGN, by its first fragment.
            if ((header.flags() & FrameDescriptor.BEGIN_FRAG_FLAG) == 0)
            {
                return;
            }
            final long reservedValue = header.reservedValue();
            final long toId = destinationOf(reservedValue);
            if (toId < 1 || toId > clusterSize || laneOf(toId) != index)
            {
                misrouted++;
                return;
            }
            if (FrameVerdict.OK != validators[(int)toId].validate(buffer, offset, length))
            {
                return;
            }
            final Receiver target = receiver;
            if (null == target)
            {
                discarded++;
            }
            else
            {
                maxTransitNs = Math.max(maxTransitNs, transitNs(reservedValue, System.nanoTime()));
                target.onMessage((int)toId, FrameHeader.senderId(buffer, offset), 0,
                    buffer, offset + FrameHeader.MESSAGE_OFFSET, length - FrameHeader.LENGTH);
            }
        }
    }
}
