package org.electbench.transport.host;

import java.util.ArrayList;
import java.util.List;

import org.electbench.transport.Fault;
import org.electbench.transport.NetworkFaults;

/**
 * A run's fault plan as the edges a runtime applies in time order: each fault's start, and the
 * end of those that have one. Edges at one instant keep plan order, a start before its own end.
 * A crash triggered by a send ({@link Fault.Kind#CRASH_AFTER_SEND}) has no edge: the send edge fires it.
 */
public final class FaultEdges
{
    private final long[] timeNs;
    private final int[] fault;
    private final boolean[] end;

    public FaultEdges(final List<Fault> faults)
    {
        final List<long[]> edges = new ArrayList<>();
        for (int index = 0; index < faults.size(); index++)
        {
            final Fault f = faults.get(index);
            if (f.kind() != Fault.Kind.CRASH_AFTER_SEND)
            {
                edges.add(new long[]{f.atNs(), index, 0});
                if (NetworkFaults.hasEnd(f.kind()))
                {
                    edges.add(new long[]{f.endNs(), index, 1});
                }
            }
        }
        // A stable sort: edges at one instant stay in plan order.
        edges.sort((a, b) -> Long.compare(a[0], b[0]));
        timeNs = new long[edges.size()];
        fault = new int[edges.size()];
        end = new boolean[edges.size()];
        for (int i = 0; i < edges.size(); i++)
        {
            timeNs[i] = edges.get(i)[0];
            fault[i] = (int)edges.get(i)[1];
            end[i] = 1 == edges.get(i)[2];
        }
    }

    public int size()
    {
        return timeNs.length;
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
