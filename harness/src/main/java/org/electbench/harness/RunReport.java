package org.electbench.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.electbench.transport.Scenario;
import org.electbench.transport.Summary;
import org.electbench.transport.metrics.Aggregate;

/**
 * One scenario on one runtime, R seeded runs aggregated: what ran, what every declared metric
 * came to, and where. The CLI and the benchmarks write these; the analyser reads them.
 * <p>
 * JSON ({@link RunReportCodec}; field names are a contract):
 * <pre>
 * {
 *   "format": "electbench-run-report/1",
 *   "parameters": {"algorithm": "bully", "runtime": "sim", "nodes": "8", "scenario": "leader-crash",
 *                  "detect": "lowest", "delay": "constant:1ms", "loss": "0.0", "fifo": "on",
 *                  "heartbeat": "50ms", "detectionTimeout": "150ms", "electionTimeout": "10ms",
 *                  "coordinatorTimeout": "30ms", "recovery": "bully", "arrangement": "increasing",
 *                  "ack": "on", "seed": "1"},
 *   "messageTypes": ["ELECTION", "OK", "COORDINATOR", "HEARTBEAT"],
 *   "heartbeatType": 3,
 *   "runs": 200,
 *   "leader": 7,                       (the last run's leader; 0 when it did not converge)
 *   "paired": false,                   (true on real-clock runtimes: floor and overhead present)
 *   "metrics": [ {"name": "convergence", "unit": "ns", "kind": "distribution", "description": "...",
 *                 "runs": 200, "samples": 200, "sum": ..., "mean": ..., "min": ..., "max": ...,
 *                 "p50": ..., "p90": ..., "p99": ..., "p999": ...,
 *                 "histogram": "(compressed HdrHistogram, Base64, as in a histogram log)"},
 *                {"name": "messages", "unit": "msgs", "kind": "count", ... "p50": null, "histogram": null},
 *                {"name": "splitBrain", "unit": "runs", "kind": "violation", "sum": (runs that broke it), ...},
 *                {"name": "messages.ELECTION", ...} ],
 *   "environment": {"javaVersion": ..., "javaVm": ..., "jvmFlags": [...], "cores": 2, "os": ...,
 *                   "commit": ..., "seed": 1, "commandLine": ..., "startedUtc": ...},
 *   "wallNs": 123456789
 * }
 * </pre>
 * Metrics appear in declaration order ({@code org.electbench.transport.metrics.Metrics}), the
 * per-type message counts last; the paired-only ones (oneWayLatency, floor, overhead) only
 * when {@code paired}. A run folder's layout is described on {@link RunFolder}.
 *
 * @param format        {@link #FORMAT}.
 * @param parameters    the scenario and runtime, see {@link Parameters}.
 * @param messageTypes  the algorithm's message types, by type id.
 * @param heartbeatType the heartbeat's type id.
 * @param runs          runs aggregated.
 * @param leader        the last run's leader.
 * @param paired        whether runs were paired with a simulator floor.
 * @param metrics       every shown metric's value.
 * @param environment   where and how.
 * @param wallNs        wall time the runs took.
 */
public record RunReport(
    String format,
    Map<String, String> parameters,
    List<String> messageTypes,
    int heartbeatType,
    int runs,
    int leader,
    boolean paired,
    List<MetricValue> metrics,
    Environment environment,
    long wallNs)
{
    public static final String FORMAT = "electbench-run-report/1";

    /**
     * @param scenario    run 0's scenario.
     * @param runtime     the runtime's name.
     * @param summary     the runs, aggregated.
     * @param environment where and how.
     * @param wallNs      wall time the runs took.
     * @return the report.
     */
    public static RunReport of(
        final Scenario scenario, final String runtime, final Summary summary, final Environment environment, final long wallNs)
    {
        final List<MetricValue> metrics = new ArrayList<>();
        for (final Aggregate aggregate : summary.shown())
        {
            metrics.add(MetricValue.of(aggregate));
        }
        return new RunReport(FORMAT, Parameters.of(scenario, runtime), summary.typeNames(), summary.heartbeatType(),
            summary.runs(), summary.lastLeader(), summary.paired(), List.copyOf(metrics), environment, wallNs);
    }

    /**
     * @param name a metric's name.
     * @return its value.
     * @throws IllegalArgumentException when the report has none by that name.
     */
    public MetricValue metric(final String name)
    {
        for (final MetricValue metric : metrics)
        {
            if (metric.name().equals(name))
            {
                return metric;
            }
        }
        throw new IllegalArgumentException("no metric '" + name + "' in the report of " + parameters);
    }

    /** @return a parameter's value, or null. */
    public String parameter(final String name)
    {
        return parameters.get(name);
    }

    /** @return the file name prefix for this report's parameters. */
    public String fileNamePrefix()
    {
        return Parameters.fileNamePrefix(parameters);
    }
}
