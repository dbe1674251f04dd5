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
}
