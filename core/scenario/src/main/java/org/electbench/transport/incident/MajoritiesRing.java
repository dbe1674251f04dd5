package org.electbench.transport.incident;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.FaultPatterns;
import org.electbench.transport.FaultPlan;

/**
 * Jepsen's "majorities ring" nemesis: ids 1..N around a ring, each node reaching only its nearest
 * neighbours, enough of them that it sees a majority (itself included), and no two nodes seeing
 * the same majority. Two nodes stay linked when their distance along the ring is at most
 * ceil((m-1)/2), m = floor(N/2)+1; every other link is cut both ways.
 */
public final class MajoritiesRing implements Incident
{
    @Override
    public String description()
    {
        return "settled; ids 1..N in a ring, each node reaching only its ceil((m-1)/2) nearest on either side " +
            "(m a majority), so every node sees a majority and no two the same one, until the heal (default 40 D); " +
            "Jepsen's majorities-ring nemesis (" + source() + ")";
    }

    @Override
    public String source()
    {
        return "https://github.com/jepsen-io/jepsen/blob/main/jepsen/src/jepsen/nemesis.clj";
    }

    @Override
    public int minNodes()
    {
        return 4;
    }

    /** @return the largest ring distance at which two nodes still reach each other. */
    public static int reach(final int nodes)
    {
        final int majority = nodes / 2 + 1;
        return majority / 2;
    }

    @Override
    public void plan(
        final FaultPlan.Builder faults,
        final int nodes,
        final ElectionSettings settings,
        final long atNs,
        final long healNs,
        final SplittableRandom random)
    {
        final int reach = reach(nodes);
        final List<FaultPatterns.Link> links = new ArrayList<>();
        for (int one = 1; one < nodes; one++)
        {
            for (int other = one + 1; other <= nodes; other++)
            {
                final int distance = Math.min(other - one, nodes - (other - one));
                if (distance > reach)
                {
                    links.add(FaultPatterns.Link.both(one, other));
                }
            }
        }
        FaultPatterns.cutLinks(faults, links, atNs, healNs);
    }
}
