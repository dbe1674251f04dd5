package org.electbench.sim;

import java.util.Arrays;
import java.util.List;
import java.util.function.IntConsumer;

import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageRole;
import org.electbench.spi.Start;
import org.electbench.transport.ConvergenceMonitor;
import org.electbench.transport.DelayDistribution;
import org.electbench.transport.Fault;
import org.electbench.transport.RunPlan;
import org.electbench.transport.Scenario;
import org.electbench.transport.host.NodeLifecycle;
import org.electbench.transport.host.ReseedableRandom;

/**
 * The simulator's two shortcuts, neither of which changes a figure (see {@link SimRuntime}): a
 * settled run started at the last heartbeat before its first fault ({@link #settledStartNs}),
 * and a settle window ended at rest ({@link #decidedAtRest}), with the bookkeeping the second
 * needs on every message queued and handled: what is in flight, by role and sender, and who heard
 * whom since the last fault.
 */
final class RunShortcuts
{
    private static final int INITIAL_SLOTS = 1024;
    /**
     * The highest chance a run may have of a silence that the rest of its settle window would have
     * seen and an end at rest does not: a million times below one run in a million.
     */
    static final double REST_RISK = 1e-12;
    /** A message type's part in ending a run at rest ({@link #inFlight}'s counters; 0 for none). */
    private static final byte ELECTION = 1;
    private static final byte HEARTBEAT = 2;
    private static final byte ACKNOWLEDGEMENT = 3;

    private final EventQueue queue;
    /** Per message type of the algorithm, which counter of copies in flight it keeps. */
    private byte[] trackByType = new byte[0];
    /** Election and announcement messages queued (a broadcast counts once). */
    private int electionsInFlight;
    /** Per sender, heartbeats queued: only the agreed leader's may be when a run ends at rest. */
    private int[] heartbeatsInFlight = new int[1];
    /**
     * Per sender, acknowledgements queued: only a live node's may be when a run ends at rest (a
     * crashed node's answer may carry a term that deposes its receiver; a live one's older answers
     * carry no term above the one it is at rest in).
     */
    private int[] acksInFlight = new int[1];
    /** Per queued slot, when its message was sent. */
    private long[] sentAtNs = new long[INITIAL_SLOTS];
    /** Per queued slot, its message's counter ({@link #ELECTION} and the others; 0 for none), kept when sent. */
    private byte[] trackOf = new byte[INITIAL_SLOTS];
    /**
     * Per node, the sender of the last heartbeat it was handed that was sent at or after the last
     * fault's end; and per node, the receiver of its last acknowledgement sent then. A silence
     * before then (a cut just healed) is no measure of the gaps to come, only an exchange sent on
     * the healed network is.
     */
    private int[] heartbeatSince = new int[1];
    private int[] answerSince = new int[1];
    /** Per node, when it was handed that heartbeat. */
    private long[] heartbeatHeardNs = new long[1];
    /**
     * Per sender, when it sent its last round of heartbeats, how many copies (-1: more than a
     * round's, not replayed), and to whom in the order sent ({@code clusterSize} ids a sender).
     */
    private long[] roundSentNs = new long[1];
    private int[] roundSize = new int[1];
    private int[] roundTo = new int[0];
    /** Per node, the silence it acts on as the last check read it, and the last heartbeat it hears in a replay. */
    private long[] silenceNs = new long[1];
    private long[] replayHeardNs = new long[1];
    /** Per node, a replay's latest arrival on the link from the leader (FIFO). */
    private long[] replayArrivalNs = new long[1];
    /** The leader's heartbeats in flight at a replay: to whom and when they arrive, sorted by arrival. */
    private int[] inFlightTo = new int[INITIAL_SLOTS];
    private long[] inFlightAtNs = new long[INITIAL_SLOTS];
    private int inFlightCount;
    private int replayLeaderId;
    private final IntConsumer collectInFlight = this::collectInFlight;
    /** Draws what the leader's network source would draw next, leaving the run's own source untouched. */
    private final ReseedableRandom leaderDraws = new ReseedableRandom(0);
    /** A drawn start's source as its round began, and as the latest round it may start at began. */
    private final ReseedableRandom roundDraws = new ReseedableRandom(0);
    private final ReseedableRandom startDraws = new ReseedableRandom(0);
    /** Per node, a drawn start's last arrival on the link from the leader as the latest round it may start at began. */
    private long[] startArrivalNs = new long[1];
    /** The event count at which the run may next be checked for rest (every quarter of N events). */
    private long nextRestCheck;
    /**
     * Before this instant no check for the window ending at {@link #riskWindowEndNs} can pass: the
     * last check found every node at rest but the delay's tail too likely to open a silence in the
     * rounds left, a risk that falls only as they run out ({@link Long#MAX_VALUE}: not before the window ends).
     */
    private long riskClearsNs;
    private long riskWindowEndNs;
    /** Whether this run's network can end it at rest: nothing lost; the delay and heartbeat interval it runs with. */
    private boolean restPossible;
    private DelayDistribution delay;
    private long heartbeatNs;
    private int clusterSize;
    /** What the settled leader of {@link #probedAlgorithm} with {@link #probedSettings} sends as it starts ({@link SettledLeaderProbe}). */
    private int leaderStart;
    private ElectionAlgorithm probedAlgorithm;
    private ElectionSettings probedSettings;
    private int probedClusterSize;

