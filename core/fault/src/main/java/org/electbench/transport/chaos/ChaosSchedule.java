package org.electbench.transport.chaos;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

import org.electbench.spi.ElectionSettings;
import org.electbench.transport.FaultPatterns;
import org.electbench.transport.FaultPlan;
import org.electbench.transport.Seeds;

/**
 * Random fault schedules for safety exploration: a pure function of (settings, cluster size,
 * seed, allowed kinds), so one seed names one schedule and replays it.
 * <p>
 * With HBT the heartbeat interval and D the detection timeout, a schedule starts from a settled
 * cluster (N leading term 1) and draws 1 to {@value #MAX_FAULTS} faults, each starting at a
 * uniform instant in [2 HBT, 2 HBT + {@value #WINDOW_DETECTIONS} D), each of a kind drawn
 * uniformly from the allowed ones but {@code recover}:
 * <ul>
 *   <li>crash: a node up at that instant (half the time the highest such id, the likely leader)
 *       crashes; with {@code recover} allowed it comes back, fresh, after [D/2, 4 D), but for one
 *       crash in four, which is for good. A permanent crash never takes the last node that would
 *       otherwise survive, and without {@code recover} a crash that would is not drawn;</li>
 *   <li>pause: a node up at that instant (half the time the highest) freezes for (D, 3 D]:
 *       always longer than the detection timeout, the zombie-leader case;</li>
 *   <li>partition: the nodes split into two random non-empty groups for [D, 5 D);</li>
 *   <li>oneway: for [D, 4 D) one link is cut in one direction, or every link out of one node (it
 *       hears but is not heard), or every link into it (it is heard but deaf);</li>
 *   <li>loss: every message is lost with a probability in {0.10, 0.15, ..., 0.70} for [D/2, 3 D);</li>
 *   <li>partial: a partial partition for [D, 5 D): each pair of nodes cut with probability one half,
 *       one way (either) or both, at least one link and never all
 *       ({@link FaultPatterns#randomPartialPartition}; at N = 2 the one link, one way or both);</li>
 *   <li>flap: one link (one way or both) down for a quarter, half or three quarters of every
 *       period of [D/2, 2 D), down first, for [D, 5 D) ({@link FaultPatterns#flap});</li>
 *   <li>slow: a node up at that instant (half the time the highest) stalls again and again for
 *       [D/4, D) each, the starts a mean [D, 3 D) apart, for [D, 5 D) ({@link FaultPatterns#slowNode}):
 *       a stalled disk or collector, each stall shorter than the detection timeout.</li>
 * </ul>
 * The last three are partial connectivity ({@link ChaosFault#PARTIAL_CONNECTIVITY}), under which
 * an algorithm may promise no leader while it lasts (plain Raft need never settle: H. Howard,
 * "Raft does not guarantee liveness in the face of network faults", Decentralized Thoughts, 2020).
 * <p>
 * So every partition, cut, flap, loss burst, pause and stall heals, and every crash but the permanent ones
 * recovers, by {@link #latestHealNs}; at least one node is up at the end. Runs then get
 * {@link #budgetNs} after the last heal to settle: a liveness promise is held from the last heal,
 * when every live node is connected again.
 */
public final class ChaosSchedule
{
    public static final int MAX_FAULTS = 6;
    public static final int WINDOW_DETECTIONS = 4;
    /** The longest fault lasts under this many detection timeouts (a partition). */
    public static final int LONGEST_FAULT_DETECTIONS = 5;
    /** A run gets this many times the longest of D, T_coord and 5 HBT after the last heal. */
    public static final int BUDGET_PATIENCES = 8;

    private static final long SALT = 0xC4A05L;
    private static final int PERMANENT_ONE_IN = 4;

    private ChaosSchedule()
    {
    }

