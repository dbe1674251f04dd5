package org.electbench.realtime;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import org.agrona.DeadlineTimerWheel;
import org.agrona.collections.Long2LongHashMap;

/**
 * One worker's timers: an Agrona {@link DeadlineTimerWheel} on the run clock, and a pool of
 * slots that give each timer the id its node sees. The wheel reuses its own ids as soon as a
 * timer fires, so a node's id is the slot plus a generation bumped on every release: a stale
 * cancel from a node (of a timer that already fired) never hits another timer.
 * <p>
 * An expired timer is not fired from inside the wheel's poll: it moves to the worker's
 * {@link DelayQueue} at its deadline, so timers and messages leave in one order of due time,
 * and a paused node's timers wait there with its messages.
 */
final class Timers implements DeadlineTimerWheel.TimerHandler
{
    static final int FREE = 0;
    static final int ARMED = 1;
    static final int QUEUED = 2;

    /** 65.5 us ticks, 1024 of them: one turn of the wheel is 67 ms; later deadlines wait their turn. */
    private static final long TICK_RESOLUTION_NS = 1L << 16;
    private static final int TICKS_PER_WHEEL = 1024;
    private static final long NO_SLOT = -1;

    private final DeadlineTimerWheel wheel =
        new DeadlineTimerWheel(TimeUnit.NANOSECONDS, 0, TICK_RESOLUTION_NS, TICKS_PER_WHEEL);
    private final Long2LongHashMap slotByWheelId = new Long2LongHashMap(NO_SLOT);
    private final DelayQueue queue;

    private int capacity;
    private int[] freeSlots;
    private int freeCount;

    int[] state;
    int[] nodeId;
    int[] kind;
    int[] incarnation;
    int[] generation;
    long[] deadlineNs;
    long[] wheelId;

    Timers(final DelayQueue queue, final int initialCapacity)
    {
        this.queue = queue;
        grow(Math.max(1, initialCapacity));
    }

    /** @return the id the node sees: generation in the high word, slot in the low. */
    long schedule(final int ownerId, final int ownerIncarnation, final int timerKind, final long timerDeadlineNs)
    {
        if (0 == freeCount)
        {
            grow(capacity * 2);
        }
        final int slot = freeSlots[--freeCount];
        state[slot] = ARMED;
        nodeId[slot] = ownerId;
        kind[slot] = timerKind;
        incarnation[slot] = ownerIncarnation;
        deadlineNs[slot] = timerDeadlineNs;
        wheelId[slot] = wheel.scheduleTimer(timerDeadlineNs);
        slotByWheelId.put(wheelId[slot], slot);
        return timerId(slot);
    }

    long timerId(final int slot)
    {
        return ((long)generation[slot] << 32) | slot;
    }

    /** @return true when the timer was pending (armed or expired but not yet fired) and now never fires. */
    boolean cancel(final int ownerId, final long timerId)
    {
        final int slot = (int)timerId;
        if (slot < 0 || slot >= capacity || generation[slot] != (int)(timerId >>> 32) ||
            nodeId[slot] != ownerId || FREE == state[slot])
        {
            return false;
        }
        disarm(slot);
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
                disarm(slot);
                release(slot);
            }
        }
    }

    /** @return whether a queued expiry still stands (not cancelled, not released since). */
    boolean isQueued(final int slot, final int slotGeneration)
    {
        return QUEUED == state[slot] && generation[slot] == slotGeneration;
    }

    void release(final int slot)
    {
        state[slot] = FREE;
        generation[slot]++;
        freeSlots[freeCount++] = slot;
    }

    /**
     * Move every timer due by now to the queue. The wheel advances at most one tick per poll and
     * only after polling the tick it was on, so this polls again after every advance: the tick it
     * moved to may hold timers due by now.
     *
     * @return timers expired.
     */
    int poll(final long nowNs)
    {
        if (0 == wheel.timerCount())
        {
            wheel.currentTickTime(nowNs);
            return 0;
        }
        int expired = 0;
        long tickTimeNs;
        do
        {
            tickTimeNs = wheel.currentTickTime();
            expired += wheel.poll(nowNs, this, Integer.MAX_VALUE);
        }
        while (wheel.currentTickTime() != tickTimeNs && wheel.timerCount() > 0);
        return expired;
    }

    @Override
    public boolean onTimerExpiry(final TimeUnit timeUnit, final long nowNs, final long expiredWheelId)
    {
        final long slotValue = slotByWheelId.remove(expiredWheelId);
        if (NO_SLOT != slotValue)
        {
            final int slot = (int)slotValue;
            state[slot] = QUEUED;
            final int event = queue.allocate();
            queue.kind[event] = DelayQueue.TIMER;
            queue.nodeId[event] = nodeId[slot];
            queue.timerSlot[event] = slot;
            queue.timerGeneration[event] = generation[slot];
            queue.push(event, deadlineNs[slot]);
        }
        return true;
    }

    private void disarm(final int slot)
    {
        if (ARMED == state[slot])
        {
            wheel.cancelTimer(wheelId[slot]);
            slotByWheelId.remove(wheelId[slot]);
        }
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
        wheelId = Arrays.copyOf(null == wheelId ? new long[0] : wheelId, newCapacity);
        freeSlots = Arrays.copyOf(null == freeSlots ? new int[0] : freeSlots, newCapacity);
        for (int slot = newCapacity - 1; slot >= oldCapacity; slot--)
        {
            generation[slot] = 1;
            freeSlots[freeCount++] = slot;
        }
        capacity = newCapacity;
    }
}
