package org.electbench.reference;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.electbench.reference.net.NamespaceNetwork;
import org.electbench.reference.net.Nft;

/**
 * n nodes of a {@link ReferenceSystem}, each a JVM of its own in a network namespace of its own,
 * joined by veth pairs to a bridge in this namespace on a /24 of 10.215/16 made up from this process's pid (the cli
 * namespace tests use 10.213 and 10.214); the
 * faults act on the real stack: {@link #crash} is SIGKILL, {@link #pause}/{@link #resume} SIGSTOP
 * and SIGCONT, {@link #isolate}, {@link #deafen} and {@link #cutOneWay} nftables drops inside the namespaces.
 * Everything it makes carries its owner's pid ({@link Reaper}) and goes on {@link #close}, on
 * Ctrl-C (a shutdown hook) or, after a kill, at the next start's reap; its directories are 0700.
 * Needs root or CAP_NET_ADMIN, {@code ip} and {@code nft}.
 */
public final class ReferenceCluster implements AutoCloseable
{
    private static final long OWNER = ProcessHandle.current().pid();

    private final ReferenceSystem system;
    private final Map<String, String> settings;
    private final int nodes;
    private final Path dir;
    private final List<String> addresses = new ArrayList<>();
    private final List<String> namespaces = new ArrayList<>();
    private final NodeTrack[] tracks;
    private final Process[] processes;
    private final boolean[] paused;
    private final int[] incarnations;
    private NamespaceNetwork network;
    private final Thread hook = new Thread(this::closeQuietly, "reference-cluster-cleanup");
    private boolean closed;

    /** @return null when this machine can run reference clusters, else why not. */
    public static String unavailable()
    {
        final String namespaces = NamespaceNetwork.unavailable(Reaper.NAMESPACE_PREFIX + OWNER + "-0");
        return null != namespaces ? namespaces : Nft.unavailable();
    }

