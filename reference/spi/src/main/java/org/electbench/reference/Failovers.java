package org.electbench.reference;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntPredicate;

import org.electbench.transport.RunTiming;

/**
 * Drives one scenario's failovers on a {@link ReferenceCluster} and measures each from the nodes'
 * own reports: the cluster settles on a leader (every node names it for {@link #settleNs}), the
 * fault hits that leader at a noted instant, and the failover ends when every live node on the
 * majority's side names one new live leader that says it leads, and keeps doing so for the settle
 * window; then the fault is undone (restart, heal, thaw) and the whole cluster settles again.
 * Nodes time their own reports on the host's monotonic clock, so polling here adds nothing to the
 * figures; it only decides when to look.
 */
public final class Failovers
{
    private static final long POLL_NS = TimeUnit.MILLISECONDS.toNanos(2);
    private static final long START_BUDGET_NS = TimeUnit.SECONDS.toNanos(90);

    private final ReferenceCluster cluster;
    private final ReferenceScenario scenario;
    private final long settleNs;
    private final long budgetNs;
    private final long detectionNs;
    private final long shortestRaceNs;

    /**
     * @param budgetNs how long a failover may take before it counts as unconverged.
     */
    public Failovers(final ReferenceCluster cluster, final ReferenceScenario scenario, final long budgetNs)
    {
        this.cluster = cluster;
        this.scenario = scenario;
        this.budgetNs = budgetNs;
        this.detectionNs = cluster.system().detectionSilenceNs(cluster.settings());
        this.shortestRaceNs = cluster.system().shortestRaceNs(cluster.settings());
        this.settleNs = Math.max(2 * detectionNs, TimeUnit.MILLISECONDS.toNanos(300));
    }

    /**
     * Waits for the whole cluster to agree on a leader and keep it for the settle window, and for that leader
     * to have committed a write within the window.
     *
     * @return the leader.
     * @throws IllegalStateException when it does not within the start budget.
     */
    public int awaitSettled() throws InterruptedException
    {
        final long deadlineNs = System.nanoTime() + START_BUDGET_NS;
        while (true)
        {
            final Agreement agreement = await(id -> true, 0, deadlineNs);
            if (null == agreement)
            {
                throw new IllegalStateException(cluster.system().name() + " did not settle on a leader serving writes within " +
                    TimeUnit.NANOSECONDS.toSeconds(START_BUDGET_NS) + " s" + describe());
            }
            // The fault must hit a leader that serves writes, or there is nothing for a stale leader to be caught at.
            final long nowNs = System.nanoTime();
            if (!cluster.track(agreement.leader).writesBetween(nowNs - settleNs, nowNs).isEmpty())
            {
                return agreement.leader;
            }
            LockSupport.parkNanos(settleNs / 4);
        }
    }

    /** The cluster did not settle on a leader serving writes before a fault: nothing was measured, a fresh cluster may be. */
    public static final class Unsettled extends IllegalStateException
    {
        private static final long serialVersionUID = 1L;

        Unsettled(final String message)
        {
            super(message);
        }
    }

