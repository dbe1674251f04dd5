package org.electbench.realtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.MessageHeader;
import org.junit.jupiter.api.Test;

class DelayQueueTest
{
    @Test
    void eventsLeaveByDueTimeAndInPushOrderAtOneInstant()
    {
        final DelayQueue queue = new DelayQueue(2);
        final SplittableRandom random = new SplittableRandom(7);
        final List<long[]> pushed = new ArrayList<>();
        for (int i = 0; i < 1_000; i++)
        {
            final long dueNs = random.nextInt(50);
            final int slot = queue.allocate();
            queue.kind[slot] = DelayQueue.TIMER;
            queue.nodeId[slot] = i;
            queue.push(slot, dueNs);
            pushed.add(new long[]{dueNs, i});
        }
        // A stable sort by due time is exactly the order the queue must give.
        pushed.sort((a, b) -> Long.compare(a[0], b[0]));
        for (final long[] expected : pushed)
        {
            assertEquals(expected[0], queue.peekDueNs());
            final int slot = queue.pop();
            assertEquals(expected[1], queue.nodeId[slot]);
            queue.free(slot);
        }
        assertTrue(queue.isEmpty());
    }

    @Test
    void aHeldMessageKeepsItsBytesWhileThePoolGrows()
    {
        final DelayQueue queue = new DelayQueue(1);
        final UnsafeBuffer message = new UnsafeBuffer(new byte[MessageHeader.MAX_MESSAGE_LENGTH]);
        for (int i = 0; i < 40; i++)
        {
            MessageHeader.write(message, 0, 3, 4, i + 1);
            message.putInt(MessageHeader.LENGTH, i * 1_000, MessageHeader.BYTE_ORDER);
            queue.push(queue.allocateMessage(2, i + 1, message, 0, MessageHeader.LENGTH + 4), 100 - i);
        }
        assertEquals(40, queue.messages());
        for (int i = 39; i >= 0; i--)
        {
            final int slot = queue.pop();
            final int offset = queue.messageOffset(slot);
            assertEquals(i + 1, queue.fromId[slot]);
            assertEquals(i + 1, MessageHeader.senderId(queue.slab, offset));
            assertEquals(i * 1_000, queue.slab.getInt(offset + MessageHeader.LENGTH, MessageHeader.BYTE_ORDER));
            assertEquals(MessageHeader.LENGTH + 4, queue.length[slot]);
            queue.free(slot);
        }
    }

    @Test
    void removingEntriesAnywhereKeepsTheRestInOrder()
    {
        final DelayQueue queue = new DelayQueue(2);
        final SplittableRandom random = new SplittableRandom(11);
        final int count = 1_000;
        final int[] slots = new int[count];
        for (int i = 0; i < count; i++)
        {
            slots[i] = queue.allocate();
            queue.kind[slots[i]] = DelayQueue.TIMER;
            queue.nodeId[slots[i]] = i;
            queue.push(slots[i], random.nextInt(200));
        }
        for (int i = 0; i < count; i += 3)
        {
            assertTrue(queue.remove(slots[i]));
            assertFalse(queue.remove(slots[i]), "only once");
        }
        long lastDueNs = Long.MIN_VALUE;
        int left = 0;
        while (!queue.isEmpty())
        {
            final long dueNs = queue.peekDueNs();
            final int slot = queue.pop();
            assertTrue(dueNs >= lastDueNs);
            assertTrue(queue.nodeId[slot] % 3 != 0, "a removed entry never leaves");
            lastDueNs = dueNs;
            left++;
        }
        assertEquals(count - (count + 2) / 3, left);
    }
}
