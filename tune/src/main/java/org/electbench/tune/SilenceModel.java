package org.electbench.tune;

/**
 * False elections per day computed, not counted: the probability that a follower hears nothing
 * from a live leader for longer than its election timeout, given the delay and loss law of the
 * network and the pause law of the leader. A rare event is a product of tail probabilities here,
 * so a rate of one a year or one a century is as cheap and as exact as one a minute; counting
 * them in simulated time would take years of it. The simulator checks this analysis where the
 * rate is high enough to count (see the tests).
 * <p>
 * The silence a follower sees after the leader's heartbeat that reached it last, sent at s and
 * delayed d₀, ends with the first later heartbeat that arrives: the leader sends the next g after
 * s and then every heartbeat interval H; each is lost with the loss probability or delayed by an
 * independent draw d. With the timeout T the follower campaigns iff every send j (at s + g + jH)
 * is lost or arrives after s + d₀ + T, so
 * <pre>
 *   q(g, T) = E_d₀ [ Π_j ( loss + (1 − loss) · P(d &gt; T + d₀ − g − jH) ) ]
 * </pre>
 * The network alone gives g = H at every heartbeat (a rate of q(H, T) / H per follower). A pause
 * of the leader of length P, starting u after its last send (u uniform over the interval),
 * holds its heartbeat timer until it resumes, so g = max(H, u + P) and every follower sees it
 * at once (one election if any of them campaigns). A follower's own pause is harmless: what
 * reaches it while it stalls is handled on resume in the order it arrived, so its timer sees the
 * same arrival times as without the pause (as the simulator and a real event loop do).
 * <p>
 * Raft draws T uniformly from [T, T + spread) at every reset, so q is averaged over T. Under
 * PreVote (with CheckQuorum's leader lease, etcd's defaults) a campaign needs a majority of the
 * voters past their own base timeout too: a pause still causes one, a single follower's lost
 * heartbeats rarely do.
 * <p>
 * Every expectation is a sum over cells of a monotone function, so evaluating each cell at its
 * unfavourable edge gives a deterministic upper bound of the integral; with a law taken as given
 * that is the whole of the 95 % bound, with a measured pause law its count's sampling error is
 * added ({@link PauseModel#survivalUpper}).
 */
final class SilenceModel
{
    private static final double NANOS_PER_DAY = 86_400e9;
    /** Quantile cells of the last heartbeat's delay d₀. */
    private static final int DELAY_CELLS = 48;
    /** Cells of the random timeout [T, T + spread). */
    private static final int TIMEOUT_CELLS = 12;
    /** Steps of the gap g over which a pause's effect is integrated. */
    private static final int GAP_STEPS = 240;
    /** A silence probability per heartbeat too small to matter at any heartbeat interval. */
    private static final double NEGLIGIBLE = 1e-30;
    /** Cells of the phase u at which a pause starts. */
    private static final int PHASE_CELLS = 24;

    /**
     * How a system times its heartbeats and election timeouts.
     *
     * @param heartbeatMinNs shortest heartbeat interval.
     * @param heartbeatMaxNs longest: intervals are uniform in [min, max), fixed when equal.
     * @param timeoutNs      the base election timeout T (the detection timeout).
     * @param spreadNs       timeouts uniform in [T, T + spread), 0 for exactly T.
     * @param preVote        whether a campaign needs a majority past their base timeout first.
     * @param leaseNs        the leader's own lease (CheckQuorum, a lease deadline): a stall of the
     *                       leader this long past its last contact makes it step down; 0 for none.
     */
    record Timing(long heartbeatMinNs, long heartbeatMaxNs, long timeoutNs, long spreadNs, boolean preVote, long leaseNs)
    {
        static Timing fixed(final long heartbeatNs, final long timeoutNs, final long spreadNs)
        {
            return new Timing(heartbeatNs, heartbeatNs, timeoutNs, spreadNs, false, 0);
        }

        double meanHeartbeatNs()
        {
            return 0.5 * (heartbeatMinNs + heartbeatMaxNs);
        }

