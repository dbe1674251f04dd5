package org.electbench.aeron;


import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Image;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.FrameDescriptor;
import io.aeron.logbuffer.Header;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.MessageHeader;

/**
 * One node's end of the network: a subscription on the node's own channel and one exclusive
 * publication to each peer.
 * <p>
 * Single-threaded, as the node it serves: one thread claims, sends and polls. Sends write the
 * frame into one reused buffer and offer it, retrying a bounded number of times when Aeron
 * reports back pressure, no connection or an admin action; every outcome is counted in
 * {@link SendCounter}. Incoming frames go through a {@link FrameValidator}: valid messages reach
 * the {@link MessageHandler}, the rest are dropped and counted. Nothing on either path allocates
 * but the MAC of a cluster with a key (see {@link FrameMac}).
 * <p>
 * Between processes the endpoint is given its cluster's {@link Membership}: every publication
 * sends from the node's listed host, every frame carries the cluster's fingerprint, this
 * process's incarnation, its own sequence number and its receiver's id, and, with a key, a MAC
 * over all of them; incoming frames are checked against the same ({@link FrameTrust}).
 */
public final class AeronEndpoint implements Agent, AutoCloseable
{
    /** Fragments read per {@link #doWork()}, so one busy node cannot starve the others on its thread. */
    public static final int DEFAULT_FRAGMENT_LIMIT = 16;
    /**
     * Offers tried again after the first refusal before the frame is dropped. With the back
     * pressure back-off below, 32 retries wait about 2 ms in all: longer than the driver's
     * longest park (1 ms), so a busy driver is not taken for a full receiver.
     */
    public static final int DEFAULT_MAX_SEND_RETRIES = 32;

    private final int selfId;
    private final int clusterId;
    private final int clusterSize;
    private final int typeCount;
    private final int fragmentLimit;
    private final String roleName;
    private final MessageHandler handler;
    private final FrameValidator validator;
    private final Subscription subscription;
    private final ExclusivePublication[] publicationById;
    private final UnsafeBuffer frame;
    private final UnsafeBuffer message;
    private final RetryingOffer sender;
    private final FragmentHandler fragmentHandler = this::onFragment;
    private final SourceAddresses sources = new SourceAddresses();
    private final FrameMac mac;
    private final boolean stamped;
    private int claimedLength = -1;
    private long sequence;
    private boolean closed;

    /** An endpoint with the default fragment limit and send retries. */
    public AeronEndpoint(
        final Aeron aeron,
        final ChannelPlan plan,
        final int selfId,
        final int clusterId,
        final int typeCount,
        final MessageHandler handler)
    {
        this(aeron, plan, selfId, clusterId, typeCount, handler, DEFAULT_FRAGMENT_LIMIT, DEFAULT_MAX_SEND_RETRIES);
    }

    /** An endpoint of one process's nodes: {@link Membership#open()}, incarnation 0. */
    public AeronEndpoint(
        final Aeron aeron,
        final ChannelPlan plan,
        final int selfId,
        final int clusterId,
        final int typeCount,
        final MessageHandler handler,
        final int fragmentLimit,
        final int maxSendRetries)
    {
        this(aeron, plan, selfId, clusterId, typeCount, handler, fragmentLimit, maxSendRetries, Membership.open(), 0, null);
    }

