package org.electbench.reference;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The named scenarios a reference cluster runs, the textbook rows' names where they apply; each
 * fault hits the node the cluster agrees leads, and is measured from its instant to every live
 * node (on the majority's side) naming the same new leader.
 */
public enum ReferenceScenario
{
    /** The leader's process is killed (SIGKILL), then started again, empty, for the next failover. */
    LEADER_CRASH("leader-crash"),
    /** The leader's namespace drops every packet to and from the other nodes, until the majority agrees and the old leader gives up. */
    PARTITION("partition"),
    /** The leader is frozen (SIGSTOP) past its followers' detection silence, then thawed (SIGCONT): the zombie leader. */
    PAUSE("pause"),
    /**
     * One-way loss, partial connectivity: the leader's namespace drops every packet arriving from the other nodes, while
     * what it sends still arrives. Its followers still hear it, so only the leader can notice (Aeron: no quorum of
     * followers' positions; ZooKeeper: no quorum of pings answered) and give up; then the majority elects.
     */
    ONE_WAY("one-way");

    private final String label;

    ReferenceScenario(final String label)
    {
        this.label = label;
    }

    public String label()
    {
        return label;
    }

    /** @throws IllegalArgumentException naming the accepted values. */
    public static ReferenceScenario parse(final String text)
    {
        for (final ReferenceScenario scenario : values())
        {
            if (scenario.label.equals(text.toLowerCase(Locale.ROOT)))
            {
                return scenario;
            }
        }
        throw new IllegalArgumentException("unknown reference scenario '" + text + "'; accepted: " +
            Arrays.stream(values()).map(ReferenceScenario::label).collect(Collectors.joining(", ")));
    }
}
