package org.electbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.electbench.aeron.EmbeddedDriver;
import org.electbench.reference.net.NamespaceNetwork;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A five-node bully cluster over Aeron UDP with every node in its own network namespace, as on
 * five hosts: each namespace has a veth pair whose other end is on a bridge in this namespace,
 * and addresses of a /24 the test makes up; the observer runs here, on the bridge's address. The
 * README's walkthrough in order: first {@code probe --listen} on node 5's host and
 * {@code probe --cluster FILE --to 5} from node 1's, whose log {@code tune --rtt-hist} must read;
 * then the cluster elects node 5, node 5's process is killed, and the observer's report must name
 * node 4 with one leader at a time. It needs root or CAP_NET_ADMIN (ip netns add); without, it is
 * skipped and says why. Outcomes only, never timings.
 */
class ClusterInNamespacesTest
{
    private static final int NODES = 5;
    private static final int NODE_PORT = 40201;
    private static final int PINGS = 300;
    private static final long AWAIT_MS = 60_000;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Short, unique per JVM: interface names have at most 15 characters. */
    private final String tag = String.valueOf(ProcessHandle.current().pid() % 10_000);
    private final String subnet = "10.213." + (ProcessHandle.current().pid() % 200) + ".";
    private final String bridge = "ebr" + tag;
    private final List<Process> nodes = new ArrayList<>();
    private final List<Process> probes = new ArrayList<>();
    private NamespaceNetwork network;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void bullyAcrossNamespacesElectsFourAfterTheLeadersProcessIsKilled() throws Exception
    {
        final String unavailable = NamespaceNetwork.unavailable("eb" + tag + "-probe");
        assumeTrue(null == unavailable, unavailable);
        makeNetwork();

        final Path cluster = dir.resolve("cluster.txt");
        final List<String> lines = new ArrayList<>(List.of(
            "cluster-id 11",
            "algorithm bully",
            "heartbeat 20ms",
            "detection-timeout 150ms",
            "election-timeout 100ms",
            "coordinator-timeout 300ms",
            "connect-timeout 20s",
            "observer " + subnet + "254:40200"));
        for (int id = 1; id <= NODES; id++)
        {
            lines.add("node " + id + " " + subnet + id + ":" + NODE_PORT);
        }
        Files.writeString(cluster, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        probeFirst(cluster);

        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final AtomicInteger exitCode = new AtomicInteger(-1);
        final Thread observer = NodeProcesses.command(out, err, exitCode, "observe", "--cluster", cluster.toString(), "--expect-crashes", "1",
            "--timeout", "120s", "--format", "json");
        observer.start();
        for (int id = 1; id <= NODES; id++)
        {
            nodes.add(startNode(cluster, id));
        }
        final long deadlineNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(AWAIT_MS);
        // Every node heard (a JVM on a loaded machine can boot many seconds after the others) and 5 agreed since.
        while (!allHeardAndAgreedOn(err.toString(), NODES) && nodes.stream().allMatch(Process::isAlive))
        {
            assertTrue(System.nanoTime() - deadlineNs < 0, () -> "leader " + NODES + " never agreed:\n" + err + logs());
            Thread.sleep(50);
        }
        assertTrue(nodes.stream().allMatch(Process::isAlive), () -> "a node process died:\n" + err + logs());

        final Process leader = nodes.get(NODES - 1);
        leader.destroyForcibly();
        assertTrue(leader.waitFor(10, TimeUnit.SECONDS), "the leader's process did not die");
        observer.join(AWAIT_MS);
        assertEquals(0, exitCode.get(), () -> "observe did not settle:\n" + err + out + logs());

        final JsonNode report = MAPPER.readTree(out.toString());
        assertTrue(err.toString().contains("node " + NODES + " crashed"), () -> out + "\n" + err);
        assertEquals("leader-crash", report.get("parameters").get("scenario").asText());
        assertFalse(report.get("parameters").has("delay"), () -> "an observed cluster has no modelled delay: " + out);
        assertEquals(NODES - 1, report.get("leader").asInt(), () -> out + "\n" + err);
        assertEquals(0, SimulateCommandTest.metric(report, "unconverged").get("sum").asInt(), () -> out + "\n" + err);
        assertEquals(0, SimulateCommandTest.metric(report, "wrongLeader").get("sum").asInt(), () -> out + "\n" + err);
        assertEquals(0, SimulateCommandTest.metric(report, "splitBrain").get("sum").asInt(), () -> out + "\n" + err);
    }

    /**
     * The walkthrough's first measurement: a listener beside node 5 at its port + 1000, pinged from
     * node 1's namespace through the cluster file (the pongs coming back to node 1's host at the
     * probed port + 1); tune must then fit the log it wrote.
     */
    private void probeFirst(final Path cluster) throws Exception
    {
        probes.add(NodeProcesses.startCommand(dir, "listener", List.of("ip", "netns", "exec", namespace(NODES)),
            "probe", "--listen", String.valueOf(NODE_PORT + ProbeCommand.CLUSTER_PROBE_PORT_OFFSET), "--idle-exit", "10s"));
        final Path log = dir.resolve("rtt.hlog");
        final Process pinger = NodeProcesses.startCommand(dir, "pinger", List.of("ip", "netns", "exec", namespace(1)),
            "probe", "--cluster", cluster.toString(), "--to", String.valueOf(NODES), "--count", String.valueOf(PINGS),
            "--warmup", "100", "--floor", "0", "--connect-timeout", "60s", "--out", log.toString());
        probes.add(pinger);
        assertTrue(pinger.waitFor(AWAIT_MS, TimeUnit.MILLISECONDS), "probe --cluster did not finish");
        final String out = Files.readString(dir.resolve("pinger.out"), StandardCharsets.UTF_8);
        final String logs = Files.readString(dir.resolve("pinger.err"), StandardCharsets.UTF_8) +
            Files.readString(dir.resolve("listener.out"), StandardCharsets.UTF_8);
        assertEquals(0, pinger.exitValue(), () -> out + logs);
        assertTrue(out.startsWith("probe " + subnet + NODES + ":" + (NODE_PORT + ProbeCommand.CLUSTER_PROBE_PORT_OFFSET) + " "), out);
        ProbeCommandTest.assertTuneFitsTheLog(log, ProbeCommandTest.assertLogHoldsEveryAnsweredPing(log, out, PINGS), NODES);
    }

    private void makeNetwork()
    {
        network = new NamespaceNetwork(bridge, subnet + "254/24");
        for (int id = 1; id <= NODES; id++)
        {
            network.add(namespace(id), "ebv" + tag + id, "ebp" + tag + id, subnet + id + "/24");
        }
    }

    /** @return whether the observer's log has heard every node and its latest agreement names {@code leader}. */
    private static boolean allHeardAndAgreedOn(final String log, final int leader)
    {
        for (int id = 1; id <= NODES; id++)
        {
            if (!log.contains(" node " + id + " heard"))
            {
                return false;
            }
        }
        final int agreement = log.lastIndexOf(" agreement");
        return agreement >= 0 && log.startsWith(" agreement: leader " + leader + " ", agreement);
    }

    private String namespace(final int id)
    {
        return "eb" + tag + "-" + id;
    }

    private Process startNode(final Path cluster, final int id) throws IOException
    {
        return NodeProcesses.start(dir, cluster, id, "ip", "netns", "exec", namespace(id));
    }

    private String logs()
    {
        return NodeProcesses.logs(dir, NODES);
    }

    @AfterEach
    void tearDown() throws InterruptedException
    {
        NodeProcesses.stop(nodes);
        NodeProcesses.stop(probes);
        if (null != network)
        {
            network.close();
        }
        EmbeddedDriver.deleteStaleDirectories();
    }
}