        long longestTimeoutNs()
        {
            return timeoutNs + spreadNs;
        }
    }

    private final NetworkFit network;
    private final int nodes;
    private final PauseModel pauses;
    private final double[] delayMid = new double[DELAY_CELLS];
    private final double[] delayLow = new double[DELAY_CELLS];

    SilenceModel(final NetworkFit network, final int nodes, final PauseModel pauses)
    {
        this.network = network;
        this.nodes = nodes;
        this.pauses = pauses;
        for (int i = 0; i < DELAY_CELLS; i++)
        {
            delayMid[i] = network.oneWayQuantileNs((i + 0.5) / DELAY_CELLS);
            delayLow[i] = 0 == i ? 0 : network.oneWayQuantileNs((double)i / DELAY_CELLS);
        }
    }

    /** @return false elections per day and the detector's quality under this timing. */
    Evaluation.FalseElections evaluate(final Timing timing)
    {
        final int followers = nodes - 1;
        final double heartbeatNs = timing.meanHeartbeatNs();
        final double perDayPerHeartbeat = NANOS_PER_DAY / heartbeatNs;

        // The network alone: each heartbeat's arrival starts a silence that may outlast T.
        final double gapMid = meanOverTimeout(timing, timing.heartbeatMaxNs(), false);
        final double gapHigh = meanOverTimeout(timing, timing.heartbeatMaxNs(), true);
        double networkPerDay = followers * gapMid * perDayPerHeartbeat;
        double networkUpper = followers * gapHigh * perDayPerHeartbeat;
        if (timing.preVote())
        {
            // Voters grant only once past their own base timeout: the chance one is, at a random instant.
            final double past = 0.5 * probabilityOver(timing.heartbeatMaxNs(), timing.timeoutNs(), heartbeatNs, true);
            final double others = atLeast(followers - 1, quorum() - 1, past);
            networkPerDay *= others;
            networkUpper *= others;
        }

        // The leader's pauses: each sets the gap to max(H, u + P) for every follower at once.
        double pausePerDay = 0;
        double pauseUpper = 0;
        double followerPausePerDay = 0;
        double excessNs = 0;
        if (!pauses.isNone())
        {
            final double leaderPausesPerDay = pauses.ratePerNs() * NANOS_PER_DAY;
            final double startNs = timing.heartbeatMaxNs();
            final double longestNs = timing.leaseNs() > 0 ? Math.min(timing.leaseNs(), timing.longestTimeoutNs()) : timing.longestTimeoutNs();
            final double endNs = longestNs + network.oneWayQuantileNs(1 - 0.5 / DELAY_CELLS) + startNs;
            final double stepNs = (endNs - startNs) / GAP_STEPS;
            double followerBefore = meanOverTimeout(timing, startNs, false);
            double clusterBefore = cluster(timing, startNs, followerBefore, false);
            double clusterBeforeHigh = cluster(timing, startNs, meanOverTimeout(timing, startNs, true), true);
            for (int k = 0; k < GAP_STEPS; k++)
            {
                final double fromNs = startNs + k * stepNs;
                final double toNs = fromNs + stepNs;
                final double followerAfter = meanOverTimeout(timing, toNs, false);
                final double clusterAfter = cluster(timing, toNs, followerAfter, false);
                final double clusterAfterHigh = cluster(timing, toNs, meanOverTimeout(timing, toNs, true), true);
                final double survivalMid = gapSurvival(timing, 0.5 * (fromNs + toNs), false);
                pausePerDay += (clusterAfter - clusterBefore) * survivalMid;
                pauseUpper += (clusterAfterHigh - clusterBeforeHigh) * gapSurvival(timing, fromNs, true);
                followerPausePerDay += (followerAfter - followerBefore) * survivalMid;
                clusterBefore = clusterAfter;
                clusterBeforeHigh = clusterAfterHigh;
                followerBefore = followerAfter;
            }
            // Past the last step every follower campaigns: what is left of the gap's tail counts whole.
            pauseUpper += (1 - clusterBeforeHigh) * gapSurvival(timing, endNs, true);
            pausePerDay *= leaderPausesPerDay;
            pauseUpper *= leaderPausesPerDay;
            followerPausePerDay *= leaderPausesPerDay;
            // How long a pause's silence outlasts the mean timeout, given that it does: the mistake's length.
            final double meanTimeoutNs = timing.timeoutNs() + 0.5 * timing.spreadNs();
            final double over = gapSurvival(timing, meanTimeoutNs, false);
            if (over > 0)
            {
                double integral = 0;
                final double tailStepNs = Math.max(stepNs, pauses.quantileNs(0.999) / (double)GAP_STEPS);
                for (int k = 0; k < 4 * GAP_STEPS; k++)
                {
                    integral += gapSurvival(timing, meanTimeoutNs + (k + 0.5) * tailStepNs, false) * tailStepNs;
                }
                excessNs = integral / over;
            }
        }

        final double estimate = networkPerDay + pausePerDay;
        final double upper = networkUpper + Math.max(pauseUpper, pausePerDay);
        return new Evaluation.FalseElections(estimate, upper, networkPerDay, networkUpper, pausePerDay, Math.max(pauseUpper, pausePerDay),
            quality(timing, gapMid / heartbeatNs * NANOS_PER_DAY, followerPausePerDay, excessNs), bound(timing));
    }

