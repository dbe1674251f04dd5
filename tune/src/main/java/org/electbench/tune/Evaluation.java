package org.electbench.tune;

import java.util.List;

/**
 * What the simulator measured for one setting of one algorithm.
 *
 * @param algorithm      the algorithm's name.
 * @param setting        the knobs.
 * @param failover       failover after a real leader crash, over many crashes at random phases.
 * @param falseElections false elections per day in steady state.
 * @param lints          the rules the setting breaks, empty when none.
 */
public record Evaluation(String algorithm, Setting setting, Failover failover, FalseElections falseElections, List<String> lints)
{
    /**
     * Leader crash to the first instant every live node names one new leader and keeps naming it
     * (the monitor's convergence), nearest-rank percentiles as {@code simulate} reports them.
     *
     * @param p50Ns       median.
     * @param p99Ns       99th percentile.
     * @param maxNs       the slowest.
     * @param crashes     crashes simulated.
     * @param unconverged crashes after which the cluster never settled within the run's budget.
     */
    public record Failover(long p50Ns, long p99Ns, long maxNs, int crashes, int unconverged)
    {
    }

    /**
     * False elections per day: elections started while the leader was alive, in steady state
     * under the RTT, loss and pause model. Two parts simulated apart, each a count over an
     * exposure: the network's own (delays and loss with no pause) over a stretch of virtual
     * time, and the pauses' (one pause per episode, only pauses long enough to matter, scaled by
     * how often such a pause happens).
     *
     * @param estimatePerDay   the point estimate, both parts added.
     * @param upperPerDay      the 95 % upper bound: the sum of both parts' bounds.
     * @param networkElections false elections in the network-only simulation.
     * @param networkDays      virtual days of it.
     * @param pauseElections   false elections in the pause episodes.
     * @param pauseEpisodes    pause episodes simulated.
     * @param pausesPerDay     pauses per day, cluster-wide, long enough to be simulated.
     */
    public record FalseElections(
        double estimatePerDay,
        double upperPerDay,
        long networkElections,
        double networkDays,
        long pauseElections,
        int pauseEpisodes,
        double pausesPerDay)
    {
        static FalseElections of(
            final long networkElections, final double networkDays, final long pauseElections, final int pauseEpisodes,
            final double pausesPerDay)
        {
            final double perEpisode = 0 == pauseEpisodes ? 0 : pausesPerDay / pauseEpisodes;
            final double estimate = networkElections / networkDays + pauseElections * perEpisode;
            final double upper = PoissonBound.upper(networkElections) / networkDays +
                (0 == pauseEpisodes ? 0 : PoissonBound.upper(pauseElections) * perEpisode);
            return new FalseElections(estimate, upper, networkElections, networkDays, pauseElections, pauseEpisodes, pausesPerDay);
        }

        /** @return this with more network-only simulation added. */
        FalseElections withNetwork(final long moreElections, final double moreDays)
        {
            return of(networkElections + moreElections, networkDays + moreDays, pauseElections, pauseEpisodes, pausesPerDay);
        }
    }
}
