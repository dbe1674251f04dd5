package org.electbench.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The queue hands events out in (time, sequence) order, the sequence being the order they were
 * pushed in, or the order a deferred timer was deferred in: checked against a plain priority queue
 * of (time, sequence) over seeded random workloads a simulator makes (pops interleaved with pushes
 * no earlier than the instant popped, runs of pushes at one instant, timers deferred and queued
 * again when their old instant comes up).
 */
class EventQueueTest
{
    /** One queued event of the reference: when, and in what order it was queued. */
    private record Expected(long timeNs, long sequence, int slot)
    {
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void popsInTimeThenSequenceOrderAsAPriorityQueueDoes(final long seed)
    {
        final SplittableRandom random = new SplittableRandom(seed);
        final EventQueue queue = new EventQueue(4);
        final PriorityQueue<Expected> reference =
            new PriorityQueue<>(Comparator.comparingLong(Expected::timeNs).thenComparingLong(Expected::sequence));
        // Per slot: the sequence its deferral took, and when it is really due (-1: not deferred).
        final long[] deferredSequence = new long[1 << 16];
        final long[] deferredDueNs = new long[1 << 16];
        Arrays.fill(deferredSequence, -1);
        long sequence = 0;
        long nowNs = 0;
        final List<Integer> popped = new ArrayList<>();
        final List<Integer> expected = new ArrayList<>();
        for (int step = 0; step < 20_000; step++)
        {
            final int action = random.nextInt(10);
            if (action < 4 || reference.isEmpty())
            {
                // A burst at one instant (a broadcast on a constant delay) or a single event, near or far.
                final long atNs = nowNs + (random.nextBoolean() ? random.nextLong(3) : random.nextLong(1L << random.nextInt(40)));
                final int burst = random.nextInt(4) == 0 ? 1 + random.nextInt(5) : 1;
                for (int i = 0; i < burst; i++)
                {
                    final int slot = queue.allocate();
                    queue.setTimer(slot, 1, 0, 1);
                    queue.push(slot, atNs);
                    reference.add(new Expected(atNs, sequence++, slot));
                }
            }
            else if (action < 5)
            {
                // Defer a queued timer, or defer one again: it keeps its place and takes its sequence now.
                final Expected victim = reference.stream().skip(random.nextInt(reference.size())).findFirst().orElse(null);
                if (null != victim)
                {
                    final long dueNs = Math.max(nowNs, victim.timeNs()) + random.nextLong(1 + random.nextLong(1L << 20));
                    queue.defer(victim.slot(), dueNs);
                    deferredSequence[victim.slot()] = sequence++;
                    deferredDueNs[victim.slot()] = dueNs;
                }
            }
            else
            {
                final Expected next = reference.poll();
                nowNs = queue.peekTimeNs();
                final int slot = queue.pop();
                assertEquals(next.timeNs(), nowNs, "time of pop " + popped.size());
                popped.add(slot);
                expected.add(next.slot());
                if (queue.isDeferred(slot))
                {
                    assertTrue(-1 != deferredSequence[slot]);
                    queue.pushDeferred(slot);
                    reference.add(new Expected(deferredDueNs[slot], deferredSequence[slot], slot));
                    deferredSequence[slot] = -1;
                }
                else
                {
                    queue.free(slot);
                }
            }
            assertEquals(reference.isEmpty(), queue.isEmpty());
        }
        assertEquals(expected, popped);
    }

    @Test
    void clearingEmptiesIt()
    {
        final EventQueue queue = new EventQueue(4);
        for (long atNs : new long[] {5_000, 7, 1L << 40})
        {
            final int slot = queue.allocate();
            queue.setTimer(slot, 1, 0, 1);
            queue.push(slot, atNs);
        }
        assertEquals(7, queue.peekTimeNs());
        queue.clear();
        assertTrue(queue.isEmpty());
        final int slot = queue.allocate();
        queue.setTimer(slot, 3, 0, 1);
        queue.push(slot, 0);
        assertEquals(0, queue.peekTimeNs());
        assertEquals(3, queue.nodeId(queue.pop()));
        assertTrue(queue.isEmpty());
    }

    /**
     * A run that frees its slots in a shuffled order (a random delay's pops) leaves the free stacks
     * shuffled; clearing puts them back, so the next run takes its slots, and its long messages'
     * stripes, from 0 up as a fresh queue's first run does, whatever ran before and whether or not
     * the pools grew.
     */
    @ParameterizedTest(name = "{0} queued at the peak")
    @ValueSource(ints = {3, 4, 37, 300})
    void aClearedQueueHandsOutSlotsFromTheFirstUpAsAFreshOneDoes(final int peak)
    {
        final EventQueue queue = new EventQueue(4);
        final SplittableRandom random = new SplittableRandom(peak);
        final byte[] longMessage = new byte[EventQueue.LARGE_MESSAGE_BYTES];
        for (int run = 0; run < 3; run++)
        {
            queue.clear();
            for (int i = 0; i < peak; i++)
            {
                final int slot = queue.allocate();
                assertEquals(i, slot, "run " + run);
                // Every other event a long message: the i / 2-th takes stripe i / 2.
                if (0 == i % 2)
                {
                    queue.setMessage(slot, 1, 2, longMessage, longMessage.length);
                    assertEquals(i / 2 * EventQueue.LARGE_MESSAGE_BYTES, queue.messageOffset(slot), "run " + run);
                }
                else
                {
                    queue.setTimer(slot, 1, 0, 1);
                }
                queue.push(slot, random.nextLong(1_000_000));
            }
            // Half of them popped and freed in time order, which the random times make a shuffle of the slots.
            for (int i = 0; i < peak / 2; i++)
            {
                queue.free(queue.pop());
            }
            // And some taken again: the next run's stacks are left in no order at all.
            for (int i = 0; i < peak / 4; i++)
            {
                final int slot = queue.allocate();
                queue.setMessage(slot, 1, 2, longMessage, longMessage.length);
                queue.push(slot, random.nextLong(1_000_000));
            }
        }
    }
}
