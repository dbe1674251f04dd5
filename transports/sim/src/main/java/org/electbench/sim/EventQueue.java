package org.electbench.sim;

import java.util.Arrays;
import java.util.function.IntConsumer;

import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.MessageHeader;

/**
 * Pooled events ordered by (time, sequence), where the sequence is the order of {@link #push}.
 * <p>
 * Events pushed one after another for the same time share a FIFO bucket, and a 4-ary heap
 * orders the buckets by (time, creation order). A bucket only ever grows while it is the one
 * most recently pushed to, so the sequences of its events are contiguous and no other bucket's
 * fall between them: ordering buckets by creation and then events FIFO within a bucket is
 * exactly the (time, sequence) order. With a constant delay a broadcast lands in one bucket,
 * so push and pop are O(1) where a heap of events would pay a cache-missing level per doubling
 * of the in-flight events; with random delays every bucket holds one event and this is a plain
 * heap, four-ary so that a level's children share a cache line and there are half the levels.
 * <p>
 * A heap entry is two longs: the time, and the bucket's creation serial above the slot of its
 * first event; the rest of a bucket is linked through its events, so a bucket needs no storage
 * of its own. An event's fields live in one int record per slot (two events per cache line).
 * A message of at most {@link #SMALL_MESSAGE_BYTES} (a header and one long: every bully message)
 * lives in the slot's 16-byte stripe of the small slab; a longer one in a 64-byte stripe of the
 * large slab, drawn from a free stack of its own, so the common case costs 48 bytes an event
 * rather than 96 (at n=1024 half a million events are in flight: less to copy at each young GC
 * and fewer cache lines). Slots and large stripes are recycled through free stacks, so once the
 * pools have grown to the run's peak nothing is allocated. {@link #clear} puts both stacks back in
 * order, so every run takes its slots and stripes from the first up and a bucket's events lie one
 * after another in memory, however the runs before it freed theirs.
 */
final class EventQueue
{
    static final int MESSAGE = 1;
    static final int TIMER = 2;
    static final int FAULT = 3;
    static final int CANCELLED = 4;
    /** One message to several receivers at the same instant: a bit per receiver id (1..32) in its record. */
    static final int BROADCAST = 5;
    /** The most receivers a {@link #BROADCAST} event names: one bit each in an int. */
    static final int MAX_BROADCAST_ID = Integer.SIZE;

    static final int SMALL_MESSAGE_BYTES = MessageHeader.LENGTH + Long.BYTES;
    static final int LARGE_MESSAGE_BYTES = MessageHeader.MAX_MESSAGE_LENGTH;

    private static final int TYPE = 0;
    private static final int NODE_ID = 1;
    private static final int FROM_ID = 2;
    private static final int KIND = 3;
    /** A long message's stripe in the large slab, in the field a message does not use for a kind. */
    private static final int LARGE_STRIPE = KIND;
    private static final int LENGTH = 4;
    private static final int INCARNATION = 5;
    /** A broadcast's receivers, in the field a message does not use for an incarnation. */
    private static final int RECEIVERS = INCARNATION;
    private static final int GENERATION = 6;
    private static final int NEXT = 7;
    private static final int RECORD_INTS = 8;
    private static final int NONE = -1;

    /** The small slab, a byte[], holds at most 2^31 / SMALL_MESSAGE_BYTES slots, so a slot fits in 27 bits. */
    private static final int SLOT_BITS = 27;
    private static final long SLOT_MASK = (1L << SLOT_BITS) - 1;
    private static final long MAX_BUCKET_SERIAL = Long.MAX_VALUE >>> SLOT_BITS;
    private static final int ARITY = 4;
    private static final int INITIAL_LARGE_STRIPES = 64;

    private int capacity;
    private int[] record;
    /** Per slot: the time it is queued for, so a cancelled timer's slot can be revived for a later deadline. */
    private long[] queuedAtNs;
    /** Per slot: when a deferred timer is really due, and the serial it took when deferred; -1 when not deferred. */
    private long[] dueNs;
    private long[] dueSerial;

    /** Heap of buckets, two longs each: the time, then the bucket's serial above its head slot. */
    private long[] heap;
    private int heapSize;
    private long nextBucketSerial;
    /** The last event pushed, while its bucket is still queued: only that bucket may grow. */
    private int openTail = NONE;
    private long openTimeNs;

