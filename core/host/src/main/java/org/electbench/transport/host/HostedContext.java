package org.electbench.transport.host;

import java.util.random.RandomGenerator;

import org.agrona.MutableDirectBuffer;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.NodeContext;
import org.electbench.spi.Role;

/**
 * The one {@link NodeContext}: one node's view of its host for one incarnation. It holds what is
 * the node's own (id, incarnation, the detector flag, its seeded random source, its durable
 * state) and makes the checks every runtime owes the node (a claim's length; a send to oneself
 * or to no node is no message), and hands the rest to a {@link Host}: the clock, the timers, the
 * wire and the monitor.
 * <p>
 * The host calls {@link #deactivate()} when the incarnation crashes; from then every call is a
 * no-op (a send sends nothing, a schedule returns 0, an announcement is not heard), so a node
 * that crashes in the middle of a callback does nothing more.
 */
public final class HostedContext implements NodeContext
{
    private final int selfId;
    private final int clusterSize;
    private Host host;
    private SendBuffer claim;
    private int incarnation;
    private boolean detectorEnabled;
    private ElectionSettings settings;
    private RandomGenerator random;
    private MutableDirectBuffer durableState;
    private boolean active = true;

    /**
     * @param host            the runtime hosting the node.
     * @param claim           the send buffer of the thread that runs the node.
     * @param selfId          the node's id, 1..clusterSize.
     * @param clusterSize     N.
     * @param incarnation     which life of the node this is, for the host's own bookkeeping.
     * @param detectorEnabled whether the node's failure detector may fire.
     * @param settings        the cluster's settings.
     * @param random          the node's seeded random source ({@link org.electbench.transport.Seeds#nodeRandom}).
     * @param durableState    what survives the node's crash, or null when the host keeps none.
     */
    public HostedContext(
        final Host host,
        final SendBuffer claim,
        final int selfId,
        final int clusterSize,
        final int incarnation,
        final boolean detectorEnabled,
        final ElectionSettings settings,
        final RandomGenerator random,
        final MutableDirectBuffer durableState)
    {
        if (selfId < 1 || selfId > clusterSize)
        {
            throw new IllegalArgumentException("node id must be 1.." + clusterSize + ", got " + selfId);
        }
        this.selfId = selfId;
        this.clusterSize = clusterSize;
        reopen(host, claim, incarnation, detectorEnabled, settings, random, durableState);
    }

    /**
     * The same node's context for a new incarnation, active again: for a host that keeps one context
     * per node across runs and knows no node of an earlier run, nor this one's earlier incarnation,
     * can still call it (its parameters as the constructor's).
     */
    void reopen(
        final Host host,
        final SendBuffer claim,
        final int incarnation,
        final boolean detectorEnabled,
        final ElectionSettings settings,
        final RandomGenerator random,
        final MutableDirectBuffer durableState)
    {
        this.host = host;
        this.claim = claim;
        this.incarnation = incarnation;
        this.detectorEnabled = detectorEnabled;
        this.settings = settings;
        this.random = random;
        this.durableState = durableState;
        active = true;
    }

    /** @return whether this incarnation is still up: one field read. */
    public boolean active()
    {
        return active;
    }

    /** The incarnation crashed: every later call is a no-op. */
    public void deactivate()
    {
        active = false;
    }

    public int incarnation()
    {
        return incarnation;
    }

    @Override
    public int selfId()
    {
        return selfId;
    }

    @Override
    public int clusterSize()
    {
        return clusterSize;
    }

    @Override
    public boolean detectorEnabled()
    {
        return detectorEnabled;
    }

    @Override
    public ElectionSettings settings()
    {
        return settings;
    }

    @Override
    public long nowNs()
    {
        return host.nowNs();
    }

    @Override
    public RandomGenerator random()
    {
        return random;
    }

    @Override
    public MutableDirectBuffer claim(final int type, final int bodyLength)
    {
        return claim.claim(type, bodyLength, selfId);
    }

    @Override
    public void send(final int toId)
    {
        if (active && toId != selfId && toId >= 1 && toId <= clusterSize)
        {
            host.emit(this, toId, claim);
        }
        else if (active)
        {
            host.onRefusedSend(this, toId);
        }
    }

    @Override
    public void broadcast()
    {
        if (active)
        {
            host.emitToAll(this, claim);
        }
    }

    @Override
    public long schedule(final long delayNs, final int kind)
    {
        return active ? host.schedule(this, Math.max(0, delayNs), kind) : 0;
    }

    @Override
    public boolean cancel(final long timerId)
    {
        return active && host.cancel(this, timerId);
    }

    @Override
    public MutableDirectBuffer durableState()
    {
        return durableState;
    }

    @Override
    public void announce(final Role role, final int leaderId, final long term)
    {
        if (active)
        {
            host.announce(this, role, leaderId, term);
        }
    }

    @Override
    public void transition(final String state)
    {
        if (active)
        {
            host.transition(this, state);
        }
    }

    @Override
    public String toString()
    {
        return "node " + selfId + " (incarnation " + incarnation + (active ? ")" : ", down)");
    }
}
