package org.electbench.transport;

import java.util.List;

import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;

/** Names two message types, ELECTION and HEARTBEAT; plans and monitors never create nodes. */
final class ScenarioTestAlgorithm implements ElectionAlgorithm
{
    @Override
    public String name()
    {
        return "scenario-test";
    }

    @Override
    public List<String> messageTypes()
    {
        return List.of("ELECTION", "HEARTBEAT");
    }

    @Override
    public int heartbeatType()
    {
        return 1;
    }

    @Override
    public ElectionNode newNode(final int selfId, final ElectionSettings settings)
    {
        throw new UnsupportedOperationException("plans never create nodes");
    }
}
