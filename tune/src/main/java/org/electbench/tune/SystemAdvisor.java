package org.electbench.tune;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

import org.electbench.transport.Seeds;

/**
 * {@code tune --system}: one recommendation in a real system's own keys. Every configuration of
 * the system's ladder that it accepts and its documentation's guidance allows on this network is
 * tried: failover from {@link #SAMPLES} leader crashes simulated under the system's own election
 * rules ({@link SystemModel#failoverNs}), false elections per day from {@link SilenceModel} with the
 * system's heartbeat jitter, timeout law, PreVote and lease. The fastest failover p99 whose 95 %
 * bound meets the target is the answer; without a stated pause law no answer is certified. With
 * {@code --current} the operator's config is evaluated beside it, checked against the same limits
 * and guidance, and kept when the proposed change is within the noise of the two p99s.
 */
public final class SystemAdvisor
{
    /** Leader crashes simulated per configuration; the same seed for every one, so {@code --current} reproduces a row. */
    public static final int SAMPLES = 4_000;
    /** The standard normal's 97.5th percentile, for distribution-free intervals of a percentile. */
    private static final double Z975 = 1.959963984540054;

    /**
     * Failover percentiles with their 95 % intervals (order statistics: distribution-free).
     *
     * @param p50LowNs  the median's interval, low end.
     * @param p50HighNs high end.
     * @param p99LowNs  the 99th percentile's interval, low end.
     * @param p99HighNs high end.
     */
    public record Intervals(long p50LowNs, long p50HighNs, long p99LowNs, long p99HighNs)
    {
    }

    /**
     * One configuration and what it gives.
     *
     * @param config         key to value (nanoseconds for a time).
     * @param failover       failover after a leader crash.
     * @param intervals      95 % intervals of its p50 and p99.
     * @param alternative    the system's second scenario's failover, or null.
     * @param falseElections false elections per day and the detector's quality.
     * @param guidance       the system's documented guidance this config breaks, with sources; empty when none.
     * @param rounding       how the system rounds the values it is given.
     * @param cost           what the steady state costs.
     * @param verdict        "recommended", or why not.
     */
    public record Entry(Map<String, Long> config, Evaluation.Failover failover, Intervals intervals, Evaluation.Failover alternative,
        Evaluation.FalseElections falseElections, List<String> guidance, List<String> rounding, String cost, String verdict)
    {
        Entry withVerdict(final String newVerdict)
        {
            return new Entry(config, failover, intervals, alternative, falseElections, guidance, rounding, cost, newVerdict);
        }
    }

    /**
     * @param system      the system.
     * @param context     the network, size, version and API server the models ran with.
     * @param request     the network, pauses, target and effort.
     * @param entries     every configuration tried, fastest failover p99 first.
     * @param recommended the answer, or null when none is certified.
     * @param current     the operator's present config, or null when not given.
     * @param wallNs      how long it took.
     */
    public record Report(SystemProfile system, SystemModel.Context context, TuneRequest request, List<Entry> entries, Entry recommended,
        Entry current, long wallNs)
    {
        /** @return whether the current config should stay: it is sound and the recommendation's p99 is within its noise. */
        public boolean keepCurrent()
        {
            return null != current && null != recommended && current.guidance().isEmpty() &&
                current.falseElections().upperPerDay() <= request.targetPerDay() &&
                (current.failover().p99Ns() <= recommended.failover().p99Ns() ||
                    recommended.intervals().p99HighNs() >= current.intervals().p99LowNs());
        }

        /** @return the keys to change to go from the current config to the recommendation, as "KEY: from -> to". */
        public List<String> changes()
        {
            final List<String> changes = new ArrayList<>();
            if (null == current || null == recommended || keepCurrent())
            {
                return changes;
            }
            for (final SystemProfile.Key key : system.keys())
            {
                final long from = current.config().get(key.name());
                final long to = recommended.config().get(key.name());
                if (from != to)
                {
                    changes.add(key.name() + ": " + key.format(from) + " -> " + key.format(to));
                }
            }
            return changes;
        }

        /** @return the slowest configuration faster than the recommendation, or null when none is faster. */
        public Entry nearestFaster()
        {
            Entry nearest = null;
            for (final Entry entry : entries)
            {
                if (null != recommended && entry.failover().p99Ns() < recommended.failover().p99Ns() &&
                    (null == nearest || entry.failover().p99Ns() > nearest.failover().p99Ns()))
                {
                    nearest = entry;
                }
            }
            return nearest;
        }

        /** @return why the recommendation is what it is, in a sentence. */
        public String why()
        {
            if (!request.pauses().isStated())
            {
                return "not certified: no pause law given, and a stalled leader (GC, a slow fsync) is what false elections mostly come " +
                    "from; give --pause-p99 with --pause-rate, --pause-hist, --pause-gc-log or --pause-prom, or --no-pauses to certify " +
                    "against the network alone";
            }
            if (null == recommended)
            {
                return "no configuration within " + system.cliName() + "'s limits and guidance has a 95 % bound on false elections under " +
                    TuneFormat.number(request.targetPerDay()) + "/day on this network and pause law";
            }
            final long faster = entries.stream().filter(entry -> entry.failover().p99Ns() < recommended.failover().p99Ns()).count();
            final Entry nearest = nearestFaster();
            final String against = null == nearest ? "" : "; the next faster (" + system.format(nearest.config()) + ", p99 " +
                TuneFormat.duration(nearest.failover().p99Ns()) + ") could reach " + TuneFormat.rate(nearest.falseElections().upperPerDay()) +
                "/day";
            return String.format(Locale.ROOT, "the fastest failover p99 of %d configurations %s accepts within its guidance whose 95%% " +
                "bound on false elections (%s/day) meets the target %s/day; %d faster ones do not%s", entries.size(), system.cliName(),
                TuneFormat.rate(recommended.falseElections().upperPerDay()), TuneFormat.number(request.targetPerDay()), faster, against);
        }

        /** @return the command that reproduces the recommendation's row (its config evaluated as --current with the same seed). */
        public String reproduce()
        {
            return null == recommended ? null : TuneFormat.reproduceSystem(this, recommended.config());
        }
    }

