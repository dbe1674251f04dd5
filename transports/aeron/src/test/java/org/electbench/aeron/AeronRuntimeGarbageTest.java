package org.electbench.aeron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.driver.status.SystemCounterDescriptor;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;
import org.electbench.realtime.RealtimeRuntime;
import org.electbench.realtime.TimedRuns;
import org.electbench.spi.MessageHeader;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.junit.jupiter.api.Test;

/**
 * Garbage aimed at a live node of a running aeron-udp cluster, while it elects: raw datagrams at
 * its UDP port (random, truncated frames, frames of another cluster; the driver rejects each) and
 * Aeron frames from a rogue publication on its stream (truncated, foreign, unknown sender or type;
 * its validator drops each). Every election meanwhile ends as without garbage, and each drop
 * counter moves by exactly what was sent.
 */
class AeronRuntimeGarbageTest
{
    private static final int GARBAGE_COUNT = 10_000;
    private static final int TARGET = 4;
    private static final int MAX_RUNS = 500;
    /** Small enough that a batch fits the driver's socket buffer, so the kernel loses none. */
    private static final int RAW_BATCH = 50;
    private static final int AERON_VERSION_OFFSET = 4;
    private static final long DEADLINE_NS = TimeUnit.SECONDS.toNanos(60);

    @Test
    void garbageAtALiveNodeDuringElectionsChangesNoResultAndIsCountedExactly() throws InterruptedException
    {
        try (AeronRuntime runtime = AeronRuntime.perPeer(false, RealtimeRuntime.builder().threads(1)))
        {
            final Scenario scenario = AeronRuntimeTest.scenario("bully", ScenarioKind.LEADER_CRASH).build();
            assertElected(runtime.run(scenario), "before the garbage");

            final AeronWire wire = runtime.wire();
            final ChannelPlan plan = wire.network().plan();
            final AeronEndpoint target = wire.network().endpoint(TARGET);
            final int clusterId = target.clusterId();
            final int typeCount = target.validator().typeCount();
            final Aeron aeron = runtime.driver().aeron();
            final long invalidPacketsBefore = systemCounter(aeron, SystemCounterDescriptor.INVALID_PACKETS);
            final long droppedBefore = target.validator().dropped();
            final long okBefore = target.validator().count(FrameVerdict.OK);
            final String channel = plan.channel(TARGET);
            final int port = Integer.parseInt(channel.substring(channel.lastIndexOf(':') + 1));

            final AtomicReference<Throwable> failure = new AtomicReference<>();
            final ExclusivePublication rogue = aeron.addExclusivePublication(channel, plan.streamId(TARGET));
            final Thread sender = new Thread(() ->
            {
                try
                {
                    sendRawGarbage(aeron, invalidPacketsBefore, port, clusterId);
                    sendRogueFrames(rogue, clusterId, typeCount);
                }
                catch (final Throwable ex)
                {
                    failure.set(ex);
                }
            }, "garbage-sender");
            sender.start();

            int runs = 0;
            while (sender.isAlive())
            {
                assertTrue(runs < MAX_RUNS, "the garbage took more than " + MAX_RUNS + " elections to send");
                // Judged only when the host kept the timing: the garbage is about the validator, not the host's stalls.
                final Scenario thisRun = scenario.forRun(++runs);
                final ElectionResult result = runtime.run(thisRun);
                if (runtime.lastRunTiming().keptTiming())
                {
                    assertElected(result, TimedRuns.label(runtime, thisRun, runs, runtime.lastRunTiming()) + " amid garbage");
                }
            }
            sender.join();
            assertNull(failure.get(), () -> "the garbage sender failed: " + failure.get());
            assertTrue(runs > 0);

            // The last rogue frames may still wait on the target's image: read them between runs.
            final long deadlineNs = System.nanoTime() + DEADLINE_NS;
            while (target.validator().dropped() - droppedBefore < GARBAGE_COUNT && System.nanoTime() - deadlineNs < 0)
            {
                target.doWork();
            }
            assertEquals(GARBAGE_COUNT, target.validator().dropped() - droppedBefore, "the validator drops every rogue frame");
            assertEquals(GARBAGE_COUNT, systemCounter(aeron, SystemCounterDescriptor.INVALID_PACKETS) - invalidPacketsBefore,
                "the driver drops every raw datagram");
            assertTrue(target.validator().count(FrameVerdict.OK) > okBefore, "the target kept receiving its peers");
            rogue.close();
            final TimedRuns.Judged after = TimedRuns.firstKept(runtime, scenario.forRun(MAX_RUNS), 3);
            assertElected(after.result(), after.label() + " after the garbage");
        }
    }

    private static void assertElected(final ElectionResult result, final String run)
    {
        assertTrue(result.converged(), run + ": unconverged " + result);
        assertEquals(TARGET, result.finalLeader(), run + ": " + result);
        assertFalse(result.wrongLeader(), run + ": " + result);
        assertEquals(0, result.sameTermLeaders(), run + ": " + result);
        assertEquals(1, result.maxConcurrentLeaders(), run + ": " + result);
    }

