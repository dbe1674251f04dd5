package org.electbench.transport;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * The faults of one run, ordered by time. Built with {@link #builder()}; an empty plan is
 * {@link #NONE}.
 */
public final class FaultPlan
{
    private static final Comparator<Fault> BY_TIME = Comparator.comparingLong(Fault::atNs);
    public static final FaultPlan NONE = new FaultPlan(List.of());

    private final List<Fault> faults;

    private FaultPlan(final List<Fault> faults)
    {
        final Fault[] sorted = faults.toArray(new Fault[0]);
        // A stable sort, as List.sort; most plans come in order already.
        if (!inOrder(sorted))
        {
            Arrays.sort(sorted, BY_TIME);
        }
        this.faults = Collections.unmodifiableList(Arrays.asList(sorted));
    }

    private static boolean inOrder(final Fault[] faults)
    {
        for (int i = 1; i < faults.length; i++)
        {
            if (faults[i].atNs() < faults[i - 1].atNs())
            {
                return false;
            }
        }
        return true;
    }

    public static Builder builder()
    {
        return new Builder();
    }

    /** @return the faults ordered by time (stable for faults at the same time). */
    public List<Fault> faults()
    {
        return faults;
    }

    public boolean isEmpty()
    {
        return faults.isEmpty();
    }

    /** @return a plan with this plan's faults and the other's. */
    public FaultPlan and(final FaultPlan other)
    {
        final List<Fault> both = new ArrayList<>(faults);
        both.addAll(other.faults);
        return new FaultPlan(both);
    }

    /** @return the time the last fault's effect ends, or 0 with no faults. */
    public long lastEffectNs()
    {
        long lastNs = 0;
        for (int i = 0; i < faults.size(); i++)
        {
            lastNs = Math.max(lastNs, faults.get(i).endNs());
        }
        return lastNs;
    }

    /**
     * @param nodeCount N.
     * @throws IllegalArgumentException when a fault names an id outside 1..N.
     */
    public void validate(final int nodeCount)
    {
        for (int i = 0; i < faults.size(); i++)
        {
            faults.get(i).validate(nodeCount);
        }
    }

    @Override
    public String toString()
    {
        return faults.toString();
    }

    public static final class Builder
    {
        private final List<Fault> faults = new ArrayList<>();

        private Builder()
        {
        }

        public Builder crash(final int nodeId, final long atNs)
        {
            return add(new Fault(Fault.Kind.CRASH, atNs, 0, nodeId, 0, null, 0, 0, null));
        }

        public Builder recover(final int nodeId, final long atNs)
        {
            return add(new Fault(Fault.Kind.RECOVER, atNs, 0, nodeId, 0, null, 0, 0, null));
        }

        public Builder pause(final int nodeId, final long atNs, final long durationNs)
        {
            return add(new Fault(Fault.Kind.PAUSE, atNs, durationNs, nodeId, 0, null, 0, 0, null));
        }

        public Builder partition(final long atNs, final long durationNs, final int[]... groups)
        {
            final int[][] copy = new int[groups.length][];
            for (int i = 0; i < groups.length; i++)
            {
                copy[i] = groups[i].clone();
            }
            return add(new Fault(Fault.Kind.PARTITION, atNs, durationNs, 0, 0, copy, 0, 0, null));
        }

        public Builder cut(final int fromId, final int toId, final long atNs, final long durationNs)
        {
            return add(new Fault(Fault.Kind.CUT, atNs, durationNs, fromId, toId, null, 0, 0, null));
        }

        public Builder loss(final double probability, final long atNs, final long durationNs)
        {
            if (!(probability >= 0.0 && probability <= 1.0))
            {
                throw new IllegalArgumentException("loss must be a probability in [0, 1], got " + probability);
            }
            return add(new Fault(Fault.Kind.LOSS, atNs, durationNs, 0, 0, null, probability, 0, null));
        }

        public Builder extraDelay(final long extraDelayNs, final long atNs, final long durationNs)
        {
            if (extraDelayNs < 0)
            {
                throw new IllegalArgumentException("extra delay must be >= 0, got " + extraDelayNs + " ns");
            }
            return add(new Fault(Fault.Kind.EXTRA_DELAY, atNs, durationNs, 0, 0, null, 0, extraDelayNs, null));
        }

        /**
         * @param nodeId   the node that crashes.
         * @param typeName the message type whose first send triggers it, or null for any election message.
         */
        public Builder crashAfterFirstSend(final int nodeId, final String typeName)
        {
            return crashAfterFirstSend(nodeId, typeName, 0);
        }

        public Builder crashAfterFirstSend(final int nodeId, final String typeName, final long fromNs)
        {
            return add(new Fault(Fault.Kind.CRASH_AFTER_SEND, fromNs, 0, nodeId, 0, null, 0, 0, typeName));
        }

        public Builder add(final Fault fault)
        {
            faults.add(fault);
            return this;
        }

        public FaultPlan build()
        {
            return new FaultPlan(faults);
        }
    }
}
