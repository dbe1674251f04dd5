package org.electbench.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.electbench.spi.ClusterProfile;
import org.electbench.spi.DerivedSettings;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.LivenessPromise;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.MessageRole;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Parameter;
import org.electbench.spi.Role;
import org.electbench.spi.Start;

/**
 * An algorithm whose nodes also send forged frames the test chose, on any runtime: the test plays
 * an attacker speaking as a cluster member, as one forged datagram on a real wire would. Each
 * forged frame leaves through its node's own context at its time, with the header that context
 * writes (type, body length, the node as sender) and the body given, to every peer; everything
 * else is the wrapped algorithm's, and the frames are counted as that node's sends.
 * <pre>{@code
 * Forging forging = new Forging(new BullyAlgorithm()).forge(5, 20 * MS, COORDINATOR, term(Long.MAX_VALUE));
 * runtime.run(scenario.algorithm(forging).build());
 * assertEquals(4, forging.malformedMessages());
 * }</pre>
 */
public final class ForgingAlgorithm implements ElectionAlgorithm
{
    /** Timer kinds from here up are the forger's, never the node's. */
    private static final int FORGE_KIND = 1 << 30;

    /** One forged frame. */
    private record Forgery(int fromId, long atNs, int type, byte[] body)
    {
    }

    private final ElectionAlgorithm algorithm;
    private final List<Forgery> forgeries = new ArrayList<>();
    private final List<ElectionNode> made = new ArrayList<>();

    /** @param algorithm what every node runs besides the forgeries. */
    public ForgingAlgorithm(final ElectionAlgorithm algorithm)
    {
        this.algorithm = algorithm;
    }

    /** @return a body of one little-endian long, e.g. a term. */
    public static byte[] longBody(final long value)
    {
        final byte[] body = new byte[Long.BYTES];
        for (int i = 0; i < Long.BYTES; i++)
        {
            body[i] = (byte)(value >>> (8 * i));
        }
        return body;
    }

    /**
     * Node {@code fromId}, when up at {@code atNs}, also sends this frame to every peer.
     *
     * @param body the bytes after the header, at most {@link MessageHeader#MAX_BODY_LENGTH}.
     * @return this.
     */
    public ForgingAlgorithm forge(final int fromId, final long atNs, final int type, final byte[] body)
    {
        if (body.length > MessageHeader.MAX_BODY_LENGTH || atNs < 0)
        {
            throw new IllegalArgumentException("a forged body holds at most " + MessageHeader.MAX_BODY_LENGTH +
                " bytes and is sent at 0 ns or later, was " + body.length + " bytes at " + atNs + " ns");
        }
        forgeries.add(new Forgery(fromId, atNs, type, body.clone()));
        return this;
    }

    /** @return frames dropped as malformed by every node this algorithm made, over every run and life. */
    public long malformedMessages()
    {
        long malformed = 0;
        for (final ElectionNode node : made)
        {
            malformed += node.malformedMessages();
        }
        return malformed;
    }

    @Override
    public String name()
    {
        return algorithm.name();
    }

    @Override
    public List<String> messageTypes()
    {
        return algorithm.messageTypes();
    }

    @Override
    public int heartbeatType()
    {
        return algorithm.heartbeatType();
    }

    @Override
    public int acknowledgementType()
    {
        return algorithm.acknowledgementType();
    }

    @Override
    public List<MessageRole> messageRoles()
    {
        return algorithm.messageRoles();
    }

    @Override
    public DerivedSettings deriveSettings(final ElectionSettings given, final ClusterProfile profile)
    {
        return algorithm.deriveSettings(given, profile);
    }

    @Override
    public List<Parameter<?>> options()
    {
        return algorithm.options();
    }

    @Override
    public int expectedLeader(final int clusterSize, final IntPredicate live)
    {
        return algorithm.expectedLeader(clusterSize, live);
    }

    @Override
    public String typeName(final int type)
    {
        return algorithm.typeName(type);
    }

    @Override
    public int typeId(final String name)
    {
        return algorithm.typeId(name);
    }

    @Override
    public LivenessPromise liveness(final ElectionSettings settings, final ClusterProfile profile)
    {
        return algorithm.liveness(settings, profile);
    }

    @Override
    public ElectionNode newNode(final int selfId, final ElectionSettings settings)
    {
        final ElectionNode node = algorithm.newNode(selfId, settings);
        made.add(node);
        return new ForgingNode(selfId, node);
    }

    private final class ForgingNode implements ElectionNode
    {
        private final int selfId;
        private final ElectionNode node;
        private NodeContext ctx;

        ForgingNode(final int selfId, final ElectionNode node)
        {
            this.selfId = selfId;
            this.node = node;
        }

        @Override
        public void onStart(final NodeContext ctx, final Start start, final int leaderId, final long term)
        {
            this.ctx = ctx;
            node.onStart(ctx, start, leaderId, term);
            for (int i = 0; i < forgeries.size(); i++)
            {
                final Forgery forgery = forgeries.get(i);
                if (forgery.fromId() == selfId && forgery.atNs() - ctx.nowNs() >= 0)
                {
                    ctx.schedule(forgery.atNs() - ctx.nowNs(), FORGE_KIND + i);
                }
            }
        }

        @Override
        public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
        {
            node.onMessage(fromId, buffer, offset, length);
        }

        @Override
        public void onTimer(final long timerId, final int kind)
        {
            if (kind < FORGE_KIND)
            {
                node.onTimer(timerId, kind);
                return;
            }
            final Forgery forgery = forgeries.get(kind - FORGE_KIND);
            final MutableDirectBuffer buffer = ctx.claim(forgery.type(), forgery.body().length);
            buffer.putBytes(MessageHeader.LENGTH, forgery.body());
            ctx.broadcast();
        }

        @Override
        public int leaderId()
        {
            return node.leaderId();
        }

        @Override
        public Role role()
        {
            return node.role();
        }

        @Override
        public long term()
        {
            return node.term();
        }

        @Override
        public long malformedMessages()
        {
            return node.malformedMessages();
        }
    }
}
