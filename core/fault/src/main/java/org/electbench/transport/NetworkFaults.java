package org.electbench.transport;

import java.util.Arrays;

/**
 * The network faults in force (partitions, one-way cuts, loss bursts, extra delay), applied
 * edge by edge as a runtime reaches each fault's start and end, so that every runtime gives
 * them the same meaning. Single-threaded: a runtime with several threads keeps one copy per
 * thread and applies the same edges to each.
 */
public final class NetworkFaults
{
    private final int clusterSize;
    private final int[] group;
    private final int[] cutCount;
    private int activePartition = -1;
    private int activeCuts;
    /** Whether a cut was applied since the last {@link #clear}: only then can the cut matrix hold anything. */
    private boolean cutSinceClear;
    private int activeLossFault = -1;
    private double lossProbability;
    private long extraDelayNs;

    public NetworkFaults(final int clusterSize)
    {
        this.clusterSize = clusterSize;
        group = new int[clusterSize + 1];
        cutCount = new int[(clusterSize + 1) * (clusterSize + 1)];
    }

    /** @return the cluster size N this state was made for. */
    public int clusterSize()
    {
        return clusterSize;
    }

    /** Heal everything, as at the start of a run. */
    public void clear()
    {
        Arrays.fill(group, 0);
        if (cutSinceClear)
        {
            // At n = 1024 the matrix is 4 MiB: a run with no cut, most of them, does not clear it.
            Arrays.fill(cutCount, 0);
            cutSinceClear = false;
        }
        activePartition = -1;
        activeCuts = 0;
        activeLossFault = -1;
        lossProbability = 0;
        extraDelayNs = 0;
    }

    /** @return whether a message from one node to another is lost to a partition or a cut. */
    public boolean blocked(final int fromId, final int toId)
    {
        // The counters first: at n=1024 the cut matrix is 4 MiB, a cache miss per message when read.
        return (activePartition >= 0 && group[fromId] != group[toId]) ||
            (activeCuts > 0 && cutCount[fromId * (clusterSize + 1) + toId] > 0);
    }

    /** @return whether no partition, cut, loss burst or extra delay is in force. */
    public boolean healed()
    {
        return activePartition < 0 && 0 == activeCuts && activeLossFault < 0 && 0 == lossProbability && 0 == extraDelayNs;
    }

    /** @return the loss a LOSS fault adds now, 0 with none. */
    public double lossProbability()
    {
        return lossProbability;
    }

    /** @return the delay EXTRA_DELAY faults add now. */
    public long extraDelayNs()
    {
        return extraDelayNs;
    }

    /**
     * @param index the fault's index in the plan, so that only the fault that set a partition or
     *              a loss can end it.
     * @param fault one of PARTITION, CUT, LOSS, EXTRA_DELAY; others are ignored.
     * @param end   whether its duration is over.
     */
    public void apply(final int index, final Fault fault, final boolean end)
    {
        switch (fault.kind())
        {
            case PARTITION:
                if (end)
                {
                    if (activePartition == index)
                    {
                        Arrays.fill(group, 0);
                        activePartition = -1;
                    }
                }
                else
                {
                    // Nodes named in no group form one more group.
                    final int[][] groups = fault.groups();
                    Arrays.fill(group, groups.length + 1);
                    for (int g = 0; g < groups.length; g++)
                    {
                        for (final int id : groups[g])
                        {
                            group[id] = g + 1;
                        }
                    }
                    activePartition = index;
                }
                break;
            case CUT:
                cutSinceClear = true;
                cutCount[fault.nodeId() * (clusterSize + 1) + fault.peerId()] += end ? -1 : 1;
                activeCuts += end ? -1 : 1;
                break;
            case LOSS:
                if (end)
                {
                    if (activeLossFault == index)
                    {
                        lossProbability = 0;
                        activeLossFault = -1;
                    }
                }
                else
                {
                    lossProbability = fault.probability();
                    activeLossFault = index;
                }
                break;
            case EXTRA_DELAY:
                extraDelayNs += end ? -fault.extraDelayNs() : fault.extraDelayNs();
                break;
            default:
                break;
        }
    }

    /** @return whether a fault of this kind has an end edge that undoes it. */
    public static boolean hasEnd(final Fault.Kind kind)
    {
        switch (kind)
        {
            case PARTITION:
            case CUT:
            case LOSS:
            case EXTRA_DELAY:
                return true;
            default:
                return false;
        }
    }
}
