package org.electbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.BindException;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.HdrHistogram.Histogram;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.electbench.deploy.ClusterFile;
import org.electbench.aeron.EmbeddedDriver;
import org.electbench.aeron.ProbeListener;
import org.electbench.aeron.RttProbe;
import org.electbench.transport.Durations;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ./electbench probe}: the RTT distribution to a peer over Aeron UDP, into a histogram log
 * that {@code tune --rtt-hist} reads. One side listens ({@code --listen PORT}), the other pings
 * ({@code --to HOST:PORT}, or {@code --cluster FILE --to ID} for the host of a cluster file's node,
 * at its port plus {@value #CLUSTER_PROBE_PORT_OFFSET}, where {@code probe --listen} runs beside the node).
 * The pongs come back to a fixed port here, the probed port plus one unless {@code --reply-port}
 * says otherwise, so a host firewall can be opened for them as for the listener's port: the pongs
 * are a flow of their own, not replies a stateful firewall would recognise.
 */
@Command(name = "probe", mixinStandardHelpOptions = true,
    description = "Measure round trips to a peer over Aeron UDP into an HdrHistogram log (for `tune --rtt-hist`), printing p50/p99/max. " +
        "Run `probe --listen PORT` on the peer and `probe --to HOST:PORT` here.")
final class ProbeCommand implements Callable<Integer>
{
    /** A cluster file names each node's election endpoint; its probe listener takes the port this much higher. */
    static final int CLUSTER_PROBE_PORT_OFFSET = 1000;
    private static final long SHUTDOWN_WAIT_S = 5;

    @Spec
    CommandSpec spec;

    @Option(names = "--listen", paramLabel = "PORT", description = "Answer probes on this UDP port (every interface).")
    Integer listenPort;

    @Option(names = "--to", paramLabel = "HOST:PORT|ID", description = "The listener to probe; with --cluster, a node id.")
    String to;

    @Option(names = "--cluster", paramLabel = "FILE", description = "A cluster file: --to names a node, probed at its port + 1000.")
    Path cluster;

    @Option(names = "--reply-port", paramLabel = "PORT",
        description = "The UDP port on this host the pongs come back to; 0 for any free port (default: the probed port + 1, " +
            "node port + 1001 with --cluster).")
    Integer replyPort;

    @Option(names = "--count", paramLabel = "N", defaultValue = "10000", description = "Pings measured (default: ${DEFAULT-VALUE}).")
    int count;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "1000", description = "Pings first, not recorded (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--interval", paramLabel = "D", defaultValue = "1ms", converter = Converters.Duration.class,
        description = "Pause between pings (default: ${DEFAULT-VALUE}).")
    long intervalNs;

    @Option(names = "--timeout", paramLabel = "D", defaultValue = "1s", converter = Converters.Duration.class,
        description = "A ping unanswered this long is lost (default: ${DEFAULT-VALUE}).")
    long timeoutNs;

    @Option(names = "--connect-timeout", paramLabel = "D", defaultValue = "10s", converter = Converters.Duration.class,
        description = "How long to wait for the listener to answer at all (default: ${DEFAULT-VALUE}).")
    long connectTimeoutNs;

    @Option(names = "--busy-spin", description = "Spin while waiting for a pong (and, listening, for a ping) instead of backing " +
        "off: no park/unpark inside the round trip, at the cost of a whole core.")
    boolean busySpin;

    @Option(names = "--floor", paramLabel = "N", defaultValue = "2000",
        description = "Round trips to an in-process listener on loopback first, the floor this host adds with no network and no " +
            "load, stated beside the result; 0 skips it (default: ${DEFAULT-VALUE}).")
    int floor;

    @Option(names = "--out", paramLabel = "FILE", defaultValue = "rtt.hlog", description = "The histogram log (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--idle-exit", paramLabel = "D", defaultValue = "0ns", converter = Converters.Duration.class,
        description = "Listener: stop once probes have stopped coming for this long (default: run until killed).")
    long idleExitNs;

    @Override
    public Integer call() throws IOException
    {
        final PrintWriter writer = spec.commandLine().getOut();
        if (null != listenPort)
        {
            if (null != to || null != cluster)
            {
                throw new ParameterException(spec.commandLine(), "give either --listen PORT or --to, not both");
            }
            if (listenPort < 1 || listenPort > 65535)
            {
                throw new ParameterException(spec.commandLine(), "Invalid value for option '--listen': a UDP port in 1..65535, was " + listenPort);
            }
            return listen(writer);
        }
        if (null == to)
        {
            throw new ParameterException(spec.commandLine(), "probe needs --listen PORT on the peer, or --to HOST:PORT (or --cluster FILE --to ID) here");
        }
        if (count < 1 || warmup < 0 || timeoutNs <= 0)
        {
            throw new ParameterException(spec.commandLine(), "--count must be at least 1, --warmup at least 0 and --timeout above 0");
        }
        final InetSocketAddress target = target();
        return ping(target, replyPort(target), writer);
    }

    /** @return the port the pongs come back to: as given, or the probed port + 1. */
    private int replyPort(final InetSocketAddress target)
    {
        final int port = null != replyPort ? replyPort : target.getPort() + 1;
        if (port < 0 || port > 65535)
        {
            throw new ParameterException(spec.commandLine(), null != replyPort ?
                "Invalid value for option '--reply-port': a UDP port in 0..65535 (0 for any free one), was " + replyPort :
                "the probed port " + target.getPort() + " has no port above it for the pongs: give --reply-port PORT");
        }
        return port;
    }

    private int listen(final PrintWriter writer)
    {
        final AtomicBoolean stop = new AtomicBoolean();
        final CountDownLatch closed = new CountDownLatch(1);
        final Thread shutdown = new Thread(() ->
        {
            // SIGTERM or Ctrl-C: let the loop close the listener and the driver (which deletes its directory).
            stop.set(true);
            try
            {
                closed.await(SHUTDOWN_WAIT_S, TimeUnit.SECONDS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        }, "electbench-probe-shutdown");
        Runtime.getRuntime().addShutdownHook(shutdown);
        try (EmbeddedDriver driver = EmbeddedDriver.launch();
            ProbeListener listener = new ProbeListener(driver.aeron(), "0.0.0.0:" + listenPort))
        {
            writer.printf(Locale.ROOT, "probe: listening on UDP port %d; stop with SIGTERM or Ctrl-C%n", listenPort);
            writer.flush();
            listener.run(stop::get, idleExitNs, idle());
            writer.printf(Locale.ROOT, "probe: answered %d pings, dropped %d frames%n", listener.answered(), listener.dropped());
            writer.flush();
        }
        finally
        {
            closed.countDown();
        }
        if (!stop.get())
        {
            Runtime.getRuntime().removeShutdownHook(shutdown);
        }
        return 0;
    }

    private InetSocketAddress target()
    {
        if (null != cluster)
        {
            final ClusterFile file;
            try
            {
                file = ClusterFile.read(cluster);
            }
            catch (final IllegalArgumentException ex)
            {
                throw new ParameterException(spec.commandLine(), "Invalid value for option '--cluster': " + ex.getMessage());
            }
            final int nodeId;
            try
            {
                nodeId = Integer.parseInt(to.trim());
                file.checkNodeId(nodeId);
            }
            catch (final IllegalArgumentException ex)
            {
                throw new ParameterException(spec.commandLine(), "Invalid value for option '--to': with --cluster a node id in 1.." +
                    file.clusterSize() + ", was '" + to + "'");
            }
            final InetSocketAddress node = file.node(nodeId);
            return new InetSocketAddress(node.getHostString(), node.getPort() + CLUSTER_PROBE_PORT_OFFSET);
        }
        final int colon = to.lastIndexOf(':');
        try
        {
            final int port = Integer.parseInt(to.substring(colon + 1));
            if (colon <= 0 || port < 1 || port > 65535)
            {
                throw new NumberFormatException();
            }
            return new InetSocketAddress(to.substring(0, colon), port);
        }
        catch (final NumberFormatException | StringIndexOutOfBoundsException ex)
        {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--to': expected HOST:PORT such as 10.0.0.2:40500, was '" + to + "'");
        }
    }

    private int ping(final InetSocketAddress target, final int replyPort, final PrintWriter writer) throws IOException
    {
        if (target.isUnresolved())
        {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--to': cannot resolve host " + target.getHostString());
        }
        if (floor < 0)
        {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--floor': a count of round trips >= 0, was " + floor);
        }
        checkReplyPortFree(target, replyPort);
        try (EmbeddedDriver driver = EmbeddedDriver.launch())
        {
            final Histogram floorHistogram = floor > 0 ? floor(driver) : null;
            return ping(driver, target, replyPort, floorHistogram, writer);
        }
    }

    /** Refuses a reply port another process holds here, in one line, before a driver fails on it with a stack trace. */
    private void checkReplyPortFree(final InetSocketAddress target, final int replyPort) throws IOException
    {
        if (0 == replyPort)
        {
            return;
        }
        final String host = RttProbe.localAddressFor(target);
        try (DatagramSocket socket = new DatagramSocket(new InetSocketAddress(host, replyPort)))
        {
            socket.setReuseAddress(false);
        }
        catch (final BindException ex)
        {
            throw new ParameterException(spec.commandLine(), "UDP port " + replyPort + " on " + host + ", where the pongs come back, " +
                "is in use (another probe or program holds it): stop it, or give --reply-port another port (0 for any free one)");
        }
    }

    private IdleStrategy idle()
    {
        return busySpin ? new BusySpinIdleStrategy() : new BackoffIdleStrategy();
    }

    /** @return round trips to a listener in this process on loopback: what the host and Aeron add with no network. */
    private Histogram floor(final EmbeddedDriver driver) throws IOException
    {
        final int port;
        try (DatagramSocket socket = new DatagramSocket(0))
        {
            port = socket.getLocalPort();
        }
        final AtomicBoolean done = new AtomicBoolean();
        try (ProbeListener listener = new ProbeListener(driver.aeron(), "127.0.0.1:" + port);
            RttProbe probe = new RttProbe(driver.aeron(), new InetSocketAddress("127.0.0.1", port), idle()))
        {
            final Thread answering = new Thread(() -> listener.run(done::get, 0, idle()), "electbench-probe-floor");
            answering.setDaemon(true);
            answering.start();
            try
            {
                if (!probe.awaitListener(connectTimeoutNs))
                {
                    return null;
                }
                // At the probe's own pace: an idle driver parks, so pings 1 ms apart wait for wake-ups that
                // back-to-back pings never meet, and a floor measured otherwise would not be the one the figures include.
                return probe.measure(Math.min(warmup, floor), floor, intervalNs, timeoutNs, null).histogram();
            }
            finally
            {
                done.set(true);
                try
                {
                    answering.join(TimeUnit.SECONDS.toMillis(SHUTDOWN_WAIT_S));
                }
                catch (final InterruptedException ex)
                {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    private int ping(final EmbeddedDriver driver, final InetSocketAddress target, final int replyPort, final Histogram floorHistogram,
        final PrintWriter writer) throws IOException
    {
        try (RttProbe probe = new RttProbe(driver.aeron(), target, replyPort, idle()))
        {
            if (!probe.awaitListener(connectTimeoutNs))
            {
                spec.commandLine().getErr().printf(Locale.ROOT, "probe: no answer from %s within %dms: is `probe --listen %d` running " +
                        "there, and may UDP from %s reach %s here (where the pongs come back; a firewall must let them in)?%n",
                    ClusterFile.format(target), TimeUnit.NANOSECONDS.toMillis(connectTimeoutNs), target.getPort(),
                    target.getAddress().getHostAddress(), probe.replyEndpoint());
                return 1;
            }
            final RttProbe.Result result = probe.measure(warmup, count, intervalNs, timeoutNs, out);
            final Histogram histogram = result.histogram();
            writer.printf(Locale.ROOT, "probe %s over Aeron UDP: %d round trips, %d lost%n", ClusterFile.format(target),
                histogram.getTotalCount(), result.lost());
            if (histogram.getTotalCount() > 0)
            {
                writer.printf(Locale.ROOT, "  p50 %.1f us  p99 %.1f us  max %.1f us%n",
                    histogram.getValueAtPercentile(50) / 1e3, histogram.getValueAtPercentile(99) / 1e3, histogram.getMaxValue() / 1e3);
            }
            if (null != floorHistogram && floorHistogram.getTotalCount() > 0)
            {
                writer.printf(Locale.ROOT, "  floor: loopback in this process with no network, p50 %.1f us  p99 %.1f us over %d " +
                    "round trips %s apart (%s); the figures above include it%n", floorHistogram.getValueAtPercentile(50) / 1e3,
                    floorHistogram.getValueAtPercentile(99) / 1e3, floorHistogram.getTotalCount(), Durations.format(intervalNs),
                    busySpin ? "busy-spin" : "back-off idle");
            }
            else if (floor > 0)
            {
                writer.println("  floor: not measured (the loopback listener did not answer)");
            }
            writer.printf(Locale.ROOT, "  histogram log %s (for tune --rtt-hist)%n", out);
            writer.flush();
            return histogram.getTotalCount() > 0 ? 0 : 1;
        }
    }
}
