package org.electbench.spi;

import java.math.BigDecimal;

/**
 * What an algorithm may know of where it runs when it derives defaults that do not distort its
 * results ({@link ElectionAlgorithm#deriveSettings}).
 *
 * @param clusterSize        N, ids 1..N.
 * @param oneWayDelayBoundNs the one-way delay no message exceeds, for a bounded delay (constant,
 *                           uniform), else the {@code delayQuantile} of the delay: a derived
 *                           timeout waits this long for a message before it gives up on it.
 * @param delayQuantile      1 when the bound is the delay's maximum; below 1 the quantile the
 *                           bound is of an unbounded delay (exponential, lognormal), and a row
 *                           derived from it says so.
 * @param deadNodes          how many nodes the scenario leaves dead or cut off at once, which a
 *                           message round the cluster may have to skip one after the other (a
 *                           cascade two, a partition the minority); at least 1.
 * @param lostCandidates     how many of those die after their own election was heard (a
 *                           cascade's second victim): each leaves an election message on its way
 *                           that the others follow until it finds its sender dead; 0 to deadNodes.
 * @param partialBound       whether some messages take longer than the bound: on a real
 *                           transport, whose own latency and the host's scheduling add an amount
 *                           not known when settings derive (the bound covers only the delay
 *                           injected on top), or on a network that loses messages (a lost one's
 *                           answer comes a retry later, if at all). A timeout every election
 *                           waits out then keeps its default rather than fall to a margin those
 *                           messages overrun ({@link SettingsDerivation#waitedOut}).
 */
public record ClusterProfile(int clusterSize, long oneWayDelayBoundNs, double delayQuantile, int deadNodes,
    int lostCandidates, boolean partialBound)
{
    public ClusterProfile
    {
        if (clusterSize < 1 || oneWayDelayBoundNs < 0)
        {
            throw new IllegalArgumentException("a cluster profile needs N >= 1 and a delay >= 0, got " + clusterSize +
                " and " + oneWayDelayBoundNs + " ns");
        }
        if (!(delayQuantile > 0 && delayQuantile <= 1))
        {
            throw new IllegalArgumentException("a delay quantile is in (0, 1], got " + delayQuantile);
        }
        if (deadNodes < 1)
        {
            throw new IllegalArgumentException("a cluster profile counts at least one dead node, got " + deadNodes);
        }
        if (lostCandidates < 0 || lostCandidates > deadNodes)
        {
            throw new IllegalArgumentException("lost candidates are some of the dead nodes, 0 to " + deadNodes + ", got " +
                lostCandidates);
        }
    }

    /** A profile whose dead nodes all die before any election (a crash, a cut), every message within the bound. */
    public ClusterProfile(final int clusterSize, final long oneWayDelayBoundNs, final double delayQuantile, final int deadNodes)
    {
        this(clusterSize, oneWayDelayBoundNs, delayQuantile, deadNodes, 0, false);
    }

    /** @return this profile on a real transport ({@link #partialBound()}). */
    public ClusterProfile onRealClock()
    {
        return partialBound ? this : new ClusterProfile(clusterSize, oneWayDelayBoundNs, delayQuantile, deadNodes, lostCandidates, true);
    }

    /**
     * A bounded delay and one dead node: the leader that crashed.
     *
     * @param clusterSize  N.
     * @param maxOneWayNs  the largest one-way delay.
     */
    public ClusterProfile(final int clusterSize, final long maxOneWayNs)
    {
        this(clusterSize, maxOneWayNs, 1.0, 1);
    }

    /** @return twice the delay bound: a request and its answer, both as slow as the bound. */
    public long roundTripBoundNs()
    {
        return 2 * oneWayDelayBoundNs;
    }

    /** @return whether the bound is the delay's maximum rather than a quantile of it. */
    public boolean boundedDelay()
    {
        return delayQuantile >= 1.0;
    }

    /** @return the bound in words, for a derivation's reasons: "the largest one-way delay", "the p99.9 one-way delay". */
    public String delayBoundName()
    {
        return boundedDelay() ? "the largest one-way delay" : "the " + quantileName(delayQuantile) + " one-way delay";
    }

    /** @return e.g. {@code p99.9} for 0.999. */
    public static String quantileName(final double quantile)
    {
        return "p" + BigDecimal.valueOf(quantile).movePointRight(2).stripTrailingZeros().toPlainString();
    }
}