    /**
     * @param settings the cluster's timings; D and HBT scale every instant and duration.
     * @param nodes    N; ids are 1..N.
     * @param seed     the schedule's seed.
     * @param kinds    the kinds it may draw, see {@link ChaosFault#requireDrawable}.
     * @return the schedule's faults.
     */
    public static FaultPlan generate(final ElectionSettings settings, final int nodes, final long seed, final Set<ChaosFault> kinds)
    {
        ChaosFault.requireDrawable(kinds);
        if (nodes < 2)
        {
            throw new IllegalArgumentException("a chaos schedule needs at least 2 nodes, got " + nodes);
        }
        final List<ChaosFault> drawable = kinds.stream().filter(kind -> kind != ChaosFault.RECOVER).sorted().toList();
        final boolean recover = kinds.contains(ChaosFault.RECOVER);
        final long detectNs = settings.detectionTimeoutNs();
        final long firstNs = firstFaultNs(settings);
        final SplittableRandom random = new SplittableRandom(Seeds.mix(seed ^ SALT));

        final int faultCount = 1 + random.nextInt(MAX_FAULTS);
        final long[] startsNs = new long[faultCount];
        for (int i = 0; i < faultCount; i++)
        {
            startsNs[i] = firstNs + random.nextLong(WINDOW_DETECTIONS * detectNs);
        }
        Arrays.sort(startsNs);

        final FaultPlan.Builder plan = FaultPlan.builder();
        // When each node is next up: 0 while up, Long.MAX_VALUE once down for good.
        final long[] downUntilNs = new long[nodes + 1];
        final int[] up = new int[nodes];
        int permanentlyDown = 0;
        for (final long atNs : startsNs)
        {
            final ChaosFault kind = drawable.get(random.nextInt(drawable.size()));
            switch (kind)
            {
                case CRASH:
                {
                    final int upCount = upAt(atNs, downUntilNs, up);
                    final boolean permanentAllowed = permanentlyDown + 1 < nodes;
                    final boolean recovers = recover && (!permanentAllowed || random.nextInt(PERMANENT_ONE_IN) != 0);
                    if (0 == upCount || (!recovers && !permanentAllowed))
                    {
                        break;
                    }
                    final int nodeId = pick(random, up, upCount);
                    plan.crash(nodeId, atNs);
                    if (recovers)
                    {
                        final long recoverNs = atNs + between(random, detectNs / 2, 4 * detectNs);
                        plan.recover(nodeId, recoverNs);
                        downUntilNs[nodeId] = recoverNs;
                    }
                    else
                    {
                        downUntilNs[nodeId] = Long.MAX_VALUE;
                        permanentlyDown++;
                    }
                    break;
                }
                case PAUSE:
                {
                    final int upCount = upAt(atNs, downUntilNs, up);
                    if (upCount > 0)
                    {
                        plan.pause(pick(random, up, upCount), atNs, detectNs + 1 + random.nextLong(2 * detectNs));
                    }
                    break;
                }
                case PARTITION:
                    partition(plan, random, nodes, atNs, between(random, detectNs, LONGEST_FAULT_DETECTIONS * detectNs));
                    break;
                case ONEWAY:
                    oneway(plan, random, nodes, atNs, between(random, detectNs, 4 * detectNs));
                    break;
                case LOSS:
                    plan.loss((2 + random.nextInt(13)) / 20.0, atNs, between(random, detectNs / 2, 3 * detectNs));
                    break;
                case PARTIAL:
                {
                    final long healNs = atNs + between(random, detectNs, LONGEST_FAULT_DETECTIONS * detectNs);
                    FaultPatterns.cutLinks(plan, nodes < 3 ? List.of(link(random, nodes)) :
                        FaultPatterns.randomPartialPartition(random, nodes), atNs, healNs);
                    break;
                }
                case FLAP:
                {
                    final FaultPatterns.Link link = link(random, nodes);
                    final long periodNs = between(random, detectNs / 2, 2 * detectNs);
                    final double downShare = (1 + random.nextInt(3)) / 4.0;
                    FaultPatterns.flap(plan, link, atNs, atNs + between(random, detectNs, LONGEST_FAULT_DETECTIONS * detectNs),
                        periodNs, downShare);
                    break;
                }
                case SLOW:
                {
                    final int upCount = upAt(atNs, downUntilNs, up);
                    if (upCount > 0)
                    {
                        final int nodeId = pick(random, up, upCount);
                        final long healNs = atNs + between(random, detectNs, LONGEST_FAULT_DETECTIONS * detectNs);
                        final long stallNs = between(random, detectNs / 4, detectNs);
                        FaultPatterns.slowNode(plan, nodeId, atNs, healNs, stallNs, between(random, detectNs, 3 * detectNs), random);
                    }
                    break;
                }
                default:
                    throw new IllegalStateException(kind.name());
            }
        }
        return plan.build();
    }

