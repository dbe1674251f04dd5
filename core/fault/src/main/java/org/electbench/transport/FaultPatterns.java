package org.electbench.transport;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The faults real clusters meet that are partial rather than total, expanded into the plain
 * faults of a {@link FaultPlan} (one-way CUTs and PAUSEs), so that the simulator and every real
 * runtime apply them at the same edge with the same meaning:
 * <ul>
 *   <li>a partial partition: a set of links cut, each one way or both, until a stated heal;</li>
 *   <li>a flapping link: down for a share of every period (its duty cycle), up for the rest,
 *       until the heal;</li>
 *   <li>a slow node: one node frozen again and again (a stalled disk or a long collector pause)
 *       for a pause length, the starts drawn from the seed at a mean rate, none overlapping,
 *       until the heal.</li>
 * </ul>
 * Every pattern has healed by its stated end: nothing it adds outlasts it.
 */
public final class FaultPatterns
{
    private FaultPatterns()
    {
    }

    /**
     * One link of a partial partition.
     *
     * @param fromId   the sender whose messages are lost.
     * @param toId     the receiver.
     * @param bothWays whether the reverse direction is cut too.
     */
    public record Link(int fromId, int toId, boolean bothWays)
    {
        public Link
        {
            if (fromId == toId)
            {
                throw new IllegalArgumentException("a link joins two nodes, got " + fromId + " to itself");
            }
        }

        public static Link both(final int oneId, final int otherId)
        {
            return new Link(oneId, otherId, true);
        }

        public static Link oneWay(final int fromId, final int toId)
        {
            return new Link(fromId, toId, false);
        }

        @Override
        public String toString()
        {
            return fromId + (bothWays ? "<->" : "->") + toId;
        }
    }

    /**
     * A partial partition: every link given is cut from {@code atNs} until {@code healNs}.
     *
     * @throws IllegalArgumentException when the heal is not after the start.
     */
    public static void cutLinks(final FaultPlan.Builder faults, final List<Link> links, final long atNs, final long healNs)
    {
        requireSpan(atNs, healNs);
        for (final Link link : links)
        {
            cut(faults, link, atNs, healNs - atNs);
        }
    }

    /**
     * A link that flaps: down for {@code downShare} of every {@code periodNs} from {@code atNs}
     * (down first), up for the rest, the last down phase cut short at {@code healNs}.
     *
     * @param downShare the duty cycle: the share of each period the link is down, in (0, 1].
     * @return how many times the link went down.
     * @throws IllegalArgumentException for a period below 1 ns, a share outside (0, 1], or a heal not after the start.
     */
    public static int flap(
        final FaultPlan.Builder faults,
        final Link link,
        final long atNs,
        final long healNs,
        final long periodNs,
        final double downShare)
    {
        requireSpan(atNs, healNs);
        if (periodNs < 1)
        {
            throw new IllegalArgumentException("a flapping link's period must be positive, got " + periodNs + " ns");
        }
        if (!(downShare > 0 && downShare <= 1))
        {
            throw new IllegalArgumentException("a flapping link's down share must be in (0, 1], got " + downShare);
        }
        final long downNs = Math.max(1, Math.round(periodNs * downShare));
        int downs = 0;
        for (long startNs = atNs; healNs - startNs > 0; startNs += periodNs)
        {
            cut(faults, link, startNs, Math.min(downNs, healNs - startNs));
            downs++;
        }
        return downs;
    }

    /**
     * A slow node: pauses of {@code pauseNs} whose starts follow a Poisson process of mean gap
     * {@code meanGapNs} drawn from {@code random}; a start that would fall inside the previous
     * pause waits for its end, and the last pause is cut short at {@code healNs}.
     *
     * @return the pauses added, as [start, end) pairs in order, for a caller that reports them.
     * @throws IllegalArgumentException for a pause or gap below 1 ns, or a heal not after the start.
     */
    public static List<long[]> slowNode(
        final FaultPlan.Builder faults,
        final int nodeId,
        final long atNs,
        final long healNs,
        final long pauseNs,
        final long meanGapNs,
        final SplittableRandom random)
    {
        requireSpan(atNs, healNs);
        if (pauseNs < 1 || meanGapNs < 1)
        {
            throw new IllegalArgumentException("a slow node's pause and mean gap must be positive, got " + pauseNs +
                " ns and " + meanGapNs + " ns");
        }
        final List<long[]> pauses = new ArrayList<>();
        long startNs = atNs;
        while (healNs - startNs > 0)
        {
            final long endNs = Math.min(startNs + pauseNs, healNs);
            faults.pause(nodeId, startNs, endNs - startNs);
            pauses.add(new long[] {startNs, endNs});
            // Exponential gaps between starts: a memoryless stall, as a disk or collector gives.
            final long gapNs = (long)Math.ceil(-Math.log(1.0 - random.nextDouble()) * meanGapNs);
            startNs = Math.max(startNs + gapNs, endNs);
        }
        return pauses;
    }

    /**
     * A random partial partition for the chaos explorer: each unordered pair of nodes is cut with
     * probability one half, one way (either) or both; at least one link is cut and never every
     * link, so the cluster is neither whole nor cleanly split in general.
     *
     * @param nodes N, at least 3.
     * @return the links cut.
     */
    public static List<Link> randomPartialPartition(final SplittableRandom random, final int nodes)
    {
        if (nodes < 3)
        {
            throw new IllegalArgumentException("a partial partition needs at least 3 nodes, got " + nodes);
        }
        final int pairs = nodes * (nodes - 1) / 2;
        while (true)
        {
            final List<Link> links = new ArrayList<>();
            for (int one = 1; one < nodes; one++)
            {
                for (int other = one + 1; other <= nodes; other++)
                {
                    if (random.nextBoolean())
                    {
                        final int direction = random.nextInt(3);
                        links.add(0 == direction ? Link.both(one, other) :
                            1 == direction ? Link.oneWay(one, other) : Link.oneWay(other, one));
                    }
                }
            }
            if (!links.isEmpty() && links.size() < pairs)
            {
                return links;
            }
        }
    }

    private static void cut(final FaultPlan.Builder faults, final Link link, final long atNs, final long durationNs)
    {
        faults.cut(link.fromId(), link.toId(), atNs, durationNs);
        if (link.bothWays())
        {
            faults.cut(link.toId(), link.fromId(), atNs, durationNs);
        }
    }

    private static void requireSpan(final long atNs, final long healNs)
    {
        if (atNs < 0 || healNs - atNs <= 0)
        {
            throw new IllegalArgumentException("a fault pattern must heal after it starts, got " + Durations.format(atNs) +
                " to " + Durations.format(healNs));
        }
    }
}
