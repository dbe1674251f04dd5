package org.electbench.realtime;

import java.util.Arrays;

import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.MessageHandler;
import org.electbench.spi.Role;
import org.electbench.transport.ConvergenceMonitor;
import org.electbench.transport.ElectionResult;

/**
 * Feeds the single-threaded {@link ConvergenceMonitor} from every worker's {@link WorkerFeed},
 * on the thread that checks the run's end: it reads what the workers wrote and hands the monitor
 * the records due by the progress mark (the instant every worker has run everything due by, which
 * the workers publish each cycle), merged in time order. A worker writes nothing it stamps at or
 * before its published progress after publishing it, so once the mark is reached every record up
 * to it is in: the monitor sees starts, crashes, sends and beliefs in time order, with nothing
 * shared on the send path; the times of starts, crashes and beliefs never go backwards (one
 * reported behind a later one is seen at the later instant). At one instant a send goes before a
 * belief of another worker (it may have caused it); a worker's own records keep their order.
 * <p>
 * Once the run ends the merge is frozen: it reads nothing more and closes the feeds, so what
 * workers do while they stop cannot change the result.
 */
final class MonitorMerge
{
    private static final Role[] ROLES = Role.values();
    private static final int INITIAL_STAGE = 1024;

    private final ConvergenceMonitor monitor;
    private final long referenceNs;
    private WorkerFeed[] feeds = new WorkerFeed[0];
    private Stage[] stages = new Stage[0];
    private MessageHandler[] readers = new MessageHandler[0];
    /** The latest instant the monitor was told of a start, crash or belief at. */
    private long lastSeenNs;
    private boolean frozen;

    MonitorMerge(final ConvergenceMonitor monitor, final long referenceNs)
    {
        this.monitor = monitor;
        this.referenceNs = referenceNs;
    }

    /** A new worker's feed (before the run starts, on the thread that will merge). */
    WorkerFeed newFeed(final Cluster cluster)
    {
        final WorkerFeed feed = new WorkerFeed(cluster, referenceNs);
        final int k = feeds.length;
        feeds = Arrays.copyOf(feeds, k + 1);
        stages = Arrays.copyOf(stages, k + 1);
        readers = Arrays.copyOf(readers, k + 1);
        feeds[k] = feed;
        final Stage stage = new Stage();
        stages[k] = stage;
        readers[k] = stage::add;
        return feed;
    }

    /** Every node up in the monitor at 0, before any worker boots its nodes. */
    void start(final int nodes)
    {
        for (int id = 1; id <= nodes; id++)
        {
            monitor.onStart(id, 0);
        }
    }

    /**
     * Settling is judged at the workers' progress, not at the clock: a worker the host has not
     * scheduled for a while has not yet applied the faults or run the timeouts that fell due
     * meanwhile, and agreement that holds only because nobody has run is no agreement.
     *
     * @param progressNs  the instant up to which every worker has run everything due, or -1
     *                    (read before this call: what a worker wrote before publishing it is in).
     * @param nowNs       the run clock.
     * @param lastFaultNs when the last fault's effect ends.
     * @param budgetEndNs when an unsettled run is given up (on the clock).
     * @return the instant the run ends, freezing the merge, or -1 while it goes on.
     */
    long tryEnd(final long progressNs, final long nowNs, final long lastFaultNs, final long budgetEndNs)
    {
        if (progressNs >= 0)
        {
            merge(progressNs);
            if (monitor.settled(progressNs, lastFaultNs))
            {
                freeze();
                return progressNs;
            }
        }
        if (nowNs - budgetEndNs >= 0)
        {
            freeze();
            return nowNs;
        }
        return -1;
    }

    /** Stops reading and closes the feeds: the monitor keeps what it has merged. */
    void freeze()
    {
        frozen = true;
        for (final WorkerFeed feed : feeds)
        {
            feed.close();
        }
    }

    ElectionResult finish(final long endNs, final long events)
    {
        return monitor.finish(endNs, events);
    }

