package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.electbench.aeron.ChannelPlan;
import org.electbench.aeron.EmbeddedDriver;
import org.electbench.aeron.FrameVerdict;
import org.electbench.deploy.ClusterFile;
import org.electbench.deploy.ClusterObserver;
import org.electbench.deploy.NodeHost;
import org.electbench.reference.net.NamespaceNetwork;
import org.electbench.spi.Start;
import org.electbench.testkit.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A keyed three-node bully cluster and its observer, all on one address of a bridge this test
 * makes, is attacked by two forgers speaking plain Aeron, both knowing the cluster file but not
 * the key: one in a network namespace of its own, at an address the file does not list; one
 * sending from the cluster's own listed address with a wrong key. Each claims to be node 3 (the
 * leader) and sends every node a COORDINATOR of term 2^63-2 and the observer status reports
 * naming node 3 leader at that term. Every forged frame must be dropped and counted, by reason,
 * exactly as many as Aeron took; the outsider's sessions get no image at the nodes (their drivers
 * refuse an unlisted address's SETUP), and the observer, whose driver here has no such guard, drops
 * its reports as unlisted; the leader, every node's term and the observer's view must not change;
 * the nodes and the observer name the forger. Needs root (ip netns); skipped, saying why,
 * without. Outcomes only, never timings.
 */
class ClusterTrustInNamespacesTest
{
    private static final int NODES = 3;
    private static final int FORGED = 40;
    private static final long AWAIT_NS = TimeUnit.SECONDS.toNanos(90);

    private final String tag = String.valueOf(ProcessHandle.current().pid() % 10_000);
    private final String subnet = "10.214." + (ProcessHandle.current().pid() % 200) + ".";
    private final String bridge = "ebt" + tag;
    private final String namespace = "ebt" + tag + "-x";
    private final List<NodeHost> nodes = new ArrayList<>();
    private final List<Process> forgers = new ArrayList<>();
    private final List<String> named = new CopyOnWriteArrayList<>();
    private NamespaceNetwork network;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void forgedFramesFromAnUnlistedAddressOrWithoutTheKeyAreDroppedCountedAndNamed() throws Exception
    {
        final String unavailable = NamespaceNetwork.unavailable(namespace);
        assumeTrue(null == unavailable, unavailable);
        makeNetwork();

        final String host = subnet + "254";
        final int[] ports = ChannelPlan.freeUdpPorts(host, NODES + 1);
        final List<String> endpoints = new ArrayList<>();
        for (int id = 1; id <= NODES; id++)
        {
            endpoints.add(host + ":" + ports[id]);
        }
        final Path clusterPath = Observing.keyedBullyCluster(dir, 12, host + ":" + ports[0], endpoints);
        final ClusterFile cluster = ClusterFile.read(clusterPath);

        try (EmbeddedDriver observerDriver = EmbeddedDriver.launch();
             ClusterObserver observer = Observing.observer(cluster, observerDriver.aeron(), named))
        {
            for (int id = 1; id <= NODES; id++)
            {
                nodes.add(NodeHost.launch(cluster, id, Start.COLD, named::add));
            }
            nodes.forEach(NodeHost::start);
            Await.until(AWAIT_NS, Observing.polling(observer),
                () -> NODES == observer.agreedLeader() && nodes.stream().allMatch(node -> NODES == node.leaderId()),
                () -> "leader " + NODES + " never agreed: " + state(observer));
            final long[] termBefore = new long[NODES + 1];
            for (final NodeHost node : nodes)
            {
                termBefore[node.selfId()] = node.term();
            }

            final Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            final Forged outsider = forge(List.of("ip", "netns", "exec", namespace), java, clusterPath, "-", "none");
            final Forged keyless = forge(List.of(), java, clusterPath, host, "wrong-key");
            Await.until(AWAIT_NS, Observing.polling(observer),
                () -> outsider.done() && keyless.done(), () -> "a forger did not finish: " + outsider + keyless);
            assertTrue(outsider.total() > 0 && keyless.total() > 0, () -> "no forged frame was taken: " + outsider + keyless);

            // Node 3 itself drops frames claiming to be it as from an unknown sender, before asking where they came from.
            final NodeHost claimed = nodes.get(NODES - 1);
            Await.until(AWAIT_NS, Observing.polling(observer),
                () -> dropped(FrameVerdict.UNLISTED_SOURCE) == outsider.toNodes() - outsider.to("node 3") &&
                    dropped(FrameVerdict.BAD_MAC) == keyless.toNodes() - keyless.to("node 3") &&
                    claimed.endpoint().validator().count(FrameVerdict.UNKNOWN_SENDER) ==
                        outsider.to("node 3") + keyless.to("node 3") &&
                    observer.count(FrameVerdict.UNLISTED_SOURCE) == outsider.toObserver() &&
                    observer.count(FrameVerdict.BAD_MAC) == keyless.toObserver(),
                () -> "forged frames not all counted: outsider " + outsider + ", keyless " + keyless + "; " + state(observer));
            forgers.forEach(forger -> closeQuietly(forger));

            for (final NodeHost node : nodes)
            {
                assertEquals(NODES, node.leaderId(), () -> "node " + node.selfId() + " follows another leader: " + state(observer));
                assertEquals(termBefore[node.selfId()], node.term(), () -> "node " + node.selfId() + "'s term moved");
                assertEquals(0, node.errors());
                assertEquals(0, node.endpoint().validator().count(FrameVerdict.MISMATCHED));
                assertTrue(node.endpoint().validator().count(FrameVerdict.OK) > 0);
            }
            assertEquals(NODES, observer.agreedLeader());
            assertEquals(NODES, observer.heardCount());
            assertEquals(0, observer.crashes(), () -> state(observer));
            final String outsiderAddress = subnet + "9";
            assertEquals(0, outsider.toNodes(), () -> "an unlisted address got a session at a node: " + outsider);
            for (final NodeHost node : nodes)
            {
                assertTrue(node.sessionsRefused() > 0, () -> "node " + node.selfId() + " refused no session set-up");
            }
            assertTrue(named.contains("observe: refusing frames that claim to be node 3 from " + outsiderAddress +
                ": node 3 is listed at " + host + ":" + ports[3] + " (an outsider, or a second process as node 3)"), named::toString);
            assertTrue(named.contains("node 2: refusing frames that claim to be node 3 from " + host +
                ": they do not carry the cluster key's MAC"), named::toString);
            assertTrue(named.contains("observe: refusing frames that claim to be node 3 from " + host +
                ": they do not carry the cluster key's MAC"), named::toString);
        }
    }