    /**
     * @param aeron          a connected client; the endpoint adds its subscription and publications to it.
     * @param plan           where every node listens; N is its size.
     * @param selfId         this node, 1..N.
     * @param clusterId      written into every frame sent, required of every frame received.
     * @param typeCount      the algorithm's number of message types.
     * @param handler        receives valid messages on the polling thread.
     * @param fragmentLimit  most fragments read per {@link #doWork()}.
     * @param maxSendRetries offers tried again after a refusal before the frame is dropped.
     * @param membership     who may send, from where, with which fingerprint and key; this node sends from its host.
     * @param incarnation    this process's, drawn at its start; written into every frame.
     * @param listener       told of the first refusal of each kind per sender, or null.
     */
    public AeronEndpoint(
        final Aeron aeron,
        final ChannelPlan plan,
        final int selfId,
        final int clusterId,
        final int typeCount,
        final MessageHandler handler,
        final int fragmentLimit,
        final int maxSendRetries,
        final Membership membership,
        final long incarnation,
        final FrameTrust.Listener listener)
    {
        if (null == handler)
        {
            throw new IllegalArgumentException("handler must not be null");
        }
        if (fragmentLimit < 1)
        {
            throw new IllegalArgumentException("fragmentLimit must be at least 1, was " + fragmentLimit);
        }
        this.clusterSize = plan.clusterSize();
        this.validator = new FrameValidator(clusterId, clusterSize, selfId, typeCount, membership, listener);
        this.mac = membership.keyed() ? membership.newMac() : null;
        // Between processes every frame is numbered and addressed; inside one process nothing checks either.
        this.stamped = !membership.isOpen();
        this.selfId = selfId;
        this.clusterId = clusterId;
        this.typeCount = typeCount;
        this.fragmentLimit = fragmentLimit;
        final CallerCycles driverCycles = CallerCycles.of(aeron);
        this.sender = new RetryingOffer(maxSendRetries, driverCycles::tryRun);
        this.handler = handler;
        this.roleName = "aeron-endpoint-" + selfId;

        final byte[] frameBytes = new byte[FrameHeader.MAX_FRAME_LENGTH];
        frame = new UnsafeBuffer(frameBytes);
        message = new UnsafeBuffer(frameBytes, FrameHeader.MESSAGE_OFFSET, MessageHeader.MAX_MESSAGE_LENGTH);
        FrameHeader.write(frame, 0, clusterId, selfId, membership.fingerprint(), incarnation,
            null == mac ? 0 : FrameHeader.FLAG_MAC);

        publicationById = new ExclusivePublication[clusterSize + 1];
        Subscription sub = null;
        try
        {
            sub = aeron.addSubscription(plan.channel(selfId), plan.streamId(selfId));
            for (int id = 1; id <= clusterSize; id++)
            {
                if (id != selfId)
                {
                    publicationById[id] = aeron.addExclusivePublication(
                        membership.sendChannel(plan.channel(id), selfId), plan.streamId(id));
                }
            }
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietCloseAll(publicationById);
            CloseHelper.quietClose(sub);
            throw ex;
        }
        subscription = sub;
    }

    /**
     * Starts a message to send: writes its header and returns the buffer to write the body into,
     * at {@link MessageHeader#LENGTH}. The message stays claimed, and may be sent to several
     * peers, until the next claim.
     *
     * @param type       the message type, 0..typeCount-1.
     * @param bodyLength 0..{@link MessageHeader#MAX_BODY_LENGTH}.
     * @return the message buffer, the message header at offset 0.
     */
    public MutableDirectBuffer claim(final int type, final int bodyLength)
    {
        if (type < 0 || type >= typeCount)
        {
            throw new IllegalArgumentException("type must be in 0.." + (typeCount - 1) + ", was " + type);
        }
        if (bodyLength < 0 || bodyLength > MessageHeader.MAX_BODY_LENGTH)
        {
            throw new IllegalArgumentException(
                "bodyLength must be in 0.." + MessageHeader.MAX_BODY_LENGTH + ", was " + bodyLength);
        }
        MessageHeader.write(message, 0, type, bodyLength, selfId);
        claimedLength = MessageHeader.LENGTH + bodyLength;
        return message;
    }

    /**
     * Sends the claimed message to one peer.
     *
     * @param toId a node id, 1..N; sending to oneself is no message and is ignored.
     * @return whether Aeron accepted the frame; a refusal is counted in {@link SendCounter}.
     */
    public boolean send(final int toId)
    {
        if (claimedLength < 0)
        {
            throw new IllegalStateException("nothing claimed: call claim(type, bodyLength) before send");
        }
        final ExclusivePublication publication = publication(toId);
        return null != publication && offer(publication, frameLength(toId));
    }

    /**
     * Sends the claimed message to every peer.
     *
     * @return how many peers Aeron accepted it for.
     */
    public int broadcast()
    {
        if (claimedLength < 0)
        {
            throw new IllegalStateException("nothing claimed: call claim(type, bodyLength) before broadcast");
        }
        int accepted = 0;
        for (int id = 1; id <= clusterSize; id++)
        {
            final ExclusivePublication publication = publicationById[id];
            if (null != publication && offer(publication, frameLength(id)))
            {
                accepted++;
            }
        }
        return accepted;
    }