    /** @param queue the runtime's queue, whose slots the messages counted here are in. */
    RunShortcuts(final EventQueue queue)
    {
        this.queue = queue;
    }

    /** The runs from now on are of this algorithm: which of its message types count for what. */
    void algorithm(final ElectionAlgorithm algorithm)
    {
        trackByType = tracks(algorithm.messageRoles());
    }

    /**
     * Readies a run: nothing in flight, nobody heard.
     *
     * @param possible whether the runtime allows the shortcuts for this run at all (not traced,
     *                 durable state kept, the whole run not asked for).
     */
    void reset(final Scenario scenario, final int clusterSize, final boolean possible)
    {
        if (this.clusterSize != clusterSize)
        {
            this.clusterSize = clusterSize;
            heartbeatsInFlight = new int[clusterSize + 1];
            acksInFlight = new int[clusterSize + 1];
            heartbeatSince = new int[clusterSize + 1];
            answerSince = new int[clusterSize + 1];
            heartbeatHeardNs = new long[clusterSize + 1];
            roundSentNs = new long[clusterSize + 1];
            roundSize = new int[clusterSize + 1];
            roundTo = new int[(clusterSize + 1) * clusterSize];
            silenceNs = new long[clusterSize + 1];
            replayHeardNs = new long[clusterSize + 1];
            replayArrivalNs = new long[clusterSize + 1];
            startArrivalNs = new long[clusterSize + 1];
        }
        Arrays.fill(heartbeatsInFlight, 0);
        Arrays.fill(acksInFlight, 0);
        Arrays.fill(heartbeatSince, ElectionNode.NO_LEADER);
        Arrays.fill(answerSince, ElectionNode.NO_LEADER);
        Arrays.fill(roundSentNs, Long.MIN_VALUE);
        Arrays.fill(roundSize, 0);
        electionsInFlight = 0;
        nextRestCheck = 0;
        riskWindowEndNs = Long.MIN_VALUE;
        delay = scenario.network().delay();
        heartbeatNs = scenario.settings().heartbeatIntervalNs();
        restPossible = possible && 0 == scenario.network().lossProbability() && heartbeatNs > 0;
    }

    /**
     * @return whether the run may be checked for rest now: agreed after the last fault, no
     *         election message in flight, and at most once every quarter of N events (the check
     *         reads every node), so O(1) an event.
     */
    boolean due(final long events, final long nowNs, final long lastFaultNs, final ConvergenceMonitor monitor)
    {
        return events >= nextRestCheck && 0 == electionsInFlight && nowNs - lastFaultNs >= 0 && monitor.agreed();
    }

