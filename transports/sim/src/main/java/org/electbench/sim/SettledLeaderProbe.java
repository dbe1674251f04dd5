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
 * Whether an algorithm's settled leader sends as it starts or first waits a heartbeat interval:
 * one node of its own, started settled as the leader on a host that only notes a send. What it
 * answers depends on the algorithm and its settings alone, never on the runs before, so the
 * simulator's settled start at a later heartbeat ({@link SimRuntime}) is the same for run i alone
 * and for run i of a batch.
 */
final class SettledLeaderProbe implements Host
{
    private boolean sent;

    /**
     * @param clusterSize N; node N is the settled leader.
     * @return whether the settled leader sent a message within its start.
     */
    static boolean sendsAtStart(final ElectionAlgorithm algorithm, final ElectionSettings settings, final int clusterSize)
    {
        final SettledLeaderProbe probe = new SettledLeaderProbe();
        final ElectionNode leader = algorithm.newNode(clusterSize, settings);
        final HostedContext context = new HostedContext(probe, new SendBuffer(), clusterSize, clusterSize, 1, true, settings,
            new SplittableRandom(0), new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]));
        leader.onStart(context, Start.SETTLED, clusterSize, 1);
        return probe.sent;
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
        sent = true;
    }

    @Override
    public void announce(final HostedContext node, final Role role, final int leaderId, final long term)
    {
        // Only sends are asked about.
    }
}
