package org.electbench.transport.incident;

import java.util.SplittableRandom;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.FaultPatterns;
import org.electbench.transport.FaultPlan;

/**
 * One link that flaps: the link between the leader N and node 1 is down, both ways, for half of
 * every period of 4 D (2 D down, longer than the detection timeout, so node 1 gives up on the
 * leader each time) and up for the rest, until the heal. Node 1 rejoins again and again, as the
 * node of etcd issue 9464 did, with whatever term it raised while cut off.
 */
public final class FlappingLink implements Incident
{
    /** The period in detection timeouts, and the share of it the link is down. */
    public static final int PERIOD_DETECTIONS = 4;
    public static final double DOWN_SHARE = 0.5;

    @Override
    public String description()
    {
        return "settled; the link between the leader N and node 1 flaps, both ways: down for half of every 4 D, up for " +
            "the rest, until the heal (default 40 D); a member rejoining again and again, etcd issue 9464 (" + source() + ")";
    }

    @Override
    public String source()
    {
        return "https://github.com/etcd-io/etcd/issues/9464";
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
        FaultPatterns.flap(faults, FaultPatterns.Link.both(nodes, 1), atNs, healNs,
            PERIOD_DETECTIONS * settings.detectionTimeoutNs(), DOWN_SHARE);
    }
}
