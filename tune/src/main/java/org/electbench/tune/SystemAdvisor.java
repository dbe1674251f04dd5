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
 * {@code tune --system}: one recommendation in a real system's own keys. Every configuration the
 * system accepts in a ladder above the network's round trip is tried: failover from the suite's
 * raft in the simulator with the system's timing (etcd, Consul, HashiCorp raft), or sampled from
 * the system's own timing where its election is not raft's (Kubernetes leases, Aeron Cluster);
 * false elections per day from {@link SilenceModel} with the system's heartbeat jitter, timeout
 * law, PreVote and leader lease. The fastest failover p99 whose 95 % bound meets the target is
 * the answer; with {@code --current} the operator's present config is evaluated beside it and
 * what to change is said.
 */
public final class SystemAdvisor
{
    /** Failover samples of a profile that samples its own timing. */
    static final int SAMPLES = 20_000;

    /**
     * One configuration and what it gives.
     *
     * @param config         key to value (nanoseconds for a time).
     * @param failover       failover after a leader crash.
     * @param falseElections false elections per day and the detector's quality.
     * @param verdict        "recommended", or why not.
     */
    public record Entry(Map<String, Long> config, Evaluation.Failover failover, Evaluation.FalseElections falseElections, String verdict)
    {
    }

    /**
     * @param system      the system.
     * @param request     the network, pauses, target and effort.
     * @param entries     every configuration tried, fastest failover p99 first.
     * @param recommended the answer, or null when no configuration meets the target.
     * @param current     the operator's present config, or null when not given.
     * @param wallNs      how long it took.
     */
    public record Report(SystemProfile system, TuneRequest request, List<Entry> entries, Entry recommended, Entry current, long wallNs)
    {
        /** @return the keys to change to go from the current config to the recommendation, as "KEY: from → to". */
        public List<String> changes()
        {
            final List<String> changes = new ArrayList<>();
            if (null == current || null == recommended)
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

        /** @return the slowest configuration faster than the recommendation (turned down on its bound), or null when none is faster. */
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
            if (null == recommended)
            {
                return "no configuration within " + system.cliName() + "'s limits has a 95 % bound on false elections under " +
                    TuneFormat.number(request.targetPerDay()) + "/day on this network and pause law";
            }
            final long faster = entries.stream().filter(entry -> entry.failover().p99Ns() < recommended.failover().p99Ns()).count();
            final Entry nearest = nearestFaster();
            final String against = null == nearest ? "" : "; the next faster (" + system.format(nearest.config()) + ", p99 " +
                TuneFormat.duration(nearest.failover().p99Ns()) + ") could reach " + TuneFormat.number(nearest.falseElections().upperPerDay()) +
                "/day";
            return String.format(Locale.ROOT, "the fastest failover p99 of %d configurations %s accepts whose 95%% bound on false elections " +
                "(%s/day) meets the target %s/day; %d faster ones do not%s", entries.size(), system.cliName(),
                TuneFormat.number(recommended.falseElections().upperPerDay()), TuneFormat.number(request.targetPerDay()), faster, against);
        }
    }

    private final SystemProfile system;
    private final TuneRequest request;
    private final SilenceModel silence;

    /**
     * @param system  the system to answer for.
     * @param request the network, pauses, target, seed, failover runs and threads ({@code algorithms} unused).
     */
    public SystemAdvisor(final SystemProfile system, final TuneRequest request)
    {
        this.system = system;
        this.request = request;
        silence = new SilenceModel(request.network(), request.nodes(), request.pauses());
    }

    /** @return the configurations this advisor will try. */
    public int candidates()
    {
        return system.candidates(request.network()).size();
    }

    /**
     * @param current  the operator's present config, or null.
     * @param progress told of each configuration measured.
     * @return the recommendation.
     */
    public Report run(final Map<String, Long> current, final Tuner.Progress progress)
    {
        final long startNs = System.nanoTime();
        final List<Map<String, Long>> configs = new ArrayList<>(system.candidates(request.network()));
        if (null != current)
        {
            configs.add(current);
        }
        final List<Evaluation.Failover> failovers = failovers(configs, progress);
        final List<Entry> entries = new ArrayList<>();
        Entry currentEntry = null;
        for (int index = 0; index < configs.size(); index++)
        {
            final Map<String, Long> config = configs.get(index);
            final Entry entry = new Entry(config, failovers.get(index), silence.evaluate(system.timing(config)), "");
            if (null != current && index == configs.size() - 1)
            {
                final double upper = entry.falseElections().upperPerDay();
                currentEntry = new Entry(config, entry.failover(), entry.falseElections(), upper > request.targetPerDay() ?
                    "too many false elections: up to " + TuneFormat.number(upper) + "/day" : "meets the target on its bound");
            }
            else if (null == system.check(config))
            {
                entries.add(entry);
            }
        }
        entries.sort(Comparator.<Entry>comparingLong(entry -> entry.failover().p99Ns())
            .thenComparingLong(entry -> entry.failover().p50Ns()));
        final List<Entry> judged = new ArrayList<>();
        Entry recommended = null;
        for (final Entry entry : entries)
        {
            final String verdict;
            if (entry.failover().unconverged() > 0)
            {
                verdict = "unsettled: " + entry.failover().unconverged() + " of " + entry.failover().crashes() + " crashes never settled";
            }
            else if (entry.falseElections().upperPerDay() > request.targetPerDay())
            {
                verdict = "too many false elections: up to " + TuneFormat.number(entry.falseElections().upperPerDay()) + "/day";
            }
            else if (null != recommended)
            {
                verdict = Tuner.slower(entry.failover(), recommended.failover());
            }
            else
            {
                verdict = TuneReport.AlgorithmResult.RECOMMENDED;
            }
            final Entry withVerdict = new Entry(entry.config(), entry.failover(), entry.falseElections(), verdict);
            if (TuneReport.AlgorithmResult.RECOMMENDED.equals(verdict))
            {
                recommended = withVerdict;
            }
            judged.add(withVerdict);
        }
        return new Report(system, request, judged, recommended, currentEntry, System.nanoTime() - startNs);
    }

    private List<Evaluation.Failover> failovers(final List<Map<String, Long>> configs, final Tuner.Progress progress)
    {
        if (null != system.algorithm())
        {
            final List<Setting> settings = configs.stream().map(system::simulated).toList();
            return new Tuner(request, progress).failovers(system.algorithm(), settings);
        }
        final List<Evaluation.Failover> failovers = new ArrayList<>();
        final long startNs = System.nanoTime();
        for (final Map<String, Long> config : configs)
        {
            failovers.add(sampled(config));
            progress.onSetting(failovers.size(), configs.size(), System.nanoTime() - startNs);
        }
        return failovers;
    }

    /** @return failover percentiles over {@link #SAMPLES} crashes of the system's own timing, nearest rank. */
    private Evaluation.Failover sampled(final Map<String, Long> config)
    {
        final SplittableRandom random = new SplittableRandom(Seeds.mix(request.seed()));
        final long[] samples = new long[SAMPLES];
        for (int i = 0; i < SAMPLES; i++)
        {
            samples[i] = system.failoverSampleNs(config, request.network(), request.nodes(), random);
        }
        Arrays.sort(samples);
        return new Evaluation.Failover(rank(samples, 50), rank(samples, 99), samples[SAMPLES - 1], SAMPLES, 0);
    }

    private static long rank(final long[] sorted, final double percentile)
    {
        return sorted[Math.max(0, (int)Math.ceil(percentile / 100 * sorted.length) - 1)];
    }
}
