package org.electbench.transport.incident;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.FaultPatterns;
import org.electbench.transport.FaultPlan;

/**
 * Jepsen's "bridge" nemesis: the cluster cut in half, both ways, but for one node in the middle
 * that still reaches both halves. Ids 1..floor(N/2) on one side, the bridge floor(N/2)+1, the rest
 * (the leader N among them) on the other.
 */
public final class Bridge implements Incident
{
    @Override
    public String description()
    {
        return "settled; ids 1..floor(N/2) and floor(N/2)+2..N (the leader's half) cannot reach each other, both ways, " +
            "while node floor(N/2)+1 bridges both halves, until the heal (default 40 D); Jepsen's bridge nemesis (" +
            source() + ")";
    }

    @Override
    public String source()
    {
        return "https://github.com/jepsen-io/jepsen/blob/main/jepsen/src/jepsen/nemesis.clj";
    }

    /** @return the id of the node that reaches both halves. */
    public static int bridgeId(final int nodes)
    {
        return nodes / 2 + 1;
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
        final int bridge = bridgeId(nodes);
        final List<FaultPatterns.Link> links = new ArrayList<>();
        for (int low = 1; low < bridge; low++)
        {
            for (int high = bridge + 1; high <= nodes; high++)
            {
                links.add(FaultPatterns.Link.both(low, high));
            }
        }
        FaultPatterns.cutLinks(faults, links, atNs, healNs);
    }
}
