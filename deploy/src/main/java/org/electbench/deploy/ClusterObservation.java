package org.electbench.deploy;

import java.net.InetAddress;
import java.util.Arrays;

import org.agrona.DirectBuffer;
import org.electbench.aeron.FrameHeader;
import org.electbench.aeron.FrameTrust;
import org.electbench.aeron.FrameVerdict;
import org.electbench.spi.ElectionAlgorithm;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.Role;
import org.electbench.transport.ConvergenceMonitor;
import org.electbench.transport.ElectionResult;

/**
 * The transport-neutral part of the {@link ClusterObserver}: it measures a cluster whose nodes
 * run in other processes or on other hosts from the {@link StatusFrame}s its {@link NodeHost}s
 * send, handed to {@link #onReport} with their receive times, with the same
 * {@link ConvergenceMonitor} an in-process run uses. Whatever carries the reports (an Aeron
 * subscription, a test) only feeds it. Every instant is this process's receive time, so no clock needs to agree
 * with any node's.
 * <ul>
 *   <li>Only the cluster is heard: a report must come from its node's listed host, carry the
 *       cluster file's fingerprint and, with a key, its MAC; of two processes reporting as one
 *       node, the older one's reports are refused and both are named ({@link FrameTrust}).</li>
 *   <li>A node is live from the first report heard from it; one silent for longer than the
 *       detection timeout is taken to have crashed at its last report. Heard again with the same
 *       incarnation, it was a pause, not a crash, and is counted so; with a new incarnation it
 *       restarted, which counts as a crash (a report with a new incarnation before the silence
 *       was noticed is a crash and a start at once). Silence is timed only while
 *       reports flow: a gap in which nobody reports counts at most two heartbeat intervals, so
 *       an observer that stalls or is cut off does not take every node for dead.</li>
 *   <li>Announcements are applied at their receive time; sends, reported as cumulative counts,
 *       are attributed at the receive time of the report that first counts them.</li>
 *   <li>Measurement starts at the first report; each crash starts it again from the crash, as a
 *       leader-crash scenario measures from the fault, so the result describes the failover.</li>
 * </ul>
 * A report reaches the monitor once every live node has reported since (about one heartbeat
 * interval later): only then is it known that no silent node crashed before it, and the
 * monitor takes events in time order.
 * Single-threaded: one thread polls.
 */
public final class ClusterObservation
{
    /** What the observer saw, as it applies it; times from the observer's start. */
    public interface Listener
    {
        default void onHeard(final int nodeId, final long atNs)
        {
        }

        default void onCrash(final int nodeId, final long atNs)
        {
        }

        default void onAgreement(final int leaderId, final long term, final long atNs)
        {
        }

        default void onDisagreement(final long atNs)
        {
        }

        /** The node, taken for crashed, was heard again from the same process: it had paused. */
        default void onResumed(final int nodeId, final long atNs)
        {
        }

        /** The node was heard from a new process: it had crashed and restarted. */
        default void onRestarted(final int nodeId, final long atNs)
        {
        }

        /** A report was refused: see {@link FrameTrust.Listener}; once per reason and node. */
        default void onRefused(final FrameVerdict verdict, final int nodeId, final InetAddress source, final long detail)
        {
        }
    }

    private static final long NONE = Long.MIN_VALUE;

    private final int clusterId;
    private final int nodes;
    private final int typeCount;
    private final long detectionTimeoutNs;
    private final long settleWindowNs;
    private final long stallNs;
    private final Listener listener;
    private final ConvergenceMonitor monitor;
    private final long[] verdictCounts = new long[FrameVerdict.all().length];
    private final FrameTrust trust;
    private final ReportCounts counts;
    private final boolean[] implausibleNamed;

    private final boolean[] everHeard;
    private final boolean[] receiveLive;
    private final long[] lastHeardNs;
    private final long[] silentSinceNs;
    private final long[] pendingCrashNs;
    private final boolean[] appliedLive;
    private final long[] appliedIncarnation;
    private final Role[] role;
    private final int[] leader;
    private final long[] term;
    private final long[] baseMessages;
    private final long[] baseBytes;

    private int queueCapacity = 256;
    private int queueHead;
    private int queueSize;
    private long[] queueTimeNs = new long[queueCapacity];
    private int[] queueNode = new int[queueCapacity];
    private long[] queueIncarnation = new long[queueCapacity];
    private long[] queueSequence = new long[queueCapacity];
    private int[] queueRole = new int[queueCapacity];
    private int[] queueLeader = new int[queueCapacity];
    private long[] queueTerm = new long[queueCapacity];
    private long[] queueMessages;
    private long[] queueBytes;