    /** The run was checked and goes on: the next check after a quarter of N more events. */
    void checked(final long events)
    {
        nextRestCheck = events + Math.max(1, clusterSize / 4);
    }

    /**
     * When a settled run starts: time 0, or, for an algorithm whose rest repeats each heartbeat
     * ({@link ElectionAlgorithm#restRepeatsEachHeartbeat()}) with nothing lost, a later heartbeat
     * instant. On a constant delay, the latest instant k HBT from which the settled leader's first
     * round (sent at once, or one interval later where it does not send as it starts:
     * {@link SettledLeaderProbe}) still arrives before the first fault, while no follower's
     * detection timer can fire first. From that arrival on every node is where it would have been
     * had the run started at 0: each follower re-armed by the same heartbeat at the same instant,
     * the leader's timer at the same instant; the rounds before it are skipped. On a random delay,
     * where the leader sends a round to every peer in id order as it starts: {@link #drawnStartNs}.
     */
    long settledStartNs(final Scenario scenario, final RunPlan plan, final NodeLifecycle nodes)
    {
        final ElectionAlgorithm algorithm = scenario.algorithm();
        final List<Fault> faults = plan.faults().faults();
        if (Start.SETTLED != plan.start() || !restPossible || faults.isEmpty() || !algorithm.restRepeatsEachHeartbeat())
        {
            return 0;
        }
        long firstFaultNs = Long.MAX_VALUE;
        for (int i = 0; i < faults.size(); i++)
        {
            final Fault fault = faults.get(i);
            if (Fault.Kind.PAUSE == fault.kind())
            {
                // A paused node is handed its timers and messages at its resume in the order they came due, so it
                // would show when a timer is due: a watch re-armed lazily (the ring's) is due on a chain from its start.
                return 0;
            }
            firstFaultNs = Math.min(firstFaultNs, fault.atNs());
        }
        final ElectionSettings settings = scenario.settings();
        if (algorithm != probedAlgorithm || clusterSize != probedClusterSize ||
            !settings.sameBesidesArrangement(probedSettings))
        {
            leaderStart = SettledLeaderProbe.sendsAtStart(algorithm, settings, clusterSize);
            probedAlgorithm = algorithm;
            probedSettings = settings;
            probedClusterSize = clusterSize;
        }
        if (!nodes.constantDelay())
        {
            return SettledLeaderProbe.EVERY_PEER_IN_ORDER == leaderStart ?
                drawnStartNs(nodes, plan.initialLeader(), settings.detectionTimeoutNs(), firstFaultNs) : 0;
        }
        final long firstArrivalNs = (SettledLeaderProbe.SILENT != leaderStart ? 0 : heartbeatNs) + delay.boundNs();
        if (settings.detectionTimeoutNs() <= firstArrivalNs || firstFaultNs - firstArrivalNs <= 0)
        {
            return 0;
        }
        return (firstFaultNs - firstArrivalNs - 1) / heartbeatNs * heartbeatNs;
    }

