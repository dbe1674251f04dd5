package org.electbench.spi;

import java.util.concurrent.TimeUnit;

/**
 * The knobs every algorithm reads, in nanoseconds, validated when built: a nonsense value is a
 * clear {@link IllegalArgumentException} naming the setting.
 * <ul>
 *   <li>heartbeat interval (HBT): how often a leader announces itself;</li>
 *   <li>detection timeout: leader silence before a follower acts (quorum fixes its own multiples of HBT);</li>
 *   <li>election timeout T_elec: bully waits this long for OK; quorum's RTT voting window; ring's per-hop acknowledgement timeout;</li>
 *   <li>coordinator timeout T_coord: bully waits this long for COORDINATOR after an OK; ring waits this long for the ELECTED lap.</li>
 * </ul>
 */
public final class ElectionSettings
{
    public static final long DEFAULT_HEARTBEAT_INTERVAL_NS = TimeUnit.MILLISECONDS.toNanos(50);
    public static final long DEFAULT_DETECTION_TIMEOUT_NS = TimeUnit.MILLISECONDS.toNanos(150);
    public static final long DEFAULT_ELECTION_TIMEOUT_NS = TimeUnit.MILLISECONDS.toNanos(10);
    public static final long DEFAULT_COORDINATOR_TIMEOUT_NS = TimeUnit.MILLISECONDS.toNanos(30);

    private final long heartbeatIntervalNs;
    private final long detectionTimeoutNs;
    private final long electionTimeoutNs;
    private final long coordinatorTimeoutNs;
    private final RecoveryPolicy recoveryPolicy;
    private final boolean immediateDeclare;
    private final boolean acknowledgements;
    private final RingArrangement arrangement;
    private final long arrangementSeed;

    private ElectionSettings(final Builder builder)
    {
        heartbeatIntervalNs = builder.heartbeatIntervalNs;
        detectionTimeoutNs = builder.detectionTimeoutNs;
        electionTimeoutNs = builder.electionTimeoutNs;
        coordinatorTimeoutNs = builder.coordinatorTimeoutNs;
        recoveryPolicy = builder.recoveryPolicy;
        immediateDeclare = builder.immediateDeclare;
        acknowledgements = builder.acknowledgements;
        arrangement = builder.arrangement;
        arrangementSeed = builder.arrangementSeed;
    }

    public static Builder builder()
    {
        return new Builder();
    }

    public static ElectionSettings defaults()
    {
        return builder().build();
    }

    public Builder toBuilder()
    {
        return new Builder()
            .heartbeatIntervalNs(heartbeatIntervalNs)
            .detectionTimeoutNs(detectionTimeoutNs)
            .electionTimeoutNs(electionTimeoutNs)
            .coordinatorTimeoutNs(coordinatorTimeoutNs)
            .recoveryPolicy(recoveryPolicy)
            .immediateDeclare(immediateDeclare)
            .acknowledgements(acknowledgements)
            .arrangement(arrangement)
            .arrangementSeed(arrangementSeed);
    }

    public long heartbeatIntervalNs()
    {
        return heartbeatIntervalNs;
    }

    public long detectionTimeoutNs()
    {
        return detectionTimeoutNs;
    }

    public long electionTimeoutNs()
    {
        return electionTimeoutNs;
    }

    public long coordinatorTimeoutNs()
    {
        return coordinatorTimeoutNs;
    }

    public RecoveryPolicy recoveryPolicy()
    {
        return recoveryPolicy;
    }

    /**
     * @return whether a bully node with no higher id to ask declares itself coordinator at once
     * (the variant some textbooks teach) instead of waiting T_elec like any other candidate, as
     * the sources' pseudocode does (the default).
     */
    public boolean immediateDeclare()
    {
        return immediateDeclare;
    }

    /** @return whether a ring acknowledges each hop and skips a dead successor. */
    public boolean acknowledgements()
    {
        return acknowledgements;
    }

    public RingArrangement arrangement()
    {
        return arrangement;
    }

    public long arrangementSeed()
    {
        return arrangementSeed;
    }

