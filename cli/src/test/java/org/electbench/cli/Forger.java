package org.electbench.cli;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import io.aeron.ExclusivePublication;
import org.agrona.concurrent.UnsafeBuffer;
import org.electbench.aeron.EmbeddedDriver;
import org.electbench.aeron.FrameHeader;
import org.electbench.aeron.FrameMac;
import org.electbench.deploy.ClusterFile;
import org.electbench.deploy.StatusFrame;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Role;

/**
 * An attacker speaking plain Aeron to a cluster: it knows the cluster file (its cluster id and
 * fingerprint) but not the key. It sends forged frames claiming to be one node, each a
 * COORDINATOR (or the algorithm's first type) with term 2^63-2, to every node, and forged status
 * reports naming that node leader to the observer; then prints how many Aeron accepted per target
 * (0 where the target's driver refused the session: it waits 5 s for each to connect)
 * ({@code node K accepted N}, {@code observer accepted N}), then {@code done}, and stays up
 * until its input is closed, so its driver delivers every frame it took.
 * <p>
 * {@code Forger CLUSTER-FILE BIND-HOST|- none|wrong-key CLAIMED-ID COUNT}: a BIND-HOST sends from
 * that address (Aeron's {@code interface}), {@code wrong-key} tags frames under a key that is not the cluster's.
 */
public final class Forger
{
    private static final long CONNECT_NS = TimeUnit.SECONDS.toNanos(5);

    private Forger()
    {
    }

    public static void main(final String[] args) throws InterruptedException, java.io.IOException
    {
        final ClusterFile cluster = ClusterFile.read(Path.of(args[0]));
        final String bind = "-".equals(args[1]) ? "" : "|interface=" + args[1];
        final byte[] wrongKey = new byte[FrameMac.MIN_KEY_LENGTH];
        Arrays.fill(wrongKey, (byte)0x5A);
        final FrameMac mac = "wrong-key".equals(args[2]) ? new FrameMac(wrongKey) : null;
        final int claimed = Integer.parseInt(args[3]);
        final int count = Integer.parseInt(args[4]);
        final int typeIndex = Math.max(0, cluster.algorithm().messageTypes().indexOf("COORDINATOR"));
        final int typeCount = cluster.algorithm().messageTypes().size();
        final UnsafeBuffer frame = new UnsafeBuffer(new byte[1024]);
        final long incarnation = ThreadLocalRandom.current().nextLong() | 1;

        try (EmbeddedDriver driver = EmbeddedDriver.launch())
        {
            final int targets = cluster.clusterSize() + 1;
            final ExclusivePublication[] publications = new ExclusivePublication[targets];
            for (int target = 0; target < targets; target++)
            {
                final String endpoint = ClusterFile.format(0 == target ? cluster.observer() : cluster.node(target));
                publications[target] = driver.aeron().addExclusivePublication(
                    "aeron:udp?endpoint=" + endpoint + bind, cluster.streamId());
            }
            for (int target = 0; target < targets; target++)
            {
                final long deadlineNs = System.nanoTime() + CONNECT_NS;
                while (!publications[target].isConnected() && System.nanoTime() - deadlineNs < 0)
                {
                    Thread.sleep(5);
                }
                int length;
                if (0 == target)
                {
                    final long[] zeros = new long[typeCount];
                    length = StatusFrame.encode(frame, cluster.clusterId(), claimed, cluster.fingerprint(), incarnation, 1,
                        Role.LEADER, claimed, Long.MAX_VALUE - 1, zeros, zeros, mac);
                }
                else
                {
                    FrameHeader.write(frame, 0, cluster.clusterId(), claimed, cluster.fingerprint(), incarnation,
                        null == mac ? 0 : FrameHeader.FLAG_MAC);
                    FrameHeader.stamp(frame, 0, 1, target);
                    MessageHeader.write(frame, FrameHeader.MESSAGE_OFFSET, typeIndex, 8, claimed);
                    frame.putLong(FrameHeader.MESSAGE_OFFSET + MessageHeader.LENGTH, Long.MAX_VALUE - 1, MessageHeader.BYTE_ORDER);
                    length = FrameHeader.MIN_FRAME_LENGTH + 8;
                    length = null == mac ? length : mac.sign(frame, 0, length);
                }
                int accepted = 0;
                for (int i = 0; i < count && publications[target].isConnected(); i++)
                {
                    for (int attempt = 0; attempt < 1000; attempt++)
                    {
                        if (publications[target].offer(frame, 0, length) > 0)
                        {
                            accepted++;
                            break;
                        }
                        Thread.sleep(1);
                    }
                }
                System.out.println((0 == target ? "observer" : "node " + target) + " accepted " + accepted);
            }
            System.out.println("done");
            System.out.flush();
            // Stay up, so the driver sends everything it took, until the test closes this process's input.
            while (System.in.read() >= 0)
            {
                Thread.onSpinWait();
            }
        }
        System.out.flush();
    }
}