    /**
     * The settled start on a random delay, for a leader that sends a round to every peer in id
     * order as it starts and every interval on: the latest round r, sent at r HBT, such that in
     * the run from time 0
     * <ul>
     *   <li>every copy of round r arrives before the first fault;</li>
     *   <li>no follower goes its detection timeout without a heartbeat up to its copy of round r
     *       (counted from its start for the first), so no watch fires before it;</li>
     *   <li>no earlier copy on a link arrives after round r's (a FIFO link holds it back; a link that
     *       reorders may not), so round r's copy is the last heartbeat a follower has heard when it
     *       arrives;</li>
     *   <li>and round r's copy arrives within the timeout of r HBT, so a follower started then hears
     *       it before its first watch fires.</li>
     * </ul>
     * The rounds are replayed from a source that follows the leader's network source, as its
     * sends would draw them, and held back on FIFO links as the send edge holds them. For r above
     * 0 the leader's source is then moved past the draws of the rounds before r, and each of its
     * links holds back to the last of them, so round r, sent as the leader starts at r HBT, and
     * every copy after it draw and arrive as in the run from 0: from each follower's copy of round
     * r on, it is where it would have been (re-armed by the same heartbeat at the same instant).
     */
    private long drawnStartNs(final NodeLifecycle nodes, final int leaderId, final long timeoutNs, final long firstFaultNs)
    {
        final boolean fifo = nodes.fifo();
        final ReseedableRandom draws = nodes.followSenderDraws(leaderId, leaderDraws);
        Arrays.fill(replayHeardNs, 0);
        Arrays.fill(replayArrivalNs, 0);
        long startNs = 0;
        for (long roundNs = 0; roundNs - firstFaultNs < 0; roundNs += heartbeatNs)
        {
            roundDraws.follow(draws);
            boolean startsHere = true;
            for (int toId = 1; toId <= clusterSize; toId++)
            {
                if (toId == leaderId)
                {
                    continue;
                }
                long arrivalNs = roundNs + delay.sampleNs(draws);
                if (arrivalNs - replayArrivalNs[toId] < 0)
                {
                    if (!fifo)
                    {
                        // A later copy overtook an earlier one: neither this round nor a later one can start the run.
                        return commitDrawnStart(nodes, leaderId, startNs);
                    }
                    arrivalNs = replayArrivalNs[toId];
                }
                if (arrivalNs - firstFaultNs >= 0 || arrivalNs - replayHeardNs[toId] >= timeoutNs)
                {
                    return commitDrawnStart(nodes, leaderId, startNs);
                }
                startsHere &= arrivalNs - roundNs < timeoutNs;
                replayHeardNs[toId] = arrivalNs;
            }
            if (startsHere && roundNs > 0)
            {
                startNs = roundNs;
                startDraws.follow(roundDraws);
                System.arraycopy(replayArrivalNs, 0, startArrivalNs, 0, clusterSize + 1);
            }
            System.arraycopy(replayHeardNs, 0, replayArrivalNs, 0, clusterSize + 1);
        }
        return commitDrawnStart(nodes, leaderId, startNs);
    }

    /** Moves the leader's source past the rounds before a drawn start and holds each of its links back to their last copy. */
    private long commitDrawnStart(final NodeLifecycle nodes, final int leaderId, final long startNs)
    {
        if (startNs > 0)
        {
            nodes.resumeSenderDraws(leaderId, startDraws);
            for (int toId = 1; toId <= clusterSize; toId++)
            {
                if (toId != leaderId)
                {
                    nodes.holdBack(leaderId, toId, startArrivalNs[toId]);
                }
            }
        }
        return startNs;
    }

    /**
     * A message was queued: counted in flight, its sending instant and its counter kept.
     *
     * @param type the message's type, as its header says.
     */
    void sent(final int slot, final long atNs, final int type)
    {
        final byte track = type >= 0 && type < trackByType.length ? trackByType[type] : 0;
        keep(slot, atNs, track);
        if (HEARTBEAT == track)
        {
            round(queue.fromId(slot), EventQueue.MESSAGE == queue.type(slot) ? queue.nodeId(slot) : ElectionNode.NO_LEADER, atNs);
        }
    }

    /** Notes a heartbeat copy in its sender's round: the copies it sends at one instant, in order. */
    private void round(final int fromId, final int toId, final long atNs)
    {
        if (roundSentNs[fromId] != atNs)
        {
            roundSentNs[fromId] = atNs;
            roundSize[fromId] = 0;
        }
        final int size = roundSize[fromId];
        if (size >= 0 && size < clusterSize && ElectionNode.NO_LEADER != toId)
        {
            roundTo[fromId * clusterSize + size] = toId;
            roundSize[fromId] = size + 1;
        }
        else
        {
            // A broadcast of one event, or more copies than peers: not a round a replay can repeat.
            roundSize[fromId] = -1;
        }
    }

