package org.electbench.transport;

import java.util.List;

import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;

/**
 * Names message types ELECTION and HEARTBEAT (and ACK, the acknowledgement, when built by
 * {@link #acknowledged()}); plans and monitors never create nodes. This module's tests keep their
 * own: the test kit depends on this module, so it cannot serve this module's tests.
 */
final class ScenarioTestAlgorithm implements ElectionAlgorithm
{
    private static final int NO_ACKNOWLEDGEMENT = -1;

    private final int acknowledgementType;

    ScenarioTestAlgorithm()
    {
        this(NO_ACKNOWLEDGEMENT);
    }

    private ScenarioTestAlgorithm(final int acknowledgementType)
    {
        this.acknowledgementType = acknowledgementType;
    }

    /** @return one with a third type, ACK, that acknowledges. */
    static ScenarioTestAlgorithm acknowledged()
    {
        return new ScenarioTestAlgorithm(2);
    }

    @Override
    public String name()
    {
        return NO_ACKNOWLEDGEMENT == acknowledgementType ? "scenario-test" : "acking";
    }

    @Override
    public List<String> messageTypes()
    {
        return NO_ACKNOWLEDGEMENT == acknowledgementType ? List.of("ELECTION", "HEARTBEAT") : List.of("ELECTION", "HEARTBEAT", "ACK");
    }

    @Override
    public int heartbeatType()
    {
        return 1;
    }

    @Override
    public int acknowledgementType()
    {
        return NO_ACKNOWLEDGEMENT == acknowledgementType ? ElectionAlgorithm.super.acknowledgementType() : acknowledgementType;
    }

    @Override
    public ElectionNode newNode(final int selfId, final ElectionSettings settings)
    {
        throw new UnsupportedOperationException("plans and monitors never create nodes");
    }
}
