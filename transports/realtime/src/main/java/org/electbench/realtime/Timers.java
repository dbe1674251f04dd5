package org.electbench.realtime;

import java.util.Arrays;

/**
 * One worker's timers: a pool of slots that give each timer the id its node sees, with every
 * armed timer held in the worker's {@link DelayQueue} at its exact deadline, so timers and
 * messages leave in one order of due time, a paused node's timers wait there with its messages,
 * and a timer is due to the nanosecond rather than to a wheel's tick. A node's id is the slot
 * plus a generation bumped on every release: a stale cancel (of a timer that already fired)
 * never hits another timer. A cancelled timer leaves the queue at once (the queue knows where
 * each entry sits), so re-arming a long timeout on every message holds one entry, not one per message.
 * <p>
 * A periodic timer, one that re-arms its own kind from its callback, is based on the deadline
 * it fired for, not on the clock, so it keeps its period however late the host ran it, as in the
 * simulator. Other timers scheduled in a callback (a timeout for the answer to a message sent
 * there) count from now: the answer cannot come before the message leaves. And when the host
 * stalled for longer than the period, the next deadline counts from now too, rather than
 * firing at once for every period missed. See {@link #firing}.
 */
final class Timers
{
    static final int FREE = 0;
    static final int QUEUED = 1;

    private static final long NOT_FIRING = Long.MIN_VALUE;

    private final DelayQueue queue;

    private int capacity;
    private int[] freeSlots;
    private int freeCount;
    private long firingDeadlineNs = NOT_FIRING;
    private int firingKind;

    int[] state;
    int[] nodeId;
    int[] kind;
    int[] incarnation;
    int[] generation;
    long[] deadlineNs;
    /** The queue entry of each pending timer: in the queue, or popped and about to fire. */
    int[] event;

    Timers(final DelayQueue queue, final int initialCapacity)
    {
        this.queue = queue;
        grow(Math.max(1, initialCapacity));
    }

    /**
     * @param nowNs   the clock now.
     * @param delayNs how long from the base the timer is due; negative counts as 0.
     * @return the id the node sees: generation in the high word, slot in the low.
     */
    long schedule(final int ownerId, final int ownerIncarnation, final int timerKind, final long delayNs, final long nowNs)
    {
        final long periodNs = Math.max(0, delayNs);
        return scheduleAt(ownerId, ownerIncarnation, timerKind, baseNs(timerKind, periodNs, nowNs) + periodNs);
    }

    /** @return the id the node sees: generation in the high word, slot in the low. */
    long scheduleAt(final int ownerId, final int ownerIncarnation, final int timerKind, final long timerDeadlineNs)
    {
        if (0 == freeCount)
        {
            grow(capacity * 2);
        }
        final int slot = freeSlots[--freeCount];
        state[slot] = QUEUED;
        nodeId[slot] = ownerId;
        kind[slot] = timerKind;
        incarnation[slot] = ownerIncarnation;
        deadlineNs[slot] = timerDeadlineNs;
        final int entry = queue.allocate();
        queue.kind[entry] = DelayQueue.TIMER;
        queue.nodeId[entry] = ownerId;
        queue.timerSlot[entry] = slot;
        queue.timerGeneration[entry] = generation[slot];
        queue.push(entry, timerDeadlineNs);
        event[slot] = entry;
        return timerId(slot);
    }

    /**
     * @param timerKind the kind being scheduled.
     * @param delayNs   its delay, at least 0.
     * @param nowNs     the clock now.
     * @return what the timer counts its delay from: the deadline of the timer firing, when it
     * re-arms its own kind and that deadline plus the delay is still ahead; otherwise now.
     */
    long baseNs(final int timerKind, final long delayNs, final long nowNs)
    {
        if (NOT_FIRING != firingDeadlineNs && timerKind == firingKind && firingDeadlineNs + delayNs - nowNs > 0)
        {
            return firingDeadlineNs;
        }
        return nowNs;
    }

    /**
     * Marks the start of a timer's callback; {@link #fired()} marks its end.
     *
     * @param dueNs the deadline of the timer about to fire (or of the instant a pause released it).
     * @param kind  its kind.
     */
    void firing(final long dueNs, final int kind)
    {
        firingDeadlineNs = dueNs;
        firingKind = kind;
    }

    /** Ends the callback {@link #firing} began. */
    void fired()
    {
        firingDeadlineNs = NOT_FIRING;
    }

    long timerId(final int slot)
    {
        return ((long)generation[slot] << 32) | slot;
    }

    /** @return true when the timer was pending and now never fires. */
    boolean cancel(final int ownerId, final long timerId)
    {
        final int slot = (int)timerId;
        if (slot < 0 || slot >= capacity || generation[slot] != (int)(timerId >>> 32) ||
            nodeId[slot] != ownerId || FREE == state[slot])
        {
            return false;
        }
        unqueue(slot);
        release(slot);
        return true;
    }

    /** Stop every timer of a node that crashed. */
    void cancelAll(final int ownerId)
    {
        for (int slot = 0; slot < capacity; slot++)
        {
            if (FREE != state[slot] && nodeId[slot] == ownerId)
            {
                unqueue(slot);
                release(slot);
            }
        }
    }

    /** @return whether a queued timer still stands (not cancelled, not released since). */
    boolean isQueued(final int slot, final int slotGeneration)
    {
        return QUEUED == state[slot] && generation[slot] == slotGeneration;
    }

    /** Takes a pending timer's entry out of the queue; one already popped is left to whoever popped it. */
    private void unqueue(final int slot)
    {
        if (queue.remove(event[slot]))
        {
            queue.free(event[slot]);
        }
    }

    void release(final int slot)
    {
        state[slot] = FREE;
        generation[slot]++;
        freeSlots[freeCount++] = slot;
    }

    /** @return timers pending (scheduled, neither fired nor cancelled). */
    int pending()
    {
        return capacity - freeCount;
    }

    private void grow(final int newCapacity)
    {
        final int oldCapacity = capacity;
        state = Arrays.copyOf(null == state ? new int[0] : state, newCapacity);
        nodeId = Arrays.copyOf(null == nodeId ? new int[0] : nodeId, newCapacity);
        kind = Arrays.copyOf(null == kind ? new int[0] : kind, newCapacity);
        incarnation = Arrays.copyOf(null == incarnation ? new int[0] : incarnation, newCapacity);
        generation = Arrays.copyOf(null == generation ? new int[0] : generation, newCapacity);
        deadlineNs = Arrays.copyOf(null == deadlineNs ? new long[0] : deadlineNs, newCapacity);
        event = Arrays.copyOf(null == event ? new int[0] : event, newCapacity);
        freeSlots = Arrays.copyOf(null == freeSlots ? new int[0] : freeSlots, newCapacity);
        for (int slot = newCapacity - 1; slot >= oldCapacity; slot--)
        {
            generation[slot] = 1;
            freeSlots[freeCount++] = slot;
        }
        capacity = newCapacity;
    }
}