    /** A copy of a queued message was queued for a paused receiver: sent when the message was. */
    void copied(final int copy, final int slot)
    {
        keep(copy, sentAtNs[slot], trackOf[slot]);
    }

    private void keep(final int slot, final long atNs, final byte track)
    {
        if (slot >= sentAtNs.length)
        {
            final int capacity = Math.max(queue.capacity(), 2 * sentAtNs.length);
            sentAtNs = Arrays.copyOf(sentAtNs, capacity);
            trackOf = Arrays.copyOf(trackOf, capacity);
        }
        sentAtNs[slot] = atNs;
        trackOf[slot] = track;
        inFlight(slot, 1);
    }

    /** A queued message (a broadcast once) was handled: no longer in flight. */
    void handled(final int slot)
    {
        inFlight(slot, -1);
    }

    /** A node is handed a message: a heartbeat or an answer sent on the network as it is since the last fault is noted. */
    void heard(final int slot, final int fromId, final int toId, final long nowNs, final long lastFaultNs)
    {
        if (sentAtNs[slot] - lastFaultNs < 0)
        {
            return;
        }
        final byte track = trackOf[slot];
        if (HEARTBEAT == track)
        {
            heartbeatSince[toId] = fromId;
            heartbeatHeardNs[toId] = nowNs;
        }
        else if (ACKNOWLEDGEMENT == track)
        {
            answerSince[fromId] = toId;
        }
    }

    /** Counts a queued message (a broadcast once) in or out, by its role and sender. */
    private void inFlight(final int slot, final int change)
    {
        switch (trackOf[slot])
        {
            case ELECTION:
                electionsInFlight += change;
                break;
            case HEARTBEAT:
                heartbeatsInFlight[queue.fromId(slot)] += change;
                break;
            case ACKNOWLEDGEMENT:
                acksInFlight[queue.fromId(slot)] += change;
                break;
            default:
                break;
        }
    }

    private static byte[] tracks(final List<MessageRole> roles)
    {
        final byte[] tracks = new byte[roles.size()];
        for (int type = 0; type < tracks.length; type++)
        {
            switch (roles.get(type))
            {
                case ELECTION, ANNOUNCEMENT -> tracks[type] = ELECTION;
                case HEARTBEAT -> tracks[type] = HEARTBEAT;
                case ACKNOWLEDGEMENT -> tracks[type] = ACKNOWLEDGEMENT;
            }
        }
        return tracks;
    }

