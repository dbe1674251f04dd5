package org.electbench.transport.host;

import java.util.Arrays;
import java.util.random.RandomGenerator;

import org.electbench.transport.DelayDistribution;
import org.electbench.transport.Fault;
import org.electbench.transport.NetworkFaults;
import org.electbench.transport.NetworkModel;

/**
 * What the modelled network does to each copy a node sends, the same in every runtime: lost
 * with the base loss or a loss burst's, blocked by a partition or a cut, otherwise due after the
 * model's delay plus any extra-delay fault, and on a FIFO network never before a copy sent
 * earlier on the same link. The random draws come from the sender's own source in a fixed order
 * (loss, then delay), so the same seed gives the same fates on any runtime.
 * <p>
 * Single-threaded: a runtime with several threads keeps one per thread and applies the same
 * fault edges to each ({@link #apply}).
 */
public final class SendEdge
{
    /** {@link #admit}'s answer for a copy lost to loss. */
    public static final long LOST = -1;
    /** {@link #admit}'s answer for a copy stopped by a partition or a cut. */
    public static final long BLOCKED = -2;

    private final int clusterSize;
    private final NetworkFaults faults;
    /** What a constant delay is read with: it draws nothing, but a delay samples from a source. */
    private final ReseedableRandom constantSource = new ReseedableRandom(0);
    private DelayDistribution delay;
    private boolean constantDelay;
    private long constantDelayNs;
    private boolean fifo;
    private double baseLossProbability;
    private long[] lastArrivalNs;

    public SendEdge(final int clusterSize)
    {
        this.clusterSize = clusterSize;
        faults = new NetworkFaults(clusterSize);
    }

    /** Sets the run's network, heals every fault and forgets every link's last arrival. */
    public void reset(final NetworkModel network)
    {
        delay = network.delay();
        constantDelay = delay.isConstant();
        constantDelayNs = constantDelay ? delay.sampleNs(constantSource.reseed(0)) : 0;
        // With one delay for every message a link cannot reorder.
        fifo = network.fifo() && !constantDelay;
        baseLossProbability = network.lossProbability();
        faults.clear();
        if (fifo && null == lastArrivalNs)
        {
            lastArrivalNs = new long[(clusterSize + 1) * (clusterSize + 1)];
        }
        else if (fifo)
        {
            // Runs start at 0 on every runtime's clock.
            Arrays.fill(lastArrivalNs, 0);
        }
    }

    /** Applies a network fault's start or end (partition, cut, loss, extra delay; others are ignored). */
    public void apply(final int index, final Fault fault, final boolean end)
    {
        faults.apply(index, fault, end);
    }

    /** @return whether a copy from one node to another is stopped by a partition or a cut now. */
    public boolean blocked(final int fromId, final int toId)
    {
        return faults.blocked(fromId, toId);
    }

    /** @return whether no network fault is in force: every copy takes the network's own delay and loss. */
    public boolean healed()
    {
        return faults.healed();
    }

    /** @return whether every copy takes the same delay (so arrivals of one send coincide). */
    public boolean constantDelay()
    {
        return constantDelay;
    }

    /** @return whether a link holds a later copy back to an earlier one's arrival (a FIFO network, its delay not constant). */
    public boolean fifo()
    {
        return fifo;
    }

    /** @return on a FIFO network, the latest arrival of a copy sent on the link so far (0 for none); 0 otherwise. */
    public long lastArrivalNs(final int fromId, final int toId)
    {
        return fifo ? lastArrivalNs[fromId * (clusterSize + 1) + toId] : 0;
    }

    /**
     * On a FIFO network, holds the link's next copies back to no earlier than {@code atNs}, as if a
     * copy sent before had arrived then (a run started part-way, its earlier copies not sent).
     */
    public void holdBack(final int fromId, final int toId, final long atNs)
    {
        if (fifo)
        {
            lastArrivalNs[fromId * (clusterSize + 1) + toId] = atNs;
        }
    }

    /**
     * Draws the fate of one copy.
     *
     * @param random the sender's network source ({@link org.electbench.transport.Seeds#senderRandom}).
     * @return the instant it arrives, or {@link #LOST} or {@link #BLOCKED}.
     */
    public long admit(final int fromId, final int toId, final long nowNs, final RandomGenerator random)
    {
        final double lossProbability = Math.max(baseLossProbability, faults.lossProbability());
        if (lossProbability > 0 && random.nextDouble() < lossProbability)
        {
            return LOST;
        }
        if (faults.blocked(fromId, toId))
        {
            return BLOCKED;
        }
        long arrivalNs = nowNs + faults.extraDelayNs() + (constantDelay ? constantDelayNs : delay.sampleNs(random));
        if (fifo)
        {
            final int link = fromId * (clusterSize + 1) + toId;
            if (arrivalNs - lastArrivalNs[link] < 0)
            {
                arrivalNs = lastArrivalNs[link];
            }
            lastArrivalNs[link] = arrivalNs;
        }
        return arrivalNs;
    }
}
