package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.electbench.aeron.ChannelPlan;
import org.electbench.aeron.EmbeddedDriver;
import org.electbench.aeron.FrameVerdict;
import org.electbench.deploy.ClusterFile;
import org.electbench.deploy.ClusterObserver;
import org.electbench.reference.net.NamespaceNetwork;
import org.electbench.testkit.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The second process as node 3, as an operator makes it: a keyed three-node bully cluster
 * of {@code node} processes, each in a network namespace of its own on a bridge this test makes,
 * elects 3; then a second {@code node --id 3}, started from the same cluster file and key, comes
 * up in another namespace that was given node 3's address too (a second host configured as node
 * 3). Its frames pass every check a frame can pass alone (listed address, key, fingerprint), so
 * only the two incarnations tell the processes apart: nodes 1 and 2 and the observer must each name
 * two processes claiming node 3, the first one's incarnation as the one refused, and count its
 * frames as duplicate-id drops. Needs root (ip netns); skipped, saying why, without. Outcomes only,
 * never timings.
 */
class DuplicateIdInNamespacesTest
{
    private static final int NODES = 3;
    private static final long AWAIT_NS = TimeUnit.SECONDS.toNanos(120);
    private static final Pattern INCARNATION = Pattern.compile("incarnation ([0-9a-f]{16})\\)");

    private final String tag = String.valueOf(ProcessHandle.current().pid() % 10_000);
    private final String subnet = "10.215." + (ProcessHandle.current().pid() % 200) + ".";
    private final String bridge = "ebd" + tag;
    private final List<Process> processes = new ArrayList<>();
    private final List<String> named = new CopyOnWriteArrayList<>();
    private NamespaceNetwork network;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aSecondProcessAsALiveIdIsNamedByTheNodesAndTheObserverAndItsPredecessorsFramesCounted() throws Exception
    {
        final String unavailable = NamespaceNetwork.unavailable("ebd" + tag + "-probe");
        assumeTrue(null == unavailable, unavailable);
        makeNetwork();

        final String observerHost = subnet + "254";
        final int observerPort = ChannelPlan.freeUdpPorts(observerHost, 1)[0];
        final List<String> endpoints = new ArrayList<>();
        for (int id = 1; id <= NODES; id++)
        {
            endpoints.add(subnet + id + ":40201");
        }
        final Path clusterPath = Observing.keyedBullyCluster(dir, 13, observerHost + ":" + observerPort, endpoints);
        final ClusterFile cluster = ClusterFile.read(clusterPath);

        try (EmbeddedDriver observerDriver = EmbeddedDriver.launch();
             ClusterObserver observer = Observing.observer(cluster, observerDriver.aeron(), named))
        {
            for (int id = 1; id <= NODES; id++)
            {
                processes.add(NodeProcesses.start(dir, clusterPath, id, "ip", "netns", "exec", namespace(id)));
            }
            Await.until(AWAIT_NS, Observing.polling(observer),
                () -> NODES == observer.agreedLeader() && NODES == observer.heardCount(),
                () -> "leader " + NODES + " never agreed: " + state(observer));
            final String first = incarnation("node-" + NODES, observer);
            assertEquals(0, observer.count(FrameVerdict.DUPLICATE_ID), () -> state(observer));

            processes.add(NodeProcesses.startLogged(dir, clusterPath, NODES, "second-node-" + NODES,
                "ip", "netns", "exec", namespace(NODES) + "b"));
            final String second = incarnation("second-node-" + NODES, observer);
            assertTrue(!first.equals(second), "two processes drew one incarnation");

            final String claim = "two processes claim to be node " + NODES + " (one at " + subnet + NODES +
                " went back to incarnation " + first + " after another was heard): refusing the older one's frames";
            Await.until(AWAIT_NS, Observing.polling(observer),
                () -> named.contains("observe: " + claim) &&
                    log("node-1").contains("node 1: " + claim) && log("node-2").contains("node 2: " + claim),
                () -> "the second process as node " + NODES + " was not named everywhere: " + state(observer));
            assertTrue(observer.count(FrameVerdict.DUPLICATE_ID) > 0, () -> state(observer));
            assertEquals(0, observer.count(FrameVerdict.UNLISTED_SOURCE) + observer.count(FrameVerdict.BAD_MAC) +
                observer.count(FrameVerdict.MISMATCHED), () -> "only the incarnations tell the two apart: " + state(observer));
        }

        // Stopped with SIGTERM, nodes 1 and 2 count the older process's frames they dropped.
        for (int id = 1; id < NODES; id++)
        {
            final Process node = processes.get(id - 1);
            node.destroy();
            assertTrue(node.waitFor(30, TimeUnit.SECONDS), "node " + id + " did not stop");
            final String stopped = log("node-" + id);
            final Matcher drops = Pattern.compile("node " + id + " stopped: .*\\((?:[^)]*, )?([0-9]+) duplicate-id").matcher(stopped);
            assertTrue(drops.find(), stopped);
            assertTrue(Long.parseLong(drops.group(1)) > 0, stopped);
        }
    }

    /** @return the incarnation a node process printed as it started, waiting for the line. */
    private String incarnation(final String log, final ClusterObserver observer) throws InterruptedException
    {
        final String[] found = new String[1];
        Await.until(AWAIT_NS, Observing.polling(observer),
                () ->
        {
            final Matcher matcher = INCARNATION.matcher(log(log));
            found[0] = matcher.find() ? matcher.group(1) : null;
            return null != found[0];
        }, () -> log + " never printed its incarnation: " + log(log));
        return found[0].toLowerCase(Locale.ROOT);
    }

    private String log(final String name)
    {
        try
        {
            return Files.readString(dir.resolve(name + ".err"), StandardCharsets.UTF_8);
        }
        catch (final IOException ex)
        {
            return "";
        }
    }

    private String state(final ClusterObserver observer)
    {
        return "observer leader " + observer.agreedLeader() + ", heard " + observer.heardCount() + ", crashes " +
            observer.crashes() + ", restarts " + observer.restarts() + ", drops" + NodeCommand.dropsByReason(observer::count) +
            "; named " + named + NodeProcesses.logs(dir, NODES) + "\n--- second node " + NODES + " stderr ---\n" +
            log("second-node-" + NODES);
    }

    private String namespace(final int id)
    {
        return "ebd" + tag + "-" + id;
    }

    /** Nodes 1..N each in a namespace at subnet.K, and a spare namespace "Nb" at node N's address, all on one bridge. */
    private void makeNetwork()
    {
        network = new NamespaceNetwork(bridge, subnet + "254/24");
        for (int id = 1; id <= NODES + 1; id++)
        {
            network.add(id <= NODES ? namespace(id) : namespace(NODES) + "b", "ebe" + tag + id, "ebf" + tag + id,
                subnet + Math.min(id, NODES) + "/24");
        }
    }

    @AfterEach
    void tearDown() throws InterruptedException
    {
        NodeProcesses.stop(processes);
        if (null != network)
        {
            network.close();
        }
        EmbeddedDriver.deleteStaleDirectories();
    }
}