    private void merge(final long markNs)
    {
        if (frozen)
        {
            return;
        }
        for (int k = 0; k < feeds.length; k++)
        {
            while (feeds[k].buffer().read(readers[k]) > 0)
            {
                // Until this worker's buffer is empty.
            }
        }
        while (true)
        {
            Stage next = null;
            for (final Stage stage : stages)
            {
                if (stage.size > 0 && stage.headAtNs() - markNs <= 0 && (null == next || stage.before(next)))
                {
                    next = stage;
                }
            }
            if (null == next)
            {
                return;
            }
            apply(next);
            next.pop();
        }
    }

    private void apply(final Stage stage)
    {
        final int i = stage.head;
        final int node = stage.node[i];
        if (WorkerFeed.SEND == stage.kind[i])
        {
            // Counted, not a change: seen when it was sent, and it moves no change's instant.
            monitor.onSend(node, stage.atNs[i], stage.a[i], stage.b[i]);
            return;
        }
        lastSeenNs = Math.max(lastSeenNs, stage.atNs[i]);
        switch (stage.kind[i])
        {
            case WorkerFeed.START:
                monitor.onStart(node, lastSeenNs);
                break;
            case WorkerFeed.CRASH:
                monitor.onCrash(node, lastSeenNs);
                break;
            case WorkerFeed.ANNOUNCE:
                monitor.onAnnounce(node, lastSeenNs, ROLES[stage.a[i]], stage.b[i], stage.term[i]);
                break;
            default:
                break;
        }
    }

    /** One worker's records read but not yet merged, oldest first (a growable ring). */
    private static final class Stage
    {
        private int[] kind = new int[INITIAL_STAGE];
        private long[] atNs = new long[INITIAL_STAGE];
        private long[] term = new long[INITIAL_STAGE];
        private int[] node = new int[INITIAL_STAGE];
        private int[] a = new int[INITIAL_STAGE];
        private int[] b = new int[INITIAL_STAGE];
        private int head;
        private int size;

        void add(final int msgTypeId, final MutableDirectBuffer buffer, final int index, final int length)
        {
            if (size == kind.length)
            {
                grow();
            }
            final int i = (head + size) & (kind.length - 1);
            kind[i] = msgTypeId;
            atNs[i] = buffer.getLong(index + WorkerFeed.AT_OFFSET);
            term[i] = buffer.getLong(index + WorkerFeed.TERM_OFFSET);
            node[i] = buffer.getInt(index + WorkerFeed.NODE_OFFSET);
            a[i] = buffer.getInt(index + WorkerFeed.A_OFFSET);
            b[i] = buffer.getInt(index + WorkerFeed.B_OFFSET);
            size++;
        }

        long headAtNs()
        {
            return atNs[head];
        }

        /** Earlier, or at the same instant a send where the other is not (it may have caused the other). */
        boolean before(final Stage other)
        {
            final long difference = headAtNs() - other.headAtNs();
            return difference < 0 || (0 == difference && WorkerFeed.SEND == kind[head] && WorkerFeed.SEND != other.kind[other.head]);
        }

        void pop()
        {
            head = (head + 1) & (kind.length - 1);
            size--;
        }

        private void grow()
        {
            final int capacity = 2 * kind.length;
            kind = unwrap(kind, capacity);
            node = unwrap(node, capacity);
            a = unwrap(a, capacity);
            b = unwrap(b, capacity);
            atNs = unwrap(atNs, capacity);
            term = unwrap(term, capacity);
            head = 0;
        }

        private int[] unwrap(final int[] ring, final int capacity)
        {
            final int[] grown = new int[capacity];
            for (int j = 0; j < size; j++)
            {
                grown[j] = ring[(head + j) & (ring.length - 1)];
            }
            return grown;
        }

        private long[] unwrap(final long[] ring, final int capacity)
        {
            final long[] grown = new long[capacity];
            for (int j = 0; j < size; j++)
            {
                grown[j] = ring[(head + j) & (ring.length - 1)];
            }
            return grown;
        }
    }
}