    /**
     * Starts the nodes; returns once each process is up (not yet once a leader is agreed).
     *
     * @param settings the system's own settings: its defaults with these on top.
     */
    public ReferenceCluster(final ReferenceSystem system, final int nodes, final Map<String, String> settings) throws IOException
    {
        if (nodes < 1 || nodes > 50)
        {
            throw new IllegalArgumentException("nodes must be 1..50, got " + nodes);
        }
        this.system = system;
        this.nodes = nodes;
        final Map<String, String> merged = new LinkedHashMap<>(system.defaultSettings());
        merged.putAll(settings);
        this.settings = Map.copyOf(merged);
        this.tracks = new NodeTrack[nodes + 1];
        this.processes = new Process[nodes + 1];
        this.paused = new boolean[nodes + 1];
        this.incarnations = new int[nodes + 1];
        final Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Reaper.reapOrphans(tmp);
        this.dir = Files.createTempDirectory(tmp, Reaper.DIRECTORY_PREFIX + OWNER + "-",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Runtime.getRuntime().addShutdownHook(hook);
        final String subnet = "10.215." + (OWNER % 250) + ".";
        try
        {
            network = new NamespaceNetwork(Reaper.BRIDGE_PREFIX + OWNER, subnet + "254/24");
            for (int id = 1; id <= nodes; id++)
            {
                final String namespace = Reaper.NAMESPACE_PREFIX + OWNER + "-" + id;
                network.add(namespace, "ebro" + OWNER + "v" + id, "ebri" + OWNER + "v" + id, subnet + id + "/24");
                namespaces.add(namespace);
                addresses.add(subnet + id);
                tracks[id] = new NodeTrack(id);
            }
            for (int id = 1; id <= nodes; id++)
            {
                start(id);
            }
        }
        catch (final IOException | RuntimeException ex)
        {
            closeQuietly();
            throw ex;
        }
    }

    public ReferenceSystem system()
    {
        return system;
    }

    public Map<String, String> settings()
    {
        return settings;
    }

    public int nodes()
    {
        return nodes;
    }

    /** @return the cluster's private directory (0700), each node's below it (0700 too). */
    public Path directory()
    {
        return dir;
    }

    public NodeTrack track(final int id)
    {
        return tracks[id];
    }

    /** @return whether node {@code id} runs and is not paused. */
    public synchronized boolean live(final int id)
    {
        return null != processes[id] && processes[id].isAlive() && !paused[id];
    }

    /** @return a node whose process ended without this cluster ending it, or 0 for none. */
    public synchronized int died()
    {
        for (int id = 1; id <= nodes; id++)
        {
            if (null != processes[id] && !processes[id].isAlive())
            {
                return id;
            }
        }
        return 0;
    }

    /** Starts node {@code id} afresh (an empty directory): a crashed node's recovery. */
    public synchronized void start(final int id) throws IOException
    {
        final Path nodeDir = dir.resolve("node-" + id + "-" + (++incarnations[id]));
        Files.createDirectory(nodeDir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        final List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", namespaces.get(id - 1),
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-D" + Reaper.OWNER_PROPERTY + "=" + OWNER,
            "-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto",
            "-Djava.io.tmpdir=" + nodeDir));
        command.addAll(system.jvmOptions(settings));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), system.nodeMain().getName()));
        command.addAll(new NodeArgs(id, addresses, nodeDir, settings).toArgs());
        final ProcessBuilder builder = new ProcessBuilder(command)
            .redirectError(nodeDir.resolve("stderr.log").toFile());
        final Process process = builder.start();
        processes[id] = process;
        paused[id] = false;
        tracks[id].follow(process.getInputStream());
    }

    /** Kills node {@code id}'s process with SIGKILL; returns once it is gone. */
    public void crash(final int id) throws InterruptedException
    {
        final Process process;
        synchronized (this)
        {
            process = processes[id];
        }
        if (null != process)
        {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
            synchronized (this)
            {
                processes[id] = null;
            }
            tracks[id].gone(System.nanoTime());
        }
    }

    /** Freezes node {@code id} with SIGSTOP. */
    public synchronized void pause(final int id)
    {
        signal(id, "STOP");
        paused[id] = true;
    }

    /** Thaws node {@code id} with SIGCONT. */
    public synchronized void resume(final int id)
    {
        signal(id, "CONT");
        paused[id] = false;
    }

    /** Drops every packet between node {@code id} and the other nodes, both ways, inside its namespace. */
    public void isolate(final int id)
    {
        final List<String> others = new ArrayList<>(addresses);
        others.remove(addresses.get(id - 1));
        Nft.drop(namespaces.get(id - 1), others, others);
    }

    /** Drops every packet the other nodes send node {@code id}, inside its namespace; what it sends still arrives. */
    public void deafen(final int id)
    {
        final List<String> others = new ArrayList<>(addresses);
        others.remove(addresses.get(id - 1));
        Nft.drop(namespaces.get(id - 1), others, List.of());
    }

    /** Drops what node {@code from} sends node {@code to}, on {@code to}'s side; the other way still works. */
    public void cutOneWay(final int from, final int to)
    {
        Nft.drop(namespaces.get(to - 1), List.of(addresses.get(from - 1)), List.of());
    }

    /** Removes every drop. */
    public void heal()
    {
        for (final String namespace : namespaces)
        {
            Nft.clear(namespace);
        }
    }

    /** @return the stderr of node {@code id}'s latest incarnation's log, for a failure message. */
    public String log(final int id)
    {
        try
        {
            return Files.readString(dir.resolve("node-" + id + "-" + incarnations[id]).resolve("stderr.log"));
        }
        catch (final IOException ex)
        {
            return "(no log: " + ex.getMessage() + ")";
        }
    }

    private void signal(final int id, final String signal)
    {
        final Process process = processes[id];
        if (null == process)
        {
            return;
        }
        try
        {
            final Process kill = new ProcessBuilder("kill", "-s", signal, String.valueOf(process.pid())).start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || 0 != kill.exitValue())
            {
                throw new IllegalStateException("kill -s " + signal + " " + process.pid() + " failed");
            }
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("kill -s " + signal + ": " + ex.getMessage(), ex);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while signalling node " + id, ex);
        }
    }

    @Override
    public void close()
    {
        closeQuietly();
        try
        {
            Runtime.getRuntime().removeShutdownHook(hook);
        }
        catch (final IllegalStateException ex)
        {
            // Already shutting down: the hook is running this.
        }
    }

    private synchronized void closeQuietly()
    {
        if (closed)
        {
            return;
        }
        closed = true;
        for (final Process process : processes)
        {
            if (null != process)
            {
                process.destroyForcibly();
            }
        }
        for (final Process process : processes)
        {
            if (null != process)
            {
                try
                {
                    process.waitFor(10, TimeUnit.SECONDS);
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                }
            }
        }
        if (null != network)
        {
            network.close();
        }
        if (null != dir)
        {
            Reaper.deleteTree(dir);
        }
    }
}
