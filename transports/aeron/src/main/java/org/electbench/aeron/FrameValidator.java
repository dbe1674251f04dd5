package org.electbench.aeron;

import java.util.concurrent.atomic.AtomicLongArray;

import org.agrona.DirectBuffer;
import org.electbench.spi.MessageHeader;

/**
 * Classifies incoming frames for one receiving node and counts each verdict.
 * <p>
 * One thread validates (the node's poller); any thread may read the counts. Counts are
 * published with release stores and no allocation, so reading them costs the poller nothing.
 * Checks run from the cheapest identification to the most specific, so a frame of another
 * protocol is called {@link FrameVerdict#FOREIGN} whatever its length once its transport
 * header can be read.
 */
public final class FrameValidator
{
    private final int clusterId;
    private final int clusterSize;
    private final int selfId;
    private final int typeCount;
    private final AtomicLongArray counts = new AtomicLongArray(FrameVerdict.all().length);

    /**
     * @param clusterId   the id every frame of this cluster carries.
     * @param clusterSize N: valid senders are 1..N.
     * @param selfId      the receiving node, never a valid sender.
     * @param typeCount   the algorithm's number of message types: valid types are 0..typeCount-1.
     */
    public FrameValidator(final int clusterId, final int clusterSize, final int selfId, final int typeCount)
    {
        if (clusterSize < 1)
        {
            throw new IllegalArgumentException("clusterSize must be at least 1, was " + clusterSize);
        }
        if (selfId < 1 || selfId > clusterSize)
        {
            throw new IllegalArgumentException("selfId must be in 1.." + clusterSize + ", was " + selfId);
        }
        if (typeCount < 1 || typeCount > 0xFFFF)
        {
            throw new IllegalArgumentException("typeCount must be in 1..65535, was " + typeCount);
        }
        this.clusterId = clusterId;
        this.clusterSize = clusterSize;
        this.selfId = selfId;
        this.typeCount = typeCount;
    }

    /**
     * Classifies a frame and counts the verdict.
     *
     * @return the verdict; on {@link FrameVerdict#OK} the message starts at
     * {@code offset + FrameHeader.MESSAGE_OFFSET} and runs to the frame's end.
     */
    public FrameVerdict validate(final DirectBuffer buffer, final int offset, final int length)
    {
        final FrameVerdict verdict = classify(buffer, offset, length);
        final int index = verdict.ordinal();
        counts.setRelease(index, counts.getPlain(index) + 1);
        return verdict;
    }

    private FrameVerdict classify(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < FrameHeader.LENGTH)
        {
            return FrameVerdict.SHORT;
        }
        if (FrameHeader.magic(buffer, offset) != FrameHeader.MAGIC ||
            FrameHeader.version(buffer, offset) != FrameHeader.VERSION ||
            FrameHeader.clusterId(buffer, offset) != clusterId ||
            FrameHeader.flags(buffer, offset) != 0)
        {
            return FrameVerdict.FOREIGN;
        }
        if (length > FrameHeader.MAX_FRAME_LENGTH)
        {
            return FrameVerdict.OVERSIZE;
        }
        final int messageOffset = offset + FrameHeader.MESSAGE_OFFSET;
        if (length < FrameHeader.MIN_FRAME_LENGTH ||
            FrameHeader.LENGTH + MessageHeader.messageLength(buffer, messageOffset) != length)
        {
            return FrameVerdict.SHORT;
        }
        final int senderId = FrameHeader.senderId(buffer, offset);
        if (senderId < 1 || senderId > clusterSize || senderId == selfId ||
            MessageHeader.senderId(buffer, messageOffset) != senderId)
        {
            return FrameVerdict.UNKNOWN_SENDER;
        }
        if (MessageHeader.type(buffer, messageOffset) >= typeCount)
        {
            return FrameVerdict.UNKNOWN_TYPE;
        }
        return FrameVerdict.OK;
    }

    /** @return how many frames got this verdict so far. */
    public long count(final FrameVerdict verdict)
    {
        return counts.get(verdict.ordinal());
    }

    /** @return frames dropped so far, all reasons together. */
    public long dropped()
    {
        long total = 0;
        for (final FrameVerdict verdict : FrameVerdict.all())
        {
            if (FrameVerdict.OK != verdict)
            {
                total += counts.get(verdict.ordinal());
            }
        }
        return total;
    }

    /**
     * Copies the counts, indexed by {@link FrameVerdict#ordinal()}, without allocating.
     *
     * @param into at least as long as the number of verdicts.
     */
    public void snapshot(final long[] into)
    {
        for (int i = 0, size = counts.length(); i < size; i++)
        {
            into[i] = counts.get(i);
        }
    }

    public int clusterId()
    {
        return clusterId;
    }

    public int clusterSize()
    {
        return clusterSize;
    }

    public int selfId()
    {
        return selfId;
    }

    public int typeCount()
    {
        return typeCount;
    }
}