    /** Every datagram breaks Aeron's header rule (shorter than 8 bytes or not version 0), so the driver counts each. */
    private static void sendRawGarbage(final Aeron aeron, final long invalidBefore, final int port, final int clusterId)
    {
        final Random random = new Random(42);
        final byte[] bytes = new byte[200];
        final UnsafeBuffer frame = new UnsafeBuffer(bytes);
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress()))
        {
            final DatagramPacket packet = new DatagramPacket(bytes, 0, InetAddress.getLoopbackAddress(), port);
            for (int i = 0; i < GARBAGE_COUNT; i++)
            {
                final int length;
                switch (i % 3)
                {
                    case 0:
                        random.nextBytes(bytes);
                        length = 1 + random.nextInt(120);
                        break;
                    case 1:
                        length = 1 + random.nextInt(frame(frame, clusterId, 2, 0, random.nextInt(57)) - 1);
                        break;
                    default:
                        length = frame(frame, clusterId + 1 + random.nextInt(1000), 2, 1, random.nextInt(57));
                        break;
                }
                // An empty datagram is no datagram to count; version 0 would make it Aeron's to dispatch.
                if (0 == bytes[AERON_VERSION_OFFSET])
                {
                    bytes[AERON_VERSION_OFFSET] = 1;
                }
                packet.setLength(length);
                socket.send(packet);
                if ((i + 1) % RAW_BATCH == 0 || i == GARBAGE_COUNT - 1)
                {
                    final long expected = i + 1;
                    final long deadlineNs = System.nanoTime() + DEADLINE_NS;
                    while (systemCounter(aeron, SystemCounterDescriptor.INVALID_PACKETS) - invalidBefore < expected)
                    {
                        if (System.nanoTime() - deadlineNs > 0)
                        {
                            fail("the driver counted " + (systemCounter(aeron, SystemCounterDescriptor.INVALID_PACKETS) - invalidBefore) +
                                " of " + expected + " raw datagrams");
                        }
                        Thread.onSpinWait();
                    }
                }
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /** Frames on the target's own stream that its validator must refuse: truncated, foreign, unknown sender or type. */
    private static void sendRogueFrames(final ExclusivePublication rogue, final int clusterId, final int typeCount)
    {
        final long connectDeadlineNs = System.nanoTime() + DEADLINE_NS;
        while (!rogue.isConnected())
        {
            if (System.nanoTime() - connectDeadlineNs > 0)
            {
                fail("the rogue publication did not connect");
            }
            Thread.onSpinWait();
        }
        final Random random = new Random(7);
        final UnsafeBuffer frame = new UnsafeBuffer(new byte[256]);
        for (int i = 0; i < GARBAGE_COUNT; i++)
        {
            final int length;
            switch (i % 4)
            {
                case 0:
                    length = random.nextInt(frame(frame, clusterId, 2, 0, random.nextInt(57)));
                    break;
                case 1:
                    length = frame(frame, clusterId + 1 + random.nextInt(1000), 2, 1, random.nextInt(57));
                    break;
                case 2:
                    length = frame(frame, clusterId, TARGET, 0, random.nextInt(57));
                    break;
                default:
                    length = frame(frame, clusterId, 2, typeCount + random.nextInt(100), 4);
                    break;
            }
            // An empty datagram is no Aeron frame at all: send one byte instead, still too short.
            final int sendLength = Math.max(1, length);
            final long deadlineNs = System.nanoTime() + DEADLINE_NS;
            while (rogue.offer(frame, 0, sendLength) < 0)
            {
                if (System.nanoTime() - deadlineNs > 0)
                {
                    fail("the rogue publication stayed refused");
                }
                Thread.onSpinWait();
            }
        }
    }

    private static int frame(final UnsafeBuffer frame, final int clusterId, final int sender, final int type, final int bodyLength)
    {
        FrameHeader.write(frame, 0, clusterId, sender);
        MessageHeader.write(frame, FrameHeader.MESSAGE_OFFSET, type, bodyLength, sender);
        for (int i = 0; i < bodyLength; i++)
        {
            frame.putByte(FrameHeader.MIN_FRAME_LENGTH + i, (byte)i);
        }
        return FrameHeader.MIN_FRAME_LENGTH + bodyLength;
    }

    private static long systemCounter(final Aeron aeron, final SystemCounterDescriptor descriptor)
    {
        final CountersReader counters = aeron.countersReader();
        final long[] value = {-1};
        counters.forEach((counterId, typeId, keyBuffer, label) ->
        {
            if (SystemCounterDescriptor.SYSTEM_COUNTER_TYPE_ID == typeId && keyBuffer.getInt(0) == descriptor.id())
            {
                value[0] = counters.getCounterValue(counterId);
            }
        });
        if (value[0] < 0)
        {
            fail("no system counter " + descriptor);
        }
        return value[0];
    }
}
