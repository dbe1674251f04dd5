package org.electbench.sim;

import java.util.Arrays;

import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.MessageHeader;

/**
 * Pooled events ordered by (time, sequence): a binary heap of slot indices with the keys kept
 * beside them, and every field of an event in a parallel primitive array indexed by its slot.
 * A message event's bytes live in the slot's fixed-size stripe of one slab. Slots are recycled
 * through a free stack, so once the pool has grown to the run's peak nothing is allocated.
 */
final class EventQueue
{
    static final int MESSAGE = 1;
    static final int TIMER = 2;
    static final int FAULT = 3;
    static final int CANCELLED = 4;

    static final int SLOT_BYTES = MessageHeader.MAX_MESSAGE_LENGTH;

    private int capacity;
    private int size;
    private long nextSequence;

    private long[] heapTimeNs;
    private long[] heapSequence;
    private int[] heapSlot;

    private int[] freeSlots;
    private int freeCount;

    int[] type;
    int[] nodeId;
    int[] fromId;
    int[] kind;
    int[] length;
    int[] incarnation;
    int[] generation;
    long[] timeNs;
    final UnsafeBuffer slab = new UnsafeBuffer(0, 0);

    EventQueue(final int initialCapacity)
    {
        capacity = 0;
        grow(initialCapacity);
    }

    void clear()
    {
        size = 0;
        nextSequence = 0;
        freeCount = 0;
        for (int slot = capacity - 1; slot >= 0; slot--)
        {
            freeSlots[freeCount++] = slot;
            generation[slot]++;
        }
    }

    boolean isEmpty()
    {
        return 0 == size;
    }

    int size()
    {
        return size;
    }

    /** @return a free slot for the caller to fill, then {@link #push(int, long)}. */
    int allocate()
    {
        if (0 == freeCount)
        {
            grow(capacity * 2);
        }
        return freeSlots[--freeCount];
    }

    void free(final int slot)
    {
        generation[slot]++;
        freeSlots[freeCount++] = slot;
    }

    void push(final int slot, final long atNs)
    {
        timeNs[slot] = atNs;
        final long sequence = nextSequence++;
        int child = size++;
        while (child > 0)
        {
            final int parent = (child - 1) >>> 1;
            if (before(heapTimeNs[parent], heapSequence[parent], atNs, sequence))
            {
                break;
            }
            heapTimeNs[child] = heapTimeNs[parent];
            heapSequence[child] = heapSequence[parent];
            heapSlot[child] = heapSlot[parent];
            child = parent;
        }
        heapTimeNs[child] = atNs;
        heapSequence[child] = sequence;
        heapSlot[child] = slot;
    }

    /** @return the slot of the earliest event, removed from the heap but not freed. */
    int pop()
    {
        final int top = heapSlot[0];
        final int last = --size;
        if (last > 0)
        {
            final long lastTimeNs = heapTimeNs[last];
            final long lastSequence = heapSequence[last];
            final int lastSlot = heapSlot[last];
            int parent = 0;
            final int half = last >>> 1;
            while (parent < half)
            {
                int child = 2 * parent + 1;
                final int right = child + 1;
                if (right < last && before(heapTimeNs[right], heapSequence[right], heapTimeNs[child], heapSequence[child]))
                {
                    child = right;
                }
                if (before(lastTimeNs, lastSequence, heapTimeNs[child], heapSequence[child]))
                {
                    break;
                }
                heapTimeNs[parent] = heapTimeNs[child];
                heapSequence[parent] = heapSequence[child];
                heapSlot[parent] = heapSlot[child];
                parent = child;
            }
            heapTimeNs[parent] = lastTimeNs;
            heapSequence[parent] = lastSequence;
            heapSlot[parent] = lastSlot;
        }
        return top;
    }

    /** @return the time of the earliest event; only when not empty. */
    long peekTimeNs()
    {
        return heapTimeNs[0];
    }

    int messageOffset(final int slot)
    {
        return slot * SLOT_BYTES;
    }

    private static boolean before(final long aTimeNs, final long aSequence, final long bTimeNs, final long bSequence)
    {
        final long deltaNs = aTimeNs - bTimeNs;
        return deltaNs < 0 || (deltaNs == 0 && aSequence < bSequence);
    }

    private void grow(final int newCapacity)
    {
        final int oldCapacity = capacity;
        heapTimeNs = Arrays.copyOf(null == heapTimeNs ? new long[0] : heapTimeNs, newCapacity);
        heapSequence = Arrays.copyOf(null == heapSequence ? new long[0] : heapSequence, newCapacity);
        heapSlot = Arrays.copyOf(null == heapSlot ? new int[0] : heapSlot, newCapacity);
        type = Arrays.copyOf(null == type ? new int[0] : type, newCapacity);
        nodeId = Arrays.copyOf(null == nodeId ? new int[0] : nodeId, newCapacity);
        fromId = Arrays.copyOf(null == fromId ? new int[0] : fromId, newCapacity);
        kind = Arrays.copyOf(null == kind ? new int[0] : kind, newCapacity);
        length = Arrays.copyOf(null == length ? new int[0] : length, newCapacity);
        incarnation = Arrays.copyOf(null == incarnation ? new int[0] : incarnation, newCapacity);
        generation = Arrays.copyOf(null == generation ? new int[0] : generation, newCapacity);
        timeNs = Arrays.copyOf(null == timeNs ? new long[0] : timeNs, newCapacity);
        final byte[] bytes = new byte[newCapacity * SLOT_BYTES];
        if (oldCapacity > 0)
        {
            slab.getBytes(0, bytes, 0, oldCapacity * SLOT_BYTES);
        }
        // A node reading a delivered message keeps this buffer object; rewrapping keeps its bytes at the same offsets.
        slab.wrap(bytes);
        final int[] newFree = new int[newCapacity];
        if (null != freeSlots)
        {
            System.arraycopy(freeSlots, 0, newFree, 0, freeCount);
        }
        freeSlots = newFree;
        for (int slot = newCapacity - 1; slot >= oldCapacity; slot--)
        {
            freeSlots[freeCount++] = slot;
        }
        capacity = newCapacity;
    }
}