    private int[] freeSlots;
    private int freeCount;
    /**
     * The fewest free slots since the stack was last put in order: below that depth it still holds the
     * slots from the last down, in order.
     */
    private int leastFree;

    private int largeCapacity;
    private int[] freeLargeStripes = new int[0];
    private int freeLargeCount;
    /** As {@link #leastFree}, for the large stripes' stack. */
    private int leastFreeLarge;

    // A node reading a delivered message keeps these buffer objects; growing rewraps them and keeps every offset.
    private final UnsafeBuffer smallSlab = new UnsafeBuffer(0, 0);
    private final UnsafeBuffer largeSlab = new UnsafeBuffer(0, 0);

    EventQueue(final int initialCapacity)
    {
        capacity = 0;
        grow(initialCapacity);
    }

    /** Frees every queued event; costs the events left, not the pool's size, and orders none of them. */
    void clear()
    {
        for (int entry = 0; entry < heapSize; entry++)
        {
            int slot = (int)(heap[2 * entry + 1] & SLOT_MASK);
            while (NONE != slot)
            {
                final int next = record[slot * RECORD_INTS + NEXT];
                free(slot);
                slot = next;
            }
        }
        heapSize = 0;
        nextBucketSerial = 0;
        openTail = NONE;
        if (freeCount == capacity)
        {
            leastFree = reorder(freeSlots, leastFree, capacity);
        }
        if (freeLargeCount == largeCapacity)
        {
            leastFreeLarge = reorder(freeLargeStripes, leastFreeLarge, largeCapacity);
        }
    }

    /**
     * Puts a free stack back in order, 0 on top, so a run takes its slots (or stripes) from the first
     * up and the events of a bucket lie one after another in memory, as in the pool's first run. Runs
     * in turn would otherwise hand each other a stack shuffled by their frees: at n = 1024 a bucket
     * of half a million messages then walks the slab at random, a cache miss an event. Only the part
     * a run reached is rewritten: below its least depth the stack is still in order.
     *
     * @return the stack's new least depth: all of it.
     */
    private static int reorder(final int[] stack, final int leastDepth, final int size)
    {
        for (int depth = leastDepth; depth < size; depth++)
        {
            stack[depth] = size - 1 - depth;
        }
        return size;
    }

    /** Hands every queued event's slot to {@code visitor}, in no particular order; changes nothing. */
    void forEachQueued(final IntConsumer visitor)
    {
        for (int entry = 0; entry < heapSize; entry++)
        {
            for (int slot = (int)(heap[2 * entry + 1] & SLOT_MASK); NONE != slot; slot = record[slot * RECORD_INTS + NEXT])
            {
                visitor.accept(slot);
            }
        }
    }

    boolean isEmpty()
    {
        return 0 == heapSize;
    }

    /** @return a free slot for the caller to fill, then {@link #push(int, long)}. */
    int allocate()
    {
        if (0 == freeCount)
        {
            grow(capacity * 2);
        }
        final int slot = freeSlots[--freeCount];
        if (freeCount < leastFree)
        {
            leastFree = freeCount;
        }
        return slot;
    }

    private int allocateLarge()
    {
        if (0 == freeLargeCount)
        {
            growLarge(Math.max(INITIAL_LARGE_STRIPES, largeCapacity * 2));
        }
        final int stripe = freeLargeStripes[--freeLargeCount];
        if (freeLargeCount < leastFreeLarge)
        {
            leastFreeLarge = freeLargeCount;
        }
        return stripe;
    }

    void free(final int slot)
    {
        final int base = slot * RECORD_INTS;
        final int type = record[base + TYPE];
        if ((MESSAGE == type || BROADCAST == type) && record[base + LENGTH] > SMALL_MESSAGE_BYTES)
        {
            freeLargeStripes[freeLargeCount++] = record[base + LARGE_STRIPE];
        }
        record[base + GENERATION]++;
        freeSlots[freeCount++] = slot;
    }

    void push(final int slot, final long atNs)
    {
        record[slot * RECORD_INTS + NEXT] = NONE;
        queuedAtNs[slot] = atNs;
        dueSerial[slot] = NONE;
        if (NONE != openTail && atNs == openTimeNs)
        {
            record[openTail * RECORD_INTS + NEXT] = slot;
            openTail = slot;
            return;
        }
        openTail = slot;
        openTimeNs = atNs;
        if (nextBucketSerial == MAX_BUCKET_SERIAL)
        {
            throw new IllegalStateException("a run pushed more than " + MAX_BUCKET_SERIAL + " event groups");
        }
        siftUp(atNs, (nextBucketSerial++ << SLOT_BITS) | slot);
    }

