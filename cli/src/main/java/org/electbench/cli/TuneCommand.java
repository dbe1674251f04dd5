package org.electbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.electbench.reporting.OutputFormat;
import org.electbench.spi.AlgorithmRegistry;
import org.electbench.tune.ApiServerLaw;
import org.electbench.tune.FrontierChart;
import org.electbench.tune.Knobs;
import org.electbench.tune.NetworkFit;
import org.electbench.tune.PauseModel;
import org.electbench.tune.PauseSources;
import org.electbench.tune.Preset;
import org.electbench.tune.SweepGrid;
import org.electbench.tune.SystemAdvisor;
import org.electbench.tune.SystemFormat;
import org.electbench.tune.SystemProfile;
import org.electbench.tune.TuneFormat;
import org.electbench.tune.TuneJson;
import org.electbench.tune.TuneReport;
import org.electbench.tune.TuneRequest;
import org.electbench.tune.Tuner;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ./electbench tune}: heartbeat and timeouts for a target cluster, from its RTT, loss and
 * pauses, with predicted failover and false elections per day.
 */
@Command(name = "tune",
    description = "Recommend heartbeat interval, detection timeout and T_elec per algorithm for a cluster's RTT, loss and pauses: " +
        "the fastest failover p99 that keeps false elections per day under the target, measured in the simulator.")
final class TuneCommand implements Callable<Integer>
{
    /** From this size on, a run is timed on one crash and the estimate printed before it starts. */
    private static final int LARGE_CLUSTER = 100;

    @Spec
    CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help message and exit.")
    boolean help;

    @Option(names = "--version", paramLabel = "V",
        description = "With --system: the system's version where its election differs by version (etcd 3.4 PreVote off, >= 3.5 on; " +
            "hashicorp-raft/consul: the hashicorp/raft version, PreVote from 1.7; aeron-cluster from 1.41) (default: the model's).")
    String systemVersion;

    @Option(names = "--no-pauses", description = "State that nodes never stall, so --system certifies against the network alone.")
    boolean noPauses;

    @Option(names = "--api-p50", paramLabel = "D", converter = Converters.Duration.class,
        description = "--system kubernetes: API-server request latency, median (default: 20ms, an assumption).")
    Long apiP50Ns;

    @Option(names = "--api-p99", paramLabel = "D", converter = Converters.Duration.class,
        description = "--system kubernetes: API-server request latency, 99th percentile (default: 1s, the upstream SLO for mutating calls).")
    Long apiP99Ns;

    @Option(names = "--api-outage-rate", paramLabel = "R/day",
        description = "--system kubernetes: API-server outages per day, e.g. 1/day (default: none).")
    String apiOutageRate;

    @Option(names = "--api-outage-p99", paramLabel = "D", converter = Converters.Duration.class,
        description = "--system kubernetes: 99th percentile of an API-server outage's length.")
    Long apiOutageP99Ns;

    @Option(names = "--rtt-prom", paramLabel = "FILE",
        description = "Round trips from a Prometheus text exposition histogram in seconds, e.g. etcd_network_peer_round_trip_time_seconds.")
    Path rttPrometheus;