    private final SystemProfile system;
    private final TuneRequest request;
    private final SystemModel.Context context;
    private final SilenceModel silence;

    /**
     * @param system  the system to answer for.
     * @param request the network, pauses, target and seed ({@code algorithms} unused).
     * @param version the system's version, or null for the model's default.
     * @param api     the API server's law (Kubernetes), or null for the default.
     * @throws IllegalArgumentException naming {@code --version} when the model does not know it.
     */
    public SystemAdvisor(final SystemProfile system, final TuneRequest request, final String version, final ApiServerLaw api)
    {
        this.system = system;
        this.request = request;
        final SystemModel model = system.model();
        final String chosen = null == version ? model.defaultVersion() : version.trim();
        SystemModel.versionNumbers(chosen);
        final String refused = model.checkVersion(chosen);
        if (null != refused)
        {
            throw new IllegalArgumentException(refused);
        }
        context = new SystemModel.Context(request.network(), request.nodes(), chosen, null == api ? ApiServerLaw.DEFAULT : api);
        final NetworkFit silenceNetwork = SystemProfile.KUBERNETES == system ? KubernetesModel.apiNetwork(context) : request.network();
        silence = new SilenceModel(silenceNetwork, request.nodes(), request.pauses());
    }

    public SystemAdvisor(final SystemProfile system, final TuneRequest request)
    {
        this(system, request, null, null);
    }

    SystemModel.Context context()
    {
        return context;
    }

    /** @return the configurations this advisor will try. */
    public int candidates()
    {
        return system.model().candidates(context).size();
    }