    /** @return when the first fault may start: two heartbeats into a settled cluster. */
    public static long firstFaultNs(final ElectionSettings settings)
    {
        return 2 * settings.heartbeatIntervalNs();
    }

    /** @return an instant by which every fault of every schedule with these settings has healed. */
    public static long latestHealNs(final ElectionSettings settings)
    {
        return firstFaultNs(settings) + (WINDOW_DETECTIONS + LONGEST_FAULT_DETECTIONS) * settings.detectionTimeoutNs();
    }

    /** @return how long after its last heal a schedule's run may take to settle before it counts as unconverged. */
    public static long budgetNs(final ElectionSettings settings)
    {
        final long patienceNs = Math.max(
            Math.max(settings.detectionTimeoutNs(), settings.coordinatorTimeoutNs()), 5 * settings.heartbeatIntervalNs());
        return BUDGET_PATIENCES * patienceNs;
    }

    private static int upAt(final long atNs, final long[] downUntilNs, final int[] up)
    {
        int count = 0;
        for (int id = 1; id < downUntilNs.length; id++)
        {
            if (downUntilNs[id] < atNs)
            {
                up[count++] = id;
            }
        }
        return count;
    }

    /** Half the time the highest id up (the leader, when ids decide), otherwise any node up. */
    private static int pick(final SplittableRandom random, final int[] up, final int upCount)
    {
        return random.nextBoolean() ? up[upCount - 1] : up[random.nextInt(upCount)];
    }

    private static void partition(
        final FaultPlan.Builder plan, final SplittableRandom random, final int nodes, final long atNs, final long durationNs)
    {
        final boolean[] side = new boolean[nodes + 1];
        int sideCount = 0;
        for (int id = 1; id <= nodes; id++)
        {
            side[id] = random.nextBoolean();
            sideCount += side[id] ? 1 : 0;
        }
        if (0 == sideCount || nodes == sideCount)
        {
            final int moved = 1 + random.nextInt(nodes);
            side[moved] = !side[moved];
            sideCount += side[moved] ? 1 : -1;
        }
        final int[] one = new int[sideCount];
        final int[] other = new int[nodes - sideCount];
        int oneCount = 0;
        int otherCount = 0;
        for (int id = 1; id <= nodes; id++)
        {
            if (side[id])
            {
                one[oneCount++] = id;
            }
            else
            {
                other[otherCount++] = id;
            }
        }
        plan.partition(atNs, durationNs, one, other);
    }

    private static void oneway(
        final FaultPlan.Builder plan, final SplittableRandom random, final int nodes, final long atNs, final long durationNs)
    {
        final int nodeId = 1 + random.nextInt(nodes);
        switch (random.nextInt(3))
        {
            case 0:
            {
                final int peerId = 1 + (nodeId + random.nextInt(nodes - 1)) % nodes;
                plan.cut(nodeId, peerId, atNs, durationNs);
                break;
            }
            case 1:
                for (int peerId = 1; peerId <= nodes; peerId++)
                {
                    if (peerId != nodeId)
                    {
                        plan.cut(nodeId, peerId, atNs, durationNs);
                    }
                }
                break;
            default:
                for (int peerId = 1; peerId <= nodes; peerId++)
                {
                    if (peerId != nodeId)
                    {
                        plan.cut(peerId, nodeId, atNs, durationNs);
                    }
                }
                break;
        }
    }

    /** @return one link between two distinct random nodes, cut one way (either) or both. */
    private static FaultPatterns.Link link(final SplittableRandom random, final int nodes)
    {
        final int oneId = 1 + random.nextInt(nodes);
        final int otherId = 1 + (oneId + random.nextInt(nodes - 1)) % nodes;
        return switch (random.nextInt(3))
        {
            case 0 -> FaultPatterns.Link.both(oneId, otherId);
            case 1 -> FaultPatterns.Link.oneWay(oneId, otherId);
            default -> FaultPatterns.Link.oneWay(otherId, oneId);
        };
    }

    private static long between(final SplittableRandom random, final long fromNs, final long untilNs)
    {
        return fromNs + random.nextLong(untilNs - fromNs);
    }
}