    /**
     * Make a slot that is still queued (a cancelled timer's, revived by the caller) due later without
     * touching the heap: it keeps its place, and when it comes up {@link #isDeferred} tells the caller to
     * {@link #pushDeferred} it. It takes its sequence now, as a push now would, so when it is finally
     * queued at {@code atNs} it orders among the events of that instant exactly as if pushed now. Closing
     * the open bucket keeps that true for whatever is pushed next.
     *
     * @param slot a slot queued for a time at or before {@code atNs}.
     * @param atNs when it is due.
     */
    void defer(final int slot, final long atNs)
    {
        if (nextBucketSerial == MAX_BUCKET_SERIAL)
        {
            throw new IllegalStateException("a run pushed more than " + MAX_BUCKET_SERIAL + " event groups");
        }
        dueNs[slot] = atNs;
        dueSerial[slot] = nextBucketSerial++;
        openTail = NONE;
    }

    /** @return whether a popped slot was deferred to a later instant by {@link #defer}. */
    boolean isDeferred(final int slot)
    {
        return NONE != dueSerial[slot];
    }

    /** Queue a popped, deferred slot at its due time with the sequence it took when deferred. */
    void pushDeferred(final int slot)
    {
        final long atNs = dueNs[slot];
        record[slot * RECORD_INTS + NEXT] = NONE;
        queuedAtNs[slot] = atNs;
        final long serial = dueSerial[slot];
        dueSerial[slot] = NONE;
        siftUp(atNs, (serial << SLOT_BITS) | slot);
    }

    /** @return the time a queued slot is queued for (for a deferred slot, not its due time). */
    long queuedAtNs(final int slot)
    {
        return queuedAtNs[slot];
    }

    /** Give a slot a new generation, so ids handed out for its earlier use no longer match it. */
    void renew(final int slot)
    {
        record[slot * RECORD_INTS + GENERATION]++;
    }

    /** @return the slot of the earliest event, removed from the queue but not freed. */
    int pop()
    {
        final long key = heap[1];
        final int slot = (int)(key & SLOT_MASK);
        final int next = record[slot * RECORD_INTS + NEXT];
        if (NONE != next)
        {
            // Same bucket, same serial: the entry keeps its place in the heap.
            heap[1] = (key & ~SLOT_MASK) | next;
            return slot;
        }
        if (openTail == slot)
        {
            openTail = NONE;
        }
        removeTop();
        return slot;
    }

    /** @return the time of the earliest event; only when not empty. */
    long peekTimeNs()
    {
        return heap[0];
    }

    int type(final int slot)
    {
        return record[slot * RECORD_INTS + TYPE];
    }

    int nodeId(final int slot)
    {
        return record[slot * RECORD_INTS + NODE_ID];
    }

    int fromId(final int slot)
    {
        return record[slot * RECORD_INTS + FROM_ID];
    }

    int kind(final int slot)
    {
        return record[slot * RECORD_INTS + KIND];
    }

    int length(final int slot)
    {
        return record[slot * RECORD_INTS + LENGTH];
    }

    int incarnation(final int slot)
    {
        return record[slot * RECORD_INTS + INCARNATION];
    }

    int generation(final int slot)
    {
        return record[slot * RECORD_INTS + GENERATION];
    }

    int capacity()
    {
        return capacity;
    }

    void cancel(final int slot)
    {
        record[slot * RECORD_INTS + TYPE] = CANCELLED;
    }

    /** Makes the slot a message and copies its bytes, {@code length} of them from {@code bytes}. */
    void setMessage(final int slot, final int toId, final int fromId, final byte[] bytes, final int length)
    {
        final int base = slot * RECORD_INTS;
        record[base + TYPE] = MESSAGE;
        record[base + NODE_ID] = toId;
        record[base + FROM_ID] = fromId;
        record[base + LENGTH] = length;
        if (length <= SMALL_MESSAGE_BYTES)
        {
            System.arraycopy(bytes, 0, smallSlab.byteArray(), slot * SMALL_MESSAGE_BYTES, length);
        }
        else
        {
            final int stripe = allocateLarge();
            record[base + LARGE_STRIPE] = stripe;
            System.arraycopy(bytes, 0, largeSlab.byteArray(), stripe * LARGE_MESSAGE_BYTES, length);
        }
    }