    @Option(names = "--rtt-metric", paramLabel = "NAME", description = "Which histogram of --rtt-prom, when it holds several.")
    String rttMetric;

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "5", description = "Cluster size (default: ${DEFAULT-VALUE}).")
    int nodes;

    @Option(names = "--rtt-p50", paramLabel = "D", converter = Converters.Duration.class, description = "Round-trip time, median.")
    Long rttP50Ns;

    @Option(names = "--rtt-p99", paramLabel = "D", converter = Converters.Duration.class, description = "Round-trip time, 99th percentile.")
    Long rttP99Ns;

    @Option(names = "--rtt-hist", paramLabel = "FILE",
        description = "An HdrHistogram log of round trips in nanoseconds (as `probe` writes), instead of --rtt-p50/--rtt-p99.")
    Path rttHistogram;

    @Option(names = "--pause-p99", paramLabel = "D", defaultValue = "0ns", converter = Converters.Duration.class,
        description = "99th percentile of a node's stop-the-world pauses (GC, slow fsync).")
    long pauseP99Ns;

    @Option(names = "--pause-p50", paramLabel = "D", defaultValue = "0ns", converter = Converters.Duration.class,
        description = "Median pause, which a lognormal or Pareto law is fitted through with --pause-p99.")
    long pauseP50Ns;

    @Option(names = "--pause-law", paramLabel = "LAW", defaultValue = "exponential",
        description = "Shape of pause lengths: exponential (through --pause-p99), lognormal or pareto (through --pause-p50 and " +
            "--pause-p99: heavy tails, as GC and fsync pauses have) (default: ${DEFAULT-VALUE}).")
    String pauseLaw;

    @Option(names = "--pause-rate", paramLabel = "R/h",
        description = "Pauses per node per hour, e.g. 6/h (also R/min, R/s, R/day) (default: none; a GC log's own span).")
    String pauseRate;

    @Option(names = "--pause-hist", paramLabel = "FILE", description = "Measured pause lengths: an HdrHistogram log in nanoseconds.")
    Path pauseHistogram;

    @Option(names = "--pause-gc-log", paramLabel = "FILE",
        description = "Measured pause lengths: a JVM GC log (JDK 9+ unified logging, or JDK 8 safepoint/Times lines).")
    Path pauseGcLog;

    @Option(names = "--pause-prom", paramLabel = "FILE",
        description = "Measured pause lengths: a Prometheus text exposition with a histogram in seconds, e.g. " +
            "etcd_disk_wal_fsync_duration_seconds_bucket.")
    Path pausePrometheus;

    @Option(names = "--pause-metric", paramLabel = "NAME", description = "Which histogram of --pause-prom, when it holds several.")
    String pauseMetric;

    @Option(names = "--loss", paramLabel = "P", defaultValue = "0", converter = Converters.Probability.class,
        description = "Probability each message is lost, in [0, 1) (default: ${DEFAULT-VALUE}).")
    double loss;

    @Option(names = "--false-elections-per-day", paramLabel = "X", defaultValue = "1",
        description = "False elections per day tolerated, greater than 0 (default: ${DEFAULT-VALUE}).")
    double targetPerDay;

    @Option(names = "--algorithm", paramLabel = "NAME,...", split = ",",
        description = "Algorithms to tune (default: every registered one).")
    List<String> algorithms;

    @Option(names = "--preset", paramLabel = "NAME,...", split = ",",
        description = "Also evaluate real systems' defaults: etcd, hashicorp-raft, consul, aeron-cluster, kubernetes-lease.")
    List<String> presets;

    @Option(names = "--system", paramLabel = "NAME",
        description = "Answer in one system's own keys and limits: etcd, consul, kubernetes, hashicorp-raft or aeron-cluster.")
    String system;

    @Option(names = "--current", paramLabel = "KEY=VALUE,...",
        description = "With --system: the present config (keys not given keep the system's defaults), evaluated beside the " +
            "recommendation with what to change, e.g. heartbeat-interval=100,election-timeout=1000.")
    String current;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table", converter = Converters.TuneFormats.class,
        description = "table or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Option(names = "--chart", paramLabel = "FILE",
        description = "Where to write the frontier chart (PNG), or 'none' (default: tune-frontier.png; not with --system).")
    String chart;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
        description = "Seed of the first failover run; `simulate --seed` with it reproduces the figures (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--failover-runs", paramLabel = "R", defaultValue = "1000",
        description = "Leader crashes per setting, at random phases (default: ${DEFAULT-VALUE}).")
    int failoverRuns;

    @Option(names = "--sweep", paramLabel = "H,E", defaultValue = "5,2",
        description = "How many heartbeat intervals and T_elec values to try (default: ${DEFAULT-VALUE}).")
    String sweep;

    @Option(names = "--threads", paramLabel = "T", description = "Settings measured at once (default: the cores, at most 2).")
    Integer threads;

    @Option(names = "--max-time", paramLabel = "D", defaultValue = "3600s", converter = Converters.Duration.class,
        description = "Refuse to start a run of " + LARGE_CLUSTER + " nodes or more whose estimate (one crash timed first) is " +
            "longer (default: ${DEFAULT-VALUE}).")
    long maxTimeNs;

    /** @return a run's length for people: days or hours where it is that long, else as tune prints durations. */
    private static String longDuration(final long ns)
    {
        final double hours = ns / 3.6e12;
        return hours >= 48 ? String.format(Locale.ROOT, "%.0f days", hours / 24) :
            hours >= 2 ? String.format(Locale.ROOT, "%.1f hours", hours) : TuneFormat.duration(ns);
    }

    @Override
    public Integer call() throws IOException
    {
        final TuneRequest request = request();
        final PrintWriter err = spec.commandLine().getErr();
        if (null != system)
        {
            return advise(request, err);
        }
        final int settings = Tuner.settingsToMeasure(request);
        err.printf(Locale.ROOT, "tune: %d settings x %d leader crashes each on %d nodes, %d threads%n", settings, request.failoverRuns(),
            request.nodes(), request.threads());
        err.flush();
        final Tuner tuner = new Tuner(request, new StderrProgress(err));
        if (request.nodes() >= LARGE_CLUSTER)
        {
            err.printf(Locale.ROOT, "tune: timing one leader crash on %d nodes for an estimate...%n", request.nodes());
            err.flush();
            final long estimateNs = tuner.estimateNs();
            err.printf(Locale.ROOT, "tune: estimate %s for the whole run (one crash timed, times %d crashes x %d settings over %d threads); " +
                "--failover-runs, --sweep and --algorithm make it shorter%n", longDuration(estimateNs),
                request.failoverRuns(), settings, request.threads());
            err.flush();
            if (estimateNs > maxTimeNs)
            {
                throw new ParameterException(spec.commandLine(), "the estimated " + longDuration(estimateNs) + " exceed --max-time " +
                    org.electbench.spi.Durations.human(maxTimeNs) + ": give fewer --failover-runs, a smaller --sweep or one --algorithm, or a longer --max-time");
            }
        }
        final TuneReport report = tuner.run();
        final PrintWriter out = spec.commandLine().getOut();
        if (OutputFormat.JSON == format)
        {
            out.println(TuneJson.write(report));
        }
        else
        {
            TuneFormat.write(report, out);
        }
        if (!"none".equals(chart))
        {
            final Path file = Path.of(null == chart ? "tune-frontier.png" : chart);
            FrontierChart.write(report, file);
            if (OutputFormat.JSON != format)
            {
                out.println("chart " + file);
            }
        }
        out.flush();
        return 0;
    }

    private Integer advise(final TuneRequest request, final PrintWriter err)
    {
        final SystemProfile profile;
        final Map<String, Long> present;
        final SystemAdvisor advisor;
        try
        {
            profile = SystemProfile.fromCliName(system.trim());
            present = null == current ? null : profile.parse(current);
            if (SystemProfile.KUBERNETES != profile && (null != apiP50Ns || null != apiP99Ns || null != apiOutageRate || null != apiOutageP99Ns))
            {
                throw new IllegalArgumentException("--api-p50, --api-p99, --api-outage-rate and --api-outage-p99 describe the API server " +
                    "of --system kubernetes, not " + profile.cliName());
            }
            if (null != apiOutageRate ^ null != apiOutageP99Ns)
            {
                throw new IllegalArgumentException(null == apiOutageRate ? "--api-outage-p99 needs --api-outage-rate (e.g. 1/day)" :
                    "--api-outage-rate needs --api-outage-p99 (e.g. 30s)");
            }
            final ApiServerLaw defaults = ApiServerLaw.DEFAULT;
            final ApiServerLaw api = SystemProfile.KUBERNETES != profile ? null : new ApiServerLaw(
                null == apiP50Ns ? defaults.p50Ns() : apiP50Ns, null == apiP99Ns ? defaults.p99Ns() : apiP99Ns,
                null == apiOutageRate ? 0 : perDay(apiOutageRate),
                null == apiOutageP99Ns ? 0 : apiOutageP99Ns);
            advisor = new SystemAdvisor(profile, request, systemVersion, api);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), ex.getMessage());
        }
        err.printf(Locale.ROOT, "tune --system %s: %d configurations x %s on %d nodes%n", profile.cliName(), advisor.candidates(),
            "failover each", request.nodes());
        err.flush();
        final SystemAdvisor.Report report = advisor.run(present, new StderrProgress(err));
        final PrintWriter out = spec.commandLine().getOut();
        if (OutputFormat.JSON == format)
        {
            out.println(SystemFormat.json(report));
        }
        else
        {
            SystemFormat.write(report, out);
        }
        out.flush();
        return 0;
    }

    private TuneRequest request()
    {
        try
        {
            final NetworkFit network;
            if (null != rttPrometheus)
            {
                if (null != rttHistogram || null != rttP50Ns || null != rttP99Ns)
                {
                    throw new IllegalArgumentException("give one of --rtt-prom, --rtt-hist and --rtt-p50 with --rtt-p99");
                }
                network = PauseSources.prometheusRtt(rttPrometheus, rttMetric, loss);
            }
            else if (null != rttMetric)
            {
                throw new IllegalArgumentException("--rtt-metric names a histogram of --rtt-prom, which is not given");
            }
            else if (null != rttHistogram)
            {
                if (null != rttP50Ns || null != rttP99Ns)
                {
                    throw new IllegalArgumentException("give either --rtt-hist or --rtt-p50 with --rtt-p99, not both");
                }
                network = NetworkFit.fromHistogramLog(rttHistogram, loss);
            }
            else if (null == rttP50Ns || null == rttP99Ns)
            {
                throw new IllegalArgumentException("no RTT given: --rtt-p50 and --rtt-p99 (e.g. 0.5ms and 2ms), or --rtt-hist FILE " +
                    "(a histogram log `probe` writes)");
            }
            else
            {
                network = NetworkFit.fromPercentiles(rttP50Ns, rttP99Ns, loss);
            }
            final PauseModel pauses = pauses();
            if (null != system)
            {
                refuseWithSystem("--algorithm", null != algorithms, "a system's own model is evaluated, not the suite's algorithms");
                refuseWithSystem("--preset", null != presets, "--system already evaluates the system's defaults with --current");
                refuseWithSystem("--chart", null != chart, "the frontier chart draws the algorithm sweep");
                refuseWithSystem("--sweep", !"5,2".equals(sweep), "each system has its own ladder of configurations");
                refuseWithSystem("--failover-runs", 1000 != failoverRuns, "each configuration is sampled " + SystemAdvisor.SAMPLES + " times");
            }
            else if (null != systemVersion)
            {
                throw new IllegalArgumentException("--version is a system's version; give --system too (" + SystemProfile.names() + ")");
            }
            if (null != current && null == system)
            {
                throw new IllegalArgumentException("--current describes a --system's config; give --system too (" + SystemProfile.names() + ")");
            }
            final List<String> names = new ArrayList<>();
            if (null == algorithms || algorithms.isEmpty())
            {
                AlgorithmRegistry.instance().names().forEach(names::add);
            }
            else
            {
                for (final String name : algorithms)
                {
                    try
                    {
                        names.add(AlgorithmRegistry.instance().get(name.trim()).name());
                    }
                    catch (final IllegalArgumentException ex)
                    {
                        throw new IllegalArgumentException("--algorithm: " + ex.getMessage(), ex);
                    }
                }
            }
            // An algorithm that declares no heartbeat or detection timeout read has nothing tune can sweep.
            names.forEach(name -> Knobs.of(AlgorithmRegistry.instance().get(name)));
            final List<Preset> chosen = new ArrayList<>();
            if (null != presets)
            {
                for (final String name : presets)
                {
                    chosen.add(Preset.fromCliName(name.trim()));
                }
            }
            final String[] sizes = sweep.split(",", -1);
            if (sizes.length != 2)
            {
                throw new IllegalArgumentException("--sweep must be H,E (heartbeats, T_elec values), was '" + sweep + "'");
            }
            final SweepGrid grid;
            try
            {
                grid = new SweepGrid(Integer.parseInt(sizes[0].trim()), Integer.parseInt(sizes[1].trim()));
            }
            catch (final IllegalArgumentException ex)
            {
                throw new IllegalArgumentException("--sweep must be H,E, two counts of at least 1 (heartbeats, T_elec values), was '" +
                    sweep + "'", ex);
            }
            final int threadCount = null == threads ? Math.min(2, Runtime.getRuntime().availableProcessors()) : threads;
            return TuneRequest.of(nodes, network, pauses, targetPerDay, names, chosen, seed, threadCount).withEffort(grid, failoverRuns);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), ex.getMessage());
        }
    }

    private static void refuseWithSystem(final String flag, final boolean given, final String why)
    {
        if (given)
        {
            throw new IllegalArgumentException(flag + " does not apply with --system: " + why);
        }
    }

    /** @return the pause law the flags describe: measured from a file, or a law through the given percentiles. */
    private PauseModel pauses()
    {
        final boolean anyPause = null != pauseHistogram || null != pauseGcLog || null != pausePrometheus || pauseP99Ns > 0 ||
            pauseP50Ns > 0 || null != pauseRate;
        if (noPauses)
        {
            if (anyPause)
            {
                throw new IllegalArgumentException("--no-pauses states there are none; drop it or the --pause-* flags");
            }
            return PauseModel.STATED_NONE;
        }
        final int files = (null == pauseHistogram ? 0 : 1) + (null == pauseGcLog ? 0 : 1) + (null == pausePrometheus ? 0 : 1);
        if (files > 1)
        {
            throw new IllegalArgumentException("give one of --pause-hist, --pause-gc-log and --pause-prom, not several");
        }
        final double rate = null == pauseRate ? Double.NaN : perHour(pauseRate);
        if (files > 0 && (pauseP99Ns > 0 || pauseP50Ns > 0))
        {
            throw new IllegalArgumentException("measured pauses (--pause-hist, --pause-gc-log, --pause-prom) replace --pause-p50/--pause-p99");
        }
        if (null != pauseGcLog)
        {
            return PauseSources.gcLog(pauseGcLog, rate);
        }
        if (files > 0 && Double.isNaN(rate))
        {
            throw new IllegalArgumentException("--pause-rate is needed with " + (null != pauseHistogram ? "--pause-hist" : "--pause-prom") +
                " (a histogram holds lengths, not how often): e.g. 6/h");
        }
        if (null != pauseHistogram)
        {
            return PauseSources.histogramLog(pauseHistogram, rate);
        }
        if (null != pausePrometheus)
        {
            return PauseSources.prometheus(pausePrometheus, pauseMetric, rate);
        }
        if (null != pauseMetric)
        {
            throw new IllegalArgumentException("--pause-metric names a histogram of --pause-prom, which is not given");
        }
        if (pauseP99Ns > 0 && Double.isNaN(rate))
        {
            throw new IllegalArgumentException("--pause-p99 needs --pause-rate (how often a node stalls, e.g. 6/h)");
        }
        if (!Double.isNaN(rate) && 0 == pauseP99Ns)
        {
            if (0 == rate)
            {
                return PauseModel.STATED_NONE;
            }
            throw new IllegalArgumentException("--pause-rate needs --pause-p99 (how long a stall lasts, e.g. 50ms), or a measured " +
                "--pause-hist, --pause-gc-log or --pause-prom");
        }
        final double given = Double.isNaN(rate) ? 0 : rate;
        if ("exponential".equals(pauseLaw))
        {
            if (pauseP50Ns > 0)
            {
                throw new IllegalArgumentException("--pause-p50 fits a lognormal or pareto law (--pause-law); the exponential takes --pause-p99 only");
            }
            return PauseModel.of(given, pauseP99Ns);
        }
        return PauseModel.heavy(pauseLaw, given, pauseP50Ns, pauseP99Ns);
    }

    /** Settings done and time left, on stderr, at most every two seconds. */
    private static final class StderrProgress implements Tuner.Progress
    {
        private static final long EVERY_NS = 2_000_000_000L;
        private final PrintWriter err;
        private long lastNs;

        StderrProgress(final PrintWriter err)
        {
            this.err = err;
        }

        @Override
        public synchronized void onSetting(final int done, final int total, final long elapsedNs)
        {
            if (done < total && elapsedNs - lastNs < EVERY_NS)
            {
                return;
            }
            lastNs = elapsedNs;
            final long leftNs = (long)((double)elapsedNs / done * (total - done));
            err.printf(Locale.ROOT, "tune: %d/%d settings, %s elapsed%s%n", done, total, TuneFormat.duration(elapsedNs),
                done < total ? ", about " + TuneFormat.duration(leftNs) + " left" : "");
            err.flush();
        }
    }

    /** @return a rate such as {@code 1/day} in outages per day, the error naming --api-outage-rate. */
    private static double perDay(final String rate)
    {
        try
        {
            return perHour(rate) * 24;
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException(ex.getMessage().replace("--pause-rate", "--api-outage-rate"), ex);
        }
    }

    /** @return a rate such as {@code 6/h} in pauses per hour. */
    static double perHour(final String rate)
    {
        final String text = rate.trim().toLowerCase(Locale.ROOT);
        final int slash = text.indexOf('/');
        final String number = slash < 0 ? text : text.substring(0, slash);
        final String unit = slash < 0 ? "h" : text.substring(slash + 1);
        final double value;
        try
        {
            value = Double.parseDouble(number);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("--pause-rate must be a rate such as 6/h, was '" + rate + "'", ex);
        }
        switch (unit)
        {
            case "h":
                return value;
            case "min":
                return value * 60;
            case "s":
                return value * 3600;
            case "day":
            case "d":
                return value / 24;
            default:
                throw new IllegalArgumentException("--pause-rate unit must be /h, /min, /s or /day, was '" + rate + "'");
        }
    }
}
