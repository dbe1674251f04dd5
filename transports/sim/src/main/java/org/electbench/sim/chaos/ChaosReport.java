package org.electbench.sim.chaos;

import java.util.Set;

import org.electbench.spi.LivenessPromise;
import org.electbench.transport.NetworkModel;
import org.electbench.transport.chaos.ChaosFault;

/**
 * What {@link ChaosExplorer#explore} found for one algorithm: schedules run, schedules showing
 * each {@link Violation}, and for each the seed of the first schedule (the lowest index) that
 * showed it; the liveness promise schedules were held to, how many left too few nodes for it,
 * and the slowest agreement after the last heal among those that did not.
 */
public final class ChaosReport
{
    private final String algorithm;
    private final int nodes;
    private final long seed;
    private final Set<ChaosFault> kinds;
    private final NetworkModel network;
    private final int schedules;
    private final long[] countByViolation;
    private final long[] firstSeedByViolation;
    private final boolean[] foundByViolation;
    private final long events;
    private final long wallNs;
    private final LivenessPromise promise;
    private final long unpromised;
    private final long slowestAgreementNs;
    private final long slowestSeed;

    ChaosReport(
        final String algorithm,
        final int nodes,
        final long seed,
        final Set<ChaosFault> kinds,
        final NetworkModel network,
        final int schedules,
        final long[] countByViolation,
        final long[] firstSeedByViolation,
        final boolean[] foundByViolation,
        final long events,
        final long wallNs,
        final LivenessPromise promise,
        final long unpromised,
        final long slowestAgreementNs,
        final long slowestSeed)
    {
        this.algorithm = algorithm;
        this.nodes = nodes;
        this.seed = seed;
        this.kinds = kinds;
        this.network = network;
        this.schedules = schedules;
        this.countByViolation = countByViolation;
        this.firstSeedByViolation = firstSeedByViolation;
        this.foundByViolation = foundByViolation;
        this.events = events;
        this.wallNs = wallNs;
        this.promise = promise;
        this.unpromised = unpromised;
        this.slowestAgreementNs = slowestAgreementNs;
        this.slowestSeed = slowestSeed;
    }

    /** @return what the algorithm promised after the last heal: how many live nodes, and the bound. */
    public LivenessPromise promise()
    {
        return promise;
    }

    /** @return schedules that left fewer live nodes than a leader needs: none was promised, none is owed. */
    public long unpromised()
    {
        return unpromised;
    }

    /**
     * @return the longest a schedule that was promised a leader took from its last heal to the
     * agreement that held, or -1 when none agreed (or none was promised); a stuck one counts
     * only if it agreed late.
     */
    public long slowestAgreementNs()
    {
        return slowestAgreementNs;
    }

    /** @return the seed of the schedule behind {@link #slowestAgreementNs()} (meaningless when that is -1). */
    public long slowestSeed()
    {
        return slowestSeed;
    }

    public String algorithm()
    {
        return algorithm;
    }

    public int nodes()
    {
        return nodes;
    }

    /** @return the exploration's seed; schedule i ran with {@code Seeds.derive(seed, i)}. */
    public long seed()
    {
        return seed;
    }

    public Set<ChaosFault> kinds()
    {
        return kinds;
    }

    public NetworkModel network()
    {
        return network;
    }

    public int schedules()
    {
        return schedules;
    }

    /** @return schedules that showed the violation. */
    public long count(final Violation violation)
    {
        return countByViolation[violation.ordinal()];
    }

    /** @return whether any schedule showed the violation. */
    public boolean found(final Violation violation)
    {
        return foundByViolation[violation.ordinal()];
    }

    /**
     * @return the seed of the lowest-index schedule that showed the violation.
     * @throws IllegalStateException when none did, see {@link #found}.
     */
    public long firstSeed(final Violation violation)
    {
        if (!found(violation))
        {
            throw new IllegalStateException("no schedule showed " + violation.key());
        }
        return firstSeedByViolation[violation.ordinal()];
    }

    /** @return simulator events over all schedules. */
    public long events()
    {
        return events;
    }

    /** @return wall-clock time the exploration took. */
    public long wallNs()
    {
        return wallNs;
    }

    public double schedulesPerSecond()
    {
        return wallNs <= 0 ? 0 : schedules * 1e9 / wallNs;
    }
}
