package org.electbench.transport.kind;

import java.util.Arrays;
import java.util.Set;
import java.util.SplittableRandom;

import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.Start;
import org.electbench.transport.FaultPlan;
import org.electbench.transport.chaos.ChaosFault;

/**
 * A run being planned, as a {@link KindDefinition} sees it: what it may read (cluster, settings,
 * seed, the seeded instant of the first fault) and what it fills in (faults, the start, the
 * instants measurement is anchored to, the side of the fault that must elect). Until a kind says
 * otherwise the cluster starts settled and everything is measured from the first fault, which
 * divides nothing.
 */
public final class PlanDraft
{
    private final ElectionAlgorithm algorithm;
    private final int nodes;
    private final ElectionSettings settings;
    private final long seed;
    private final SplittableRandom random;
    private final long faultAtNs;
    private final long faultDurationNs;
    private final Set<ChaosFault> chaosFaults;
    private final FaultPlan extraFaults;
    private final FaultPlan.Builder faults = FaultPlan.builder();
    private final boolean[] side;
    private Start start = Start.SETTLED;
    private long referenceNs;
    private long faultNs;
    private long sideEndNs;

    /**
     * @param faultDurationNs the fault duration as given, 0 for each kind's default.
     * @param extraFaults     the faults given explicitly, added to the kind's own.
     */
    public PlanDraft(
        final ElectionAlgorithm algorithm,
        final int nodes,
        final ElectionSettings settings,
        final long seed,
        final SplittableRandom random,
        final long faultAtNs,
        final long faultDurationNs,
        final Set<ChaosFault> chaosFaults,
        final FaultPlan extraFaults)
    {
        this.algorithm = algorithm;
        this.nodes = nodes;
        this.settings = settings;
        this.seed = seed;
        this.random = random;
        this.faultAtNs = faultAtNs;
        this.faultDurationNs = faultDurationNs;
        this.chaosFaults = chaosFaults;
        this.extraFaults = extraFaults;
        side = new boolean[nodes + 1];
        Arrays.fill(side, 1, nodes + 1, true);
        referenceNs = faultAtNs;
        faultNs = faultAtNs;
        sideEndNs = faultAtNs;
    }

    public ElectionAlgorithm algorithm()
    {
        return algorithm;
    }

    public int nodes()
    {
        return nodes;
    }

    public ElectionSettings settings()
    {
        return settings;
    }

    public long seed()
    {
        return seed;
    }

    /** @return the run's seeded draws, for a kind whose faults fall at random (the fault instant is drawn already). */
    public SplittableRandom random()
    {
        return random;
    }

    /** @return the seeded instant of the first fault: 2 HBT plus a phase in [0, HBT). */
    public long faultAtNs()
    {
        return faultAtNs;
    }

    /** @return the fault duration given, or {@code defaultNs} when none was. */
    public long faultDurationOr(final long defaultNs)
    {
        return 0 == faultDurationNs ? defaultNs : faultDurationNs;
    }

    public Set<ChaosFault> chaosFaults()
    {
        return chaosFaults;
    }

    public FaultPlan extraFaults()
    {
        return extraFaults;
    }

    /** @return the kind's own faults, to add to. */
    public FaultPlan.Builder faults()
    {
        return faults;
    }

    /** Every node boots with no leader and everything is measured from time 0. */
    public void coldStart()
    {
        start = Start.COLD;
        measureFrom(0);
        faultStartsAt(0);
    }

    /** @param atNs the reference instant convergence is measured from (the heal, the last recovery). */
    public void measureFrom(final long atNs)
    {
        referenceNs = atNs;
    }

    /** @param atNs when the fault begins and stops dividing the cluster, for a fault that divides nothing. */
    public void faultStartsAt(final long atNs)
    {
        faultNs = atNs;
        sideEndNs = atNs;
    }

    /**
     * @param id      a node that is not on the side that must elect while the fault divides the cluster.
     * @param untilNs when the fault stops dividing it.
     */
    public void outsideUntil(final int id, final long untilNs)
    {
        side[id] = false;
        sideEndNs = untilNs;
    }

    public Start start()
    {
        return start;
    }

    public long referenceNs()
    {
        return referenceNs;
    }

    public long faultNs()
    {
        return faultNs;
    }

    public long sideEndNs()
    {
        return sideEndNs;
    }

    /** @return indexed by id, whose view counts for availability until {@link #sideEndNs()}. */
    public boolean[] side()
    {
        return side;
    }
}
