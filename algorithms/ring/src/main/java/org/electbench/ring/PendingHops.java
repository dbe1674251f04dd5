package org.electbench.ring;

import java.util.Arrays;

/**
 * The hops a node has handed to a successor and not yet seen acknowledged: what was sent, to
 * whom, under which hop number, and the timer that gives up on that successor. Parallel
 * primitive arrays scanned linearly (a node has a handful in flight); they grow by doubling
 * when a burst of concurrent elections needs more, so steady state allocates nothing. A hop goes
 * into the lowest free slot.
 */
final class PendingHops
{
    private static final long FREE = 0;

    private long[] hop;
    private int[] type;
    private int[] id;
    private long[] term;
    private long[] lap;
    private int[] target;
    private long[] timerId;
    /** A bit per slot, set while the slot holds a hop: the lowest free slot is found 64 slots a step. */
    private long[] held;
    private int limit;
    private int count;

    PendingHops(final int initialCapacity)
    {
        final int capacity = Math.max(4, initialCapacity);
        hop = new long[capacity];
        type = new int[capacity];
        id = new int[capacity];
        term = new long[capacity];
        lap = new long[capacity];
        target = new int[capacity];
        timerId = new long[capacity];
        held = new long[words(capacity)];
    }

    private static int words(final int slots)
    {
        return (slots + Long.SIZE - 1) / Long.SIZE;
    }

    /**
     * @param hopNumber non-zero, unique for this node.
     * @return the slot now holding the hop.
     */
    int add(final long hopNumber, final int messageType, final int messageId, final long messageTerm, final long lapNumber,
        final int targetId)
    {
        // The lowest free slot below the limit, else the limit: at n = 1024 a node may hold hundreds.
        int slot = limit;
        for (int word = 0; word < words(limit); word++)
        {
            if (-1L != held[word])
            {
                slot = Math.min(limit, word * Long.SIZE + Long.numberOfTrailingZeros(~held[word]));
                break;
            }
        }
        if (slot == limit)
        {
            if (limit == hop.length)
            {
                grow();
            }
            limit++;
        }
        held[slot / Long.SIZE] |= 1L << slot;
        hop[slot] = hopNumber;
        type[slot] = messageType;
        id[slot] = messageId;
        term[slot] = messageTerm;
        lap[slot] = lapNumber;
        target[slot] = targetId;
        timerId[slot] = 0;
        count++;
        return slot;
    }

    void timerId(final int slot, final long id)
    {
        timerId[slot] = id;
    }

    /** @return the slot of the pending hop with that number, or -1. */
    int findByHop(final long hopNumber)
    {
        if (FREE == hopNumber)
        {
            return -1;
        }
        for (int i = 0; i < limit; i++)
        {
            if (hop[i] == hopNumber)
            {
                return i;
            }
        }
        return -1;
    }

    /** @return the slot of the pending hop guarded by that timer, or -1 (a stale timer). */
    int findByTimer(final long id)
    {
        for (int i = 0; i < limit; i++)
        {
            if (FREE != hop[i] && timerId[i] == id)
            {
                return i;
            }
        }
        return -1;
    }

    int type(final int slot)
    {
        return type[slot];
    }

    int id(final int slot)
    {
        return id[slot];
    }

    long term(final int slot)
    {
        return term[slot];
    }

    long lap(final int slot)
    {
        return lap[slot];
    }

    int target(final int slot)
    {
        return target[slot];
    }

    long timerId(final int slot)
    {
        return timerId[slot];
    }

    void free(final int slot)
    {
        hop[slot] = FREE;
        held[slot / Long.SIZE] &= ~(1L << slot);
        count--;
        while (limit > 0 && FREE == hop[limit - 1])
        {
            limit--;
        }
    }

    /** @return hops awaiting an acknowledgement. */
    int size()
    {
        return count;
    }

    void clear()
    {
        // Past the limit every slot is free already: a node's first add, and each free, keep that so.
        Arrays.fill(hop, 0, limit, FREE);
        Arrays.fill(held, 0, words(limit), 0);
        limit = 0;
        count = 0;
    }

    private void grow()
    {
        final int capacity = hop.length * 2;
        hop = Arrays.copyOf(hop, capacity);
        type = Arrays.copyOf(type, capacity);
        id = Arrays.copyOf(id, capacity);
        term = Arrays.copyOf(term, capacity);
        lap = Arrays.copyOf(lap, capacity);
        target = Arrays.copyOf(target, capacity);
        timerId = Arrays.copyOf(timerId, capacity);
        held = Arrays.copyOf(held, words(capacity));
    }
}