    /**
     * Runs one failover: settle, fault, measure, undo.
     *
     * @throws Unsettled when the cluster did not settle before the fault (the fault did not hit).
     */
    public Failover next() throws InterruptedException, IOException
    {
        final int oldLeader;
        try
        {
            oldLeader = awaitSettled();
        }
        catch (final IllegalStateException ex)
        {
            throw new Unsettled(ex.getMessage());
        }
        final int nodes = cluster.nodes();
        final IntPredicate majoritySide = id -> id != oldLeader;
        final long faultNs;
        switch (scenario)
        {
            case LEADER_CRASH ->
            {
                faultNs = System.nanoTime();
                cluster.crash(oldLeader);
            }
            case PARTITION ->
            {
                faultNs = System.nanoTime();
                cluster.isolate(oldLeader);
            }
            case PAUSE ->
            {
                faultNs = System.nanoTime();
                cluster.pause(oldLeader);
            }
            case ONE_WAY ->
            {
                faultNs = System.nanoTime();
                cluster.deafen(oldLeader);
            }
            default -> throw new IllegalStateException("unhandled scenario " + scenario);
        }
        final Agreement agreement = await(majoritySide, oldLeader, faultNs + budgetNs);
        final long agreedNs = null == agreement ? -1 : agreement.atNs - faultNs;
        final int newLeader = null == agreement ? 0 : agreement.leader;

        long stepDownNs = -1;
        long undoneNs = System.nanoTime();
        switch (scenario)
        {
            case LEADER_CRASH -> cluster.start(oldLeader);
            case PARTITION, ONE_WAY ->
            {
                stepDownNs = awaitStepDown(oldLeader, faultNs, faultNs + budgetNs);
                undoneNs = System.nanoTime();
                cluster.heal();
            }
            case PAUSE ->
            {
                final long thawNs = System.nanoTime();
                cluster.resume(oldLeader);
                undoneNs = thawNs;
                final long stepDownAt = awaitStepDown(oldLeader, thawNs, thawNs + budgetNs);
                stepDownNs = stepDownAt < 0 ? -1 : stepDownAt + (thawNs - faultNs);
            }
            default -> throw new IllegalStateException("unhandled scenario " + scenario);
        }
        final long endNs = undoneNs + settleNs;
        sleepUntil(endNs);

        long maxLateNs = 0;
        final long lateUntilNs = null == agreement ? System.nanoTime() : agreement.atNs;
        for (int id = 1; id <= nodes; id++)
        {
            if (id != oldLeader)
            {
                maxLateNs = Math.max(maxLateNs, cluster.track(id).maxLateNs(faultNs - detectionNs, lateUntilNs));
            }
        }
        final boolean hostLate = !new RunTiming(maxLateNs, RunTiming.NOT_MEASURED, 0, 0, 0, shortestRaceNs).keptTiming();
        final List<StateLine> writes = writes(faultNs - detectionNs, endNs);
        final Failover failover = new Failover(oldLeader, newLeader, electedNs(oldLeader, faultNs), agreedNs, stepDownNs,
            twoLeadersClaimedNs(oldLeader, newLeader, faultNs, endNs), staleWrites(writes), writes.size(), maxLateNs, hostLate);
        for (int id = 1; id <= nodes; id++)
        {
            cluster.track(id).forgetBefore(faultNs - detectionNs);
        }
        return failover;
    }

    private record Agreement(int leader, long atNs)
    {
    }

    /**
     * @return the leader every node in {@code among} names (not {@code excluded}), once that holds for the
     * settle window, and the instant it began (the latest of their reports); null past the deadline.
     */
    private Agreement await(final IntPredicate among, final int excluded, final long deadlineNs) throws InterruptedException
    {
        Agreement held = null;
        List<StateLine> heldStates = null;
        while (System.nanoTime() - deadlineNs < 0)
        {
            final int died = cluster.died();
            if (0 != died)
            {
                throw new IllegalStateException(cluster.system().name() + " node " + died + " exited by itself" + describe());
            }
            final List<StateLine> states = new ArrayList<>();
            final Agreement now = agreement(among, excluded, states);
            if (null == now)
            {
                held = null;
            }
            else if (null == held || !states.equals(heldStates))
            {
                held = now;
                heldStates = states;
            }
            else if (System.nanoTime() - held.atNs >= settleNs)
            {
                return held;
            }
            LockSupport.parkNanos(POLL_NS);
            if (Thread.interrupted())
            {
                throw new InterruptedException();
            }
        }
        return null;
    }

    private Agreement agreement(final IntPredicate among, final int excluded, final List<StateLine> states)
    {
        int leader = -1;
        long atNs = Long.MIN_VALUE;
        for (int id = 1; id <= cluster.nodes(); id++)
        {
            if (!among.test(id))
            {
                continue;
            }
            if (!cluster.live(id))
            {
                return null;
            }
            final StateLine state = cluster.track(id).latest();
            if (null == state || 0 == state.leaderId() || (leader >= 0 && leader != state.leaderId()))
            {
                return null;
            }
            leader = state.leaderId();
            atNs = Math.max(atNs, state.nanos());
            states.add(state);
        }
        if (leader <= 0 || leader == excluded || !among.test(leader))
        {
            return null;
        }
        final StateLine leaderState = cluster.track(leader).latest();
        return null != leaderState && NodeRole.LEADER == leaderState.role() ? new Agreement(leader, atNs) : null;
    }

