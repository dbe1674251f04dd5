package org.electbench.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.electbench.aeron.EmbeddedDriver;
import org.electbench.aeron.FrameVerdict;
import org.electbench.aeron.SetupGuard;
import org.electbench.deploy.ClusterFile;
import org.electbench.deploy.ClusterObservation;
import org.electbench.deploy.ClusterObserver;
import org.electbench.deploy.NodeHost;
import org.electbench.harness.RunReport;
import org.electbench.reporting.OutputFormat;
import org.electbench.spi.ElectionSettings;
import org.electbench.transport.Detectors;
import org.electbench.transport.ElectionResult;
import org.electbench.transport.Scenario;
import org.electbench.transport.ScenarioKind;
import org.electbench.transport.Summary;
import org.electbench.transport.parameters.RunParameters;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ./electbench observe}: measures a cluster of {@code electbench node} processes from
 * their status reports, with the convergence monitor an in-process run uses, and prints the
 * result as {@code simulate} does. Progress goes to stderr, the report to stdout.
 */
@Command(name = "observe", mixinStandardHelpOptions = true,
    description = "Listen on the cluster file's observer endpoint, measure the nodes' election with the convergence " +
        "monitor (on this process's clock) and print the result once it has settled after the last liveness change.")
final class ObserveCommand implements Callable<Integer>
{
    static final String TRANSPORT = "aeron-udp-observed";

    @Spec
    CommandSpec spec;

    @Option(names = "--cluster", paramLabel = "FILE", required = true, description = "The cluster file.")
    Path clusterPath;

    @Option(names = "--expect-nodes", paramLabel = "N",
        description = "Do not settle before N distinct nodes were heard (default: every node of the file).")
    Integer expectNodes;

