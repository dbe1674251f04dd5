package org.electbench.ring;

import java.util.List;

import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;

/**
 * The Chang and Roberts (1979) ring election as a plug-in, registered as {@code ring}. Message
 * types, in id order: ELECTION, ELECTED, ACK, HEARTBEAT. It promises the highest live id as
 * leader, the {@link ElectionAlgorithm#expectedLeader} default. See {@link RingNode} for the
 * protocol and its assumptions.
 */
public final class RingAlgorithm implements ElectionAlgorithm
{
    @Override
    public String name()
    {
        return "ring";
    }

    @Override
    public List<String> messageTypes()
    {
        return RingMessages.TYPE_NAMES;
    }

    @Override
    public int heartbeatType()
    {
        return RingMessages.HEARTBEAT;
    }

    @Override
    public ElectionNode newNode(final int selfId, final ElectionSettings settings)
    {
        return new RingNode(selfId, settings);
    }

    /**
     * How long one message takes round a ring of {@code n} nodes when every hop takes the p99
     * one-way delay and one dead node (a crashed leader) is skipped on the way, which costs its
     * hop timeout T_elec before the next successor is tried: {@code n·p99 + hopTimeout}. A node
     * forwards a message as soon as it has handled it, so acknowledgements add nothing to a lap.
     * <p>
     * Settings that do not distort the ring's counts follow from it: T_coord, a participant's
     * wait for ELECTED, must exceed two laps (the winner's ELECTION may need a whole lap to reach
     * its winner, whose ELECTED then needs one more), or laps restart and extra ELECTION messages
     * are counted; the heartbeat interval must exceed one lap, or the new leader's first
     * heartbeat (one hop) overtakes its ELECTED on the far side of a large ring.
     *
     * @param n           the cluster size N, at least 1.
     * @param p99DelayNs  the network's 99th-percentile one-way delay, at least 0.
     * @param hopTimeoutNs T_elec, the per-hop acknowledgement timeout, at least 0.
     * @return one lap in nanoseconds, saturating at {@link Long#MAX_VALUE}.
     * @throws IllegalArgumentException for a size below 1 or a negative time.
     */
    public static long lapNs(final int n, final long p99DelayNs, final long hopTimeoutNs)
    {
        if (n < 1 || p99DelayNs < 0 || hopTimeoutNs < 0)
        {
            throw new IllegalArgumentException("a lap needs n >= 1 and delays >= 0, got n=" + n +
                " p99=" + p99DelayNs + " ns hop timeout=" + hopTimeoutNs + " ns");
        }
        try
        {
            return Math.addExact(Math.multiplyExact((long)n, p99DelayNs), hopTimeoutNs);
        }
        catch (final ArithmeticException ex)
        {
            return Long.MAX_VALUE;
        }
    }
}