    private long receiveNs;
    private long newestReportNs = NONE;
    private long reportClockNs;
    private boolean measuring;
    private long referenceNs;
    private long appliedUpToNs = NONE;
    private long lastLivenessNs;
    private int heardCount;
    private int crashes;
    private int pauses;
    private int restarts;
    private long eventsApplied;
    private int agreedLeader = ElectionNode.NO_LEADER;

    /**
     * @param cluster  the cluster file: nodes, algorithm, settings, cluster id.
     * @param listener told of every liveness change and change of agreement.
     */
    public ClusterObservation(final ClusterFile cluster, final Listener listener)
    {
        final ElectionAlgorithm algorithm = cluster.algorithm();
        clusterId = cluster.clusterId();
        nodes = cluster.clusterSize();
        typeCount = algorithm.messageTypes().size();
        detectionTimeoutNs = cluster.settings().detectionTimeoutNs();
        settleWindowNs = 2 * detectionTimeoutNs;
        stallNs = 2 * cluster.settings().heartbeatIntervalNs();
        this.listener = listener;
        trust = new FrameTrust(cluster.membership(), nodes, 0, listener::onRefused);
        counts = new ReportCounts(nodes, typeCount);
        implausibleNamed = new boolean[nodes + 1];
        monitor = new ConvergenceMonitor(algorithm, nodes);
        everHeard = new boolean[nodes + 1];
        receiveLive = new boolean[nodes + 1];
        lastHeardNs = new long[nodes + 1];
        silentSinceNs = new long[nodes + 1];
        pendingCrashNs = new long[nodes + 1];
        Arrays.fill(pendingCrashNs, NONE);
        appliedLive = new boolean[nodes + 1];
        appliedIncarnation = new long[nodes + 1];
        role = new Role[nodes + 1];
        Arrays.fill(role, Role.FOLLOWER);
        leader = new int[nodes + 1];
        term = new long[nodes + 1];
        baseMessages = new long[(nodes + 1) * typeCount];
        baseBytes = new long[(nodes + 1) * typeCount];
        queueMessages = new long[queueCapacity * typeCount];
        queueBytes = new long[queueCapacity * typeCount];
    }

    /** Marks silent nodes crashed and applies the reports up to the oldest live node's last one, as of {@code atNs}. */
    public int advance(final long atNs)
    {
        receiveNs = atNs;
        int workCount = 0;
        final long quietNs = NONE == newestReportNs ? 0 : Math.min(atNs - newestReportNs, stallNs);
        long horizonNs = atNs;
        for (int id = 1; id <= nodes; id++)
        {
            if (receiveLive[id] && reportClockNs + quietNs - silentSinceNs[id] > detectionTimeoutNs)
            {
                receiveLive[id] = false;
                pendingCrashNs[id] = lastHeardNs[id];
                workCount++;
            }
            if (receiveLive[id] && lastHeardNs[id] - horizonNs < 0)
            {
                horizonNs = lastHeardNs[id];
            }
        }
        // Nothing later than a live node's last report is applied yet: should that node turn out
        // to be dead, its crash (placed at that report) must reach the monitor first.
        while (queueSize > 0 && queueTimeNs[queueHead] - horizonNs <= 0)
        {
            applyCrashesBefore(queueTimeNs[queueHead]);
            applyEvent(queueHead);
            queueHead = (queueHead + 1) % queueCapacity;
            queueSize--;
            workCount++;
        }
        applyCrashesBefore(horizonNs + 1);
        appliedUpToNs = horizonNs;
        return workCount;
    }

    /**
     * Takes one report as received at {@code atNs} (from the observer's start): validated, then queued.
     *
     * @param source where Aeron says the report's session came from; null when unknown (refused).
     */
    public void onReport(
        final DirectBuffer buffer, final int offset, final int length, final InetAddress source, final long atNs)
    {
        receiveNs = atNs;
        FrameVerdict verdict = StatusFrame.validate(buffer, offset, length, clusterId, nodes, typeCount);
        if (FrameVerdict.OK == verdict)
        {
            verdict = trust.check(buffer, offset, length, FrameHeader.senderId(buffer, offset), source);
        }
        if (FrameVerdict.OK == verdict && !counts.accept(FrameHeader.senderId(buffer, offset), buffer, offset))
        {
            verdict = FrameVerdict.IMPLAUSIBLE;
            final int id = FrameHeader.senderId(buffer, offset);
            if (!implausibleNamed[id])
            {
                implausibleNamed[id] = true;
                listener.onRefused(verdict, id, source, FrameHeader.incarnation(buffer, offset));
            }
        }
        verdictCounts[verdict.ordinal()]++;
        if (FrameVerdict.OK != verdict)
        {
            return;
        }
        final int id = FrameHeader.senderId(buffer, offset);
        // Silence is timed on a clock that runs only while reports flow (a gap counts at most
        // stallNs): an observer that stalls, or is cut off, must not take every node for dead.
        reportClockNs += NONE == newestReportNs ? 0 : Math.min(Math.max(0, atNs - newestReportNs), stallNs);
        newestReportNs = atNs;
        silentSinceNs[id] = reportClockNs;
        receiveLive[id] = true;
        lastHeardNs[id] = receiveNs;
        if (queueSize == queueCapacity)
        {
            growQueue();
        }
        final int slot = (queueHead + queueSize) % queueCapacity;
        queueSize++;
        queueTimeNs[slot] = receiveNs;
        queueNode[slot] = id;
        queueIncarnation[slot] = StatusFrame.incarnation(buffer, offset);
        queueSequence[slot] = StatusFrame.sequence(buffer, offset);
        queueRole[slot] = StatusFrame.role(buffer, offset);
        queueLeader[slot] = StatusFrame.leaderId(buffer, offset);
        queueTerm[slot] = StatusFrame.term(buffer, offset);
        for (int type = 0; type < typeCount; type++)
        {
            queueMessages[slot * typeCount + type] = StatusFrame.messages(buffer, offset, type);
            queueBytes[slot * typeCount + type] = StatusFrame.bytes(buffer, offset, type);
        }
    }