    @Override
    public String toString()
    {
        return "ElectionSettings{" +
            "heartbeatIntervalNs=" + heartbeatIntervalNs +
            ", detectionTimeoutNs=" + detectionTimeoutNs +
            ", electionTimeoutNs=" + electionTimeoutNs +
            ", coordinatorTimeoutNs=" + coordinatorTimeoutNs +
            ", recoveryPolicy=" + recoveryPolicy +
            ", immediateDeclare=" + immediateDeclare +
            ", acknowledgements=" + acknowledgements +
            ", arrangement=" + arrangement +
            ", arrangementSeed=" + arrangementSeed +
            '}';
    }

    public static final class Builder
    {
        private long heartbeatIntervalNs = DEFAULT_HEARTBEAT_INTERVAL_NS;
        private long detectionTimeoutNs = DEFAULT_DETECTION_TIMEOUT_NS;
        private long electionTimeoutNs = DEFAULT_ELECTION_TIMEOUT_NS;
        private long coordinatorTimeoutNs = DEFAULT_COORDINATOR_TIMEOUT_NS;
        private RecoveryPolicy recoveryPolicy = RecoveryPolicy.BULLY;
        private boolean immediateDeclare;
        private boolean acknowledgements = true;
        private RingArrangement arrangement = RingArrangement.INCREASING;
        private long arrangementSeed;

        private Builder()
        {
        }

        public Builder heartbeatIntervalNs(final long heartbeatIntervalNs)
        {
            this.heartbeatIntervalNs = heartbeatIntervalNs;
            return this;
        }

        public Builder detectionTimeoutNs(final long detectionTimeoutNs)
        {
            this.detectionTimeoutNs = detectionTimeoutNs;
            return this;
        }

        public Builder electionTimeoutNs(final long electionTimeoutNs)
        {
            this.electionTimeoutNs = electionTimeoutNs;
            return this;
        }

        public Builder coordinatorTimeoutNs(final long coordinatorTimeoutNs)
        {
            this.coordinatorTimeoutNs = coordinatorTimeoutNs;
            return this;
        }

        public Builder recoveryPolicy(final RecoveryPolicy recoveryPolicy)
        {
            this.recoveryPolicy = recoveryPolicy;
            return this;
        }

        public Builder immediateDeclare(final boolean immediateDeclare)
        {
            this.immediateDeclare = immediateDeclare;
            return this;
        }

        public Builder acknowledgements(final boolean acknowledgements)
        {
            this.acknowledgements = acknowledgements;
            return this;
        }

        public Builder arrangement(final RingArrangement arrangement)
        {
            this.arrangement = arrangement;
            return this;
        }

        public Builder arrangementSeed(final long arrangementSeed)
        {
            this.arrangementSeed = arrangementSeed;
            return this;
        }

        /**
         * @return the validated settings.
         * @throws IllegalArgumentException naming the first setting that makes no sense.
         */
        public ElectionSettings build()
        {
            requirePositive("heartbeat interval", heartbeatIntervalNs);
            requirePositive("detection timeout", detectionTimeoutNs);
            requirePositive("election timeout", electionTimeoutNs);
            requirePositive("coordinator timeout", coordinatorTimeoutNs);
            if (detectionTimeoutNs <= heartbeatIntervalNs)
            {
                throw new IllegalArgumentException("detection timeout (" + detectionTimeoutNs +
                    " ns) must exceed the heartbeat interval (" + heartbeatIntervalNs +
                    " ns), or every follower suspects a live leader between two heartbeats");
            }
            if (coordinatorTimeoutNs < electionTimeoutNs)
            {
                throw new IllegalArgumentException("coordinator timeout (" + coordinatorTimeoutNs +
                    " ns) must be at least the election timeout (" + electionTimeoutNs + " ns)");
            }
            if (null == recoveryPolicy)
            {
                throw new IllegalArgumentException("recovery policy must be one of bully, defer");
            }
            if (null == arrangement)
            {
                throw new IllegalArgumentException("arrangement must be one of increasing, decreasing, random");
            }
            return new ElectionSettings(this);
        }

        private static void requirePositive(final String name, final long valueNs)
        {
            if (valueNs <= 0)
            {
                throw new IllegalArgumentException(name + " must be greater than zero, was " + valueNs + " ns");
            }
        }
    }
}