    /**
     * @param current  the operator's present config, or null.
     * @param progress told of each configuration measured.
     * @return the recommendation.
     */
    public Report run(final Map<String, Long> current, final Tuner.Progress progress)
    {
        final long startNs = System.nanoTime();
        final SystemModel model = system.model();
        final List<Map<String, Long>> configs = new ArrayList<>(model.candidates(context));
        final List<Entry> entries = new ArrayList<>();
        for (final Map<String, Long> config : configs)
        {
            if (null == model.check(config))
            {
                entries.add(evaluate(config));
            }
            progress.onSetting(entries.size(), configs.size(), System.nanoTime() - startNs);
        }
        entries.sort(Comparator.<Entry>comparingLong(entry -> entry.failover().p99Ns()).thenComparingLong(entry -> entry.failover().p50Ns()));
        final List<Entry> judged = new ArrayList<>();
        Entry recommended = null;
        for (final Entry entry : entries)
        {
            final String verdict = verdict(entry, recommended);
            final Entry withVerdict = entry.withVerdict(verdict);
            if (TuneReport.AlgorithmResult.RECOMMENDED.equals(verdict))
            {
                recommended = withVerdict;
            }
            judged.add(withVerdict);
        }
        Entry currentEntry = null;
        if (null != current)
        {
            final Entry entry = evaluate(current);
            final String verdict;
            if (!entry.guidance().isEmpty())
            {
                verdict = "breaks " + system.cliName() + "'s guidance: " + String.join("; ", entry.guidance());
            }
            else if (entry.falseElections().upperPerDay() > request.targetPerDay())
            {
                verdict = "too many false elections: up to " + TuneFormat.rate(entry.falseElections().upperPerDay()) + "/day";
            }
            else
            {
                verdict = "meets the target on its bound";
            }
            currentEntry = entry.withVerdict(verdict);
        }
        return new Report(system, context, request, judged, request.pauses().isStated() ? recommended : null, currentEntry,
            System.nanoTime() - startNs);
    }

    private String verdict(final Entry entry, final Entry recommended)
    {
        if (!entry.guidance().isEmpty())
        {
            return "breaks guidance: " + String.join("; ", entry.guidance());
        }
        if (entry.falseElections().upperPerDay() > request.targetPerDay())
        {
            return "too many false elections: up to " + TuneFormat.rate(entry.falseElections().upperPerDay()) + "/day";
        }
        if (null != recommended)
        {
            return Tuner.slower(entry.failover(), recommended.failover());
        }
        return TuneReport.AlgorithmResult.RECOMMENDED;
    }

    /** @return one configuration's failover, false elections, guidance and cost, the values rounded as the system rounds them. */
    Entry evaluate(final Map<String, Long> config)
    {
        final SystemModel model = system.model();
        final long[] samples = sample(config, false);
        final Evaluation.Failover failover = new Evaluation.Failover(rank(samples, 0.50), rank(samples, 0.99), samples[samples.length - 1],
            samples.length, 0);
        final Intervals intervals = new Intervals(interval(samples, 0.50, -1), interval(samples, 0.50, 1), interval(samples, 0.99, -1),
            interval(samples, 0.99, 1));
        Evaluation.Failover alternative = null;
        if (null != model.alternative())
        {
            final long[] other = sample(config, true);
            alternative = new Evaluation.Failover(rank(other, 0.50), rank(other, 0.99), other[other.length - 1], other.length, 0);
        }
        Evaluation.FalseElections falseElections = silence.evaluate(model.timing(config, context));
        if (model instanceof KubernetesModel)
        {
            final double[] outages = ((KubernetesModel)model).outageFalsePerDay(config, context);
            final Evaluation.FalseElections base = falseElections;
            falseElections = new Evaluation.FalseElections(base.estimatePerDay() + outages[0], base.upperPerDay() + outages[1],
                base.networkPerDay(), base.networkUpperPerDay(), base.pausePerDay() + outages[0], base.pauseUpperPerDay() + outages[1],
                base.quality(), base.bound() + "; API-server outages longer than RenewDeadline added to the pause part");
        }
        return new Entry(config, failover, intervals, alternative, falseElections, model.guidance(config, context), model.rounding(config),
            model.cost(config, context), "");
    }

    private long[] sample(final Map<String, Long> config, final boolean alternative)
    {
        final SystemModel model = system.model();
        final SplittableRandom random = new SplittableRandom(Seeds.mix(request.seed()));
        final long[] samples = new long[SAMPLES];
        for (int i = 0; i < SAMPLES; i++)
        {
            samples[i] = (long)(alternative ? model.alternativeNs(config, context, random) : model.failoverNs(config, context, random));
        }
        Arrays.sort(samples);
        return samples;
    }

    private static long rank(final long[] sorted, final double quantile)
    {
        return sorted[Math.max(0, (int)Math.ceil(quantile * sorted.length) - 1)];
    }

    /** @return an end of the 95 % interval of a quantile: the order statistics np ± 1.96 sqrt(np(1 - p)). */
    private static long interval(final long[] sorted, final double quantile, final int side)
    {
        final double n = sorted.length;
        final int index = (int)Math.round(n * quantile + side * Z975 * Math.sqrt(n * quantile * (1 - quantile)));
        return sorted[Math.max(0, Math.min(sorted.length - 1, index - 1))];
    }
}
