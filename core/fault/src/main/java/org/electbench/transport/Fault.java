package org.electbench.transport;

import java.util.Arrays;

/**
 * One fault of a {@link FaultPlan}, at a time and, where it has one, for a duration. Runtimes
 * apply faults at their send/receive edge with the same meaning everywhere:
 * <ul>
 *   <li>CRASH: the node stops; messages to it are lost, its timers never fire;</li>
 *   <li>RECOVER: the node restarts with fresh state ({@link org.electbench.spi.Start#RECOVERED});</li>
 *   <li>PAUSE: the node is frozen for the duration: nothing it receives or set is processed until
 *       it resumes, then everything is, in order (the zombie-leader case);</li>
 *   <li>PARTITION: nodes in different groups cannot reach each other for the duration;</li>
 *   <li>CUT: the one-way link from node to peer drops everything for the duration;</li>
 *   <li>LOSS: every message is lost with the probability for the duration;</li>
 *   <li>EXTRA_DELAY: every message takes the extra delay on top of the network's for the duration;</li>
 *   <li>CRASH_AFTER_SEND: the node crashes right after it sends its first message of the named type
 *       (any election message when no type is named) at or after the time; with the node
 *       {@link #FIRST_SENDER}, whichever node sends such a message first.</li>
 * </ul>
 */
public final class Fault
{
    public enum Kind
    {
        CRASH, RECOVER, PAUSE, PARTITION, CUT, LOSS, EXTRA_DELAY, CRASH_AFTER_SEND
    }

    /** The node of a CRASH_AFTER_SEND fault that hits whichever node sends the message first. */
    public static final int FIRST_SENDER = 0;

    /**
     * The type of a CRASH_AFTER_SEND fault that waits for the node's election to begin and crashes
     * it after its first election or announcement message that a live node receives.
     */
    public static final String ONCE_HEARD = "once-heard";

    private final Kind kind;
    private final long atNs;
    private final long durationNs;
    private final int nodeId;
    private final int peerId;
    private final int[][] groups;
    private final double probability;
    private final long extraDelayNs;
    private final String typeName;

    Fault(
        final Kind kind,
        final long atNs,
        final long durationNs,
        final int nodeId,
        final int peerId,
        final int[][] groups,
        final double probability,
        final long extraDelayNs,
        final String typeName)
    {
        if (atNs < 0)
        {
            throw new IllegalArgumentException(kind + " fault time must be >= 0, got " + atNs + " ns");
        }
        if (durationNs < 0)
        {
            throw new IllegalArgumentException(kind + " fault duration must be >= 0, got " + durationNs + " ns");
        }
        this.kind = kind;
        this.atNs = atNs;
        this.durationNs = durationNs;
        this.nodeId = nodeId;
        this.peerId = peerId;
        this.groups = groups;
        this.probability = probability;
        this.extraDelayNs = extraDelayNs;
        this.typeName = typeName;
    }

    public Kind kind()
    {
        return kind;
    }

    public long atNs()
    {
        return atNs;
    }

    public long durationNs()
    {
        return durationNs;
    }

    /** @return when the fault's effect ends (for faults without a duration, when it happens). */
    public long endNs()
    {
        return atNs + durationNs;
    }

    public int nodeId()
    {
        return nodeId;
    }

    public int peerId()
    {
        return peerId;
    }

    /** @return the groups of a partition, each an array of ids; nodes in no group form one more group. */
    public int[][] groups()
    {
        return groups;
    }

    public double probability()
    {
        return probability;
    }

    public long extraDelayNs()
    {
        return extraDelayNs;
    }

    /** @return the message type that triggers CRASH_AFTER_SEND, or null for any election message. */
    public String typeName()
    {
        return typeName;
    }

    /**
     * @param nodeCount N.
     * @throws IllegalArgumentException when the fault names an id outside 1..N.
     */
    void validate(final int nodeCount)
    {
        switch (kind)
        {
            case CUT:
                requireId(peerId, nodeCount);
                requireId(nodeId, nodeCount);
                break;
            case PARTITION:
                for (final int[] group : groups)
                {
                    for (final int id : group)
                    {
                        requireId(id, nodeCount);
                    }
                }
                break;
            case LOSS:
            case EXTRA_DELAY:
                break;
            case CRASH_AFTER_SEND:
                if (FIRST_SENDER != nodeId)
                {
                    requireId(nodeId, nodeCount);
                }
                break;
            default:
                requireId(nodeId, nodeCount);
        }
    }

    private void requireId(final int id, final int nodeCount)
    {
        if (id < 1 || id > nodeCount)
        {
            throw new IllegalArgumentException(kind + " fault names node " + id + ", but ids are 1.." + nodeCount);
        }
    }

    @Override
    public String toString()
    {
        final StringBuilder text = new StringBuilder().append(kind).append('@').append(Durations.format(atNs));
        if (durationNs > 0)
        {
            text.append('+').append(Durations.format(durationNs));
        }
        switch (kind)
        {
            case PARTITION:
                text.append(' ').append(Arrays.deepToString(groups));
                break;
            case CUT:
                text.append(' ').append(nodeId).append("->").append(peerId);
                break;
            case LOSS:
                text.append(' ').append(probability);
                break;
            case EXTRA_DELAY:
                text.append(' ').append(Durations.format(extraDelayNs));
                break;
            case CRASH_AFTER_SEND:
                text.append(' ').append(FIRST_SENDER == nodeId ? "first sender" : String.valueOf(nodeId))
                    .append(" after ").append(null == typeName ? "any" : typeName);
                break;
            default:
                text.append(' ').append(nodeId);
        }
        return text.toString();
    }
}