    /**
     * Whether the settle window that ends at {@code windowEndNs} can no longer see a change: every
     * live node names the agreed leader in its term and is at rest, the leader is the only sender
     * of a heartbeat in flight, and no silence any node acts on opens before the window ends.
     * A follower hears the leader's heartbeats, sent every heartbeat interval, so two arrive at
     * most the interval plus one delay's excess over the least delay apart (FIFO links only hold a
     * later one back to an earlier one's arrival); a leader hears its followers' answers, two
     * delays each. With a bounded delay that settles it; with an unbounded one, so does a chance
     * of at most {@link #REST_RISK} that a silence opens. Where the chance is higher, on a FIFO
     * network where the leader acts on no silence, the window's heartbeats are replayed, their
     * delays drawn as the leader's sends would draw them ({@link #heartbeatsArriveInTime}): the
     * window ends only if no silence opens in the replay.
     */
    boolean decidedAtRest(final NodeLifecycle nodes, final ConvergenceMonitor monitor, final long nowNs, final long windowEndNs,
        final long lastFaultNs)
    {
        // A fault with no end (a permanent cut, a partial partition) still holds after the last fault's edge.
        if (!restPossible || !nodes.networkHealed() || windowEndNs == riskWindowEndNs && nowNs - riskClearsNs < 0)
        {
            return false;
        }
        final int leaderId = monitor.agreedLeader();
        final ElectionNode leader = nodes.node(leaderId);
        final long leaderTerm = leader.term();
        long followerSilenceNs = Long.MAX_VALUE;
        long leaderSilenceNs = Long.MAX_VALUE;
        int live = 0;
        for (int id = 1; id <= clusterSize; id++)
        {
            if (id != leaderId && 0 != heartbeatsInFlight[id])
            {
                return false;
            }
            if (!nodes.live(id))
            {
                if (0 != acksInFlight[id])
                {
                    return false;
                }
                continue;
            }
            live++;
            final ElectionNode node = nodes.node(id);
            final long silenceNs = node.restSilenceNs();
            if (silenceNs < 0 || node.term() != leaderTerm || node.leaderId() != leaderId ||
                nodes.pausedUntilNs(id) - nowNs > 0)
            {
                return false;
            }
            this.silenceNs[id] = silenceNs;
            if (id == leaderId)
            {
                leaderSilenceNs = silenceNs;
            }
            else if (Long.MAX_VALUE != silenceNs)
            {
                // Its gaps are bounded from the first heartbeat it heard that was sent on the healed network.
                if (heartbeatSince[id] != leaderId)
                {
                    return false;
                }
                followerSilenceNs = Math.min(followerSilenceNs, silenceNs);
            }
        }
        double perCopy = 0;
        if (Long.MAX_VALUE != followerSilenceNs)
        {
            perCopy += delay.exceedance(followerSilenceNs - heartbeatNs);
        }
        if (Long.MAX_VALUE != leaderSilenceNs)
        {
            if (2 * live <= clusterSize)
            {
                // A leader that steps down unheard hears too few answers with no majority live.
                return false;
            }
            for (int id = 1; id <= clusterSize; id++)
            {
                if (id != leaderId && nodes.live(id) && answerSince[id] != leaderId)
                {
                    return false;
                }
            }
            perCopy += 2 * delay.exceedance((leaderSilenceNs - heartbeatNs) / 2);
        }
        final double rounds = (double)(windowEndNs - nowNs) / heartbeatNs + 2;
        if (0 == perCopy || rounds * (clusterSize - 1) * perCopy <= REST_RISK)
        {
            return true;
        }
        if (Long.MAX_VALUE == leaderSilenceNs && nodes.fifo())
        {
            if (heartbeatsArriveInTime(nodes, leaderId, nowNs, windowEndNs, lastFaultNs))
            {
                return true;
            }
            // A follower's silence may run out: the window plays on, and no later check of it replays again.
            riskWindowEndNs = windowEndNs;
            riskClearsNs = Long.MAX_VALUE;
            return false;
        }
        // The same silences pass once the rounds left are this few: until then, checking again only costs.
        final double roundsAllowed = REST_RISK / ((clusterSize - 1) * perCopy);
        riskWindowEndNs = windowEndNs;
        riskClearsNs = roundsAllowed <= 2 ? Long.MAX_VALUE : windowEndNs - (long)((roundsAllowed - 2) * heartbeatNs);
        return false;
    }

