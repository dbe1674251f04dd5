package org.electbench.testkit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntPredicate;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.electbench.spi.AlgorithmOption;
import org.electbench.spi.ClusterProfile;
import org.electbench.spi.DerivedSettings;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.LivenessPromise;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;
import org.electbench.spi.Start;

/**
 * An algorithm run as it is, but for forged frames: at the instants a test names, one more frame
 * of its choosing goes from the forger's id to every other node, as from an outsider who speaks
 * the wire and claims that id. The forger's own node never sees them and otherwise runs as the
 * wrapped algorithm's, so a simulator run shows what one forged frame does to a whole cluster.
 * Frames are written as a header and little-endian {@code long} fields, the layout of every
 * algorithm's messages. Made for one run at a time.
 */
public final class ForgingAlgorithm implements ElectionAlgorithm
{
    /** The timer kind the forger's node schedules its forgeries with: one no algorithm uses. */
    static final int FORGE_TIMER = 0x0F0F_0F0F;

    private record Frame(long atNs, int type, long[] fields)
    {
    }

    private final ElectionAlgorithm algorithm;
    private final int forgerId;
    private final List<Frame> frames = new ArrayList<>();
    private final List<ElectionNode> made = new ArrayList<>();

    /**
     * @param algorithm the algorithm every node runs.
     * @param forgerId  the id the forged frames claim to come from.
     */
    public ForgingAlgorithm(final ElectionAlgorithm algorithm, final int forgerId)
    {
        this.algorithm = algorithm;
        this.forgerId = forgerId;
    }

    /**
     * Forge one frame: at {@code atNs} of the run, type {@code type} with these fields, to every node but the forger.
     *
     * @return this, to forge more.
     */
    public ForgingAlgorithm forge(final long atNs, final int type, final long... fields)
    {
        frames.add(new Frame(atNs, type, fields.clone()));
        return this;
    }

    /**
     * @param nodeId an id.
     * @return the node of that id made last, as it is after the run: e.g. to read its malformed count.
     */
    public ElectionNode node(final int nodeId)
    {
        for (int i = made.size() - 1; i >= 0; i--)
        {
            if (((Forger)made.get(i)).selfId == nodeId)
            {
                return ((Forger)made.get(i)).node;
            }
        }
        throw new IllegalArgumentException("no node " + nodeId + " was made");
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
    public DerivedSettings deriveSettings(final ElectionSettings given, final ClusterProfile profile)
    {
        return algorithm.deriveSettings(given, profile);
    }

    @Override
    public List<AlgorithmOption<?>> options()
    {
        return algorithm.options();
    }

    @Override
    public int expectedLeader(final int clusterSize, final IntPredicate live)
    {
        return algorithm.expectedLeader(clusterSize, live);
    }

    @Override
    public LivenessPromise liveness(final ElectionSettings settings, final ClusterProfile profile)
    {
        return algorithm.liveness(settings, profile);
    }

    @Override
    public ElectionNode newNode(final int selfId, final ElectionSettings settings)
    {
        final Forger node = new Forger(selfId, algorithm.newNode(selfId, settings));
        made.add(node);
        return node;
    }

    /** A node as the algorithm made it; the forger's also sends the forged frames when they are due. */
    private final class Forger implements ElectionNode
    {
        private final int selfId;
        private final ElectionNode node;
        private NodeContext ctx;
        /** The next frame to forge: timers fire in deadline order, ties in the order they were set. */
        private int nextFrame;

        Forger(final int selfId, final ElectionNode node)
        {
            this.selfId = selfId;
            this.node = node;
        }

        @Override
        public void onStart(final NodeContext ctx, final Start start, final int leaderId, final long term)
        {
            this.ctx = ctx;
            node.onStart(ctx, start, leaderId, term);
            if (selfId == forgerId)
            {
                frames.sort(Comparator.comparingLong(Frame::atNs));
                nextFrame = frames.size();
                for (int i = frames.size() - 1; i >= 0 && frames.get(i).atNs() - ctx.nowNs() >= 0; i--)
                {
                    nextFrame = i;
                }
                for (int i = nextFrame; i < frames.size(); i++)
                {
                    ctx.schedule(frames.get(i).atNs() - ctx.nowNs(), FORGE_TIMER);
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
            if (FORGE_TIMER != kind)
            {
                node.onTimer(timerId, kind);
                return;
            }
            final Frame frame = frames.get(nextFrame++);
            final MutableDirectBuffer buffer = ctx.claim(frame.type(), frame.fields().length * Long.BYTES);
            for (int i = 0; i < frame.fields().length; i++)
            {
                buffer.putLong(MessageHeader.LENGTH + i * Long.BYTES, frame.fields()[i], MessageHeader.BYTE_ORDER);
            }
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
