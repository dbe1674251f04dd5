package org.electbench.transport.incident;

import java.util.SplittableRandom;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.FaultPatterns;
import org.electbench.transport.FaultPlan;

/**
 * A node whose disk (or collector) stalls again and again: node N, the leader at the start, is
 * frozen for 2 D (past the detection timeout, as an fsync of seconds is past etcd's election
 * timeout) at seeded instants a mean of 8 D apart, until the heal. After each stall it resumes
 * with every message and timer that fell due meanwhile, its election timer among them.
 */
public final class SlowNode implements Incident
{
    /** The pause length and the mean gap between pause starts, in detection timeouts. */
    public static final int PAUSE_DETECTIONS = 2;
    public static final int MEAN_GAP_DETECTIONS = 8;

    @Override
    public String description()
    {
        return "settled; node N (the leader) freezes for 2 D at seeded instants a mean of 8 D apart (exponential gaps), " +
            "until the heal (default 40 D); elections under slow fsync, etcd issue 7312 (" + source() + ")";
    }

    @Override
    public String source()
    {
        return "https://github.com/etcd-io/etcd/issues/7312";
    }

    @Override
    public int minNodes()
    {
        return 2;
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
        final long detectNs = settings.detectionTimeoutNs();
        FaultPatterns.slowNode(faults, nodes, atNs, healNs, PAUSE_DETECTIONS * detectNs, MEAN_GAP_DETECTIONS * detectNs, random);
    }
}
