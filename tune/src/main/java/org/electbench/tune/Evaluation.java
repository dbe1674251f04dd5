package org.electbench.tune;

import java.util.List;

/**
 * What the simulator measured for one setting of one algorithm.
 *
 * @param algorithm      the algorithm's name.
 * @param setting        the knobs.
 * @param failover       failover after a real leader crash, over many crashes at random phases; null when not simulated (a lint broken).
 * @param falseElections false elections per day in steady state.
 * @param lints          the rules the setting breaks, empty when none.
 */
public record Evaluation(String algorithm, Setting setting, Failover failover, FalseElections falseElections, List<String> lints)
{
    /** @return whether it could be recommended: no lint broken, simulated, settled after every crash. */
    public boolean isCandidate()
    {
        return lints.isEmpty() && null != failover && 0 == failover.unconverged();
    }

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
     * under the RTT, loss and pause model, computed by {@link SilenceModel}.
     *
     * @param estimatePerDay     the point estimate, both parts added.
     * @param upperPerDay        its 95 % upper bound, the sum of both parts' bounds; a setting is recommended only when this meets the target.
     * @param networkPerDay      the network's own part (delays and loss, no pause).
     * @param networkUpperPerDay its upper bound.
     * @param pausePerDay        the leader's pauses' part.
     * @param pauseUpperPerDay   its upper bound.
     * @param quality            the failure detector's quality in Chen, Toueg and Aguilera's terms.
     * @param bound              what the estimate and its bound rest on, for the report.
     */
    public record FalseElections(
        double estimatePerDay,
        double upperPerDay,
        double networkPerDay,
        double networkUpperPerDay,
        double pausePerDay,
        double pauseUpperPerDay,
        Quality quality,
        String bound)
    {
    }

    /**
     * One follower's detector of the leader, in the terms of Chen, Toueg and Aguilera, "On the
     * Quality of Service of Failure Detectors" (IEEE Transactions on Computers 51(5), 2002).
     *
     * @param detectionNs          T_D: leader crash to the follower's suspicion, on average.
     * @param worstDetectionNs     T_D's bound: the longest timeout plus the p99 one-way delay.
     * @param mistakeRecurrenceNs  T_MR: mean time between two wrong suspicions of a live leader (infinite when none).
     * @param mistakeDurationNs    T_M: how long a wrong suspicion lasts, until the next heartbeat arrives.
     * @param queryAccuracy        P_A: the probability that, at a random instant, the follower does not wrongly suspect.
     */
    public record Quality(
        long detectionNs, long worstDetectionNs, double mistakeRecurrenceNs, long mistakeDurationNs, double queryAccuracy)
    {
    }
}
