package org.electbench.transport;

import java.util.Arrays;

import org.electbench.spi.ElectionNode;

/**
 * What a long disturbance did, from the fault to the end of the last fault's effect: the share
 * of it with a majority leader and with two or more leaders anywhere (in total and over time),
 * the leader changes, and the leader that held by its end. A run settled only when one leader
 * held office for the stable window by the end with no other leader anywhere meanwhile.
 */
final class DisturbanceRecorder
{
    private static final long NONE = -1;
    private static final int BINS = ElectionResult.Disturbance.BINS;

    private final Beliefs beliefs;
    /** Time with a majority leader, and with two or more leaders, in each of the span's equal parts. */
    private final long[] majorityNsByBin = new long[BINS];
    private final long[] splitBrainNsByBin = new long[BINS];
    private long faultNs;
    private long endNs;
    private long stableWindowNs;
    private int lastMajorityLeader;
    private long lastMajorityTerm;
    private long majorityNs;
    private long splitBrainNs;
    private long leaderChanges;
    private boolean ended;
    private long stableLeaderSinceNs;
    /** Since when at most one live node has led, or -1 while two or more do. */
    private long soleSinceNs;

    DisturbanceRecorder(final Beliefs beliefs)
    {
        this.beliefs = beliefs;
    }

    void reset(final long faultNs, final long endNs, final long stableWindowNs)
    {
        this.faultNs = faultNs;
        this.endNs = endNs;
        this.stableWindowNs = stableWindowNs;
        Arrays.fill(majorityNsByBin, 0);
        Arrays.fill(splitBrainNsByBin, 0);
        lastMajorityLeader = ElectionNode.NO_LEADER;
        lastMajorityTerm = 0;
        majorityNs = 0;
        splitBrainNs = 0;
        leaderChanges = 0;
        ended = false;
        stableLeaderSinceNs = NONE;
        soleSinceNs = 0;
    }

    /** The beliefs held from {@code lastAccountNs} to {@code nowNs}: add their share of the span. */
    void account(final long lastAccountNs, final long nowNs)
    {
        final long fromNs = Math.max(lastAccountNs, faultNs);
        final long toNs = Math.min(nowNs, endNs);
        if (toNs - fromNs > 0)
        {
            if (ElectionNode.NO_LEADER != beliefs.majorityLeader)
            {
                majorityNs += toNs - fromNs;
                addToBins(majorityNsByBin, fromNs, toNs);
            }
            if (beliefs.leaderCount >= 2)
            {
                splitBrainNs += toNs - fromNs;
                addToBins(splitBrainNsByBin, fromNs, toNs);
            }
        }
        if (!ended && endNs - lastAccountNs > 0 && nowNs - endNs >= 0)
        {
            ended = true;
            final int holder = beliefs.officeHolder();
            if (ElectionNode.NO_LEADER != holder && NONE != soleSinceNs)
            {
                final long sinceNs = Math.max(beliefs.officeSinceNs, soleSinceNs);
                if (endNs - sinceNs >= stableWindowNs)
                {
                    stableLeaderSinceNs = sinceNs;
                }
            }
        }
    }

    /** After a change of belief, the majority leader updated ({@code majorityChanged} if it did). */
    void changed(final long nowNs, final boolean majorityChanged)
    {
        if (beliefs.leaderCount >= 2)
        {
            soleSinceNs = NONE;
        }
        else if (NONE == soleSinceNs)
        {
            soleSinceNs = nowNs;
        }
        final int found = beliefs.majorityLeader;
        if (majorityChanged && ElectionNode.NO_LEADER != found)
        {
            if ((found != lastMajorityLeader || beliefs.majorityTerm != lastMajorityTerm) && nowNs - faultNs > 0 &&
                endNs - nowNs >= 0)
            {
                leaderChanges++;
            }
            lastMajorityLeader = found;
            lastMajorityTerm = beliefs.majorityTerm;
        }
    }

    /** @return the disturbance's figures, all absent when the run had no disturbance to speak of. */
    ElectionResult.Disturbance figures(final long electionSends)
    {
        final long spanNs = endNs - faultNs;
        if (spanNs <= 0)
        {
            return ElectionResult.Disturbance.NONE;
        }
        final double minutes = spanNs / 60e9;
        return new ElectionResult.Disturbance(
            spanNs,
            NONE == stableLeaderSinceNs ? NONE : Math.max(0, stableLeaderSinceNs - faultNs),
            leaderChanges,
            Math.round(leaderChanges / minutes),
            Math.round(1000.0 * majorityNs / spanNs),
            electionSends,
            Math.round(electionSends / minutes),
            perMille(majorityNsByBin, spanNs),
            splitBrainNs,
            perMille(splitBrainNsByBin, spanNs));
    }

    private static long[] perMille(final long[] nsByBin, final long spanNs)
    {
        final long[] byBin = new long[BINS];
        for (int bin = 0; bin < BINS; bin++)
        {
            final long lengthNs = binStartNs(bin + 1, spanNs) - binStartNs(bin, spanNs);
            byBin[bin] = lengthNs <= 0 ? 0 : Math.round(1000.0 * nsByBin[bin] / lengthNs);
        }
        return byBin;
    }

    /** @return the offset from the fault at which part {@code bin} of a span of {@code spanNs} starts. */
    private static long binStartNs(final int bin, final long spanNs)
    {
        return spanNs / BINS * bin + spanNs % BINS * bin / BINS;
    }

    /** Adds {@code fromNs} to {@code toNs} (within the span) to the parts of {@code nsByBin} it covers. */
    private void addToBins(final long[] nsByBin, final long fromNs, final long toNs)
    {
        final long spanNs = endNs - faultNs;
        for (int bin = 0; bin < BINS; bin++)
        {
            final long overlapNs = Math.min(toNs, faultNs + binStartNs(bin + 1, spanNs)) - Math.max(fromNs, faultNs + binStartNs(bin, spanNs));
            if (overlapNs > 0)
            {
                nsByBin[bin] += overlapNs;
            }
        }
    }
}
