package org.electbench.transport.metrics;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

import org.electbench.transport.ElectionResult;

/**
 * Every figure a run produces, declared once, in the order writers show them. A new figure is
 * one more constant here and one more entry in {@link #STANDARD}: the table, CSV, JSON, run
 * report, histogram logs and the benchmarks' counters pick it up from this list.
 * <p>
 * The violations are defined here and nowhere else: split brain (two or more live leaders at one
 * instant for longer than zero), same term (a node claimed a term another had led), older term (a
 * leader of an older term overlapped one of a newer term), wrong leader (converged on another than the algorithm promises),
 * unconverged (no lasting agreement within the budget).
 */
public final class Metrics
{
    public static final Metric CONVERGENCE = Metric.distribution("convergence",
        "fault (or start, or heal) to the agreement that held",
        sample -> sample.result().converged() ? sample.result().convergenceNs() : -1);

    public static final Metric DETECTION = Metric.distribution("detection",
        "fault to the first election message (at cold start: the boot wait each algorithm's start-up rule sets)",
        sample -> sample.result().detectionNs());

    public static final Metric ELECTION = Metric.distribution("election",
        "first election message to agreement: the election itself, alike whatever the start-up rule",
        sample -> sample.result().electionNs());

    public static final Metric FIRST_LEADER = Metric.distribution("firstLeader",
        "fault (or start) to the first node's win, before every node names it: the instant the Raft paper's election " +
            "figures time", sample -> sample.result().firstLeaderNs());

    public static final Metric UNAVAILABILITY = Metric.distribution("unavailability",
        "fault to the first instant a leader exists that every live node on its side of the fault names",
        sample -> sample.result().unavailabilityNs());

    public static final Metric ONE_WAY_LATENCY = Metric.distribution("oneWayLatency",
        "the transport's own one-way latency, measured per run", Sample::oneWayLatencyNs).pairedOnly();

    public static final Metric FLOOR = Metric.distribution("floor",
        "the simulator's convergence for the same scenario with that latency on every message", Sample::floorNs).pairedOnly();

    public static final Metric OVERHEAD = Metric.distribution("overhead",
        "convergence less its floor: scheduling, parking, timer lateness", Sample::overheadNs).pairedOnly().signed();

    /**
     * Many samples a run, one per timer fired: recorded by {@link org.electbench.transport.Summary#addTimerLateness},
     * not read from a run's result.
     */
    public static final Metric TIMER_LATENESS = Metric.distribution("timerLateness",
        "how late each timer fired behind its deadline, every timer of every run", sample -> -1).pairedOnly();

    /**
     * The definition of "messages" every table states in its notes: what each algorithm needs until
     * agreement, counted alike, whatever a message is called in its source.
     */
    public static final String MESSAGES_DEFINITION = "messages: every message an algorithm sends from the fault to agreement " +
        "that it needs to get there, counted alike: election messages and their replies (bully's ELECTION and OK, the " +
        "ring's ELECTION, quorum's ELECT and VOTE, raft's vote requests and votes), acknowledgements (the ring's ACK of " +
        "each hop, without which it does not converge; raft's heartbeat responses), the announcement (bully's COORDINATOR, " +
        "the ring's ELECTED) and the new leader's first round of heartbeats (for quorum and raft also their announcement; " +
        "bully sends it beside its COORDINATOR). Each part has its column; later heartbeats are counted apart.";

    public static final Metric MESSAGES = Metric.count("messages", MetricUnit.MESSAGES,
        "every message the algorithm needs from the fault to agreement, counted alike for every algorithm: " +
            "electionMessages + acknowledgements + announcements + firstHeartbeats", sample -> sample.result().messagesTotal());

    public static final Metric ELECTION_MESSAGES = Metric.count("electionMessages", MetricUnit.MESSAGES,
        "the election part of those: election messages and their replies (sends of the types each algorithm declares " +
            "election messages: bully's ELECTION and OK, quorum's ELECT and VOTE, raft's votes and vote requests)",
        sample -> sample.result().electionMessages());

    public static final Metric ACKNOWLEDGEMENTS = Metric.count("acknowledgements", MetricUnit.MESSAGES,
        "the acknowledgement part: replies that keep hops or leases up (the ring's ACK of each hop, raft's heartbeat " +
            "responses)", sample -> sample.result().acknowledgements());

    public static final Metric ANNOUNCEMENTS = Metric.count("announcements", MetricUnit.MESSAGES,
        "the announcement part: sends of a type that only announces the new leader (bully's COORDINATOR, the ring's ELECTED)",
        sample -> sample.result().announcements());

    public static final Metric FIRST_HEARTBEATS = Metric.count("firstHeartbeats", MetricUnit.MESSAGES,
        "the heartbeat part: the new leader's first round of heartbeats, sent before agreement, for every algorithm alike " +
            "(quorum's first LEAD and raft's first HEARTBEAT, which announce them; bully's first HEARTBEAT beside its " +
            "COORDINATOR)", sample -> sample.result().firstHeartbeats());

