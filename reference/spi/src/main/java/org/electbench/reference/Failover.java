package org.electbench.reference;

/**
 * One failover measured on a reference cluster.
 *
 * @param oldLeader          the leader the fault hit.
 * @param newLeader          the leader the live nodes agreed on, 0 when they did not within the budget.
 * @param electedNs          fault to the first live node other than the old leader saying it leads; -1 if none.
 * @param agreedNs           fault to every live node (the majority's side) naming the new leader, as their own
 *                           reports time it; -1 when unconverged.
 * @param stepDownNs         partition and pause: fault to the old leader no longer saying it leads (for a pause,
 *                           counted from its thaw); -1 when it never did while cut off, or for a crash.
 * @param twoLeadersClaimedNs how long the old and the new leader both said they led.
 * @param staleWrites        writes committed in an older term after one in a newer term was committed: two
 *                           leaders serving writes, a safety violation.
 * @param writes             writes committed while the failover was measured (fault less a detection silence, to
 *                           the settle after the fault was undone): what {@code staleWrites} was checked on.
 * @param maxLateNs          the most any live node's sampler woke late in the failover.
 * @param hostLate           whether that lateness exceeds half the shortest timing race: the host, not the system,
 *                           may have decided this failover.
 */
public record Failover(int oldLeader, int newLeader, long electedNs, long agreedNs, long stepDownNs, long twoLeadersClaimedNs,
    int staleWrites, int writes, long maxLateNs, boolean hostLate)
{
    public boolean converged()
    {
        return agreedNs >= 0;
    }
}