    @Option(names = "--expect-crashes", paramLabel = "K", defaultValue = "0",
        description = "Do not settle before K crashes were seen, to measure a failover (default: ${DEFAULT-VALUE}).")
    int expectCrashes;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "60s", converter = Converters.Duration.class,
        description = "Give up and report unconverged after this long (default: ${DEFAULT-VALUE}).")
    long timeoutNs;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table", converter = Converters.ReportFormats.class,
        description = "table, json or csv (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    private StopSignal stop;
    private int pauses;
    private int restarts;

    @Override
    public Integer call()
    {
        final ClusterFile cluster = NodeCommand.readCluster(spec, clusterPath);
        if (null == cluster.observer())
        {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--cluster': " +
                cluster.source() + " names no observer; add a line 'observer HOST:PORT'");
        }
        if (null == expectNodes)
        {
            expectNodes = cluster.clusterSize();
        }
        if (expectNodes < 1 || expectNodes > cluster.clusterSize())
        {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--expect-nodes': accepted 1.." +
                cluster.clusterSize() + " (the nodes of " + cluster.source() + "), was " + expectNodes);
        }
        if (expectCrashes < 0 || expectCrashes >= cluster.clusterSize())
        {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--expect-crashes': accepted 0.." +
                (cluster.clusterSize() - 1) + " (a leader needs one of the " + cluster.clusterSize() + " nodes of " +
                cluster.source() + " alive to settle), was " + expectCrashes);
        }
        if (timeoutNs <= 0)
        {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--timeout': must be greater than zero");
        }

        final PrintWriter err = spec.commandLine().getErr();
        try (StopSignal signal = new StopSignal("electbench-observe-shutdown", TimeUnit.SECONDS.toNanos(5)))
        {
            stop = signal;
            return observe(cluster, err);
        }
    }

    /** Listens until settled, the timeout or a signal, then prints the report; returns the exit code. */
    private int observe(final ClusterFile cluster, final PrintWriter err)
    {
        final long startNs = System.nanoTime();
        final ElectionResult result;
        final boolean settled;
        final int crashes;
        final long duplicates;
        try (EmbeddedDriver driver = EmbeddedDriver.builder()
                .setupGuard(new SetupGuard(EmbeddedDriver.DEFAULT_TERM_LENGTH, cluster.membership()::admitsAny)).launch();
             ClusterObserver observer = new ClusterObserver(cluster, driver.aeron(), new Progress(cluster, err)))
        {
            err.printf(Locale.ROOT, "observe: %s, %d nodes, fingerprint %016x, %s, listening on %s; settle window %s%n",
                cluster.algorithm().name(), cluster.clusterSize(), cluster.fingerprint(),
                cluster.keyed() ? "reports need the cluster key" : "no key: reports are checked by address only, and anyone " +
                    "who can send from a listed host can forge them",
                ClusterFile.format(cluster.observer()), millis(observer.settleWindowNs()));
            err.flush();
            final IdleStrategy idle = new BackoffIdleStrategy();
            final long deadlineNs = startNs + timeoutNs;
            boolean done = false;
            while (!done && !stop.requested())
            {
                final long nowNs = System.nanoTime();
                idle.idle(observer.poll(nowNs));
                done = observer.settled(expectNodes, expectCrashes) || nowNs - deadlineNs >= 0;
            }
            settled = observer.settled(expectNodes, expectCrashes);
            crashes = observer.crashes();
            pauses = observer.pauses();
            restarts = observer.restarts();
            duplicates = observer.count(FrameVerdict.DUPLICATE_ID);
            result = observer.finish();
            long dropped = 0;
            for (final FrameVerdict verdict : FrameVerdict.all())
            {
                dropped += FrameVerdict.OK == verdict ? 0 : observer.count(verdict);
            }
            if (!settled)
            {
                err.printf(Locale.ROOT, "observe: %s before settling: heard %d of %d expected nodes, %d of %d expected " +
                        "crashes (%d restarts, %d pauses), %d reports refused%s%n", stop.requested() ? "stopped" : "timed out",
                    observer.heardCount(), expectNodes, crashes, expectCrashes, restarts, pauses, dropped,
                    NodeCommand.dropsByReason(observer::count));
                err.flush();
            }
            else if (dropped > 0)
            {
                err.printf(Locale.ROOT, "observe: %d reports refused%s%n", dropped, NodeCommand.dropsByReason(observer::count));
                err.flush();
            }
            if (duplicates > 0)
            {
                err.printf(Locale.ROOT, "observe: two processes reported as one node (see above): the result mixes " +
                    "them and is not a measurement of this cluster%n");
                err.flush();
            }
        }

        final Scenario scenario = Scenario.builder()
            .algorithm(cluster.algorithm())
            .nodes(cluster.clusterSize())
            .settings(cluster.settings())
            .kind(crashes > 0 ? ScenarioKind.LEADER_CRASH : ScenarioKind.COLD_START)
            .detect(Detectors.ALL)
            .seed(cluster.seed())
            .build()
            .onRealClock();
        final Summary summary = new Summary(result.typeNames(), cluster.algorithm().heartbeatType());
        summary.add(result);
        final RunReport report = observed(new Report(scenario, TRANSPORT, summary, System.nanoTime() - startNs).toRunReport("./electbench"));
        if (OutputFormat.TABLE == format)
        {
            // The cluster file's settings head the table: what the processes ran, beside what the table measured.
            spec.commandLine().getOut().println(header(cluster, crashes) +
                String.format(Locale.ROOT, " restarts-seen=%d pauses-seen=%d", restarts, pauses));
        }
        RunWriters.write(format, report, spec.commandLine().getOut());
        spec.commandLine().getOut().flush();
        return settled && result.converged() && 0 == duplicates ? 0 : 1;
    }

    /**
     * @return the report without the modelled network's parameters (delay, loss, FIFO): the scenario
     * carries the simulator's defaults for them, but the processes ran on the real network, which
     * nothing here models, and a table stating {@code delay=constant:1ms} would say otherwise.
     */
    static RunReport observed(final RunReport report)
    {
        final Map<String, String> parameters = new LinkedHashMap<>(report.parameters());
        parameters.keySet().removeAll(List.of(RunParameters.DELAY.key(), RunParameters.LOSS.key(), RunParameters.FIFO.key()));
        return new RunReport(report.format(), Collections.unmodifiableMap(parameters), report.messageTypes(), report.heartbeatType(),
            report.runs(), report.leader(), report.paired(), report.metrics(), report.environment(), report.wallNs());
    }

    /** @return the cluster file's settings, as a table's first line. */
    static String header(final ClusterFile cluster, final int crashes)
    {
        final ElectionSettings settings = cluster.settings();
        return String.format(Locale.ROOT, "%s across processes (%s): n=%d cluster-id=%d %s, observer=%s crashes-seen=%d",
            cluster.algorithm().name(), TRANSPORT, cluster.clusterSize(), cluster.clusterId(),
            settings.describe(cluster.algorithm().options()), ClusterFile.format(cluster.observer()), crashes);
    }

    private static String millis(final long ns)
    {
        return String.format(Locale.ROOT, "%.1f ms", ns / 1e6);
    }

    /** Prints what the observer applies, on its clock, so a person or a test can follow along. */
    private static final class Progress implements ClusterObservation.Listener
    {
        private final ClusterFile cluster;
        private final PrintWriter err;

        Progress(final ClusterFile cluster, final PrintWriter err)
        {
            this.cluster = cluster;
            this.err = err;
        }

        @Override
        public void onResumed(final int nodeId, final long atNs)
        {
            line(atNs, "node " + nodeId + " heard again from the same process: it had paused, not crashed");
        }

        @Override
        public void onRestarted(final int nodeId, final long atNs)
        {
            line(atNs, "node " + nodeId + " restarted (a new process)");
        }

        @Override
        public void onRefused(final FrameVerdict verdict, final int nodeId, final InetAddress source, final long detail)
        {
            err.println(NodeHost.refusal("observe", cluster, verdict, nodeId, source, detail));
            err.flush();
        }

        @Override
        public void onHeard(final int nodeId, final long atNs)
        {
            line(atNs, "node " + nodeId + " heard");
        }

        @Override
        public void onCrash(final int nodeId, final long atNs)
        {
            line(atNs, "node " + nodeId + " crashed (at its last report)");
        }

        @Override
        public void onAgreement(final int leaderId, final long term, final long atNs)
        {
            line(atNs, "agreement: leader " + leaderId + " term " + term);
        }

        @Override
        public void onDisagreement(final long atNs)
        {
            line(atNs, "agreement lost");
        }

        private void line(final long atNs, final String what)
        {
            err.printf(Locale.ROOT, "observe: +%.1f ms %s%n", atNs / 1e6, what);
            err.flush();
        }
    }
}