    /** @return what the bound rests on, for the report. */
    private String bound(final Timing timing)
    {
        final String delay = "one-way delay " + network.delaySpec() + (network.loss() > 0 ? " with loss " + TuneFormat.number(network.loss()) : "");
        final String pause = pauses.isNone() ? "no pauses" : "pauses: " + pauses.tailSource();
        return "analytic P(silence > timeout) from the " + delay + " and " + pause +
            (timing.preVote() ? "; PreVote: a campaign needs a majority past their base timeout" : "") +
            "; upper bound: each integral cell at its unfavourable edge" +
            (pauses.samples() > 0 ? ", plus the measured tail's sampling error at 95 %" : "");
    }

    /**
     * Chen, Toueg and Aguilera's accuracy and speed of one follower's detector of the leader.
     *
     * @param networkPerDay  one follower's mistakes per day from the network alone.
     * @param pausePerDay    one follower's mistakes per day from the leader's pauses.
     * @param pauseExcessNs  how long a pause's silence outlasts the timeout, on average, given that it does.
     */
    private Evaluation.Quality quality(final Timing timing, final double networkPerDay, final double pausePerDay, final double pauseExcessNs)
    {
        final double mistakesPerDay = networkPerDay + pausePerDay;
        final double recurrenceNs = mistakesPerDay > 0 ? NANOS_PER_DAY / mistakesPerDay : Double.POSITIVE_INFINITY;
        // A network mistake ends at the next heartbeat to arrive, half an interval after the timeout on average.
        final double networkExcessNs = 0.5 * timing.meanHeartbeatNs() + network.oneWayQuantileNs(0.5);
        final double durationNs = mistakesPerDay > 0 ?
            (networkPerDay * networkExcessNs + pausePerDay * (pauseExcessNs + network.oneWayQuantileNs(0.5))) / mistakesPerDay : 0;
        // The leader crashes u after its last send; that heartbeat arrived d later; the follower acts T after it.
        final double meanDetectionNs = timing.timeoutNs() + 0.5 * timing.spreadNs() + network.oneWayQuantileNs(0.5) -
            0.5 * timing.meanHeartbeatNs();
        final double worstDetectionNs = timing.longestTimeoutNs() + network.oneWayQuantileNs(0.99);
        final double accuracy = Double.isInfinite(recurrenceNs) ? 1 : Math.max(0, 1 - durationNs / recurrenceNs);
        return new Evaluation.Quality((long)meanDetectionNs, (long)worstDetectionNs, recurrenceNs, (long)durationNs, accuracy);
    }

    private int quorum()
    {
        return nodes / 2 + 1;
    }