    private void growQueue()
    {
        final int capacity = queueCapacity * 2;
        final long[] timeNs = new long[capacity];
        final int[] node = new int[capacity];
        final long[] incarnation = new long[capacity];
        final long[] sequence = new long[capacity];
        final int[] roles = new int[capacity];
        final int[] leaders = new int[capacity];
        final long[] terms = new long[capacity];
        final long[] messages = new long[capacity * typeCount];
        final long[] bytes = new long[capacity * typeCount];
        for (int i = 0; i < queueSize; i++)
        {
            final int from = (queueHead + i) % queueCapacity;
            timeNs[i] = queueTimeNs[from];
            node[i] = queueNode[from];
            incarnation[i] = queueIncarnation[from];
            sequence[i] = queueSequence[from];
            roles[i] = queueRole[from];
            leaders[i] = queueLeader[from];
            terms[i] = queueTerm[from];
            System.arraycopy(queueMessages, from * typeCount, messages, i * typeCount, typeCount);
            System.arraycopy(queueBytes, from * typeCount, bytes, i * typeCount, typeCount);
        }
        queueTimeNs = timeNs;
        queueNode = node;
        queueIncarnation = incarnation;
        queueSequence = sequence;
        queueRole = roles;
        queueLeader = leaders;
        queueTerm = terms;
        queueMessages = messages;
        queueBytes = bytes;
        queueCapacity = capacity;
        queueHead = 0;
    }

    /** Applies the silence crashes strictly before {@code limitNs}, earliest first. */
    private void applyCrashesBefore(final long limitNs)
    {
        while (true)
        {
            int earliest = 0;
            for (int id = 1; id <= nodes; id++)
            {
                if (NONE != pendingCrashNs[id] && pendingCrashNs[id] - limitNs < 0 &&
                    (0 == earliest || pendingCrashNs[id] < pendingCrashNs[earliest]))
                {
                    earliest = id;
                }
            }
            if (0 == earliest)
            {
                return;
            }
            final long atNs = pendingCrashNs[earliest];
            pendingCrashNs[earliest] = NONE;
            if (appliedLive[earliest])
            {
                crash(earliest, atNs);
            }
        }
    }

    private void applyEvent(final int slot)
    {
        final long atNs = queueTimeNs[slot];
        final int id = queueNode[slot];
        final long incarnation = queueIncarnation[slot];
        if (!measuring)
        {
            measuring = true;
            referenceNs = atNs;
            monitor.reset(atNs, settleWindowNs);
        }
        if (appliedLive[id] && appliedIncarnation[id] != incarnation)
        {
            // Restarted faster than the observer could tell it was silent.
            crash(id, atNs);
        }
        if (!appliedLive[id] && everHeard[id])
        {
            if (appliedIncarnation[id] == incarnation)
            {
                // The same process again: it was paused, or its reports were, never down. Not a crash.
                crashes--;
                pauses++;
                listener.onResumed(id, atNs);
            }
            else
            {
                restarts++;
                listener.onRestarted(id, atNs);
            }
        }
        if (!appliedLive[id])
        {
            if (appliedIncarnation[id] != incarnation || !everHeard[id])
            {
                // A process's first report counts its sends from zero; heard later (the observer started
                // after it, or missed its first reports), what it sent before is not this observer's to count.
                final boolean fromZero = 1 == queueSequence[slot];
                for (int type = 0; type < typeCount; type++)
                {
                    baseMessages[id * typeCount + type] = fromZero ? 0 : queueMessages[slot * typeCount + type];
                    baseBytes[id * typeCount + type] = fromZero ? 0 : queueBytes[slot * typeCount + type];
                }
            }
            appliedLive[id] = true;
            appliedIncarnation[id] = incarnation;
            role[id] = Role.FOLLOWER;
            leader[id] = ElectionNode.NO_LEADER;
            term[id] = 0;
            monitor.onStart(id, atNs);
            lastLivenessNs = atNs;
            if (!everHeard[id])
            {
                everHeard[id] = true;
                heardCount++;
            }
            listener.onHeard(id, atNs);
        }

        for (int type = 0; type < typeCount; type++)
        {
            final int index = id * typeCount + type;
            final long messages = queueMessages[slot * typeCount + type];
            final long bytes = queueBytes[slot * typeCount + type];
            final long newMessages = messages - baseMessages[index];
            final long newBytes = bytes - baseBytes[index];
            if (newMessages > 0 && newBytes >= 0)
            {
                final long bytesEach = newBytes / newMessages;
                final long remainder = newBytes % newMessages;
                for (long k = 0; k < newMessages; k++)
                {
                    monitor.onSend(id, atNs, type, (int)(bytesEach + (k < remainder ? 1 : 0)));
                }
            }
            baseMessages[index] = messages;
            baseBytes[index] = bytes;
        }

        final Role newRole = StatusFrame.roleOf(queueRole[slot]);
        role[id] = newRole;
        leader[id] = queueLeader[slot];
        term[id] = queueTerm[slot];
        monitor.onAnnounce(id, atNs, newRole, queueLeader[slot], queueTerm[slot]);
        eventsApplied++;
        checkAgreement(atNs);
    }

