package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.electbench.aeron.ChannelPlan;
import org.electbench.aeron.FrameVerdict;
import org.electbench.deploy.ClusterFile;
import org.electbench.deploy.NodeHost;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.testkit.Await;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The operator mistake: node 3 of a bully cluster started from a file saying
 * {@code algorithm ring}, same ids and ports. Its frames carry another fingerprint, so nodes 1
 * and 2 refuse it and elect 2 among themselves, and it refuses them; both sides name the other.
 * Loopback, one process; outcomes only.
 */
class ClusterTrustTest
{
    private static final long AWAIT_NS = TimeUnit.SECONDS.toNanos(60);

    private final List<NodeHost> nodes = new ArrayList<>();
    private final List<String> named = new CopyOnWriteArrayList<>();

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aNodeOfAnotherAlgorithmIsRefusedAndNamedOnBothSides() throws InterruptedException
    {
        final int[] ports = ChannelPlan.freeUdpPorts(ChannelPlan.LOOPBACK_HOST, 3);
        final String common = String.join("\n", "cluster-id 4", "heartbeat 20ms", "detection-timeout 200ms",
            "election-timeout 100ms", "coordinator-timeout 300ms", "connect-timeout 2s",
            "node 1 127.0.0.1:" + ports[0], "node 2 127.0.0.1:" + ports[1], "node 3 127.0.0.1:" + ports[2], "");
        final ClusterFile bully = ClusterFile.parse("algorithm bully\n" + common, "bully.txt", AlgorithmRegistry.instance());
        final ClusterFile ring = ClusterFile.parse("algorithm ring\n" + common, "ring.txt", AlgorithmRegistry.instance());

        nodes.add(NodeHost.launch(bully, 1, Start.COLD, named::add));
        nodes.add(NodeHost.launch(bully, 2, Start.COLD, named::add));
        nodes.add(NodeHost.launch(ring, 3, Start.COLD, named::add));
        nodes.forEach(NodeHost::start);

        final NodeHost one = nodes.get(0);
        final NodeHost two = nodes.get(1);
        final NodeHost three = nodes.get(2);
        Await.until(AWAIT_NS, () -> 2 == one.leaderId() && Role.LEADER == two.role() &&
                three.endpoint().validator().count(FrameVerdict.MISMATCHED) > 0 &&
                one.endpoint().validator().count(FrameVerdict.MISMATCHED) > 0 &&
                two.endpoint().validator().count(FrameVerdict.MISMATCHED) > 0,
            () -> "node 1 leader " + one.leaderId() + ", node 2 " + two.role() + "; named " + named);

        assertEquals(2, one.leaderId());
        assertEquals(2, two.leaderId());
        final String refusedThree = String.format("refusing node 3 (127.0.0.1): it runs another cluster file " +
            "(fingerprint %016x, this one's %016x: algorithm, settings or membership differ)", ring.fingerprint(), bully.fingerprint());
        assertTrue(named.contains("node 1: " + refusedThree), named::toString);
        assertTrue(named.contains("node 2: " + refusedThree), named::toString);
        assertTrue(named.contains(String.format("node 3: refusing node 1 (127.0.0.1): it runs another cluster file " +
            "(fingerprint %016x, this one's %016x: algorithm, settings or membership differ)", bully.fingerprint(),
            ring.fingerprint())), named::toString);
        assertEquals(0, one.endpoint().validator().count(FrameVerdict.UNLISTED_SOURCE));
    }

    @AfterEach
    void tearDown()
    {
        nodes.forEach(NodeHost::close);
    }
}
