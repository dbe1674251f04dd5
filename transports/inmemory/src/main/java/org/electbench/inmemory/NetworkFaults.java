package org.electbench.inmemory;

import java.util.Arrays;

import org.electbench.transport.Fault;

/**
 * The network faults in force, as one worker sees them: every worker applies the same fault
 * edges at the same scenario times to its own copy, so the send and receive edges read state
 * their own thread owns and nothing here is shared. Same meaning as the simulator's.
 */
final class NetworkFaults
{
    private final int clusterSize;
    private final int[] group;
    private final int[] cutCount;
    private int activePartition = -1;
    private int activeLossFault = -1;
    private double lossProbability;
    private long extraDelayNs;

    NetworkFaults(final int clusterSize)
    {
        this.clusterSize = clusterSize;
        group = new int[clusterSize + 1];
        cutCount = new int[(clusterSize + 1) * (clusterSize + 1)];
    }

    /** @return whether a message from one node to another is lost to a partition or a cut. */
    boolean blocked(final int fromId, final int toId)
    {
        return group[fromId] != group[toId] || cutCount[fromId * (clusterSize + 1) + toId] > 0;
    }

    /** @return the loss a LOSS fault adds now, 0 with none. */
    double lossProbability()
    {
        return lossProbability;
    }

    /** @return the delay EXTRA_DELAY faults add now. */
    long extraDelayNs()
    {
        return extraDelayNs;
    }

    /**
     * @param index the fault's index in the plan, so that only the fault that set a partition or
     *              a loss can end it.
     * @param fault one of PARTITION, CUT, LOSS, EXTRA_DELAY; others are ignored.
     * @param end   whether its duration is over.
     */
    void apply(final int index, final Fault fault, final boolean end)
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
                cutCount[fault.nodeId() * (clusterSize + 1) + fault.peerId()] += end ? -1 : 1;
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
    static boolean hasEnd(final Fault.Kind kind)
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
