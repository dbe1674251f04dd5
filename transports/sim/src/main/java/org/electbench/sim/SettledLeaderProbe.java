package org.electbench.sim;

import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.transport.host.Host;
import org.electbench.transport.host.HostedContext;
import org.electbench.transport.host.SendBuffer;

/**
 * What an algorithm's settled leader sends as it starts: anything, or nothing until a heartbeat
 * interval on; and whether that is one copy to each peer in id order (a round of heartbeats as
 * a broadcast sends it). One node of its own, started settled as the leader on a host that only
 * notes the sends. What it answers depends on the algorithm and its settings alone, never on the
 * runs before, so the simulator's settled start at a later heartbeat ({@link SimRuntime}) is the
 * same for run i alone and for run i of a batch.
 */
final class SettledLeaderProbe implements Host
{
    /** The settled leader sent nothing as it started. */
    static final int SILENT = 0;
    /** It sent one copy to each peer, in id order, and nothing else. */
    static final int EVERY_PEER_IN_ORDER = 1;
    /** It sent something else. */
    static final int OTHER = 2;

    private final int clusterSize;
    private int sends;
    private boolean inOrder = true;

    private SettledLeaderProbe(final int clusterSize)
    {
        this.clusterSize = clusterSize;
    }

    /**
     * @param clusterSize N; node N is the settled leader.
     * @return what the settled leader sent within its start: {@link #SILENT}, {@link #EVERY_PEER_IN_ORDER} or {@link #OTHER}.
     */
    static int sendsAtStart(final ElectionAlgorithm algorithm, final ElectionSettings settings, final int clusterSize)
    {
        final SettledLeaderProbe probe = new SettledLeaderProbe(clusterSize);
        final ElectionNode leader = algorithm.newNode(clusterSize, settings);
        final HostedContext context = new HostedContext(probe, new SendBuffer(), clusterSize, clusterSize, 1, true, settings,
            new SplittableRandom(0), new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]));
        leader.onStart(context, Start.SETTLED, clusterSize, 1);
        if (0 == probe.sends)
        {
            return SILENT;
        }
        return probe.inOrder && clusterSize - 1 == probe.sends ? EVERY_PEER_IN_ORDER : OTHER;
    }

    @Override
    public long nowNs()
    {
        return 0;
    }

    @Override
    public long schedule(final HostedContext node, final long delayNs, final int kind)
    {
        return 1;
    }

    @Override
    public boolean cancel(final HostedContext node, final long timerId)
    {
        return false;
    }

    @Override
    public void emit(final HostedContext from, final int toId, final SendBuffer message)
    {
        sends++;
        // Leader N's peers are 1..N-1.
        inOrder &= toId == sends && toId < clusterSize;
    }

    @Override
    public void announce(final HostedContext node, final Role role, final int leaderId, final long term)
    {
        // Only sends are asked about.
    }
}
