package org.electbench.spi;

/**
 * What an algorithm may know of where it runs when it derives defaults that do not distort its
 * results ({@link ElectionAlgorithm#deriveSettings}).
 *
 * @param clusterSize       N, ids 1..N.
 * @param oneWayDelayP99Ns  the 99th percentile of the network model's one-way message delay.
 */
public record ClusterProfile(int clusterSize, long oneWayDelayP99Ns)
{
    public ClusterProfile
    {
        if (clusterSize < 1 || oneWayDelayP99Ns < 0)
        {
            throw new IllegalArgumentException("a cluster profile needs N >= 1 and a delay >= 0, got " + clusterSize +
                " and " + oneWayDelayP99Ns + " ns");
        }
    }

    /** @return twice the p99 one-way delay: a request and its answer, both slow. */
    public long roundTripP99Ns()
    {
        return 2 * oneWayDelayP99Ns;
    }
}