    /** Makes the slot one message to every receiver in the mask (bit id-1 for id), copying its bytes. */
    void setBroadcast(final int slot, final int receivers, final int fromId, final byte[] bytes, final int length)
    {
        setMessage(slot, 0, fromId, bytes, length);
        final int base = slot * RECORD_INTS;
        record[base + TYPE] = BROADCAST;
        record[base + RECEIVERS] = receivers;
    }

    /** @return a broadcast slot's receivers, bit id-1 for id. */
    int receivers(final int slot)
    {
        return record[slot * RECORD_INTS + RECEIVERS];
    }

    /** Makes {@code slot} a message to one receiver with the bytes of the message or broadcast in {@code source}. */
    void copyMessage(final int slot, final int source, final int toId)
    {
        final int length = length(source);
        final byte[] sourceBytes = messageBuffer(source).byteArray();
        final int sourceOffset = messageOffset(source);
        final int base = slot * RECORD_INTS;
        record[base + TYPE] = MESSAGE;
        record[base + NODE_ID] = toId;
        record[base + FROM_ID] = fromId(source);
        record[base + LENGTH] = length;
        if (length <= SMALL_MESSAGE_BYTES)
        {
            System.arraycopy(sourceBytes, sourceOffset, smallSlab.byteArray(), slot * SMALL_MESSAGE_BYTES, length);
        }
        else
        {
            final int stripe = allocateLarge();
            record[base + LARGE_STRIPE] = stripe;
            // Growing the large slab copied the source's bytes: read them from the slab as it now is.
            final byte[] bytes = length(source) <= SMALL_MESSAGE_BYTES ? sourceBytes : largeSlab.byteArray();
            System.arraycopy(bytes, sourceOffset, largeSlab.byteArray(), stripe * LARGE_MESSAGE_BYTES, length);
        }
    }

    /** @return the buffer holding a message slot's bytes, at {@link #messageOffset(int)}. */
    UnsafeBuffer messageBuffer(final int slot)
    {
        return record[slot * RECORD_INTS + LENGTH] <= SMALL_MESSAGE_BYTES ? smallSlab : largeSlab;
    }

    void setTimer(final int slot, final int nodeId, final int kind, final int incarnation)
    {
        final int base = slot * RECORD_INTS;
        record[base + TYPE] = TIMER;
        record[base + NODE_ID] = nodeId;
        record[base + KIND] = kind;
        record[base + INCARNATION] = incarnation;
    }

    void setFault(final int slot, final int faultIndex, final boolean end)
    {
        final int base = slot * RECORD_INTS;
        record[base + TYPE] = FAULT;
        record[base + NODE_ID] = faultIndex;
        record[base + KIND] = end ? 1 : 0;
    }

    int messageOffset(final int slot)
    {
        final int base = slot * RECORD_INTS;
        return record[base + LENGTH] <= SMALL_MESSAGE_BYTES ?
            slot * SMALL_MESSAGE_BYTES : record[base + LARGE_STRIPE] * LARGE_MESSAGE_BYTES;
    }

    private void siftUp(final long timeNs, final long key)
    {
        final long[] heap = this.heap;
        int child = heapSize++;
        while (child > 0)
        {
            final int parent = (child - 1) / ARITY;
            final long parentTimeNs = heap[2 * parent];
            final long deltaNs = parentTimeNs - timeNs;
            if (deltaNs < 0 || (deltaNs == 0 && heap[2 * parent + 1] < key))
            {
                break;
            }
            heap[2 * child] = parentTimeNs;
            heap[2 * child + 1] = heap[2 * parent + 1];
            child = parent;
        }
        heap[2 * child] = timeNs;
        heap[2 * child + 1] = key;
    }