    private long dropped(final FrameVerdict verdict)
    {
        return nodes.stream().mapToLong(node -> node.endpoint().validator().count(verdict)).sum();
    }

    private String state(final ClusterObserver observer)
    {
        final StringBuilder text = new StringBuilder("observer leader ").append(observer.agreedLeader())
            .append(", heard ").append(observer.heardCount()).append(", crashes ").append(observer.crashes());
        for (final NodeHost node : nodes)
        {
            text.append("; node ").append(node.selfId()).append(' ').append(node.role()).append(" leader ")
                .append(node.leaderId()).append(" term ").append(node.term()).append(" drops")
                .append(NodeCommand.dropsByReason(node.endpoint().validator()::count));
        }
        return text.append("; observer drops").append(NodeCommand.dropsByReason(observer::count))
            .append("; named ").append(named).toString();
    }

    /** What one forger process says it got Aeron to take, read from its output as it comes. */
    private static final class Forged
    {
        private final ConcurrentHashMap<String, Integer> accepted = new ConcurrentHashMap<>();
        private volatile boolean done;
        private final StringBuffer output = new StringBuffer();

        boolean done()
        {
            return done;
        }

        long toNodes()
        {
            return accepted.entrySet().stream().filter(entry -> entry.getKey().startsWith("node"))
                .mapToLong(entry -> entry.getValue()).sum();
        }

        long toObserver()
        {
            return to("observer");
        }

        long to(final String target)
        {
            return accepted.getOrDefault(target, 0);
        }

        long total()
        {
            return toNodes() + toObserver();
        }

        @Override
        public String toString()
        {
            return "{" + accepted + (done ? ", done" : "") + ", output: " + output + "}";
        }
    }

    private Forged forge(final List<String> prefix, final Path java, final Path cluster, final String bind, final String keyMode)
        throws IOException
    {
        final List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(java.toString(), "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-Xmx96m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
            "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"), "-cp", System.getProperty("java.class.path"),
            Forger.class.getName(), cluster.toString(), bind, keyMode, String.valueOf(NODES), String.valueOf(FORGED)));
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        forgers.add(process);
        final Forged forged = new Forged();
        final Thread reader = new Thread(() ->
        {
            try (var lines = new java.io.BufferedReader(new java.io.InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8)))
            {
                String line;
                while (null != (line = lines.readLine()))
                {
                    forged.output.append(line).append('\n');
                    final int at = line.indexOf(" accepted ");
                    if (at > 0)
                    {
                        forged.accepted.put(line.substring(0, at), Integer.parseInt(line.substring(at + " accepted ".length())));
                    }
                    forged.done |= "done".equals(line);
                }
            }
            catch (final IOException ex)
            {
                forged.output.append(ex);
            }
        }, "forger-output");
        reader.setDaemon(true);
        reader.start();
        return forged;
    }

    private static void closeQuietly(final Process forger)
    {
        try
        {
            forger.getOutputStream().close();
        }
        catch (final IOException ex)
        {
            forger.destroy();
        }
    }

    private void makeNetwork()
    {
        network = new NamespaceNetwork(bridge, subnet + "254/24");
        network.add(namespace, "ebu" + tag, "ebi" + tag, subnet + "9/24");
    }

    @AfterEach
    void tearDown() throws InterruptedException
    {
        for (final Process forger : forgers)
        {
            forger.destroy();
            if (!forger.waitFor(10, TimeUnit.SECONDS))
            {
                forger.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        nodes.forEach(NodeHost::close);
        if (null != network)
        {
            network.close();
        }
    }
}