    public static final Metric BYTES = Metric.count("bytes", MetricUnit.BYTES,
        "bytes of those messages, headers included", sample -> sample.result().bytesTotal());

    public static final Metric HEARTBEATS = Metric.count("heartbeats", MetricUnit.MESSAGES,
        "later heartbeats over the same window (not a new leader's first round), not needed for agreement: counted apart",
        sample -> sample.result().heartbeats());

    public static final Metric MESSAGES_FROM_FAULT = Metric.count("messagesFromFault", MetricUnit.MESSAGES,
        "the messages, counted alike, from the fault itself to agreement (for partition and pause: from the cut or the freeze, " +
            "not from the heal or resume)", sample -> sample.result().messagesFromFaultTotal());

    public static final Metric BYTES_FROM_FAULT = Metric.count("bytesFromFault", MetricUnit.BYTES,
        "bytes of those messages, headers included", sample -> sample.result().bytesFromFaultTotal());

    public static final Metric SPLIT_BRAIN_TIME = Metric.count("splitBrainTime", MetricUnit.NANOSECONDS,
        "total time with two or more live leaders anywhere (a minority's leader counts), over the whole run", sample -> sample.result().splitBrainNs());

    public static final Metric NO_MAJORITY_LEADER_TIME = Metric.count("noMajorityLeaderTime", MetricUnit.NANOSECONDS,
        "time from the fault to the run's end with no live leader that a strict majority of the cluster follows",
        sample -> sample.result().noMajorityLeaderNs());

    public static final Metric DEPOSED_LEADER_TIME = Metric.count("deposedLeaderTime", MetricUnit.NANOSECONDS,
        "time from the fault to the run's end during which a majority followed one leader and some live node still " +
            "followed another (a deposed leader: a minority's, or one that crashed or stepped down)",
        sample -> sample.result().deposedLeaderNs());

    public static final Metric LIVE_LEADER_ELECTIONS = Metric.count("liveLeaderElections", MetricUnit.EVENTS,
        "elections started against an agreed, live leader (false elections when no crash happened)",
        sample -> sample.result().liveLeaderElections());

    public static final Metric EVENTS = Metric.count("events", MetricUnit.EVENTS,
        "events the runtime processed (deliveries and timers)", sample -> sample.result().events());

    public static final Metric MAX_LEADERS = Metric.mean("maxLeaders", MetricUnit.NODES,
        "most live nodes that believed they led at one instant", sample -> sample.result().maxConcurrentLeaders());

    public static final Metric STABLE_LEADER = Metric.distribution("stableLeader",
        "fault to the office of the leader a majority named that held, with no other leader anywhere, for the stable " +
            "window by the end of the disturbance: the run settled (absent when none held that long)", sample -> sample.result().disturbance().stableLeaderNs());

    public static final Metric LEADER_CHANGES = Metric.count("leaderChanges", MetricUnit.EVENTS,
        "new majority-named leaders (another id or term) during the disturbance (absent without one)",
        sample -> sample.result().disturbance().leaderChanges());

    public static final Metric LEADER_CHANGES_PER_MINUTE = Metric.mean("leaderChangesPerMinute", MetricUnit.PER_MINUTE,
        "the same per minute of the disturbance", sample -> sample.result().disturbance().leaderChangesPerMinute());

    public static final Metric AVAILABILITY = Metric.mean("availability", MetricUnit.PER_MILLE,
        "share of the disturbance with a live leader that a majority of the cluster names",
        sample -> sample.result().disturbance().availabilityPerMille());

    public static final Metric ELECTION_TRAFFIC_PER_MINUTE = Metric.mean("electionTrafficPerMinute", MetricUnit.PER_MINUTE,
        "election and announcement messages (quorum's and raft's announcing first heartbeats included) sent per minute " +
            "of the disturbance",
        sample -> sample.result().disturbance().electionMessagesPerMinute());

    public static final Metric SPLIT_BRAIN = Metric.violation("splitBrain",
        "two or more live leaders together for longer than zero", sample -> sample.result().splitBrain());

    public static final Metric SAME_INSTANT_OVERLAP = Metric.violation("sameInstantOverlap",
        "two leaders announced at one instant and overlapping for no time (reported apart from split brain)",
        sample -> sample.result().sameInstantLeaderOverlaps() > 0);

    public static final Metric SAME_TERM = Metric.violation("sameTerm",
        "a node claimed a term another node had already led", sample -> sample.result().sameTermLeaders() > 0);

    public static final Metric OLDER_TERM = Metric.violation("olderTerm",
        "a live node believed it led an older term while another live node led a newer one (overlapping beliefs; " +
            "what fencing would stop from acting)", sample -> sample.result().olderTermLeaderNs() > 0);

    public static final Metric WRONG_LEADER = Metric.violation("wrongLeader",
        "converged on another leader than the algorithm's source determines; counted only in runs where it determines " +
            "one (n/a for raft, and for quorum where messages are lost)",
        sample -> sample.result().wrongLeader(), sample -> sample.result().leaderPromised());

    public static final Metric UNCONVERGED = Metric.violation("unconverged",
        "no lasting agreement within the run's budget", sample -> !sample.result().converged());

