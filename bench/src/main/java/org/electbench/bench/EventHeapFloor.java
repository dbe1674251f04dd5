package org.electbench.bench;

import org.electbench.harness.RuntimeRegistry;
import org.electbench.transport.ClusterRuntime;
import org.electbench.transport.Scenario;

/**
 * The simulator's floor: a bare binary heap of events ordered by (time, sequence), each event
 * popped and one pushed in its place a pseudo-random delay later (the hold model of event-list
 * studies), with nothing else done per event. A discrete-event simulator cannot handle an event
 * for less than this, so its events per second divided by this heap's, doing the same number of
 * events with about as many queued, says how much of its time goes to anything but ordering events.
 * <p>
 * One event per node stays queued (a timer each), the queue an n-node election keeps at least.
 * Keys pack the time above a 16-bit sequence, so the order is (time, sequence) in one long
 * compare, as the simulator's is; delays are up to about a millisecond, drawn by xorshift.
 */
public final class EventHeapFloor
{
    private static final int SEQUENCE_BITS = 16;
    private static final long SEQUENCE_MASK = (1L << SEQUENCE_BITS) - 1;
    private static final long MAX_DELAY_MASK = (1L << 20) - 1;

    private final long[] heap;
    private final int size;
    private long sequence;
    private long random = 0x9E3779B97F4A7C15L;

    /** @param queued events kept in the heap, at least 1. */
    public EventHeapFloor(final int queued)
    {
        size = Math.max(1, queued);
        heap = new long[size + 1];
        for (int i = 0; i < size; i++)
        {
            push(i, key(nextDelayNs()));
        }
    }

    /** @return the mean events one election of the scenario takes on the simulator, over a few seeded runs. */
    static long eventsPerElection(final Scenario scenario, final int runs)
    {
        long events = 0;
        try (ClusterRuntime sim = RuntimeRegistry.instance().get("sim").newRuntime())
        {
            for (int run = 0; run < runs; run++)
            {
                events += sim.run(scenario.forRun(run)).events();
            }
        }
        return Math.max(1, Math.round((double)events / runs));
    }

    /**
     * Handles {@code events} events: each time the earliest is popped, then a successor pushed, as a
     * simulator's handler may push any number of events (so no fused pop-and-push).
     *
     * @return the last event's key, for the caller to consume.
     */
    public long handle(final long events)
    {
        long last = 0;
        for (long i = 0; i < events; i++)
        {
            last = pop();
            push(size - 1, key((last >>> SEQUENCE_BITS) + nextDelayNs()));
        }
        return last;
    }

    private long key(final long timeNs)
    {
        return (timeNs << SEQUENCE_BITS) | (sequence++ & SEQUENCE_MASK);
    }

    private long nextDelayNs()
    {
        random = xorShift(random);
        return delayNs(random);
    }

    /** @return the next state of a xorshift64 generator (Marsaglia 2003, shifts 13, 7, 17): cheap, so the floor measures the heap. */
    public static long xorShift(final long state)
    {
        long x = state;
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        return x;
    }

    /** @return a delay of 1 .. 2^20 ns drawn from a generator state, the hold model's increment. */
    public static long delayNs(final long state)
    {
        return 1 + (state & MAX_DELAY_MASK);
    }

    /** Sift {@code key} up from the end of a heap of {@code count} keys. */
    private void push(final int count, final long key)
    {
        int child = count;
        while (child > 0)
        {
            final int parent = (child - 1) >>> 1;
            if (heap[parent] <= key)
            {
                break;
            }
            heap[child] = heap[parent];
            child = parent;
        }
        heap[child] = key;
    }

    /** @return the earliest key, removed: the last key sifted down from the root of the heap one shorter. */
    private long pop()
    {
        final long top = heap[0];
        final int last = size - 1;
        final long key = heap[last];
        int parent = 0;
        while (true)
        {
            int child = 2 * parent + 1;
            if (child >= last)
            {
                break;
            }
            if (child + 1 < last && heap[child + 1] < heap[child])
            {
                child++;
            }
            if (key <= heap[child])
            {
                break;
            }
            heap[parent] = heap[child];
            parent = child;
        }
        heap[parent] = key;
        return top;
    }
}
