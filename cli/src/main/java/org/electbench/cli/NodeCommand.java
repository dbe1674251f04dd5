package org.electbench.cli;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.electbench.aeron.FrameVerdict;
import org.electbench.aeron.SendCounter;
import org.electbench.deploy.ClusterFile;
import org.electbench.deploy.NodeHost;
import org.electbench.deploy.StartupCheck;
import org.electbench.spi.Start;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ./electbench node}: one node of a cluster file in this process, over Aeron UDP, until
 * SIGTERM or SIGINT; the shutdown closes the endpoint, the client and the driver, and deletes
 * the Aeron directory.
 */
@Command(name = "node", mixinStandardHelpOptions = true,
    description = "Run one node of the cluster described in a cluster file (see README: running a cluster across " +
        "processes or hosts) until SIGTERM or SIGINT.")
final class NodeCommand implements Callable<Integer>
{
    @Spec
    CommandSpec spec;

    @Option(names = "--cluster", paramLabel = "FILE", required = true, description = "The cluster file.")
    Path clusterPath;

    @Option(names = "--id", paramLabel = "K", required = true, description = "Which node of the file to run, 1..N.")
    int id;

    @Option(names = "--start", paramLabel = "HOW", defaultValue = "cold", converter = StartConverter.class,
        description = "cold (nobody leads; the detector fires at boot), settled (node N leads term 1) or recovered " +
            "(default: ${DEFAULT-VALUE}).")
    Start start;

    @Override
    public Integer call() throws InterruptedException
    {
        final ClusterFile cluster = readCluster(spec, clusterPath);
        if (id < 1 || id > cluster.clusterSize())
        {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--id': " + cluster.source() +
                " has nodes 1.." + cluster.clusterSize() + ", was " + id);
        }
        checkEndpointFree(spec, cluster, id);
        final PrintStream err = System.err;
        final String problem = StartupCheck.problem(cluster, id);
        if (null != problem)
        {
            throw FlagErrors.invalid(spec, "--id", problem);
        }
        final NodeHost host;
        try
        {
            host = NodeHost.launch(cluster, id, start);
        }
        catch (final RuntimeException ex)
        {
            // What the checks cannot foresee (a port taken since, a driver that would not start): one line, not a trace.
            spec.commandLine().getErr().println("node: node " + id + " of " + cluster.source() + " could not start: " + firstLine(ex));
            spec.commandLine().getErr().flush();
            return 1;
        }
        final Thread shutdown = new Thread(() ->
        {
            host.close();
            err.printf(Locale.ROOT, "node %d stopped: %d sent, %d dropped as not connected, %d received, " +
                    "%d invalid frames dropped%s, %d status reports (%d dropped), %d session set-ups refused, %d errors%n",
                id, host.endpoint().count(SendCounter.SENT), host.endpoint().count(SendCounter.NOT_CONNECTED_DROPS),
                host.endpoint().validator().count(FrameVerdict.OK), host.endpoint().validator().dropped(),
                dropsByReason(host.endpoint().validator()::count), host.statusSent(), host.statusDropped(),
                host.sessionsRefused(), host.errors());
            err.flush();
        }, "electbench-node-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdown);
        host.start();
        // The incarnation is what a peer names when two processes claim this id, so the operator can tell which is which.
        err.printf(Locale.ROOT, "node %d of %d (%s, cluster-id %d, fingerprint %016x, %s, incarnation %016x) listening on %s, " +
                "reporting to %s; stop with SIGTERM or Ctrl-C%n",
            id, cluster.clusterSize(), cluster.algorithm().name(), cluster.clusterId(), cluster.fingerprint(),
            cluster.keyed() ? "keyed" : "no key", host.incarnation(), ClusterFile.format(cluster.node(id)),
            null == cluster.observer() ? "no observer" : ClusterFile.format(cluster.observer()));
        if (!cluster.keyed())
        {
            err.printf(Locale.ROOT, "node %d: %s names no key: anyone who can send from a listed host (or spoof its " +
                "address) can forge, alter or replay this cluster's frames and reports, impersonate a node, lock a node " +
                "out with a forged newer incarnation and hold off failover; add 'key FILE' to the cluster file%n",
                id, cluster.source());
        }
        err.flush();
        host.awaitStopped();
        if (null != host.failure())
        {
            // The node named the stall as it stopped; the shutdown hook prints its counts, errors included.
            return Main.EXIT_FAILURE;
        }
        host.awaitClosed();
        return 0;
    }

