package org.electbench.bench;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.electbench.harness.AuxCounterSource;
import org.electbench.transport.metrics.Metric;
import org.electbench.transport.metrics.MetricUnit;
import org.electbench.transport.metrics.Metrics;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * The benchmarks' counters as figures a reader of JMH's output can take as they are: per
 * election, in their units, averaged over iterations ({@code -prof org.electbench.bench.PerElectionProfiler};
 * {@code ./electbench run} and {@link BenchMain} add it).
 * <p>
 * JMH's {@code @AuxCounters} cannot say this alone: in single-shot mode an EVENTS counter is
 * summed over the iterations with the unit {@code #}, and OPERATIONS counters are not reported
 * at all. So each iteration's sums are divided here by its elections: a distribution's mean over
 * the elections it has a value in ({@code convergence.mean} in ms), a count's or a level's mean
 * per election ({@code messages/election} in msgs, {@code maxLeaders/election} in nodes: the
 * most leaders at once, averaged, never a sum of maxima). On {@link MessagePathBenchmark}, the
 * CPU the process spent per handled event ({@code cpu/event} in ns): the message path's cost on
 * a real clock, where the window's wall time is mostly waiting for timers.
 */
public final class PerElectionProfiler implements InternalProfiler
{
    /** The counter of elections measured, which every other counter is divided by. */
    static final String ELECTIONS = "elections";
    /** MessagePathBenchmark's counters: the process's CPU time in its windows, and the events handled. */
    static final String CPU_NS = "cpuNs";
    static final String EVENTS_TOTAL = "eventsTotal";

    private static final double NS_PER_MS = 1e6;

    @Override
    public String getDescription()
    {
        return "electbench: counters per election in their units (convergence.mean ms, messages/election ...), cpu/event";
    }

    @Override
    public void beforeIteration(final BenchmarkParams benchmarkParams, final IterationParams iterationParams)
    {
        // Counters are reset by the benchmarks' own per-iteration set-up.
    }

    @Override
    @SuppressWarnings("rawtypes") // JMH's results are raw in its profiler interface.
    public Collection<ScalarResult> afterIteration(
        final BenchmarkParams benchmarkParams, final IterationParams iterationParams, final IterationResult result)
    {
        return figures(result.getSecondaryResults());
    }

    /**
     * @param counters one iteration's counters by name.
     * @return the per-election (or per-event) figures they give.
     */
    @SuppressWarnings("rawtypes")
    static List<ScalarResult> figures(final Map<String, Result> counters)
    {
        final List<ScalarResult> figures = new ArrayList<>();
        final double cpuNs = score(counters, CPU_NS);
        final double events = score(counters, EVENTS_TOTAL);
        if (events > 0 && !Double.isNaN(cpuNs))
        {
            figures.add(new ScalarResult("cpu/event", cpuNs / events, "ns", AggregationPolicy.AVG));
        }
        final double elections = score(counters, ELECTIONS);
        if (!(elections > 0))
        {
            return figures;
        }
        for (final Metric metric : Metrics.STANDARD)
        {
            final List<String> fields = AuxCounterSource.fieldNames(metric);
            switch (metric.kind())
            {
                case DISTRIBUTION ->
                {
                    final double sumNs = score(counters, fields.get(0));
                    final double samples = score(counters, fields.get(1));
                    if (samples > 0)
                    {
                        figures.add(new ScalarResult(metric.name() + ".mean", sumNs / samples / NS_PER_MS, "ms", AggregationPolicy.AVG));
                    }
                }
                case COUNT, MEAN ->
                {
                    final double total = score(counters, fields.get(0));
                    if (!Double.isNaN(total))
                    {
                        final boolean ns = metric.unit() == MetricUnit.NANOSECONDS;
                        figures.add(new ScalarResult(metric.name() + "/election", total / elections / (ns ? NS_PER_MS : 1),
                            ns ? "ms" : metric.unit().symbol(), AggregationPolicy.AVG));
                    }
                }
                case VIOLATION ->
                {
                    // Elections that broke it: the summed counter is the right figure as it is.
                }
                default -> throw new IllegalStateException("unknown metric kind " + metric.kind());
            }
        }
        return figures;
    }

    @SuppressWarnings("rawtypes")
    private static double score(final Map<String, Result> counters, final String name)
    {
        final Result counter = counters.get(name);
        return null == counter ? Double.NaN : counter.getScore();
    }
}
