package org.electbench.spi;

/**
 * What every algorithm checks before it believes or counts up a term, so that no term wraps
 * negative and no single forged frame can run a cluster's terms up to where they can no longer
 * be counted (issue: a forged term of 2<sup>63</sup>−2 wedged a raft cluster, one of
 * 2<sup>63</sup>−1 made bully's next leader's term wrap negative).
 * <ul>
 *   <li>{@link #valid}: a term on the wire is never negative; a negative one is malformed.</li>
 *   <li>{@link #plausible}: an honest term rises by one per election or campaign, so it can lie
 *       at most {@link #MAX_JUMP} above a node's own, far more than any cluster counts in its
 *       life; a frame with a term further above is forged or corrupt, and is dropped.</li>
 *   <li>{@link #hasNext} and {@link #nextSaturated}: counting one above a term never wraps. An
 *       algorithm whose safety is one leader per term refuses to count past the top; one whose
 *       terms only label leaderships saturates there.</li>
 * </ul>
 * With the jump refused, reaching the top takes 2<sup>31</sup> forged frames in a row, each
 * accepted; refusing those is the wire's job (membership and keys), not the algorithm's.
 */
public final class Terms
{
    /**
     * The largest rise above a node's own term it believes: 2<sup>32</sup> elections, 136 years
     * at one a second. A node restarted blank (term 0) still catches up with any real cluster.
     */
    public static final long MAX_JUMP = 1L << 32;

    private Terms()
    {
    }

    /** @return whether a term read off the wire is well formed: not negative. */
    public static boolean valid(final long term)
    {
        return term >= 0;
    }

    /**
     * @param ownTerm the node's own term (or highest term seen), never negative.
     * @param term    a term another node sent.
     * @return whether an honest node could have sent it: not negative, and not more than
     * {@link #MAX_JUMP} above {@code ownTerm}. Both being non-negative, nothing here wraps.
     */
    public static boolean plausible(final long ownTerm, final long term)
    {
        return term >= 0 && (term <= ownTerm || term - ownTerm <= MAX_JUMP);
    }

    /** @return whether one can be counted above the term without wrapping. */
    public static boolean hasNext(final long term)
    {
        return term < Long.MAX_VALUE;
    }

    /** @return the term one above, or {@link Long#MAX_VALUE} at the top: it never wraps. */
    public static long nextSaturated(final long term)
    {
        return term < Long.MAX_VALUE ? term + 1 : Long.MAX_VALUE;
    }
}
