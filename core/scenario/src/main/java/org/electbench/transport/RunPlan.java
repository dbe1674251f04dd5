package org.electbench.transport;

import org.electbench.spi.Start;

/**
 * The concrete run a {@link Scenario} makes for its seed: how the cluster starts, whose
 * detectors may fire, the faults, and the instants measurement is anchored to.
 *
 * @param start          how every node comes up at time 0.
 * @param initialLeader  for a settled start, the leader; otherwise 0.
 * @param initialTerm    for a settled start, its term; otherwise 0.
 * @param detectors      indexed by id (slot 0 unused): whether that node's detector may fire.
 * @param faults         the faults, ordered by time.
 * @param referenceNs    the instant convergence is measured from (the fault, or the heal).
 * @param lastFaultNs    when the last fault's effect ends; a run never settles before it.
 * @param settleWindowNs how long agreement must hold with no change of belief.
 * @param budgetEndNs    when an unsettled run is given up as unconverged.
 * @param faultNs        when the fault begins (0 for a cold start): the unavailability window and
 *                       the traffic "from the fault" are measured from here; the same as
 *                       referenceNs but for partition (the cut, where the reference is the heal).
 * @param side           indexed by id (slot 0 unused): the nodes whose view counts for
 *                       availability while the fault lasts, the side of a partition that must
 *                       elect and every node but a paused one; every node for other faults.
 * @param sideEndNs      when the fault stops dividing the cluster (the heal, the resume); from
 *                       then on every live node counts for availability.
 * @param messagesLost   whether the run loses messages by design (network loss, loss bursts, cuts,
 *                       partitions), so an algorithm whose winner depends on what arrived promises none
 *                       ({@link org.electbench.spi.ElectionAlgorithm#winnerDeterminedDespiteLoss()}).
 * @param stableWindowNs how long a majority leader must hold office, unbroken, to count as the
 *                       disturbance's stable leader (see {@link ConvergenceMonitor}).
 */
public record RunPlan(
    Start start,
    int initialLeader,
    long initialTerm,
    boolean[] detectors,
    FaultPlan faults,
    long referenceNs,
    long lastFaultNs,
    long settleWindowNs,
    long budgetEndNs,
    long faultNs,
    boolean[] side,
    long sideEndNs,
    boolean messagesLost,
    long stableWindowNs)
{
    /** A plan whose stable window is its settle window, and that loses no message by design. */
    public RunPlan(
        final Start start,
        final int initialLeader,
        final long initialTerm,
        final boolean[] detectors,
        final FaultPlan faults,
        final long referenceNs,
        final long lastFaultNs,
        final long settleWindowNs,
        final long budgetEndNs,
        final long faultNs,
        final boolean[] side,
        final long sideEndNs)
    {
        this(start, initialLeader, initialTerm, detectors, faults, referenceNs, lastFaultNs, settleWindowNs, budgetEndNs,
            faultNs, side, sideEndNs, false, settleWindowNs);
    }
}