    /**
     * Whether every live follower that acts on a silence hears the leader's heartbeats before its
     * silence runs out, from the last one it heard to the window's end, with nothing else
     * changing: the heartbeats in flight at the instants they are queued for, then the rounds the
     * leader sends every heartbeat interval from its next one on, to the peers of its last round
     * in the same order, each copy's delay drawn from a source that follows the leader's network
     * source, as its sends would draw them (the run's own source is untouched), held back on its
     * FIFO link as the send edge holds it. A follower's watch is armed at least its silence after
     * the last heartbeat it heard, so a heartbeat sooner than that comes first and the watch never
     * fires; one at or after it, or a silence left open at the window's end, fails the replay.
     */
    private boolean heartbeatsArriveInTime(final NodeLifecycle nodes, final int leaderId, final long nowNs, final long windowEndNs,
        final long lastFaultNs)
    {
        final int size = roundSize[leaderId];
        final long nextRoundNs = roundSentNs[leaderId] + heartbeatNs;
        // Only a round of one copy to each peer is replayed: anything else sent with it may not come again.
        if (clusterSize - 1 != size || roundSentNs[leaderId] - lastFaultNs < 0 || nextRoundNs - nowNs < 0)
        {
            return false;
        }
        for (int id = 1; id <= clusterSize; id++)
        {
            replayHeardNs[id] = heartbeatHeardNs[id];
            replayArrivalNs[id] = nodes.lastArrivalNs(leaderId, id);
        }
        inFlightCount = 0;
        replayLeaderId = leaderId;
        queue.forEachQueued(collectInFlight);
        sortInFlight();
        for (int i = 0; i < inFlightCount; i++)
        {
            if (!heardInTime(nodes, leaderId, inFlightTo[i], inFlightAtNs[i], windowEndNs))
            {
                return false;
            }
        }
        final ReseedableRandom draws = nodes.followSenderDraws(leaderId, leaderDraws);
        final int base = leaderId * clusterSize;
        for (long sentNs = nextRoundNs; sentNs - windowEndNs < 0; sentNs += heartbeatNs)
        {
            for (int copy = 0; copy < size; copy++)
            {
                final int toId = roundTo[base + copy];
                long arrivalNs = sentNs + delay.sampleNs(draws);
                if (arrivalNs - replayArrivalNs[toId] < 0)
                {
                    arrivalNs = replayArrivalNs[toId];
                }
                replayArrivalNs[toId] = arrivalNs;
                if (!heardInTime(nodes, leaderId, toId, arrivalNs, windowEndNs))
                {
                    return false;
                }
            }
        }
        for (int id = 1; id <= clusterSize; id++)
        {
            if (id != leaderId && nodes.live(id) && windowEndNs - replayHeardNs[id] > silenceNs[id])
            {
                return false;
            }
        }
        return true;
    }

    /** @return whether a heartbeat arriving at {@code atNs} comes before its receiver's silence runs out (or after the window, unheard). */
    private boolean heardInTime(final NodeLifecycle nodes, final int leaderId, final int toId, final long atNs, final long windowEndNs)
    {
        if (toId == leaderId || !nodes.live(toId) || atNs - windowEndNs >= 0)
        {
            return true;
        }
        if (atNs - replayHeardNs[toId] >= silenceNs[toId])
        {
            return false;
        }
        replayHeardNs[toId] = atNs;
        return true;
    }

    private void collectInFlight(final int slot)
    {
        if (EventQueue.MESSAGE == queue.type(slot) && HEARTBEAT == trackOf[slot] && replayLeaderId == queue.fromId(slot))
        {
            if (inFlightCount == inFlightTo.length)
            {
                inFlightTo = Arrays.copyOf(inFlightTo, 2 * inFlightCount);
                inFlightAtNs = Arrays.copyOf(inFlightAtNs, 2 * inFlightCount);
            }
            inFlightTo[inFlightCount] = queue.nodeId(slot);
            inFlightAtNs[inFlightCount] = queue.queuedAtNs(slot);
            inFlightCount++;
        }
    }

    /** Orders the heartbeats in flight by arrival (a few a follower; insertion sort). */
    private void sortInFlight()
    {
        for (int i = 1; i < inFlightCount; i++)
        {
            final int toId = inFlightTo[i];
            final long atNs = inFlightAtNs[i];
            int j = i - 1;
            while (j >= 0 && inFlightAtNs[j] - atNs > 0)
            {
                inFlightTo[j + 1] = inFlightTo[j];
                inFlightAtNs[j + 1] = inFlightAtNs[j];
                j--;
            }
            inFlightTo[j + 1] = toId;
            inFlightAtNs[j + 1] = atNs;
        }
    }
}
