package org.electbench.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A session asking for a longer term than the receiving driver's own, or set up from an address
 * the guard does not admit, gets no image: its SETUP is refused before the driver maps one. A
 * session of the driver's own term length from an admitted address connects as before.
 */
class SetupGuardTest
{
    private static final long AWAIT_NS = TimeUnit.SECONDS.toNanos(30);

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aLongTermOrAnUnlistedSourceGetsNoImageAndAnOrdinarySessionConnects() throws Exception
    {
        final int port = ChannelPlan.freeUdpPorts(ChannelPlan.LOOPBACK_HOST, 1)[0];
        final String channel = "aeron:udp?endpoint=127.0.0.1:" + port;
        final SetupGuard guard = new SetupGuard(EmbeddedDriver.DEFAULT_TERM_LENGTH, InetAddress::isLoopbackAddress);
        try (EmbeddedDriver receiving = EmbeddedDriver.builder().setupGuard(guard).launch();
             EmbeddedDriver sending = EmbeddedDriver.launch();
             Subscription subscription = receiving.aeron().addSubscription(channel, 7))
        {
            try (ExclusivePublication greedy = sending.aeron().addExclusivePublication(channel + "|term-length=1m", 7))
            {
                await(() -> guard.refused() > 0);
                assertFalse(greedy.isConnected());
                assertEquals(0, subscription.imageCount());
            }
            try (ExclusivePublication ordinary = sending.aeron().addExclusivePublication(channel, 7))
            {
                await(() -> ordinary.isConnected() && 1 == subscription.imageCount());
            }
        }

        final SetupGuard nobody = new SetupGuard(EmbeddedDriver.DEFAULT_TERM_LENGTH, address -> false);
        try (EmbeddedDriver receiving = EmbeddedDriver.builder().setupGuard(nobody).launch();
             EmbeddedDriver sending = EmbeddedDriver.launch();
             Subscription subscription = receiving.aeron().addSubscription(channel, 7);
             ExclusivePublication unlisted = sending.aeron().addExclusivePublication(channel, 7))
        {
            await(() -> nobody.refused() > 0);
            assertFalse(unlisted.isConnected());
            assertEquals(0, subscription.imageCount());
        }
    }

    private static void await(final BooleanSupplier condition) throws InterruptedException
    {
        final long deadlineNs = System.nanoTime() + AWAIT_NS;
        while (!condition.getAsBoolean())
        {
            assertTrue(System.nanoTime() - deadlineNs < 0, "not reached in time");
            Thread.sleep(5);
        }
    }
}
