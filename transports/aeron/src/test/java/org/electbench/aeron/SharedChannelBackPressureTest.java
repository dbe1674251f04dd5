package org.electbench.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.function.BiConsumer;

import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.spi.MessageHeader;
import org.junit.jupiter.api.Test;

/**
 * Back pressure on the shared channel with the driver on its callers' threads: a worker whose own
 * lane is full drops at once, since only it can read what fills the lane; a frame for another
 * worker's lane is retried, since that worker may read on.
 */
class SharedChannelBackPressureTest
{
    private static final long CONNECT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(20);
    /** Enough frames to fill a lane's receiver window and its publication's term window several times over. */
    private static final int MAX_OFFERS = 1_000_000;
    private static final int CLUSTER_ID = 7;
    private static final int TYPES = 1;

    private static final UnsafeBuffer MESSAGE = new UnsafeBuffer(new byte[MessageHeader.LENGTH]);

    /** Runs {@code test} on a connected wire of {@code nodes} nodes on {@code lanes} lanes, its driver on its callers' threads. */
    private static void onWire(final int nodes, final int lanes, final BiConsumer<EmbeddedDriver, SharedChannelWire> test)
    {
        try (EmbeddedDriver driver = EmbeddedDriver.builder().invokedByCallers().launch())
        {
            final SharedChannelWire wire = new SharedChannelWire(driver, false, nodes, lanes, CLUSTER_ID, TYPES);
            try
            {
                wire.connect(CONNECT_TIMEOUT_NS);
                test.accept(driver, wire);
            }
            finally
            {
                wire.close();
            }
        }
    }

    /** Offers from {@code fromId} to {@code toId} until one is refused: how many were taken, and what the refused one cost. */
    private record Refusal(int taken, long retries, long drops)
    {
        static Refusal offerUntilRefused(final SharedChannelWire wire, final int fromId, final int toId)
        {
            MessageHeader.write(MESSAGE, 0, 0, 0, fromId);
            for (int taken = 0; taken < MAX_OFFERS; taken++)
            {
                final long retries = wire.sendCount(SendCounter.BACK_PRESSURE_RETRIES);
                final long drops = wire.sendCount(SendCounter.BACK_PRESSURE_DROPS);
                if (!wire.offer(fromId, toId, 0, MESSAGE, 0, MessageHeader.LENGTH))
                {
                    return new Refusal(taken, wire.sendCount(SendCounter.BACK_PRESSURE_RETRIES) - retries,
                        wire.sendCount(SendCounter.BACK_PRESSURE_DROPS) - drops);
                }
            }
            throw new AssertionError(MAX_OFFERS + " offers from node " + fromId + " to node " + toId + " were all taken on " + wire);
        }
    }

    @Test
    void aFullLaneItsOwnWorkerReadsDropsBeforeItsRetriesRunOutAndTakesFramesAgainOnceRead()
    {
        // Nodes 1 and 3 on lane 0, node 2 on lane 1.
        onWire(3, 2, (driver, wire) ->
    {
            final int taken = Refusal.offerUntilRefused(wire, 1, 3).taken();
            assertTrue(taken > 0, "the lane took frames before it filled");
            // The driver's cycles meanwhile may have sent what the window allowed: refused again once it is full.
            final Refusal full = Refusal.offerUntilRefused(wire, 1, 3);
            assertEquals(1, full.drops());
            assertTrue(full.retries() < AeronEndpoint.DEFAULT_MAX_SEND_RETRIES,
                () -> full.retries() + " retries: only this thread reads lane 0, so waiting cannot clear it");

            final int sent = taken + full.taken();
            final long[] delivered = new long[1];
            Await.until(() -> delivered[0] == sent,
                () -> wire.pollLane(0, null, (toId, fromId, dueNs, buffer, offset, length) -> delivered[0]++, 256),
                () -> delivered[0] + " of the " + sent + " frames taken reached lane 0");
            assertTrue(wire.offer(1, 3, 0, MESSAGE, 0, MessageHeader.LENGTH), "read, the lane takes frames again");
        });
    }

    @Test
    void aFullLaneAnotherWorkerReadsIsRetriedInFullBeforeTheFrameIsDropped()
    {
        onWire(3, 2, (driver, wire) ->
    {
            final Refusal full = Refusal.offerUntilRefused(wire, 1, 2);
            assertTrue(full.taken() > 0, "the lane took frames before it filled");
            assertEquals(1, full.drops());
            assertEquals(AeronEndpoint.DEFAULT_MAX_SEND_RETRIES, full.retries(), "lane 1's worker might have read meanwhile");
        });
    }

    @Test
    void aDriverWhoseCycleWasClosedUnderItSaysSoAtTheNextInvoke()
    {
        onWire(2, 1, (driver, wire) ->
        {
            // As an interrupt of the thread running the cycle in a socket call does: the invoker closes the driver's agents.
            final Lock cycleLock = driver.aeron().context().clientLock();
            cycleLock.lock();
            try
            {
                driver.aeron().context().driverAgentInvoker().close();
            }
            finally
            {
                cycleLock.unlock();
            }
            final IllegalStateException stopped = assertThrows(IllegalStateException.class, driver::invoke);
            assertTrue(stopped.getMessage().contains("duty cycle was closed"), stopped.getMessage());
        });
    }
}
