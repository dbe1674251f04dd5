package org.electbench.raft;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;

import org.electbench.spi.AlgorithmOption;
import org.electbench.spi.ClusterProfile;
import org.electbench.spi.DerivedSettings;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;

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
    public int acknowledgementType()
    {
        return algorithm.acknowledgementType();
    }

    @Override
    public List<AlgorithmOption<?>> options()
    {
        return algorithm.options();
    }

    @Override
    public DerivedSettings deriveSettings(final ElectionSettings given, final ClusterProfile profile)
    {
        return algorithm.deriveSettings(given, profile);
    }

    @Override
    public int expectedLeader(final int clusterSize, final IntPredicate live)
    {
        return algorithm.expectedLeader(clusterSize, live);
    }

    /** The real node, started with a context that notes announcements and election-timer draws. */
    @Override
    public ElectionNode newNode(final int selfId, final ElectionSettings settings)
    {
        final ElectionNode node = algorithm.newNode(selfId, settings);
        return (ElectionNode)Proxy.newProxyInstance(ElectionNode.class.getClassLoader(), new Class<?>[]{ElectionNode.class},
            (proxy, method, args) ->
            {
                if ("onStart".equals(method.getName()))
                {
                    args[0] = tap((NodeContext)args[0]);
                }
                return invoke(node, method, args);
            });
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

    /** @return a context passing everything through, noting announcements and election-timer draws. */
    private NodeContext tap(final NodeContext ctx)
    {
        return (NodeContext)Proxy.newProxyInstance(NodeContext.class.getClassLoader(), new Class<?>[]{NodeContext.class},
            (proxy, method, args) ->
            {
                if ("announce".equals(method.getName()))
                {
                    beliefs.add(new Belief(ctx.nowNs(), ctx.selfId(), (Role)args[0], (int)args[1], (long)args[2]));
                }
                else if ("schedule".equals(method.getName()) && RaftNode.ELECTION_TIMER == (int)args[1])
                {
                    draws.add(new Draw(ctx.nowNs(), ctx.selfId(), (long)args[0]));
                }
                return invoke(ctx, method, args);
            });
    }

    private static Object invoke(final Object target, final Method method, final Object[] args) throws Throwable
    {
        try
        {
            return method.invoke(target, args);
        }
        catch (final InvocationTargetException ex)
        {
            throw ex.getCause();
        }
    }
}
