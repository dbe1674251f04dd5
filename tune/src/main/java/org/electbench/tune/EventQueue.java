package org.electbench.tune;

import java.util.Arrays;

/**
 * The events of one simulated failover of a real system's election, ordered by time: a binary
 * heap of (time, kind, from, to, value) in parallel arrays, reused from one crash to the next.
 */
final class EventQueue
{
    private double[] times = new double[64];
    private long[] codes = new long[64];
    private long[] values = new long[64];
    private int size;
    private double timeNs;
    private long code;
    private long value;

    void clear()
    {
        size = 0;
    }

    boolean isEmpty()
    {
        return 0 == size;
    }

    /** Schedules an event; {@code value} carries a term, a vote or a generation. */
    void add(final double atNs, final int kind, final int from, final int to, final long eventValue)
    {
        if (size == times.length)
        {
            times = Arrays.copyOf(times, size * 2);
            codes = Arrays.copyOf(codes, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        int child = size++;
        final long packed = ((long)kind << 40) | ((long)from << 20) | to;
        while (child > 0)
        {
            final int parent = (child - 1) >>> 1;
            if (times[parent] <= atNs)
            {
                break;
            }
            times[child] = times[parent];
            codes[child] = codes[parent];
            values[child] = values[parent];
            child = parent;
        }
        times[child] = atNs;
        codes[child] = packed;
        values[child] = eventValue;
    }

    /** Takes the earliest event; read it with {@link #timeNs()}, {@link #kind()}, {@link #from()}, {@link #to()}, {@link #value()}. */
    void poll()
    {
        timeNs = times[0];
        code = codes[0];
        value = values[0];
        final double lastTime = times[--size];
        final long lastCode = codes[size];
        final long lastValue = values[size];
        int parent = 0;
        while (true)
        {
            int child = 2 * parent + 1;
            if (child >= size)
            {
                break;
            }
            if (child + 1 < size && times[child + 1] < times[child])
            {
                child++;
            }
            if (times[child] >= lastTime)
            {
                break;
            }
            times[parent] = times[child];
            codes[parent] = codes[child];
            values[parent] = values[child];
            parent = child;
        }
        times[parent] = lastTime;
        codes[parent] = lastCode;
        values[parent] = lastValue;
    }

    double timeNs()
    {
        return timeNs;
    }

    int kind()
    {
        return (int)(code >>> 40);
    }

    int from()
    {
        return (int)((code >>> 20) & 0xFFFFF);
    }

    int to()
    {
        return (int)(code & 0xFFFFF);
    }

    long value()
    {
        return value;
    }
}