    /** @return " (12 unlisted-source, 3 bad-mac)": the drops by reason, or nothing when there were none. */
    static String dropsByReason(final java.util.function.ToLongFunction<FrameVerdict> count)
    {
        final StringBuilder text = new StringBuilder();
        for (final FrameVerdict verdict : FrameVerdict.all())
        {
            final long dropped = FrameVerdict.OK == verdict ? 0 : count.applyAsLong(verdict);
            if (dropped > 0)
            {
                text.append(text.length() == 0 ? " (" : ", ").append(dropped).append(' ')
                    .append(verdict.name().toLowerCase(Locale.ROOT).replace('_', '-'));
            }
        }
        return text.length() == 0 ? "" : text.append(')').toString();
    }

    private static String firstLine(final Throwable error)
    {
        Throwable cause = error;
        while (null != cause.getCause() && null == cause.getMessage())
        {
            cause = cause.getCause();
        }
        final String message = null == cause.getMessage() ? cause.getClass().getSimpleName() : cause.getMessage();
        final int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    /**
     * @return the cluster file, read and checked: every host in it resolves.
     * @throws ParameterException naming {@code --cluster}, the file and what is wrong with it.
     */
    static ClusterFile readCluster(final CommandSpec spec, final Path path)
    {
        final ClusterFile cluster;
        try
        {
            cluster = ClusterFile.read(path);
        }
        catch (final UncheckedIOException ex)
        {
            final String problem = ex.getCause() instanceof CharacterCodingException ? path + " is not a text file (not UTF-8)" :
                Files.isDirectory(path) ? path + " is a directory, not a cluster file" : ex.getMessage();
            throw FlagErrors.invalid(spec, "--cluster", problem);
        }
        catch (final IllegalArgumentException ex)
        {
            throw FlagErrors.invalid(spec, "--cluster", ex.getMessage());
        }
        for (int id = 1; id <= cluster.clusterSize(); id++)
        {
            resolve(spec, cluster, cluster.node(id), "node " + id);
        }
        if (null != cluster.observer())
        {
            resolve(spec, cluster, cluster.observer(), "the observer");
        }
        return cluster;
    }

    private static void resolve(final CommandSpec spec, final ClusterFile cluster, final InetSocketAddress endpoint, final String whose)
    {
        if (endpoint.isUnresolved())
        {
            try
            {
                InetAddress.getByName(endpoint.getHostString());
            }
            catch (final UnknownHostException ex)
            {
                throw FlagErrors.invalid(spec, "--cluster", cluster.source() + ": the host of " + whose + ", '" +
                    endpoint.getHostString() + "', does not resolve");
            }
        }
    }

    /** Refuses to start a node whose endpoint another process holds: most often the same node started twice. */
    private static void checkEndpointFree(final CommandSpec spec, final ClusterFile cluster, final int id)
    {
        final InetSocketAddress endpoint = cluster.node(id);
        try (DatagramSocket probe = new DatagramSocket(new InetSocketAddress(endpoint.getHostString(), endpoint.getPort())))
        {
            probe.getLocalPort();
        }
        catch (final SocketException ex)
        {
            throw FlagErrors.invalid(spec, "--id", "node " + id + "'s endpoint " + ClusterFile.format(endpoint) + " (" +
                cluster.source() + ") cannot be bound: " + ex.getMessage() + "; is node " + id + " already running?");
        }
    }

    static final class StartConverter implements ITypeConverter<Start>
    {
        @Override
        public Start convert(final String value)
        {
            return Converters.lowerCaseEnum(Start.class, value);
        }
    }
}