    /**
     * Not a fault of the algorithm but of the host: runs a real-clock runtime made while the
     * machine could not keep the algorithm's timers ({@link org.electbench.transport.RunTiming#keptTiming}:
     * timer lateness plus worker and transport stalls above half the shortest race between a
     * message and a timer, less the transport's latency). A row with any is marked, and no safety
     * verdict is drawn from it: its split brains may be the host's.
     */
    public static final Metric HOST_LATE = Metric.violation("hostLate",
        "runs measured while the host could not keep the algorithm's timers (lateness and stalls past half the shortest " +
            "timeout race): their safety figures are the host's, not the algorithm's",
        sample -> !sample.timing().keptTiming()).pairedOnly();

    /**
     * Not a fault of the algorithm either: attempts at a run's seed that the host made late
     * ({@link #HOST_LATE}) and that were measured again in its place, a tenth of a row's runs at
     * most. A quiet host that stalls now and then (a virtual machine's multi-millisecond
     * wake-ups) then leaves its rows unmarked, each run one the host kept; a busy one uses the
     * allowance up and its rows are marked.
     */
    public static final Metric HOST_REMEASURED = Metric.count("hostRemeasured", MetricUnit.RUNS,
        "attempts at a run's seed that the host made late, measured again with the same seed in their place (a tenth of a " +
            "row's runs at most); the row's figures are of the attempts the host kept", Sample::lateAttempts).pairedOnly();

    /** Every declared metric but the per-type message counts, in the order writers show them. */
    public static final List<Metric> STANDARD = List.of(
        CONVERGENCE, DETECTION, ELECTION, FIRST_LEADER, UNAVAILABILITY, ONE_WAY_LATENCY, FLOOR, OVERHEAD, TIMER_LATENESS,
        MESSAGES, ELECTION_MESSAGES, ACKNOWLEDGEMENTS, ANNOUNCEMENTS, FIRST_HEARTBEATS, BYTES, HEARTBEATS, MESSAGES_FROM_FAULT, BYTES_FROM_FAULT,
        SPLIT_BRAIN_TIME, NO_MAJORITY_LEADER_TIME, DEPOSED_LEADER_TIME, LIVE_LEADER_ELECTIONS, EVENTS, MAX_LEADERS,
        STABLE_LEADER, LEADER_CHANGES, LEADER_CHANGES_PER_MINUTE, AVAILABILITY, ELECTION_TRAFFIC_PER_MINUTE,
        SPLIT_BRAIN, SAME_INSTANT_OVERLAP, SAME_TERM, OLDER_TERM, WRONG_LEADER, UNCONVERGED, HOST_LATE, HOST_REMEASURED);

    /** The prefix of availability over time, one figure per part of the disturbance: {@code availabilityOverTime.07}. */
    public static final String AVAILABILITY_OVER_TIME_PREFIX = "availabilityOverTime.";

    /**
     * Availability over time: the disturbance cut into {@link ElectionResult.Disturbance#BINS} equal
     * parts, per part the share with a majority leader (thousandths), its mean over the runs the
     * share of runs and time with one; what the report draws as a strip per algorithm. Run reports
     * carry them (not the benchmarks' counters: one number per election there).
     */
    public static final List<Metric> AVAILABILITY_OVER_TIME = overTime(AVAILABILITY_OVER_TIME_PREFIX, "with a majority leader",
        false);

    /** The prefix of split-brain time over time, one figure per part of the disturbance: {@code splitBrainOverTime.07}. */
    public static final String SPLIT_BRAIN_OVER_TIME_PREFIX = "splitBrainOverTime.";

    /** Split brain over time: per part of the disturbance the share with two or more live leaders anywhere (thousandths). */
    public static final List<Metric> SPLIT_BRAIN_OVER_TIME = overTime(SPLIT_BRAIN_OVER_TIME_PREFIX,
        "with two or more live leaders anywhere", true);

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
        final List<Metric> base = new ArrayList<>(STANDARD);
        base.addAll(AVAILABILITY_OVER_TIME);
        base.addAll(SPLIT_BRAIN_OVER_TIME);
        return withTypes(base, typeNames, heartbeatType);
    }

    private static List<Metric> overTime(final String prefix, final String what, final boolean splitBrain)
    {
        final List<Metric> metrics = new ArrayList<>();
        // One reader for every part: a summary reads the parts of a run at once.
        final Function<Sample, long[]> parts = splitBrain ? sample -> sample.result().disturbance().splitBrainByBinPerMille() :
            sample -> sample.result().disturbance().availabilityByBinPerMille();
        for (int bin = 0; bin < ElectionResult.Disturbance.BINS; bin++)
        {
            metrics.add(Metric.countAt(String.format(java.util.Locale.ROOT, "%s%02d", prefix, bin),
                MetricUnit.PER_MILLE, "share of part " + (bin + 1) + " of " + ElectionResult.Disturbance.BINS +
                    " of the disturbance " + what + " (absent without one)", parts, bin));
        }
        return Collections.unmodifiableList(metrics);
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
