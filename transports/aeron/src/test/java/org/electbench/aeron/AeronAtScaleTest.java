package org.electbench.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;

import org.electbench.realtime.LeaderCrashAtScale;
import org.electbench.realtime.RealtimeRuntime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class AeronAtScaleTest
{
    private static final int RUNS = 10;

    static Stream<Arguments> transportsAndSizes()
    {
        // 128 over UDP too: the most the shared wire runs, its burst through one lane's socket.
        return Stream.concat(Stream.of(false, true).flatMap(ipc -> Stream.of(32, 64).map(nodes -> Arguments.of(ipc, nodes))),
            Stream.of(Arguments.of(false, AeronRuntime.MAX_NODES)));
    }

    @ParameterizedTest(name = "ipc {0}, n = {1}")
    @MethodSource("transportsAndSizes")
    void leaderCrashElectsTheNextHighestWithNoSplitBrain(final boolean ipc, final int nodes)
    {
        try (AeronRuntime runtime = AeronRuntime.of(ipc, RealtimeRuntime.builder()))
        {
            try
            {
                LeaderCrashAtScale.assertEveryRunElectsTheNextHighest(runtime, nodes, RUNS);
            }
            catch (final AssertionError | IllegalStateException error)
            {
                throw new AssertionError(error.getMessage() + counts(runtime), error);
            }
            assertEquals(0, runtime.invalidFrames());
            // The last run's burst lost nothing to back pressure: the sender runs the driver's duty cycle while it waits.
            assertEquals(0, runtime.sendCount(SendCounter.BACK_PRESSURE_DROPS), () -> "frames lost to back pressure" + counts(runtime));
        }
    }

    private static String counts(final AeronRuntime runtime)
    {
        final StringBuilder text = new StringBuilder(" (sent ").append(runtime.sentMessages())
            .append(", delivered ").append(runtime.deliveredMessages())
            .append(", dropped ").append(runtime.droppedMessages())
            .append(", undelivered ").append(runtime.undeliveredMessages());
        for (final SendCounter counter : SendCounter.values())
        {
            if (SendCounter.SENT != counter && runtime.sendCount(counter) > 0)
            {
                text.append(", ").append(counter).append(' ').append(runtime.sendCount(counter));
            }
        }
        return text.append(')').toString();
    }

    @Test
    void aClusterLargerThanTheWireCarriesIsRefusedBeforeAnythingStarts()
    {
        try (AeronRuntime shared = AeronRuntime.udp();
            AeronRuntime perPeer = AeronRuntime.perPeer(false, RealtimeRuntime.builder()))
        {
            final IllegalArgumentException tooMany = assertThrows(IllegalArgumentException.class,
                () -> shared.run(LeaderCrashAtScale.scenario(AeronRuntime.MAX_NODES + 1)));
            assertTrue(tooMany.getMessage().startsWith(
                "aeron-udp runs at most " + AeronRuntime.MAX_NODES + " nodes, got " + (AeronRuntime.MAX_NODES + 1) + ": bounded by the aeron-udp wire"),
                tooMany.getMessage());
            assertThrows(IllegalArgumentException.class,
                () -> perPeer.run(LeaderCrashAtScale.scenario(AeronRuntime.MAX_NODES_PER_PEER + 1)));
            assertTrue(null == shared.driver() && null == perPeer.driver(), "no driver was launched for a refused run");
        }
    }
}
