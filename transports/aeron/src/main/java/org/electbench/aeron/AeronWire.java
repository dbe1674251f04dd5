package org.electbench.aeron;

import java.util.concurrent.TimeUnit;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * The real-clock runtime's {@link Wire} over Aeron: node {@code id}'s sends go out through its
 * {@link AeronEndpoint}'s publications, and its worker polls that endpoint's subscription, so every
 * call into one endpoint happens on the thread that owns the node.
 * <p>
 * Frames carry no due time (the frame format is the SPI message behind a {@link FrameHeader}), so
 * the modelled network delay applies at the send edge: the sender's worker holds a delayed
 * message and offers it when due; the transport's own latency comes on top. Loss, partitions and
 * cuts apply in the workers as on the in-memory wire. Frames that fail validation are dropped and
 * counted by each endpoint's {@link FrameValidator}, never handed to a node; refused offers are
 * retried a bounded number of times and counted by {@link SendCounter}, and a frame given up on
 * counts as dropped for the worker.
 * <p>
 * One wire serves every run of one cluster size and algorithm: {@link #drain()} consumes what is
 * still in flight (up to each publication's position), so a later run starts empty.
 */
public final class AeronWire implements AeronRunWire
{
    /** Round trips timed before each run; the latency reported is half their median. */
    private static final long STEP_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(5);

    private final AeronNetwork network;
    private final EmbeddedDriver driver;
    /** Per node, written by its worker only: whether it offered since the driver's last cycle on that worker's thread. */
    private final boolean[] offered;
    private final int clusterSize;
    private final int typeCount;
    private final Dispatcher[] dispatchers;
    private final PingPong pingPong = new PingPong();
    private final IdleStrategy waitIdle = new BackoffIdleStrategy();
    private long oneWayLatencyNs;

    /**
     * Builds the endpoints of a cluster; call {@link AeronNetwork#connect} through {@link #connect(long)}
     * before the first run.
     */
    AeronWire(final EmbeddedDriver driver, final ChannelPlan plan, final int clusterId, final int typeCount)
    {
        this.driver = driver;
        this.clusterSize = plan.clusterSize();
        this.typeCount = typeCount;
        offered = new boolean[clusterSize + 1];
        dispatchers = new Dispatcher[clusterSize + 1];
        for (int id = 1; id <= clusterSize; id++)
        {
            dispatchers[id] = new Dispatcher(id);
        }
        network = new AeronNetwork(driver.aeron(), plan, clusterId, typeCount, id -> dispatchers[id]);
    }

    /** Waits until every node's publications and subscription are connected. */
    @Override
    public void connect(final long timeoutNs)
    {
        network.connect(timeoutNs);
    }

    @Override
    public boolean isConnected()
    {
        return network.isConnected();
    }

    @Override
    public boolean carriesDueTime()
    {
        return false;
    }

    @Override
    public boolean offer(final int fromId, final int toId, final long dueNs, final DirectBuffer buffer, final int offset, final int length)
    {
        offered[fromId] = true;
        return network.endpoint(fromId).send(toId, buffer, offset, length);
    }

    /** Runs the driver's duty cycle where it runs on its callers' threads, then reads every node of the worker. */
    @Override
    public int pollLane(final int lane, final int[] ownedNodeIds, final Receiver receiver, final int limit)
    {
        for (final int id : ownedNodeIds)
        {
            offered[id] = false;
        }
        return driver.invoke() + AeronRunWire.super.pollLane(lane, ownedNodeIds, receiver, limit);
    }

    @Override
    public int endCycle(final int lane, final int[] ownedNodeIds)
    {
        boolean any = false;
        for (final int id : ownedNodeIds)
        {
            any |= offered[id];
            offered[id] = false;
        }
        return any ? driver.invoke() : 0;
    }

    /** Reads up to the endpoint's own fragment limit ({@link AeronEndpoint#DEFAULT_FRAGMENT_LIMIT}), whatever {@code limit} says. */
    @Override
    public int poll(final int nodeId, final Receiver receiver, final int limit)
    {
        dispatchers[nodeId].receiver = receiver;
        return network.endpoint(nodeId).doWork();
    }

    /**
     * Consumes every frame offered so far on every link, discarding it.
     *
     * @return messages discarded.
     * @throws IllegalStateException when the frames in flight do not arrive within seconds.
     */
    @Override
    public long drain()
    {
        long discarded = 0;
        for (int id = 1; id <= clusterSize; id++)
        {
            dispatchers[id].discard();
        }
        final long deadlineNs = System.nanoTime() + STEP_TIMEOUT_NS;
        waitIdle.reset();
        while (!caughtUp())
        {
            if (deadlineNs - System.nanoTime() <= 0)
            {
                throw new IllegalStateException("frames in flight did not arrive within " +
                    TimeUnit.NANOSECONDS.toMillis(STEP_TIMEOUT_NS) + " ms on " + network.plan());
            }
            waitIdle.idle(network.pollAll());
        }
        for (int id = 1; id <= clusterSize; id++)
        {
            discarded += dispatchers[id].discarded;
        }
        return discarded;
    }

    private boolean caughtUp()
    {
        for (int from = 1; from <= clusterSize; from++)
        {
            final AeronEndpoint sender = network.endpoint(from);
            for (int to = 1; to <= clusterSize; to++)
            {
                if (to != from && network.endpoint(to).imagePosition(sender.sessionId(to)) < sender.publicationPosition(to))
                {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Times ping-pongs between nodes 1 and 2 on the calling thread (no worker runs yet) and keeps
     * half the median round trip as the one-way latency of this transport.
     *
     * @return the one-way latency in nanoseconds, 0 for a cluster of one.
     */
    @Override
    public long measureOneWayLatencyNs()
    {
        if (clusterSize < 2)
        {
            oneWayLatencyNs = 0;
            return 0;
        }
        final Dispatcher one = dispatchers[1];
        final Dispatcher two = dispatchers[2];
        one.discard();
        two.discard();
        oneWayLatencyNs = pingPong.oneWayLatencyNs(() ->
        {
            ping(1, 2, two);
            ping(2, 1, one);
        });
        return oneWayLatencyNs;
    }

    private void ping(final int fromId, final int toId, final Dispatcher receiver)
    {
        final long before = receiver.discarded;
        final AeronEndpoint sender = network.endpoint(fromId);
        sender.claim(0, 0);
        if (!sender.send(toId))
        {
            throw new IllegalStateException("node " + fromId + " could not send a latency ping to node " + toId + " on " + network.plan());
        }
        final AeronEndpoint endpoint = network.endpoint(toId);
        final long deadlineNs = System.nanoTime() + STEP_TIMEOUT_NS;
        while (receiver.discarded == before)
        {
            if (driver.invoke() + endpoint.doWork() == 0 && deadlineNs - System.nanoTime() <= 0)
            {
                throw new IllegalStateException("a latency ping from node " + fromId + " to node " + toId +
                    " did not arrive within " + TimeUnit.NANOSECONDS.toMillis(STEP_TIMEOUT_NS) + " ms on " + network.plan());
            }
        }
    }

    @Override
    public long oneWayLatencyNs()
    {
        return oneWayLatencyNs;
    }

    /** @return the endpoints, for their counters and for tests that talk to a node from outside. */
    public AeronNetwork network()
    {
        return network;
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

    /** @return 0: every node has its own endpoint, whichever worker polls it. */
    @Override
    public int lanes()
    {
        return 0;
    }

    /** @return frames dropped by every node's validator so far. */
    @Override
    public long invalidFrames()
    {
        long total = 0;
        for (int id = 1; id <= clusterSize; id++)
        {
            total += network.endpoint(id).validator().dropped();
        }
        return total;
    }

    /** @return this send outcome summed over every node so far. */
    @Override
    public long sendCount(final SendCounter counter)
    {
        long total = 0;
        for (int id = 1; id <= clusterSize; id++)
        {
            total += network.endpoint(id).count(counter);
        }
        return total;
    }

    @Override
    public void close()
    {
        network.close();
    }

    /**
     * Hands one node's valid messages to the worker polling it, or, outside a run, counts and
     * discards them. Only the thread polling the node touches it.
     */
    private static final class Dispatcher implements MessageHandler
    {
        private final int nodeId;
        private Receiver receiver;
        private long discarded;

        Dispatcher(final int nodeId)
        {
            this.nodeId = nodeId;
        }

        void discard()
        {
            receiver = null;
            discarded = 0;
        }

        @Override
        public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
        {
            final Receiver target = receiver;
            if (null == target)
            {
                discarded++;
            }
            else
            {
                target.onMessage(nodeId, fromId, 0, buffer, offset, length);
            }
        }
    }
}
