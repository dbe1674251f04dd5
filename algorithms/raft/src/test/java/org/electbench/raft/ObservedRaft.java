package org.electbench.raft;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.random.RandomGenerator;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.electbench.spi.AlgorithmOption;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;
import org.electbench.spi.Start;

/**
 * The raft algorithm with every node's announcements and election-timer draws logged with their
 * time, so a simulator test can say who believed what when and whose timer was due first. The
 * runtime sees the real algorithm otherwise.
 */
final class ObservedRaft implements ElectionAlgorithm
{
    record Belief(long atNs, int nodeId, Role role, int leaderId, long term)
    {
    }

    /** An election timer armed at {@code atNs} to fire {@code delayNs} later. */
    record Draw(long atNs, int nodeId, long delayNs)
    {
        long dueNs()
        {
            return atNs + delayNs;
        }
    }

    private final RaftAlgorithm algorithm = new RaftAlgorithm();
    final List<Belief> beliefs = new ArrayList<>();
    final List<Draw> draws = new ArrayList<>();

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
    public ElectionNode newNode(final int selfId, final ElectionSettings settings)
    {
        final ElectionNode node = algorithm.newNode(selfId, settings);
        return new ElectionNode()
        {
            @Override
            public void onStart(final NodeContext ctx, final Start start, final int leaderId, final long term)
            {
                node.onStart(new Tap(ctx), start, leaderId, term);
            }

            @Override
            public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
            {
                node.onMessage(fromId, buffer, offset, length);
            }

            @Override
            public void onTimer(final long timerId, final int kind)
            {
                node.onTimer(timerId, kind);
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
        };
    }

    /** @return the beliefs one node announced, in order. */
    List<Belief> of(final int nodeId)
    {
        return beliefs.stream().filter(belief -> belief.nodeId() == nodeId).toList();
    }

    /** @return the ids that announced themselves candidates of that term. */
    List<Integer> candidatesOf(final long term)
    {
        return beliefs.stream()
            .filter(belief -> belief.role() == Role.CANDIDATE && belief.term() == term)
            .map(Belief::nodeId).distinct().sorted().toList();
    }

    /** @return the latest election timer one node armed at or before {@code atNs}. */
    Draw lastDraw(final int nodeId, final long atNs)
    {
        return draws.stream().filter(draw -> draw.nodeId() == nodeId && draw.atNs() <= atNs)
            .reduce((first, second) -> second).orElseThrow();
    }

    /** Passes everything through, noting announcements and election-timer draws. */
    private final class Tap implements NodeContext
    {
        private final NodeContext ctx;

        Tap(final NodeContext ctx)
        {
            this.ctx = ctx;
        }

        @Override
        public int selfId()
        {
            return ctx.selfId();
        }

        @Override
        public int clusterSize()
        {
            return ctx.clusterSize();
        }

        @Override
        public boolean detectorEnabled()
        {
            return ctx.detectorEnabled();
        }

        @Override
        public ElectionSettings settings()
        {
            return ctx.settings();
        }

        @Override
        public long nowNs()
        {
            return ctx.nowNs();
        }

        @Override
        public RandomGenerator random()
        {
            return ctx.random();
        }

        @Override
        public MutableDirectBuffer claim(final int type, final int bodyLength)
        {
            return ctx.claim(type, bodyLength);
        }

        @Override
        public void send(final int toId)
        {
            ctx.send(toId);
        }

        @Override
        public void broadcast()
        {
            ctx.broadcast();
        }

        @Override
        public long schedule(final long delayNs, final int kind)
        {
            if (RaftNode.ELECTION_TIMER == kind)
            {
                draws.add(new Draw(ctx.nowNs(), ctx.selfId(), delayNs));
            }
            return ctx.schedule(delayNs, kind);
        }

        @Override
        public boolean cancel(final long timerId)
        {
            return ctx.cancel(timerId);
        }

        @Override
        public MutableDirectBuffer durableState()
        {
            return ctx.durableState();
        }

        @Override
        public void announce(final Role role, final int leaderId, final long term)
        {
            beliefs.add(new Belief(ctx.nowNs(), ctx.selfId(), role, leaderId, term));
            ctx.announce(role, leaderId, term);
        }
    }
}
