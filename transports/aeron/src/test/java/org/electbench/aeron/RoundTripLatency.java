package org.electbench.aeron;

import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.HdrHistogram.Histogram;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.electbench.spi.MessageHeader;

/**
 * Measures the round trip of one 32-byte SPI message (8-byte header, 24-byte body; 48 bytes
 * with the transport header) between two endpoints of one embedded driver, over UDP loopback
 * and over {@code aeron:ipc}. One message is in flight at a time; the echoing node runs as an
 * {@link AgentRunner} on its own thread, the pinging node on the main thread.
 * <p>
 * A measurement, not a test. Run from the repository root:
 * <pre>
 * mvn -B -q -pl transports/aeron -am test-compile dependency:build-classpath \
 *     -Dmdep.outputFile=target/cp.txt -Dmdep.includeScope=test
 * java --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
 *     -cp transports/aeron/target/test-classes:transports/aeron/target/classes:$(cat transports/aeron/target/cp.txt) \
 *     org.electbench.aeron.RoundTripLatency [udp|ipc|both] [backoff|yield|spin] [warmup] [measured]
 * </pre>
 * {@code backoff} (the default) is what the runtime uses: threads park when idle. {@code yield}
 * and {@code spin} apply to the two nodes only and show the floor on an otherwise idle machine.
 */
public final class RoundTripLatency
{
    private static final int CLUSTER_ID = 32;
    private static final int PING = 1;
    private static final int PONG = 2;
    private static final int MESSAGE_LENGTH = 32;
    private static final int BODY_LENGTH = MESSAGE_LENGTH - MessageHeader.LENGTH;
    private static final long CONNECT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(20);

    private RoundTripLatency()
    {
    }

    public static void main(final String[] args)
    {
        final String transport = args.length > 0 ? args[0] : "both";
        final String idle = args.length > 1 ? args[1] : "backoff";
        final int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 20_000;
        final int measured = args.length > 3 ? Integer.parseInt(args[3]) : 100_000;
        final Supplier<IdleStrategy> idleStrategy = idleStrategy(idle);

        System.out.printf(Locale.ROOT, "round trip of a %d-byte message, %d measured after %d warm-up, idle %s, %d cores%n",
            MESSAGE_LENGTH, measured, warmup, idle, Runtime.getRuntime().availableProcessors());
        if ("udp".equals(transport) || "both".equals(transport))
        {
            report("aeron-udp", measure(ChannelPlan.udpLoopback(2), idleStrategy, warmup, measured));
        }
        if ("ipc".equals(transport) || "both".equals(transport))
        {
            report("aeron:ipc", measure(ChannelPlan.ipc(2), idleStrategy, warmup, measured));
        }
    }

    private static Supplier<IdleStrategy> idleStrategy(final String name)
    {
        switch (name)
        {
            case "backoff":
                return BackoffIdleStrategy::new;
            case "yield":
                return YieldingIdleStrategy::new;
            case "spin":
                return () -> NoOpIdleStrategy.INSTANCE;
            default:
                throw new IllegalArgumentException("unknown idle strategy '" + name + "'; known: backoff, yield, spin");
        }
    }

    private static void report(final String name, final Histogram histogram)
    {
        System.out.printf(Locale.ROOT, "%-10s p50 %7.1f us  p90 %7.1f us  p99 %7.1f us  p99.9 %7.1f us  max %8.1f us  (n=%d)%n",
            name,
            histogram.getValueAtPercentile(50) / 1000.0,
            histogram.getValueAtPercentile(90) / 1000.0,
            histogram.getValueAtPercentile(99) / 1000.0,
            histogram.getValueAtPercentile(99.9) / 1000.0,
            histogram.getMaxValue() / 1000.0,
            histogram.getTotalCount());
    }

    /** Echoes every message back to its sender. */
    private static final class Echo implements MessageHandler
    {
        private AeronEndpoint endpoint;

