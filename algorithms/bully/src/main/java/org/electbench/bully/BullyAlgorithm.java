package org.electbench.bully;

import java.util.List;

import org.electbench.spi.AlgorithmOption;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.RecoveryPolicy;

/**
 * Garcia-Molina's bully election as a plug-in, registered as {@code bully}. Message types, by
 * id: ELECTION, OK, COORDINATOR, HEARTBEAT. The highest live id is the leader a correct run
 * ends with (the SPI's default {@link #expectedLeader}).
 *
 * @see BullyNode
 */
public final class BullyAlgorithm implements ElectionAlgorithm
{
    public static final String NAME = "bully";
    /** What a restarted node does; shared with the ring. */
    public static final AlgorithmOption<RecoveryPolicy> RECOVERY = RecoveryPolicy.OPTION;

    @Override
    public String name()
    {
        return NAME;
    }

    @Override
    public List<String> messageTypes()
    {
        return BullyMessages.NAMES;
    }

    @Override
    public int heartbeatType()
    {
        return BullyMessages.HEARTBEAT;
    }

    @Override
    public List<AlgorithmOption<?>> options()
    {
        return List.of(RECOVERY);
    }

    @Override
    public ElectionNode newNode(final int selfId, final ElectionSettings settings)
    {
        if (selfId < 1)
        {
            throw new IllegalArgumentException("node id must be 1..N, was " + selfId);
        }
        if (null == settings)
        {
            throw new IllegalArgumentException("settings must not be null");
        }
        return new BullyNode(selfId, settings);
    }
}
