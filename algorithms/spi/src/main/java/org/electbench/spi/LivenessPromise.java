package org.electbench.spi;

/**
 * What an algorithm's source promises once every fault has healed: with at least
 * {@code nodesForLeader} live nodes, all connected and their messages arriving within the
 * network's delay, one leader is agreed by every live node within {@code boundNs} of the last
 * heal. The chaos explorer holds every schedule that leaves enough nodes to this, and reports a
 * schedule that misses it as stuck ({@link ElectionAlgorithm#liveness}).
 *
 * @param nodesForLeader the fewest live, connected nodes for which a leader is promised: a majority
 *                       of the N configured for the majority elections, one for bully and ring;
 *                       more than N when none is ({@link #none}).
 * @param boundNs        how long after the last heal the leader is agreed at the latest.
 * @param derivation     the bound as a formula of the settings and the delay, for the output.
 */
public record LivenessPromise(int nodesForLeader, long boundNs, String derivation)
{
    private static final String NONE = "none: ";

    public LivenessPromise
    {
        if (nodesForLeader < 1 || boundNs <= 0 || null == derivation)
        {
            throw new IllegalArgumentException("a liveness promise needs at least 1 node and a positive bound, got " +
                nodesForLeader + " and " + boundNs + " ns");
        }
    }

    /**
     * No leader promised, whatever is live: the settings break an assumption the algorithm's
     * source makes (a run is still given {@code boundNs}, so the explorer sees what it does).
     *
     * @param clusterSize N.
     * @param boundNs     how long a run is watched after the last heal.
     * @param why         which assumption breaks, for the output.
     */
    public static LivenessPromise none(final int clusterSize, final long boundNs, final String why)
    {
        return new LivenessPromise(clusterSize + 1, boundNs, NONE + why);
    }

    /** @return whether this is {@link #none}: no leader promised however many nodes are live. */
    public boolean promisesNone()
    {
        return derivation.startsWith(NONE);
    }

    /** @return the fewest nodes that are a majority of {@code clusterSize}: more than half. */
    public static int majorityOf(final int clusterSize)
    {
        return clusterSize / 2 + 1;
    }
}