        @Override
        public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
        {
            final MutableDirectBuffer reply = endpoint.claim(MessageHeader.type(buffer, offset), BODY_LENGTH);
            reply.putBytes(MessageHeader.LENGTH, buffer, offset + MessageHeader.LENGTH, BODY_LENGTH);
            while (!endpoint.send(fromId) && 0 == endpoint.count(SendCounter.CLOSED_DROPS))
            {
                // One message in flight: a dropped reply would stall the ping for ever.
            }
        }
    }

    /** Records the round trip of each reply from the send time it carries. */
    private static final class Recorder implements MessageHandler
    {
        private final Histogram histogram = new Histogram(TimeUnit.SECONDS.toNanos(10), 3);
        private boolean recording;
        private long replies;

        @Override
        public void onMessage(final int fromId, final DirectBuffer buffer, final int offset, final int length)
        {
            final long sentNs = buffer.getLong(offset + MessageHeader.LENGTH, MessageHeader.BYTE_ORDER);
            if (recording)
            {
                histogram.recordValue(System.nanoTime() - sentNs);
            }
            replies++;
        }
    }

    private static Histogram measure(
        final ChannelPlan plan, final Supplier<IdleStrategy> idleStrategy, final int warmup, final int measured)
    {
        final Echo echo = new Echo();
        final Recorder recorder = new Recorder();
        try (EmbeddedDriver driver = EmbeddedDriver.launch();
            AeronNetwork network = new AeronNetwork(driver.aeron(), plan, CLUSTER_ID, 1,
                (id) -> id == PING ? recorder : echo))
        {
            echo.endpoint = network.endpoint(PONG);
            network.connect(CONNECT_TIMEOUT_NS);
            final AeronEndpoint ping = network.endpoint(PING);
            try (AgentRunner pong = new AgentRunner(idleStrategy.get(), Throwable::printStackTrace, null, network.endpoint(PONG)))
            {
                AgentRunner.startOnThread(pong);
                final IdleStrategy idle = idleStrategy.get();
                roundTrips(ping, recorder, idle, warmup);
                recorder.recording = true;
                roundTrips(ping, recorder, idle, measured);
            }
            if (ping.count(SendCounter.SENT) != warmup + measured)
            {
                throw new IllegalStateException("sent " + ping.count(SendCounter.SENT) + " of " + (warmup + measured));
            }
            final AeronEndpoint pong = network.endpoint(PONG);
            System.out.printf(Locale.ROOT, "%-10s back pressure: ping %d retries %d drops, pong %d retries %d drops%n",
                plan.isIpc() ? "aeron:ipc" : "aeron-udp",
                ping.count(SendCounter.BACK_PRESSURE_RETRIES), ping.count(SendCounter.BACK_PRESSURE_DROPS),
                pong.count(SendCounter.BACK_PRESSURE_RETRIES), pong.count(SendCounter.BACK_PRESSURE_DROPS));
        }
        return recorder.histogram;
    }

    private static void roundTrips(final AeronEndpoint ping, final Recorder recorder, final IdleStrategy idle, final int count)
    {
        for (int i = 0; i < count; i++)
        {
            final long expectedReplies = recorder.replies + 1;
            final MutableDirectBuffer message = ping.claim(0, BODY_LENGTH);
            message.putLong(MessageHeader.LENGTH, System.nanoTime(), MessageHeader.BYTE_ORDER);
            // A drop here is the driver's thread kept off the cores for milliseconds (the IPC
            // publication limit moves only when it runs): send again, the drop stays counted.
            while (!ping.send(PONG))
            {
                if (ping.count(SendCounter.CLOSED_DROPS) + ping.count(SendCounter.MAX_POSITION_DROPS) > 0)
                {
                    throw new IllegalStateException("ping publication closed");
                }
            }
            idle.reset();
            while (recorder.replies < expectedReplies)
            {
                idle.idle(ping.doWork());
            }
        }
    }
}