    /** @return from {@code fromNs} to the old leader's first report of not leading, or -1 if none by the deadline. */
    private long awaitStepDown(final int oldLeader, final long fromNs, final long deadlineNs)
    {
        while (System.nanoTime() - deadlineNs < 0)
        {
            for (final StateLine state : cluster.track(oldLeader).statesSince(fromNs))
            {
                if (NodeRole.LEADER != state.role())
                {
                    return state.nanos() - fromNs;
                }
            }
            LockSupport.parkNanos(POLL_NS);
        }
        return -1;
    }

    private long electedNs(final int oldLeader, final long faultNs)
    {
        long first = Long.MAX_VALUE;
        for (int id = 1; id <= cluster.nodes(); id++)
        {
            if (id == oldLeader)
            {
                continue;
            }
            for (final StateLine state : cluster.track(id).statesSince(faultNs))
            {
                if (NodeRole.LEADER == state.role())
                {
                    first = Math.min(first, state.nanos() - faultNs);
                    break;
                }
            }
        }
        return Long.MAX_VALUE == first ? -1 : first;
    }

    /** @return how long the old leader still said it led after the new one first did, until {@code endNs}. */
    private long twoLeadersClaimedNs(final int oldLeader, final int newLeader, final long faultNs, final long endNs)
    {
        if (0 == newLeader || ReferenceScenario.LEADER_CRASH == scenario)
        {
            return 0;
        }
        long newClaimNs = Long.MIN_VALUE;
        for (final StateLine state : cluster.track(newLeader).statesSince(faultNs))
        {
            if (NodeRole.LEADER == state.role())
            {
                newClaimNs = state.nanos();
                break;
            }
        }
        if (Long.MIN_VALUE == newClaimNs)
        {
            return 0;
        }
        long oldGivesUpNs = endNs;
        for (final StateLine state : cluster.track(oldLeader).statesSince(faultNs))
        {
            if (NodeRole.LEADER != state.role())
            {
                oldGivesUpNs = state.nanos();
                break;
            }
        }
        return Math.max(0, oldGivesUpNs - newClaimNs);
    }

    private List<StateLine> writes(final long fromNs, final long toNs)
    {
        final List<StateLine> writes = new ArrayList<>();
        for (int id = 1; id <= cluster.nodes(); id++)
        {
            writes.addAll(cluster.track(id).writesBetween(fromNs, toNs));
        }
        writes.sort(Comparator.comparingLong(StateLine::nanos));
        return writes;
    }

    /** @return writes committed in a term older than one already committed: by time, each against the newest term before it. */
    static int staleWrites(final List<StateLine> writes)
    {
        long newestTerm = Long.MIN_VALUE;
        int stale = 0;
        for (final StateLine write : writes)
        {
            if (write.value() < newestTerm)
            {
                stale++;
            }
            newestTerm = Math.max(newestTerm, write.value());
        }
        return stale;
    }

    private static void sleepUntil(final long deadlineNs) throws InterruptedException
    {
        long leftNs;
        while ((leftNs = deadlineNs - System.nanoTime()) > 0)
        {
            TimeUnit.NANOSECONDS.sleep(leftNs);
        }
    }

    private String describe()
    {
        final StringBuilder text = new StringBuilder();
        for (int id = 1; id <= cluster.nodes(); id++)
        {
            final StateLine state = cluster.track(id).latest();
            text.append("\n  node ").append(id).append(cluster.live(id) ? "" : " (not live)").append(": ")
                .append(null == state ? "no report" : state.role() + " naming " + state.leaderId() + " in term " + state.value());
            final String log = cluster.log(id);
            if (!log.isBlank())
            {
                text.append("\n    stderr: ").append(log.lines().filter(line -> !line.startsWith("SLF4J")).limit(20)
                    .reduce((a, b) -> a + "\n    " + b).orElse(""));
            }
        }
        return text.toString();
    }
}
