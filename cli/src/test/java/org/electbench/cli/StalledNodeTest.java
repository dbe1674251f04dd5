package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.electbench.aeron.ChannelPlan;
import org.electbench.aeron.EmbeddedDriver;
import org.electbench.deploy.ClusterFile;
import org.electbench.deploy.ClusterObserver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The zombie: the leader's process of a three-node bully cluster on loopback is stopped
 * (SIGSTOP) for 13 s, past Aeron's 10 s client and driver timeouts, then continued. Its Aeron
 * client is closed under it, so it must not linger deaf and mute: it exits 1 naming the stall,
 * its shutdown line counts the stall as an error, and the other two fail over to node 2. The
 * 13 s stop is the fault injected, not a wait for an outcome.
 */
class StalledNodeTest
{
    private static final long AWAIT_NS = TimeUnit.SECONDS.toNanos(90);
    private static final long STALL_NS = TimeUnit.SECONDS.toNanos(13);

    private final List<Process> processes = new ArrayList<>();
    private final List<String> named = new CopyOnWriteArrayList<>();

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aLeaderStalledPastAeronsTimeoutsExitsNonZeroNamingTheStallAndTheOthersFailOver() throws Exception
    {
        final int[] ports = ChannelPlan.freeUdpPorts(ChannelPlan.LOOPBACK_HOST, 4);
        final Path path = dir.resolve("cluster.txt");
        Files.writeString(path, String.join("\n", "cluster-id 9", "algorithm bully", "heartbeat 20ms",
            "detection-timeout 300ms", "election-timeout 100ms", "coordinator-timeout 300ms", "connect-timeout 20s",
            "observer 127.0.0.1:" + ports[0], "node 1 127.0.0.1:" + ports[1], "node 2 127.0.0.1:" + ports[2],
            "node 3 127.0.0.1:" + ports[3], ""), StandardCharsets.UTF_8);
        final ClusterFile cluster = ClusterFile.read(path);

        try (EmbeddedDriver driver = EmbeddedDriver.launch();
             ClusterObserver observer = Observing.observer(cluster, driver.aeron(), named))
        {
            for (int id = 1; id <= 3; id++)
            {
                processes.add(NodeProcesses.start(dir, path, id));
            }
            Observing.await(observer, AWAIT_NS, () -> 3 == observer.agreedLeader() && 3 == observer.heardCount(),
                () -> "leader 3 never agreed" + NodeProcesses.logs(dir, 3));
            final Process leader = processes.get(2);
            signal(leader, "STOP");
            final long resumeNs = System.nanoTime() + STALL_NS;
            Observing.await(observer, AWAIT_NS, () -> System.nanoTime() - resumeNs >= 0, () -> "the clock stopped");
            signal(leader, "CONT");

            Observing.await(observer, AWAIT_NS, () -> !leader.isAlive(),
                () -> "node 3 lingers after its stall" + NodeProcesses.logs(dir, 3));
            assertEquals(1, leader.exitValue(), () -> NodeProcesses.logs(dir, 3));
            final String log = Files.readString(dir.resolve("node-3.err"), StandardCharsets.UTF_8);
            assertTrue(log.contains("node 3: its Aeron client was closed under it after a stall"), log);
            final Matcher stopped = Pattern.compile("node 3 stopped: .*, ([0-9]+) errors").matcher(log);
            assertTrue(stopped.find(), log);
            assertTrue(Long.parseLong(stopped.group(1)) >= 1, log);
            Observing.await(observer, AWAIT_NS, () -> 2 == observer.agreedLeader(),
                () -> "no failover to node 2: " + observer.agreedLeader() + NodeProcesses.logs(dir, 3));
        }
    }

    private static void signal(final Process process, final String signal) throws IOException, InterruptedException
    {
        final Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(process.pid())).inheritIO().start();
        assertTrue(kill.waitFor(10, TimeUnit.SECONDS) && 0 == kill.exitValue(), "kill -" + signal + " failed");
    }

    @AfterEach
    void tearDown() throws IOException, InterruptedException
    {
        for (final Process process : processes)
        {
            if (process.isAlive())
            {
                signal(process, "CONT");
            }
        }
        NodeProcesses.stop(processes);
    }
}