    /**
     * @param one q(g) of one follower, averaged over its timeout.
     * @return the probability a pause makes the cluster campaign when the gap is {@code gapNs}.
     */
    private double cluster(final Timing timing, final double gapNs, final double one, final boolean upper)
    {
        if (timing.leaseNs() > 0 && gapNs >= timing.leaseNs())
        {
            // The leader resumes past its lease and steps down on its own.
            return 1;
        }
        final int followers = nodes - 1;
        // 1 - (1 - one)^followers, exact for a one far below the double's epsilon.
        final double any = -Math.expm1(followers * Math.log1p(-Math.min(one, 1 - 1e-16)));
        if (!timing.preVote())
        {
            return any;
        }
        final double base = probabilityOver(gapNs, timing.timeoutNs(), timing.meanHeartbeatNs(), upper);
        return Math.min(any, atLeast(followers, quorum(), base));
    }

    /** @return q(g, T) averaged over the random timeout. */
    private double meanOverTimeout(final Timing timing, final double gapNs, final boolean upper)
    {
        if (0 == timing.spreadNs())
        {
            return probabilityOver(gapNs, timing.timeoutNs(), timing.meanHeartbeatNs(), upper);
        }
        double sum = 0;
        for (int i = 0; i < TIMEOUT_CELLS; i++)
        {
            // q falls as T grows: a cell's lower edge bounds it from above.
            final double at = upper ? i : i + 0.5;
            sum += probabilityOver(gapNs, timing.timeoutNs() + at * timing.spreadNs() / TIMEOUT_CELLS, timing.meanHeartbeatNs(), upper);
        }
        return sum / TIMEOUT_CELLS;
    }

    /** @return q(g, T): no heartbeat reaches a follower within T of the last one that did. */
    private double probabilityOver(final double gapNs, final double timeoutNs, final double heartbeatNs, final boolean upper)
    {
        final double loss = network.loss();
        double sum = 0;
        for (int i = 0; i < DELAY_CELLS; i++)
        {
            // q falls as d₀ grows: a cell's lower edge bounds it from above.
            final double lastDelayNs = upper ? delayLow[i] : delayMid[i];
            double product = 1;
            for (int j = 0; product > 0; j++)
            {
                // Sends after the first are a mean interval apart.
                final double marginNs = timeoutNs + lastDelayNs - gapNs - j * heartbeatNs;
                if (marginNs <= 0)
                {
                    break;
                }
                product *= loss + (1 - loss) * network.oneWaySurvival(marginNs);
                if (product < NEGLIGIBLE)
                {
                    // Below one in 10^30 per heartbeat: under 10^-15 a day even at a heartbeat a microsecond.
                    product = 0;
                }
            }
            sum += product;
        }
        return sum / DELAY_CELLS;
    }

    /** @return P(u + P &gt; x) with u uniform over a heartbeat interval, for x at least the interval. */
    private double gapSurvival(final Timing timing, final double xNs, final boolean upper)
    {
        final double heartbeatNs = timing.meanHeartbeatNs();
        double sum = 0;
        for (int i = 0; i < PHASE_CELLS; i++)
        {
            // Survival falls with x - u, so for the bound u sits at its cell's upper edge.
            final double phaseNs = (upper ? i + 1 : i + 0.5) * heartbeatNs / PHASE_CELLS;
            sum += upper ? pauses.survivalUpper(xNs - phaseNs) : pauses.survival(xNs - phaseNs);
        }
        return Math.min(1, sum / PHASE_CELLS);
    }

    /** @return P(Binomial(n, p) &gt;= k). */
    static double atLeast(final int n, final int k, final double p)
    {
        if (k <= 0)
        {
            return 1;
        }
        if (k > n)
        {
            return 0;
        }
        double total = 0;
        for (int i = k; i <= n; i++)
        {
            total += binomial(n, i) * Math.pow(p, i) * Math.pow(1 - p, n - i);
        }
        return Math.min(1, total);
    }

    private static double binomial(final int n, final int k)
    {
        double value = 1;
        for (int i = 1; i <= k; i++)
        {
            value = value * (n - k + i) / i;
        }
        return value;
    }
}
