package org.electbench.bench;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.aeron.FrameHeader;
import org.electbench.aeron.FrameMac;
import org.electbench.aeron.FrameValidator;
import org.electbench.aeron.FrameVerdict;
import org.electbench.aeron.Membership;
import org.electbench.spi.MessageHeader;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the cluster key costs per frame: tagging a frame on send ({@code sign}) and checking one on
 * receipt ({@code receiveKeyed}: every check a node makes, the MAC included), against the same
 * receipt without a key ({@code receiveOpen}). {@code body} is the message body in bytes (an
 * election message carries 8 to 16). Run:
 * {@code java -jar bench/target/benchmarks.jar FrameMacBenchmark -f 1 -wi 3 -i 5 -prof gc}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = BenchMain.AGRONA_EXPORTS)
@State(Scope.Thread)
public class FrameMacBenchmark
{
    private static final int CLUSTER_ID = 9;
    private static final long FINGERPRINT = 0x5EED;

    @Param({"16"})
    public int body;

    private final UnsafeBuffer frame = new UnsafeBuffer(new byte[FrameHeader.MAX_FRAME_LENGTH]);
    private final UnsafeBuffer open = new UnsafeBuffer(new byte[FrameHeader.MAX_FRAME_LENGTH]);
    private FrameMac mac;
    private FrameValidator keyedValidator;
    private FrameValidator openValidator;
    private InetAddress source;
    private int messageLength;
    private int keyedLength;
    private int openLength;
    private long openSequence;

    @Setup
    public void setUp() throws UnknownHostException
    {
        RunWatch.start();
        final byte[] key = new byte[FrameMac.MIN_KEY_LENGTH];
        for (int i = 0; i < key.length; i++)
        {
            key[i] = (byte)(i * 31 + 7);
        }
        source = InetAddress.getByName("10.0.0.1");
        final List<InetAddress> hosts = List.of(source, InetAddress.getByName("10.0.0.2"));
        mac = new FrameMac(key);
        keyedValidator = new FrameValidator(CLUSTER_ID, 2, 2, 4, Membership.of(hosts, FINGERPRINT, key), null);
        openValidator = new FrameValidator(CLUSTER_ID, 2, 2, 4, Membership.of(hosts, FINGERPRINT, null), null);
        messageLength = FrameHeader.MIN_FRAME_LENGTH + body;
        FrameHeader.write(frame, 0, CLUSTER_ID, 1, FINGERPRINT, 1, FrameHeader.FLAG_MAC);
        // One signed frame received again and again: after the first it is refused as a replay, by the
        // last check, so every check runs; the unkeyed frame is renumbered per receive and accepted.
        FrameHeader.stamp(frame, 0, 1, 2);
        MessageHeader.write(frame, FrameHeader.MESSAGE_OFFSET, 1, body, 1);
        keyedLength = mac.sign(frame, 0, messageLength);
        FrameHeader.write(open, 0, CLUSTER_ID, 1, FINGERPRINT, 1, 0);
        FrameHeader.stamp(open, 0, 1, 2);
        MessageHeader.write(open, FrameHeader.MESSAGE_OFFSET, 1, body, 1);
        openLength = messageLength;
    }

    @Benchmark
    public int sign()
    {
        return mac.sign(frame, 0, messageLength);
    }

    @Benchmark
    public FrameVerdict receiveKeyed()
    {
        return keyedValidator.validate(frame, 0, keyedLength, source);
    }

    @Benchmark
    public FrameVerdict receiveOpen()
    {
        FrameHeader.stamp(open, 0, ++openSequence, 2);
        return openValidator.validate(open, 0, openLength, source);
    }
}
