package org.electbench.aeron;

import java.net.InetAddress;
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
 * header can be read. A sound frame then meets the cluster's {@link FrameTrust} checks: the
 * sender's address, the key, the fingerprint, one process per id.
 */
public final class FrameValidator
{
    private final int clusterId;
    private final int clusterSize;
    private final int selfId;
    private final int typeCount;
    private final FrameTrust trust;
    private final AtomicLongArray counts = new AtomicLongArray(FrameVerdict.all().length);

    /**
     * @param clusterId   the id every frame of this cluster carries.
     * @param clusterSize N: valid senders are 1..N.
     * @param selfId      the receiving node, never a valid sender.
     * @param typeCount   the algorithm's number of message types: valid types are 0..typeCount-1.
     */
    public FrameValidator(final int clusterId, final int clusterSize, final int selfId, final int typeCount)
    {
        this(clusterId, clusterSize, selfId, typeCount, Membership.open(), null);
    }

    /**
     * @param membership who may send, from where, with which fingerprint and key.
     * @param listener   told of the first refusal of each kind per sender, or null.
     */
    public FrameValidator(
        final int clusterId,
        final int clusterSize,
        final int selfId,
        final int typeCount,
        final Membership membership,
        final FrameTrust.Listener listener)
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
        this.trust = new FrameTrust(membership, clusterSize, selfId, listener);
    }

    /**
     * Classifies a frame and counts the verdict.
     *
     * @return the verdict; on {@link FrameVerdict#OK} the message starts at
     * {@code offset + FrameHeader.MESSAGE_OFFSET} and runs to the frame's end.
     */
    public FrameVerdict validate(final DirectBuffer buffer, final int offset, final int length)
    {
        return validate(buffer, offset, length, null);
    }

    /**
     * Classifies a frame received from {@code source} and counts the verdict.
     *
     * @param source where the frame's session came from ({@link SourceAddresses}); null when unknown,
     *               which only an open {@link Membership} accepts.
     * @return the verdict; on {@link FrameVerdict#OK} the message starts at
     * {@code offset + FrameHeader.MESSAGE_OFFSET} and is {@link #messageLength} long.
     */
    public FrameVerdict validate(final DirectBuffer buffer, final int offset, final int length, final InetAddress source)
    {
        FrameVerdict verdict = classify(buffer, offset, length);
        if (FrameVerdict.OK == verdict)
        {
            verdict = trust.check(buffer, offset, length, FrameHeader.senderId(buffer, offset), source);
        }
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
            (FrameHeader.flags(buffer, offset) & ~FrameHeader.FLAG_MAC) != 0 || FrameHeader.reserved(buffer, offset) != 0)
        {
            return FrameVerdict.FOREIGN;
        }
        if (length > FrameHeader.MAX_FRAME_LENGTH)
        {
            return FrameVerdict.OVERSIZE;
        }
        final int messageOffset = offset + FrameHeader.MESSAGE_OFFSET;
        final int tagLength = FrameHeader.tagLength(buffer, offset);
        if (length < FrameHeader.MIN_FRAME_LENGTH + tagLength ||
            FrameHeader.LENGTH + MessageHeader.messageLength(buffer, messageOffset) + tagLength != length)
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

    /** @return the length of a valid frame's message: the frame without its header and tag. */
    public static int messageLength(final DirectBuffer buffer, final int offset, final int length)
    {
        return length - FrameHeader.LENGTH - FrameHeader.tagLength(buffer, offset);
    }

    /** @return the checks of who sent a frame, with the incarnation heard for each node. */
    public FrameTrust trust()
    {
        return trust;
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
