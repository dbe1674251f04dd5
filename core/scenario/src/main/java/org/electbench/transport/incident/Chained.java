package org.electbench.transport.incident;

import java.util.List;
import java.util.SplittableRandom;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.FaultPatterns;
import org.electbench.transport.FaultPlan;

/**
 * Heidi Howard's chained scenario: the leader N and node 1 cannot reach each other, both ways,
 * while every other link works; at N = 3 the chain 1 - 2 - 3 of her post. Node 1 never hears the
 * leader, so it campaigns; without a check that a voter still hears a leader (PreVote) its higher
 * term deposes the leader, and then N, cut from node 1 the new leader, does the same: the
 * leadership swings between the chain's ends for as long as the link is down.
 */
public final class Chained implements Incident
{
    @Override
    public String description()
    {
        return "settled; the leader N and node 1 cannot reach each other, both ways, every other link works (at N = 3 " +
            "the chain 1 - 2 - 3), until the heal (default 40 D); Heidi Howard, \"Raft does not guarantee liveness in " +
            "the face of network faults\", Decentralized Thoughts, 2020-12-12 (" + source() + ")";
    }

    @Override
    public String source()
    {
        return "https://decentralizedthoughts.github.io/2020-12-12-raft-liveness-full-omission/";
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
        FaultPatterns.cutLinks(faults, List.of(FaultPatterns.Link.both(nodes, 1)), atNs, healNs);
    }
}