    /**
     * Copies a whole message (header and body), written elsewhere, and sends it to one peer. It
     * becomes the claimed message.
     *
     * @return whether Aeron accepted the frame.
     */
    public boolean send(final int toId, final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < MessageHeader.LENGTH || length > MessageHeader.MAX_MESSAGE_LENGTH ||
            MessageHeader.messageLength(buffer, offset) != length)
        {
            throw new IllegalArgumentException("a message is " + MessageHeader.LENGTH + ".." +
                MessageHeader.MAX_MESSAGE_LENGTH + " bytes and as long as its header says; was " + length + " bytes");
        }
        message.putBytes(0, buffer, offset, length);
        claimedLength = length;
        return send(toId);
    }

    private ExclusivePublication publication(final int toId)
    {
        if (toId < 1 || toId > clusterSize)
        {
            throw new IllegalArgumentException("toId must be in 1.." + clusterSize + ", was " + toId);
        }
        return publicationById[toId];
    }

    /**
     * Between processes, numbers the frame and addresses it to {@code toId}, then signs it when the
     * cluster has a key: a frame is signed per receiver, so a copy sent to another is refused there.
     *
     * @return the claimed message's frame length, the tag included.
     */
    private int frameLength(final int toId)
    {
        final int length = FrameHeader.LENGTH + claimedLength;
        if (stamped)
        {
            FrameHeader.stamp(frame, 0, ++sequence, toId);
        }
        return null == mac ? length : mac.sign(frame, 0, length);
    }

    private boolean offer(final ExclusivePublication publication, final int frameLength)
    {
        return sender.offer(publication, frame, frameLength, null);
    }

    @Override
    public int doWork()
    {
        return subscription.poll(fragmentHandler, fragmentLimit);
    }

    private void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        // Frames of this transport are never fragmented; the rest of a fragmented message was
        // judged, as OVERSIZE or FOREIGN, by its first fragment.
        if ((header.flags() & FrameDescriptor.BEGIN_FRAG_FLAG) == 0)
        {
            return;
        }
        if (FrameVerdict.OK == validator.validate(buffer, offset, length, sources.of(header)))
        {
            handler.onMessage(
                FrameHeader.senderId(buffer, offset),
                buffer,
                offset + FrameHeader.MESSAGE_OFFSET,
                FrameValidator.messageLength(buffer, offset, length));
        }
    }

    @Override
    public String roleName()
    {
        return roleName;
    }

    /** @return whether a subscriber of {@code peerId} is connected to this node's publication. */
    public boolean isConnected(final int peerId)
    {
        final ExclusivePublication publication = publication(peerId);
        return null != publication && publication.isConnected();
    }

    /** @return whether every peer's subscription is connected to this node's publications. */
    public boolean allPeersConnected()
    {
        for (int id = 1; id <= clusterSize; id++)
        {
            final ExclusivePublication publication = publicationById[id];
            if (null != publication && !publication.isConnected())
            {
                return false;
            }
        }
        return true;
    }

    /**
     * @return the position after the last frame offered to {@code peerId}, for comparing with
     * the peer's {@link #imagePosition(int)} of this node's {@link #sessionId(int)}; -1 for oneself.
     */
    public long publicationPosition(final int peerId)
    {
        final ExclusivePublication publication = publication(peerId);
        return null == publication ? -1 : publication.position();
    }

    /** @return the session of this node's publication to {@code peerId}, 0 for oneself. */
    public int sessionId(final int peerId)
    {
        final ExclusivePublication publication = publication(peerId);
        return null == publication ? 0 : publication.sessionId();
    }

    /** @return how far this node has consumed the image of a publisher's session, -1 when it has none. */
    public long imagePosition(final int sessionId)
    {
        final Image image = subscription.imageBySessionId(sessionId);
        return null == image ? -1 : image.position();
    }

    /** @return whether Aeron closed the endpoint's subscription while the endpoint is open: its client is gone. */
    public boolean transportClosed()
    {
        return !closed && subscription.isClosed();
    }

    /** @return how many publishers currently have an image on this node's subscription. */
    public int imageCount()
    {
        return subscription.imageCount();
    }

    /** @return the count so far; safe from any thread. */
    public long count(final SendCounter counter)
    {
        return sender.count(counter);
    }

    /**
     * Copies the send counts, indexed by {@link SendCounter#ordinal()}, without allocating.
     *
     * @param into at least as long as the number of counters.
     */
    public void snapshot(final long[] into)
    {
        sender.snapshot(into);
    }

    /** @return the validator, whose counts say what was received and dropped. */
    public FrameValidator validator()
    {
        return validator;
    }

    public int selfId()
    {
        return selfId;
    }

    public int clusterId()
    {
        return clusterId;
    }

    public int clusterSize()
    {
        return clusterSize;
    }

    @Override
    public void onClose()
    {
        close();
    }

    /** Closes the publications and the subscription; the client and driver stay up. */
    @Override
    public void close()
    {
        if (!closed)
        {
            closed = true;
            CloseHelper.closeAll(publicationById);
            CloseHelper.close(subscription);
        }
    }
}
