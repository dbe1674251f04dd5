package org.electbench.tune;

import java.util.List;

/**
 * What to tune for and how hard to look.
 *
 * @param nodes               cluster size N.
 * @param network             the fitted network (delay and loss).
 * @param pauses              node stalls.
 * @param targetPerDay        the false elections per day the user tolerates, greater than 0.
 * @param algorithms          registered algorithm names to sweep.
 * @param presets             real systems' defaults to evaluate as well.
 * @param grid                the sweep.
 * @param failoverRuns        leader crashes per setting (at least 1,000 for a p99 worth the name).
 * @param seed                seed of the first failover run; {@code simulate --seed} with the same value reproduces it.
 * @param threads             settings evaluated at once.
 */
public record TuneRequest(
    int nodes,
    NetworkFit network,
    PauseModel pauses,
    double targetPerDay,
    List<String> algorithms,
    List<Preset> presets,
    SweepGrid grid,
    int failoverRuns,
    long seed,
    int threads)
{
    public static final int DEFAULT_FAILOVER_RUNS = 1_000;

    /**
     * @throws IllegalArgumentException naming the flag whose value makes no sense.
     */
    public TuneRequest
    {
        if (nodes < 2)
        {
            throw new IllegalArgumentException("--nodes must be at least 2, was " + nodes);
        }
        if (!(targetPerDay > 0) || !Double.isFinite(targetPerDay))
        {
            throw new IllegalArgumentException("--false-elections-per-day must be a number greater than 0 (no setting can " +
                "promise none: every timeout can be outlasted), was " + targetPerDay);
        }
        if (failoverRuns < 1)
        {
            throw new IllegalArgumentException("--failover-runs must be at least 1 (1000 or more for a p99 worth the name), was " +
                failoverRuns);
        }
        if (algorithms.isEmpty())
        {
            throw new IllegalArgumentException("--algorithm: no algorithm to tune");
        }
        if (threads < 1)
        {
            throw new IllegalArgumentException("--threads must be at least 1, was " + threads);
        }
        algorithms = List.copyOf(algorithms);
        presets = List.copyOf(presets);
    }

    /** @return the default effort for the rest. */
    public static TuneRequest of(
        final int nodes, final NetworkFit network, final PauseModel pauses, final double targetPerDay,
        final List<String> algorithms, final List<Preset> presets, final long seed, final int threads)
    {
        return new TuneRequest(nodes, network, pauses, targetPerDay, algorithms, presets, SweepGrid.defaults(),
            DEFAULT_FAILOVER_RUNS, seed, threads);
    }

    /** @return this request with another sweep and effort, for quick runs such as tests. */
    public TuneRequest withEffort(final SweepGrid grid, final int failoverRuns)
    {
        return new TuneRequest(nodes, network, pauses, targetPerDay, algorithms, presets, grid, failoverRuns, seed, threads);
    }
}