    private void removeTop()
    {
        final long[] heap = this.heap;
        final int last = --heapSize;
        if (0 == last)
        {
            return;
        }
        final long lastTimeNs = heap[2 * last];
        final long lastKey = heap[2 * last + 1];
        final int lastIndex = 2 * last;
        int hole = 0;
        int first = 2;
        while (first < lastIndex)
        {
            // Entries are two longs, so indices here are of the time word: a node's children are 2..8 words apart.
            // Times compare by their difference, as in siftUp.
            int child = first;
            long childTimeNs = heap[first];
            if (first + 2 * ARITY <= lastIndex)
            {
                // All four children: unrolled, which C1 does not do for a loop.
                long otherTimeNs = heap[first + 2];
                if (otherTimeNs - childTimeNs < 0 || (otherTimeNs == childTimeNs && heap[first + 3] < heap[child + 1]))
                {
                    child = first + 2;
                    childTimeNs = otherTimeNs;
                }
                otherTimeNs = heap[first + 4];
                if (otherTimeNs - childTimeNs < 0 || (otherTimeNs == childTimeNs && heap[first + 5] < heap[child + 1]))
                {
                    child = first + 4;
                    childTimeNs = otherTimeNs;
                }
                otherTimeNs = heap[first + 6];
                if (otherTimeNs - childTimeNs < 0 || (otherTimeNs == childTimeNs && heap[first + 7] < heap[child + 1]))
                {
                    child = first + 6;
                    childTimeNs = otherTimeNs;
                }
            }
            else
            {
                for (int other = first + 2; other < lastIndex; other += 2)
                {
                    final long otherTimeNs = heap[other];
                    if (otherTimeNs - childTimeNs < 0 || (otherTimeNs == childTimeNs && heap[other + 1] < heap[child + 1]))
                    {
                        child = other;
                        childTimeNs = otherTimeNs;
                    }
                }
            }
            if (lastTimeNs - childTimeNs < 0 || (lastTimeNs == childTimeNs && lastKey < heap[child + 1]))
            {
                break;
            }
            heap[hole] = childTimeNs;
            heap[hole + 1] = heap[child + 1];
            hole = child;
            first = ARITY * hole + 2;
        }
        heap[hole] = lastTimeNs;
        heap[hole + 1] = lastKey;
    }

    private void grow(final int newCapacity)
    {
        final int oldCapacity = capacity;
        if ((long)newCapacity * SMALL_MESSAGE_BYTES > Integer.MAX_VALUE)
        {
            throw new IllegalStateException("more than " + oldCapacity + " events in flight");
        }
        record = Arrays.copyOf(null == record ? new int[0] : record, newCapacity * RECORD_INTS);
        heap = Arrays.copyOf(null == heap ? new long[0] : heap, 2 * newCapacity);
        queuedAtNs = Arrays.copyOf(null == queuedAtNs ? new long[0] : queuedAtNs, newCapacity);
        dueNs = Arrays.copyOf(null == dueNs ? new long[0] : dueNs, newCapacity);
        dueSerial = Arrays.copyOf(null == dueSerial ? new long[0] : dueSerial, newCapacity);
        final byte[] bytes = new byte[newCapacity * SMALL_MESSAGE_BYTES];
        if (oldCapacity > 0)
        {
            smallSlab.getBytes(0, bytes, 0, oldCapacity * SMALL_MESSAGE_BYTES);
        }
        smallSlab.wrap(bytes);
        freeSlots = Arrays.copyOf(null == freeSlots ? new int[0] : freeSlots, newCapacity);
        for (int slot = newCapacity - 1; slot >= oldCapacity; slot--)
        {
            freeSlots[freeCount++] = slot;
        }
        capacity = newCapacity;
        // The new slots went on top of what was left: the stack is in order only from top to bottom anew.
        leastFree = 0;
    }

    private void growLarge(final int newCapacity)
    {
        if ((long)newCapacity * LARGE_MESSAGE_BYTES > Integer.MAX_VALUE)
        {
            throw new IllegalStateException("more than " + largeCapacity + " long messages in flight");
        }
        final byte[] bytes = new byte[newCapacity * LARGE_MESSAGE_BYTES];
        if (largeCapacity > 0)
        {
            largeSlab.getBytes(0, bytes, 0, largeCapacity * LARGE_MESSAGE_BYTES);
        }
        largeSlab.wrap(bytes);
        freeLargeStripes = Arrays.copyOf(freeLargeStripes, newCapacity);
        for (int stripe = newCapacity - 1; stripe >= largeCapacity; stripe--)
        {
            freeLargeStripes[freeLargeCount++] = stripe;
        }
        largeCapacity = newCapacity;
        leastFreeLarge = 0;
    }
}
