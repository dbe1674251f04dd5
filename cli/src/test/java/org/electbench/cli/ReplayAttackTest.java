package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import io.aeron.ExclusivePublication;
import org.electbench.aeron.ChannelPlan;
import org.electbench.aeron.EmbeddedDriver;
import org.electbench.aeron.FrameVerdict;
import org.electbench.deploy.ClusterFile;
import org.electbench.deploy.ClusterObserver;
import org.electbench.deploy.NodeHost;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The replay attacks on a keyed three-node bully cluster on loopback, one process: frames
 * node 3 really sent, captured as they left ({@link Capture}) and sent again by another process.
 * An earlier process's frames must not displace node 3's live process at a node or the observer
 * that never heard the earlier one; a killed leader's captured heartbeats must not hold off
 * failover. Outcomes only, never timings.
 */
class ReplayAttackTest
{
    private static final long AWAIT_NS = TimeUnit.SECONDS.toNanos(60);

    private final List<NodeHost> nodes = new ArrayList<>(java.util.Arrays.asList(null, null, null));
    private final List<String> named = new CopyOnWriteArrayList<>();

    @TempDir
    Path dir;

    private ClusterFile cluster(final int[] ports) throws Exception
    {
        final byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        Files.write(dir.resolve("cluster.key"), key);
        Files.writeString(dir.resolve("cluster.txt"), String.join("\n", "cluster-id 31", "algorithm bully", "heartbeat 20ms",
            "detection-timeout 300ms", "election-timeout 100ms", "coordinator-timeout 300ms", "connect-timeout 2s",
            "key cluster.key", "observer 127.0.0.1:" + ports[0], "node 1 127.0.0.1:" + ports[1],
            "node 2 127.0.0.1:" + ports[2], "node 3 127.0.0.1:" + ports[3], ""), StandardCharsets.UTF_8);
        return ClusterFile.read(dir.resolve("cluster.txt"));
    }

    private NodeHost launch(final ClusterFile cluster, final int id)
    {
        final NodeHost node = NodeHost.launch(cluster, id, Start.COLD, named::add);
        nodes.set(id - 1, node);
        return node;
    }

