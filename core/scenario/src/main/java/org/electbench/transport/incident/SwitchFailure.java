package org.electbench.transport.incident;

import java.util.List;
import java.util.SplittableRandom;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.FaultPatterns;
import org.electbench.transport.FaultPlan;

/**
 * A partially failed switch in front of node 1, after Cloudflare's incident of 2020-11-02: node 1
 * no longer hears the leader N (that direction is cut) while what it sends still reaches every
 * node, and its links to the other nodes flap both ways, down for half of every 4 D, as a switch
 * whose forwarding fails on and off. Node 1 keeps calling elections the rest of the cluster may or
 * may not hear.
 */
public final class SwitchFailure implements Incident
{
    @Override
    public String description()
    {
        return "settled; node 1 stops hearing the leader N (one way: what node 1 sends still arrives) and its links to " +
            "every other node flap both ways (down half of every 4 D), until the heal (default 40 D); a partially failed " +
            "switch, Cloudflare's post-mortem of 2020-11-02 (" + source() + ")";
    }

    @Override
    public String source()
    {
        return "https://blog.cloudflare.com/a-byzantine-failure-in-the-real-world/";
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
        FaultPatterns.cutLinks(faults, List.of(FaultPatterns.Link.oneWay(nodes, 1)), atNs, healNs);
        for (int peer = 2; peer < nodes; peer++)
        {
            FaultPatterns.flap(faults, FaultPatterns.Link.both(1, peer), atNs, healNs,
                FlappingLink.PERIOD_DETECTIONS * settings.detectionTimeoutNs(), FlappingLink.DOWN_SHARE);
        }
    }
}
