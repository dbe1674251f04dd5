package org.electbench.deploy;

import java.util.List;

import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;

/** Two message types and no nodes: enough for the observer, which only reads reports. */
public final class PingAlgorithm implements ElectionAlgorithm
{
    static final int PING = 0;
    static final int HEARTBEAT = 1;

    @Override
    public String name()
    {
        return "ping";
    }

    @Override
    public List<String> messageTypes()
    {
        return List.of("PING", "HEARTBEAT");
    }

    @Override
    public int heartbeatType()
    {
        return HEARTBEAT;
    }

    @Override
    public ElectionNode newNode(final int selfId, final ElectionSettings settings)
    {
        throw new UnsupportedOperationException("the observer tests host no node");
    }
}
