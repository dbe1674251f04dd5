package org.electbench.ring;

import java.util.List;

import org.electbench.spi.AlgorithmOption;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.RecoveryPolicy;
import org.electbench.spi.RingArrangement;

/**
 * The Chang and Roberts (1979) ring election as a plug-in, registered as {@code ring}. Message
 * types, in id order: ELECTION, ELECTED, ACK, HEARTBEAT. It promises the highest live id as
 * leader, the {@link ElectionAlgorithm#expectedLeader} default. See {@link RingNode} for the
 * protocol and its assumptions.
 */
public final class RingAlgorithm implements ElectionAlgorithm
{
    public static final String NAME = "ring";
    /** What a restarted node does; shared with the bully. */
    public static final AlgorithmOption<RecoveryPolicy> RECOVERY = RecoveryPolicy.OPTION;
    /** Ring order of ids along the direction of travel. */
    public static final AlgorithmOption<RingArrangement> ARRANGEMENT = AlgorithmOption.choice("arrangement",
        RingArrangement.class, RingArrangement.INCREASING,
        "Ring order of ids along the direction of travel: increasing, decreasing, or random (drawn from the seed).");
    /** Per-hop acknowledgements: the reliable-hop layer that lets a ring survive crashes. */
    public static final AlgorithmOption<Boolean> ACK = AlgorithmOption.onOff("ack", true,
        "Ring: acknowledge each hop and skip a dead successor; off is the textbook ring (reliable links, no crashes).")
        .withAliases("acknowledgements");

    @Override
    public String name()
    {
        return NAME;
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
    public List<AlgorithmOption<?>> options()
    {
        return List.of(RECOVERY, ARRANGEMENT, ACK);
    }

    @Override
    public ElectionNode newNode(final int selfId, final ElectionSettings settings)
    {
        return new RingNode(selfId, settings);
    }
}
