package org.electbench.transport;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.electbench.transport.metrics.Aggregate;
import org.electbench.transport.metrics.Metric;
import org.electbench.transport.metrics.Metrics;
import org.electbench.transport.metrics.Sample;

/**
 * Many runs of one scenario, aggregated metric by metric over the declarations of
 * {@link Metrics}: exact percentiles and an HdrHistogram per distribution, totals and means per
 * count, the runs that broke each violation. Unconverged runs are counted, never dropped.
 */
public final class Summary
{
    private final List<String> typeNames;
    private final int heartbeatType;
    private final Map<String, Aggregate> aggregateByName = new LinkedHashMap<>();
    private final List<Aggregate> aggregates;
    /** The same, for the loop every run takes. */
    private final Aggregate[] aggregateArray;
    private int runs;
    private int lastLeader;
    private boolean paired;

    /** Aggregates {@link Metrics#forTypes} for an algorithm's message types. */
    public Summary(final List<String> typeNames, final int heartbeatType)
    {
        this(typeNames, heartbeatType, Metrics.forTypes(typeNames, heartbeatType));
    }

    /**
     * @param typeNames     the algorithm's message types.
     * @param heartbeatType the heartbeat's type id.
     * @param metrics       the metrics to aggregate, in the order writers show them.
     */
    public Summary(final List<String> typeNames, final int heartbeatType, final List<Metric> metrics)
    {
        this.typeNames = typeNames;
        this.heartbeatType = heartbeatType;
        final List<Aggregate> list = new ArrayList<>(metrics.size());
        for (final Metric metric : metrics)
        {
            final Aggregate aggregate = new Aggregate(metric);
            if (null != aggregateByName.putIfAbsent(metric.name(), aggregate))
            {
                throw new IllegalArgumentException("metric declared twice: " + metric.name());
            }
            list.add(aggregate);
        }
        aggregates = Collections.unmodifiableList(list);
        aggregateArray = list.toArray(new Aggregate[0]);
    }

    /** @param result a run of the simulator (no floor). */
    public void add(final ElectionResult result)
    {
        add(Sample.of(result));
    }

    /** @param sample one run, with its floor when it has one. */
    public void add(final Sample sample)
    {
        runs++;
        paired |= sample.oneWayLatencyNs() >= 0;
        lastLeader = sample.result().finalLeader();
        // The metrics of one array's elements (a figure over time) follow each other: the array is read once for them.
        Function<Sample, long[]> series = null;
        long[] values = null;
        for (final Aggregate aggregate : aggregateArray)
        {
            final Metric metric = aggregate.metric();
            final Function<Sample, long[]> of = metric.series();
            if (null == of)
            {
                aggregate.add(sample);
            }
            else
            {
                if (of != series)
                {
                    series = of;
                    values = of.apply(sample);
                }
                aggregate.record(metric.readFrom(values));
            }
        }
    }

    /**
     * @param samplesNs how late each timer of the run just added fired behind its deadline (a
     *                  real-clock runtime's), recorded into {@link Metrics#TIMER_LATENESS} when declared.
     */
    public void addTimerLateness(final long[] samplesNs)
    {
        final Aggregate lateness = aggregateByName.get(Metrics.TIMER_LATENESS.name());
        if (null != lateness)
        {
            for (final long sampleNs : samplesNs)
            {
                lateness.recordSample(sampleNs);
            }
        }
    }

    /**
     * Adds the runs another summary aggregated after this one's, as if each had been added here
     * in turn ({@link Aggregate#addAll}): runs split among threads come back to the figures one
     * summary of all of them gives.
     *
     * @param later a summary of the same metrics over the runs that came after this one's.
     */
    public void addAll(final Summary later)
    {
        if (!aggregateByName.keySet().equals(later.aggregateByName.keySet()))
        {
            throw new IllegalArgumentException("summaries of different metrics: " + aggregateByName.keySet() + " and " +
                later.aggregateByName.keySet());
        }
        if (0 == later.runs)
        {
            return;
        }
        runs += later.runs;
        paired |= later.paired;
        lastLeader = later.lastLeader;
        for (final Aggregate aggregate : aggregates)
        {
            aggregate.addAll(later.aggregateByName.get(aggregate.metric().name()));
        }
    }

    /** @return every aggregate, in declaration order. */
    public List<Aggregate> aggregates()
    {
        return aggregates;
    }

    /** @return the aggregates a writer shows: all of them, but paired-only ones only when runs were paired with a floor. */
    public List<Aggregate> shown()
    {
        final List<Aggregate> shown = new ArrayList<>(aggregates.size());
        for (final Aggregate aggregate : aggregates)
        {
            if (paired || !aggregate.metric().isPairedOnly())
            {
                shown.add(aggregate);
            }
        }
        return shown;
    }

    /**
     * @param metric a declared metric.
     * @return its aggregate.
     * @throws IllegalArgumentException when this summary does not aggregate it.
     */
    public Aggregate get(final Metric metric)
    {
        return get(metric.name());
    }

    /**
     * @param name a declared metric's name.
     * @return its aggregate.
     * @throws IllegalArgumentException when this summary does not aggregate it.
     */
    public Aggregate get(final String name)
    {
        final Aggregate aggregate = aggregateByName.get(name);
        if (null == aggregate)
        {
            throw new IllegalArgumentException("no metric '" + name + "'; known: " + String.join(", ", aggregateByName.keySet()));
        }
        return aggregate;
    }

    /** @return whether runs were paired with a simulator floor (a real-clock runtime). */
    public boolean paired()
    {
        return paired;
    }

    public List<String> typeNames()
    {
        return typeNames;
    }

    public int heartbeatType()
    {
        return heartbeatType;
    }

    public int runs()
    {
        return runs;
    }

    /** @return the leader of the last run added, 0 when it did not converge. */
    public int lastLeader()
    {
        return lastLeader;
    }

    public int unconvergedRuns()
    {
        return (int)get(Metrics.UNCONVERGED).sum();
    }

    public long events()
    {
        return get(Metrics.EVENTS).sum();
    }
}
