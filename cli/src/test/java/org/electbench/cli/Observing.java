package org.electbench.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import io.aeron.Aeron;
import org.electbench.aeron.FrameVerdict;
import org.electbench.deploy.ClusterFile;
import org.electbench.deploy.ClusterObservation;
import org.electbench.deploy.ClusterObserver;
import org.electbench.deploy.NodeHost;
import org.electbench.testkit.Await;

/** A keyed bully cluster file, and an observer of it in the test's own thread naming what it refuses as {@code observe} does. */
final class Observing
{
    private Observing()
    {
    }

    /**
     * Writes {@code cluster.txt} and a fresh random 32-byte {@code cluster.key} beside it in {@code dir}: bully, heartbeat
     * 20 ms, detection 300 ms, the observer and nodes 1..N at the endpoints given.
     *
     * @return the cluster file's path.
     */
    static Path keyedBullyCluster(final Path dir, final int clusterId, final String observer, final List<String> nodes)
        throws IOException
    {
        final byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        Files.write(dir.resolve("cluster.key"), key);
        final List<String> lines = new ArrayList<>(List.of(
            "cluster-id " + clusterId,
            "algorithm bully",
            "heartbeat 20ms",
            "detection-timeout 300ms",
            "election-timeout 100ms",
            "coordinator-timeout 300ms",
            "connect-timeout 20s",
            "key cluster.key",
            "observer " + observer));
        for (int id = 1; id <= nodes.size(); id++)
        {
            lines.add("node " + id + " " + nodes.get(id - 1));
        }
        final Path path = dir.resolve("cluster.txt");
        Files.writeString(path, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return path;
    }

    /** @return an observer of {@code cluster} that adds each refusal's line, as {@code observe} prints it, to {@code named}. */
    static ClusterObserver observer(final ClusterFile cluster, final Aeron aeron, final List<String> named)
    {
        return new ClusterObserver(cluster, aeron, new ClusterObservation.Listener()
        {
            @Override
            public void onRefused(final FrameVerdict verdict, final int nodeId, final InetAddress source, final long detail)
            {
                named.add(NodeHost.refusal("observe", cluster, verdict, nodeId, source, detail));
            }
        });
    }

    /** @return what to run between checks of an awaited condition: a poll of the observer, on this thread as it is single-threaded. */
    static Runnable polling(final ClusterObserver observer)
    {
        return () -> observer.poll(System.nanoTime());
    }

    /** Polls the observer on this thread until the condition holds or {@code awaitNs} passes. */
    static void await(final ClusterObserver observer, final long awaitNs, final BooleanSupplier condition,
        final Supplier<String> failure)
    {
        Await.until(awaitNs, polling(observer), condition, failure);
    }
}
