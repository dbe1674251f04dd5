package org.electbench.realtime;

import java.util.Arrays;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.MessageHeader;

/**
 * One worker's held events ordered by (due time, sequence): messages not yet due (network delay,
 * or a paused receiver) and timers the wheel found expired. A binary heap of slot indices with
 * the keys beside them; every field of an event lives in a parallel primitive array indexed by
 * its slot, and a message's bytes in the slot's stripe of one slab. Slots are recycled through a
 * free stack, so once the pool has grown to the run's peak nothing is allocated.
 */
final class DelayQueue
{
    static final int MESSAGE = 1;
    static final int TIMER = 2;
    /** A delayed message held at its sender, for a wire that cannot carry due times. */
    static final int OUTGOING = 3;

    private static final int SLOT_BYTES = MessageHeader.MAX_MESSAGE_LENGTH;

    private int capacity;
    private int size;
    private long nextSequence;

    private long[] heapDueNs;
    private long[] heapSequence;
    private int[] heapSlot;
    /** Where each slot sits in the heap, -1 when not in it: lets a cancelled timer leave at once. */
    private int[] heapIndexOfSlot;

    private int[] freeSlots;
    private int freeCount;

    int[] kind;
    int[] nodeId;
    int[] fromId;
    int[] length;
    int[] timerSlot;
    int[] timerGeneration;
    final UnsafeBuffer slab = new UnsafeBuffer(new byte[0]);

    DelayQueue(final int initialCapacity)
    {
        grow(Math.max(1, initialCapacity));
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
        freeSlots[freeCount++] = slot;
    }

    int messageOffset(final int slot)
    {
        return slot * SLOT_BYTES;
    }

    /** @return the slot of a message event holding a copy of the bytes, to push. */
    int allocateMessage(final int toId, final int senderId, final DirectBuffer source, final int offset, final int messageLength)
    {
        final int slot = allocate();
        kind[slot] = MESSAGE;
        nodeId[slot] = toId;
        fromId[slot] = senderId;
        length[slot] = messageLength;
        slab.putBytes(messageOffset(slot), source, offset, messageLength);
        return slot;
    }

    /** Insert a filled slot; events due at the same instant leave in the order pushed. */
    void push(final int slot, final long dueNs)
    {
        final long sequence = nextSequence++;
        siftUp(size++, dueNs, sequence, slot);
    }

    private void siftUp(final int from, final long dueNs, final long sequence, final int slot)
    {
        int index = from;
        while (index > 0)
        {
            final int parent = (index - 1) >>> 1;
            if (!before(dueNs, sequence, heapDueNs[parent], heapSequence[parent]))
            {
                break;
            }
            move(parent, index);
            index = parent;
        }
        place(index, dueNs, sequence, slot);
    }

    private void siftDown(final int from, final long dueNs, final long sequence, final int slot)
    {
        final int last = size;
        int index = from;
        while (true)
        {
            int child = 2 * index + 1;
            if (child >= last)
            {
                break;
            }
            if (child + 1 < last && before(heapDueNs[child + 1], heapSequence[child + 1], heapDueNs[child], heapSequence[child]))
            {
                child++;
            }
            if (!before(heapDueNs[child], heapSequence[child], dueNs, sequence))
            {
                break;
            }
            move(child, index);
            index = child;
        }
        place(index, dueNs, sequence, slot);
    }

    private void place(final int index, final long dueNs, final long sequence, final int slot)
    {
        heapDueNs[index] = dueNs;
        heapSequence[index] = sequence;
        heapSlot[index] = slot;
        heapIndexOfSlot[slot] = index;
    }

    /**
     * Take a pushed slot out of the heap wherever it is (a cancelled timer), without freeing it.
     *
     * @return whether it was in the heap.
     */
    boolean remove(final int slot)
    {
        final int index = heapIndexOfSlot[slot];
        if (index < 0)
        {
            return false;
        }
        heapIndexOfSlot[slot] = -1;
        final int last = --size;
        if (index != last)
        {
            final long dueNs = heapDueNs[last];
            final long sequence = heapSequence[last];
            final int lastSlot = heapSlot[last];
            if (index > 0 && before(dueNs, sequence, heapDueNs[(index - 1) >>> 1], heapSequence[(index - 1) >>> 1]))
            {
                siftUp(index, dueNs, sequence, lastSlot);
            }
            else
            {
                siftDown(index, dueNs, sequence, lastSlot);
            }
        }
        return true;
    }

    long peekDueNs()
    {
        return heapDueNs[0];
    }

    /** @return the order number of the earliest event: events pushed later have higher ones. */
    long peekSequence()
    {
        return heapSequence[0];
    }

    /** @return the order number the next push gets. */
    long nextSequence()
    {
        return nextSequence;
    }

    /** @return the slot of the earliest event, removed from the heap but not freed. */
    int pop()
    {
        final int top = heapSlot[0];
        heapIndexOfSlot[top] = -1;
        final int last = --size;
        if (last > 0)
        {
            siftDown(0, heapDueNs[last], heapSequence[last], heapSlot[last]);
        }
        return top;
    }

    /** @return messages held, for the books at the end of a run. */
    int messages()
    {
        int count = 0;
        for (int index = 0; index < size; index++)
        {
            if (TIMER != kind[heapSlot[index]])
            {
                count++;
            }
        }
        return count;
    }

    private static boolean before(final long aDueNs, final long aSequence, final long bDueNs, final long bSequence)
    {
        final long differenceNs = aDueNs - bDueNs;
        return differenceNs < 0 || (0 == differenceNs && aSequence < bSequence);
    }

    private void move(final int from, final int to)
    {
        heapDueNs[to] = heapDueNs[from];
        heapSequence[to] = heapSequence[from];
        heapSlot[to] = heapSlot[from];
        heapIndexOfSlot[heapSlot[to]] = to;
    }

    private void grow(final int newCapacity)
    {
        final int oldCapacity = capacity;
        heapDueNs = Arrays.copyOf(null == heapDueNs ? new long[0] : heapDueNs, newCapacity);
        heapSequence = Arrays.copyOf(null == heapSequence ? new long[0] : heapSequence, newCapacity);
        heapSlot = Arrays.copyOf(null == heapSlot ? new int[0] : heapSlot, newCapacity);
        heapIndexOfSlot = Arrays.copyOf(null == heapIndexOfSlot ? new int[0] : heapIndexOfSlot, newCapacity);
        Arrays.fill(heapIndexOfSlot, oldCapacity, newCapacity, -1);
        kind = Arrays.copyOf(null == kind ? new int[0] : kind, newCapacity);
        nodeId = Arrays.copyOf(null == nodeId ? new int[0] : nodeId, newCapacity);
        fromId = Arrays.copyOf(null == fromId ? new int[0] : fromId, newCapacity);
        length = Arrays.copyOf(null == length ? new int[0] : length, newCapacity);
        timerSlot = Arrays.copyOf(null == timerSlot ? new int[0] : timerSlot, newCapacity);
        timerGeneration = Arrays.copyOf(null == timerGeneration ? new int[0] : timerGeneration, newCapacity);
        final byte[] bytes = Arrays.copyOf(slab.byteArray(), newCapacity * SLOT_BYTES);
        slab.wrap(bytes);
        freeSlots = Arrays.copyOf(null == freeSlots ? new int[0] : freeSlots, newCapacity);
        for (int slot = newCapacity - 1; slot >= oldCapacity; slot--)
        {
            freeSlots[freeCount++] = slot;
        }
        capacity = newCapacity;
    }
}
