package org.electbench.transport.metrics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.electbench.transport.ElectionResult;

/**
 * Every figure a run produces, declared once, in the order writers show them. A new figure is
 * one more constant here and one more entry in {@link #STANDARD}: the table, CSV, JSON, run
 * report, histogram logs and the benchmarks' counters pick it up from this list.
 * <p>
 * The violations are defined here and nowhere else: split brain (two or more live leaders at one
 * instant), same term (a node claimed a term another had led), stale (a leader acted while a
 * higher term had one), wrong leader (converged on another than the algorithm promises),
 * unconverged (no lasting agreement within the budget).
 */
public final class Metrics
{
    public static final Metric CONVERGENCE = Metric.distribution("convergence",
        "fault (or start, or heal) to the agreement that held",
        sample -> sample.result().converged() ? sample.result().convergenceNs() : -1);

    public static final Metric DETECTION = Metric.distribution("detection",
        "fault to the first election message", sample -> sample.result().detectionNs());

    public static final Metric ELECTION = Metric.distribution("election",
        "first election message to agreement", sample -> sample.result().electionNs());

    public static final Metric ONE_WAY_LATENCY = Metric.distribution("oneWayLatency",
        "the transport's own one-way latency, measured per run", Sample::oneWayLatencyNs).pairedOnly();

    public static final Metric FLOOR = Metric.distribution("floor",
        "the simulator's convergence for the same scenario with that latency on every message", Sample::floorNs).pairedOnly();

    public static final Metric OVERHEAD = Metric.distribution("overhead",
        "convergence less its floor: scheduling, parking, timer lateness", Sample::overheadNs).pairedOnly().signed();

    public static final Metric MESSAGES = Metric.count("messages", MetricUnit.MESSAGES,
        "election messages (every type but the heartbeat) from the fault to agreement",
        sample -> sample.result().messagesTotal());

    public static final Metric BYTES = Metric.count("bytes", MetricUnit.BYTES,
        "bytes of those election messages, headers included", sample -> sample.result().bytesTotal());

    public static final Metric HEARTBEATS = Metric.count("heartbeats", MetricUnit.MESSAGES,
        "heartbeats over the same window, counted apart", sample -> sample.result().heartbeats());

    public static final Metric SPLIT_BRAIN_TIME = Metric.count("splitBrainTime", MetricUnit.NANOSECONDS,
        "total time with two or more live leaders", sample -> sample.result().splitBrainNs());

    public static final Metric EVENTS = Metric.count("events", MetricUnit.EVENTS,
        "events the runtime processed (deliveries and timers)", sample -> sample.result().events());

    public static final Metric MAX_LEADERS = Metric.mean("maxLeaders", MetricUnit.NODES,
        "most live nodes that believed they led at one instant", sample -> sample.result().maxConcurrentLeaders());

    public static final Metric SPLIT_BRAIN = Metric.violation("splitBrain",
        "two or more live leaders at one instant", sample -> sample.result().maxConcurrentLeaders() >= 2);

    public static final Metric SAME_TERM = Metric.violation("sameTerm",
        "a node claimed a term another node had already led", sample -> sample.result().sameTermLeaders() > 0);

    public static final Metric STALE = Metric.violation("stale",
        "a leader acted while another held a higher term", sample -> sample.result().staleLeaderNs() > 0);

    public static final Metric WRONG_LEADER = Metric.violation("wrongLeader",
        "converged on another leader than the algorithm promises", sample -> sample.result().wrongLeader());

    public static final Metric UNCONVERGED = Metric.violation("unconverged",
        "no lasting agreement within the run's budget", sample -> !sample.result().converged());

    /** Every declared metric but the per-type message counts, in the order writers show them. */
    public static final List<Metric> STANDARD = List.of(
        CONVERGENCE, DETECTION, ELECTION, ONE_WAY_LATENCY, FLOOR, OVERHEAD,
        MESSAGES, BYTES, HEARTBEATS, SPLIT_BRAIN_TIME, EVENTS, MAX_LEADERS,
        SPLIT_BRAIN, SAME_TERM, STALE, WRONG_LEADER, UNCONVERGED);

    /** The prefix of a per-type message count: {@code messages.ELECTION}. */
    public static final String MESSAGES_BY_TYPE_PREFIX = "messages.";

    private Metrics()
    {
    }

    /**
     * @param typeNames     the algorithm's declared message types, indexed by type id.
     * @param heartbeatType the heartbeat's type id, whose count {@link #HEARTBEATS} already holds.
     * @return {@link #STANDARD} followed by one count per declared message type but the heartbeat.
     */
    public static List<Metric> forTypes(final List<String> typeNames, final int heartbeatType)
    {
        return withTypes(STANDARD, typeNames, heartbeatType);
    }

    /**
     * @param base          the metrics to start from (a test or a plug-in may add its own).
     * @param typeNames     the algorithm's declared message types.
     * @param heartbeatType the heartbeat's type id.
     * @return base followed by one count per message type but the heartbeat.
     */
    public static List<Metric> withTypes(final List<Metric> base, final List<String> typeNames, final int heartbeatType)
    {
        final List<Metric> metrics = new ArrayList<>(base);
        for (int type = 0; type < typeNames.size(); type++)
        {
            if (type != heartbeatType)
            {
                final int typeId = type;
                metrics.add(Metric.count(MESSAGES_BY_TYPE_PREFIX + typeNames.get(type), MetricUnit.MESSAGES,
                    typeNames.get(type) + " messages from the fault to agreement", sample -> sample.result().messages(typeId)));
            }
        }
        return Collections.unmodifiableList(metrics);
    }

    /** @return the metrics of {@link #STANDARD} a benchmark can count as one number per election (no per-type counts). */
    public static List<Metric> standard()
    {
        return STANDARD;
    }

    /** @return a sample of the simulator's run, for callers that hold only a result. */
    public static Sample sample(final ElectionResult result)
    {
        return Sample.of(result);
    }
}