    private void crash(final int id, final long atNs)
    {
        monitor.onCrash(id, atNs);
        appliedLive[id] = false;
        crashes++;
        lastLivenessNs = atNs;
        listener.onCrash(id, atNs);
        // Measure the failover from the crash, as a leader-crash scenario measures from its fault.
        referenceNs = atNs;
        monitor.reset(atNs, settleWindowNs);
        for (int other = 1; other <= nodes; other++)
        {
            if (appliedLive[other])
            {
                monitor.onStart(other, atNs);
                monitor.onAnnounce(other, atNs, role[other], leader[other], term[other]);
            }
        }
        checkAgreement(atNs);
    }

    private void checkAgreement(final long atNs)
    {
        int leaders = 0;
        int leaderId = ElectionNode.NO_LEADER;
        int live = 0;
        for (int id = 1; id <= nodes; id++)
        {
            if (appliedLive[id])
            {
                live++;
                if (Role.LEADER == role[id])
                {
                    leaders++;
                    leaderId = id;
                }
            }
        }
        boolean agreed = 1 == leaders && live > 0;
        for (int id = 1; agreed && id <= nodes; id++)
        {
            agreed = !appliedLive[id] || leader[id] == leaderId;
        }
        if (agreed && agreedLeader != leaderId)
        {
            agreedLeader = leaderId;
            listener.onAgreement(leaderId, term[leaderId], atNs);
        }
        else if (!agreed && ElectionNode.NO_LEADER != agreedLeader)
        {
            agreedLeader = ElectionNode.NO_LEADER;
            listener.onDisagreement(atNs);
        }
    }

    /**
     * @param expectNodes   nodes that must have been heard.
     * @param expectCrashes crashes that must have been seen.
     * @return whether both were met and agreement has held, unchanged, for the settle window
     * (twice the detection timeout) after the last liveness change.
     */
    public boolean settled(final int expectNodes, final int expectCrashes)
    {
        return measuring && heardCount >= expectNodes && crashes >= expectCrashes &&
            monitor.settled(appliedUpToNs, lastLivenessNs);
    }

    /** @return what the monitor measured, up to what has been applied. */
    public ElectionResult finish()
    {
        final long endNs = NONE == appliedUpToNs ? 0 : appliedUpToNs;
        return monitor.finish(Math.max(endNs, referenceNs), eventsApplied);
    }

    /** @return nodes heard at least once. */
    public int heardCount()
    {
        return heardCount;
    }

    /** @return crashes so far: nodes silent and not heard again from the same process (restarts included). */
    public int crashes()
    {
        return crashes;
    }

    /** @return silences that ended with the same process heard again: pauses, not crashes. */
    public int pauses()
    {
        return pauses;
    }

    /** @return nodes heard from a new process after a crash. */
    public int restarts()
    {
        return restarts;
    }

    /** @return the leader every live node names, as applied, or 0. */
    public int agreedLeader()
    {
        return agreedLeader;
    }

    /** @return whether the node is live as applied to the monitor. */
    public boolean isLive(final int nodeId)
    {
        return appliedLive[nodeId];
    }

    /** @return reports received with this verdict; all but OK were dropped. */
    public long count(final FrameVerdict verdict)
    {
        return verdictCounts[verdict.ordinal()];
    }

    /** @return the settle window: twice the detection timeout. */
    public long settleWindowNs()
    {
        return settleWindowNs;
    }
}
