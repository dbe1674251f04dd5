package org.electbench.transport.host;

import java.util.Arrays;
import java.util.List;

import org.electbench.transport.Fault;
import org.electbench.transport.NetworkFaults;

/**
 * A run's fault plan as the edges a runtime applies in time order: each fault's start, and the
 * end of those that have one. Edges at one instant keep plan order, a start before its own end.
 * A crash triggered by a send ({@link Fault.Kind#CRASH_AFTER_SEND}) has no edge: the send edge fires it.
 * <p>
 * Reusable: {@link #load} replaces the edges, in arrays kept across runs.
 */
public final class FaultEdges
{
    private static final int INITIAL_EDGES = 8;

    private long[] timeNs = new long[INITIAL_EDGES];
    private int[] fault = new int[INITIAL_EDGES];
    private boolean[] end = new boolean[INITIAL_EDGES];
    private int size;

    /** No edges until {@link #load}. */
    public FaultEdges()
    {
    }

    public FaultEdges(final List<Fault> faults)
    {
        load(faults);
    }

    /** Replaces the edges with those of {@code faults}. */
    public void load(final List<Fault> faults)
    {
        size = 0;
        for (int index = 0; index < faults.size(); index++)
        {
            final Fault f = faults.get(index);
            if (f.kind() != Fault.Kind.CRASH_AFTER_SEND)
            {
                add(f.atNs(), index, false);
                if (NetworkFaults.hasEnd(f.kind()))
                {
                    add(f.endNs(), index, true);
                }
            }
        }
    }

    /** Inserts after every edge at or before {@code atNs}: a stable insertion sort, so edges at one instant stay in plan order. */
    private void add(final long atNs, final int index, final boolean isEnd)
    {
        if (size == timeNs.length)
        {
            timeNs = Arrays.copyOf(timeNs, 2 * size);
            fault = Arrays.copyOf(fault, 2 * size);
            end = Arrays.copyOf(end, 2 * size);
        }
        int i = size++;
        while (i > 0 && timeNs[i - 1] > atNs)
        {
            timeNs[i] = timeNs[i - 1];
            fault[i] = fault[i - 1];
            end[i] = end[i - 1];
            i--;
        }
        timeNs[i] = atNs;
        fault[i] = index;
        end[i] = isEnd;
    }

    public int size()
    {
        return size;
    }

    /** @return when edge i applies. */
    public long timeNs(final int i)
    {
        return timeNs[i];
    }

    /** @return the index in the plan of edge i's fault. */
    public int fault(final int i)
    {
        return fault[i];
    }

    /** @return whether edge i is its fault's end. */
    public boolean end(final int i)
    {
        return end[i];
    }
}