    /** @return a fresh keyed cluster on free loopback ports, its three nodes launched, not started. */
    private ClusterFile launchAll() throws Exception
    {
        final ClusterFile cluster = cluster(ChannelPlan.freeUdpPorts(ChannelPlan.LOOPBACK_HOST, 4));
        for (int id = 1; id <= 3; id++)
        {
            launch(cluster, id);
        }
        return cluster;
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void anEarlierProcesssFramesReplayedNeverDisplaceTheLiveNodeAtANodeOrTheObserver() throws Exception
    {
        final ClusterFile cluster = launchAll();
        final Capture toNode = Capture.of(nodes.get(2), cluster, 1);
        final Capture toObserver = Capture.of(nodes.get(2), cluster, 0);
        // Something listens on the observer's endpoint while the earlier process runs, so it sends reports.
        try (EmbeddedDriver earlier = EmbeddedDriver.launch();
             io.aeron.Subscription listening = earlier.aeron().addSubscription(cluster.observerChannel(), cluster.streamId()))
        {
            nodes.forEach(NodeHost::start);
            await(() -> 3 == nodes.get(0).leaderId() && 3 == nodes.get(1).leaderId() && toNode.frames().size() >= 20 &&
                toObserver.frames().size() >= 5 && listening.imageCount() == 3, () -> "no leader 3 with frames captured: " +
                toNode.frames().size() + " to node 1, " + toObserver.frames().size() + " to the observer");
            toNode.close();
            toObserver.close();
        }

        // Node 3 restarts (a new process, a newer incarnation); node 1 restarts too, so it never heard the earlier one.
        nodes.get(2).close();
        launch(cluster, 3).start();
        nodes.get(0).close();
        final NodeHost one = launch(cluster, 1);
        one.start();
        final long live = nodes.get(2).incarnation();
        await(() -> 3 == one.leaderId() && 3 == nodes.get(1).leaderId() && one.endpoint().validator().trust().incarnation(3) == live,
            () -> "node 1 does not follow the restarted node 3");

        try (EmbeddedDriver attacker = EmbeddedDriver.launch();
             EmbeddedDriver watching = EmbeddedDriver.launch();
             ClusterObserver observer = Observing.observer(cluster, watching.aeron(), named))
        {
            // An observer started after node 3's restart: it never heard the earlier process either.
            Observing.await(observer, AWAIT_NS, () -> 3 == observer.agreedLeader() && 3 == observer.heardCount(),
                () -> "the observer never agreed on 3: " + named);
            final ExclusivePublication toOne = connected(attacker, cluster.channelPlan().channel(1), cluster.streamId());
            final ExclusivePublication toWatcher = connected(attacker, cluster.observerChannel(), cluster.streamId());
            final int replayedToNode = Capture.replay(toOne, toNode.frames());
            final int replayedToObserver = Capture.replay(toWatcher, toObserver.frames());
            final long okBefore = one.endpoint().validator().count(FrameVerdict.OK);
            final long reportsBefore = observer.count(FrameVerdict.OK);
            Observing.await(observer, AWAIT_NS, () -> one.endpoint().validator().count(FrameVerdict.STALE_INCARNATION) ==
                    replayedToNode && observer.count(FrameVerdict.STALE_INCARNATION) == replayedToObserver &&
                    one.endpoint().validator().count(FrameVerdict.OK) > okBefore + 20 && observer.count(FrameVerdict.OK) > reportsBefore + 20,
                () -> "replayed " + replayedToNode + " and " + replayedToObserver + ": node 1 drops" +
                    NodeCommand.dropsByReason(one.endpoint().validator()::count) + ", observer drops" +
                    NodeCommand.dropsByReason(observer::count) + "; named " + named);

            assertEquals(3, one.leaderId());
            assertEquals(live, one.endpoint().validator().trust().incarnation(3));
            assertEquals(0, one.endpoint().validator().count(FrameVerdict.DUPLICATE_ID));
            // What `observe` exits 1 for, and a restart or crash it would report: none.
            assertEquals(0, observer.count(FrameVerdict.DUPLICATE_ID), named::toString);
            assertEquals(0, observer.restarts());
            assertEquals(0, observer.crashes());
            assertEquals(3, observer.agreedLeader());
            assertTrue(named.stream().anyMatch(line -> line.startsWith("observe: refusing frames of node 3 from 127.0.0.1 " +
                "of incarnation")), named::toString);
        }
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aKilledLeadersCapturedHeartbeatsReplayedDoNotHoldOffFailover() throws Exception
    {
        final ClusterFile cluster = launchAll();
        final Capture toOne = Capture.of(nodes.get(2), cluster, 1);
        final Capture toTwo = Capture.of(nodes.get(2), cluster, 2);
        nodes.forEach(NodeHost::start);
        await(() -> 3 == nodes.get(0).leaderId() && 3 == nodes.get(1).leaderId() && toOne.frames().size() >= 50 &&
            toTwo.frames().size() >= 50, () -> "no leader 3 with heartbeats captured");
        toOne.close();
        toTwo.close();

        try (EmbeddedDriver attacker = EmbeddedDriver.launch())
        {
            final ExclusivePublication atOne = connected(attacker, cluster.channelPlan().channel(1), cluster.streamId());
            final ExclusivePublication atTwo = connected(attacker, cluster.channelPlan().channel(2), cluster.streamId());
            nodes.get(2).close();
            // The leader is gone; its heartbeats go on, sent again in a loop, faster than it sent them.
            final AtomicBoolean replaying = new AtomicBoolean(true);
            final AtomicInteger replayed = new AtomicInteger();
            final Thread replay = new Thread(() ->
            {
                while (replaying.get())
                {
                    replayed.addAndGet(Capture.replay(atOne, toOne.frames().subList(toOne.frames().size() - 10, toOne.frames().size())));
                    replayed.addAndGet(Capture.replay(atTwo, toTwo.frames().subList(toTwo.frames().size() - 10, toTwo.frames().size())));
                    // Ten of its frames a millisecond to each: far more often than its heartbeat, without hogging a core.
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
                }
            }, "replay");
            replay.start();
            try
            {
                await(() -> 2 == nodes.get(0).leaderId() && Role.LEADER == nodes.get(1).role() && replayed.get() > 100,
                    () -> "no failover to node 2 while node 3's heartbeats were replayed (" + replayed.get() + " sent): node 1 " +
                        "follows " + nodes.get(0).leaderId() + ", drops" + NodeCommand.dropsByReason(nodes.get(0).endpoint().validator()::count));
            }
            finally
            {
                replaying.set(false);
                replay.join();
            }
            assertTrue(nodes.get(0).endpoint().validator().count(FrameVerdict.REPLAYED) > 0);
            assertTrue(nodes.get(1).endpoint().validator().count(FrameVerdict.REPLAYED) > 0);
            assertEquals(2, nodes.get(1).leaderId());
        }
    }

    private static ExclusivePublication connected(final EmbeddedDriver driver, final String channel, final int streamId)
        throws InterruptedException
    {
        final ExclusivePublication publication = driver.aeron().addExclusivePublication(channel, streamId);
        await(publication::isConnected, () -> "the replaying publication never connected to " + channel);
        return publication;
    }

    private static void await(final BooleanSupplier condition, final Supplier<String> failure) throws InterruptedException
    {
        final long deadlineNs = System.nanoTime() + AWAIT_NS;
        while (!condition.getAsBoolean())
        {
            assertTrue(System.nanoTime() - deadlineNs < 0, failure);
            Thread.sleep(5);
        }
    }

    @AfterEach
    void tearDown()
    {
        nodes.forEach(node ->
        {
            if (null != node)
            {
                node.close();
            }
        });
    }
}
