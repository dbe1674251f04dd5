package org.electbench.quorum;

import static org.electbench.quorum.QuorumNode.HEARTBEAT_TIMER;
import static org.electbench.quorum.QuorumNode.VOTE_TIMER;
import static org.electbench.quorum.QuorumNode.WATCH_TIMER;
import static org.electbench.quorum.QuorumPeers.drain;
import static org.electbench.quorum.QuorumPeers.elect;
import static org.electbench.quorum.QuorumPeers.lead;
import static org.electbench.quorum.QuorumPeers.vote;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.agrona.MutableDirectBuffer;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Role;
import org.electbench.spi.Start;
import org.electbench.testkit.ScriptedHost;
import org.electbench.transport.host.HostedContext;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link QuorumAlgorithm#nodesStartAfresh()}: a node started again, whatever one run left in it,
 * does event for event what a new node started the same way does in the next run.
 */
class QuorumStartAfreshTest
{
    private static final long HBT_NS = 10_000_000L;
    private static final long RTT_NS = 4_000_000L;
    private static final int SELF = 3;
    private static final int CLUSTER = 5;
    private static final int[] TIMER_KINDS = {WATCH_TIMER, VOTE_TIMER, HEARTBEAT_TIMER};
    /** A kind the node never schedules: timers of other nodes on the next run's host, which a stale cancel would hit. */
    private static final int OTHER_KIND = 99;
    /** How many such timers the next run's host holds before the node starts: more than the first run scheduled. */
    private static final int OTHER_TIMERS = 64;

    /** How a node comes up in the next run. */
    private record Boot(Start start, int leaderId, long term, boolean detector)
    {
    }

    private static final List<Boot> BOOTS = List.of(
        new Boot(Start.COLD, ElectionNode.NO_LEADER, 0, true),
        new Boot(Start.COLD, ElectionNode.NO_LEADER, 0, false),
        new Boot(Start.SETTLED, 5, 4, true),
        new Boot(Start.SETTLED, SELF, 4, true),
        new Boot(Start.SETTLED, 1, 9, true),
        new Boot(Start.SETTLED, 5, 0, false),
        new Boot(Start.SETTLED, SELF, 1, false));

    /** One run's events, each dirtying the node further: a follower, a round, votes, a leader, LEADs, a deposition, a tally left open. */
    private static final List<Step> DIRTY = List.of(
        (host, node) -> lead(host, node, 5, 2, 3),
        (host, node) -> malformed(host, node),
        (host, node) -> elect(host, node, 1, 2, 3, 3),
        (host, node) -> elect(host, node, 2, 2, 3, 3),
        (host, node) -> elect(host, node, 4, 2, 2, 3),
        (host, node) -> fireNext(host, node),
        (host, node) -> vote(host, node, 1, 2, 3),
        (host, node) -> vote(host, node, 2, 2, 3),
        (host, node) -> vote(host, node, 4, 2, 3),
        (host, node) -> fireNext(host, node),
        (host, node) -> fireNext(host, node),
        (host, node) -> elect(host, node, 2, 3, 2, 4),
        (host, node) -> lead(host, node, 1, 5, 1),
        (host, node) -> vote(host, node, 1, 5, 6),
        (host, node) -> vote(host, node, 2, 5, 6),
        (host, node) -> elect(host, node, 4, 5, 1, 6),
        (host, node) -> host.advanceNs(HBT_NS / 3));

    /**
     * The next run's events after the start, each recorded: a LEAD (0, 0) that only a node naming
     * a sender above 4 takes, votes that would add up with any left in the tally, and so on.
     */
    private static final List<Step> NEXT = List.of(
        (host, node) -> lead(host, node, 4, 0, 0),
        (host, node) -> vote(host, node, 4, 5, 6),
        (host, node) -> vote(host, node, 5, 5, 6),
        (host, node) -> fireNext(host, node),
        (host, node) -> elect(host, node, 1, 2, 3, 3),
        (host, node) -> elect(host, node, 5, 1, 1, 2),
        (host, node) -> fireNext(host, node),
        (host, node) -> fireNext(host, node),
        (host, node) -> vote(host, node, 1, 0, 7),
        (host, node) -> vote(host, node, 2, 6, 7),
        (host, node) -> vote(host, node, 4, 6, 7),
        (host, node) -> lead(host, node, 2, 1, 1),
        (host, node) -> fireNext(host, node),
        (host, node) -> fireNext(host, node),
        (host, node) -> lead(host, node, 5, 8, 1),
        (host, node) -> fireNext(host, node),
        (host, node) -> fireNext(host, node),
        (host, node) -> elect(host, node, 4, 8, 2, 9),
        (host, node) -> fireNext(host, node),
        (host, node) -> vote(host, node, 1, 8, 9),
        (host, node) -> vote(host, node, 2, 8, 9),
        (host, node) -> fireNext(host, node),
        (host, node) -> malformed(host, node),
        (host, node) -> fireNext(host, node),
        (host, node) -> fireNext(host, node),
        (host, node) -> fireNext(host, node));

    /** One event a test plays on a node. */
    @FunctionalInterface
    private interface Step
    {
        void play(ScriptedHost host, QuorumNode node);
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void nodeStartedAgainAfterAnyPartOfARunDoesWhatANewNodeDoes(final boolean ballots)
    {
        final ElectionSettings first = settings(ballots).withArrangementSeed(11);
        final ElectionSettings next = first.withArrangementSeed(12);
        for (final Boot boot : BOOTS)
        {
            final List<String> expected = nextRun(new QuorumNode(SELF, next), boot, next);
            for (final Start dirtyStart : new Start[] {Start.COLD, Start.RECOVERED})
            {
                for (final int dirtyClusterSize : new int[] {CLUSTER, 7})
                {
                    for (final boolean dirtyDetector : new boolean[] {true, false})
                    {
                        for (int steps = 0; steps <= DIRTY.size(); steps++)
                        {
                            final QuorumNode reused = dirtied(first, dirtyStart, dirtyClusterSize, dirtyDetector, steps);
                            final String run = "ballots " + ballots + ", " + dirtyStart + " and " + steps +
                                " step(s) of a run of " + dirtyClusterSize + " (detector " + dirtyDetector + "), then " + boot;
                            assertEquals(expected, nextRun(reused, boot, next), run);
                            // And again, after a whole run of its own.
                            assertEquals(expected, nextRun(reused, boot, next), run + ", twice");
                        }
                    }
                }
            }
        }
    }

    /** @return a node of the first run, started that way and taken through the first {@code steps} of {@link #DIRTY}. */
    private static QuorumNode dirtied(
        final ElectionSettings settings, final Start start, final int clusterSize, final boolean detector, final int steps)
    {
        final QuorumNode node = new QuorumNode(SELF, settings);
        final ScriptedHost host = new ScriptedHost();
        // Recovered, the node knows terms up to 6 and voted up to 6 for server 2: terms it may not lead.
        final MutableDirectBuffer disk = ScriptedHost.newDurableState();
        DurableVote.write(disk, 6, 6, 5, 2);
        node.onStart(host.context(SELF, clusterSize, detector, settings, disk), start, ElectionNode.NO_LEADER, 0);
        for (int i = 0; i < steps; i++)
        {
            DIRTY.get(i).play(host, node);
        }
        return node;
    }

    /** The run that dirties the node reaches what it should: a leader with LEADs sent, then a follower mid-round with votes tallied. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void theDirtyingRunLeadsThenLeavesARoundAndATallyOpen(final boolean ballots)
    {
        final ElectionSettings settings = settings(ballots);
        final QuorumNode node = new QuorumNode(SELF, settings);
        final ScriptedHost host = new ScriptedHost();
        host.recordBroadcastsAsOne();
        node.onStart(host.context(SELF, CLUSTER, true, settings), Start.COLD, ElectionNode.NO_LEADER, 0);
        for (final Step step : DIRTY)
        {
            step.play(host, node);
        }
        assertTrue(host.announcements().stream().anyMatch(a -> Role.LEADER == a.role()), host.announcements().toString());
        assertTrue(drain(host).stream().filter(s -> QuorumMessages.LEAD == s.type()).count() >= 3);
        assertEquals(QuorumState.VOTING, node.state());
        assertTrue(host.hasPendingTimer(VOTE_TIMER));
        assertEquals(1, node.malformedMessages());
    }

    private static ElectionSettings settings(final boolean ballots)
    {
        return ElectionSettings.builder()
            .heartbeatIntervalNs(HBT_NS)
            .detectionTimeoutNs(3 * HBT_NS)
            .electionTimeoutNs(RTT_NS)
            .coordinatorTimeoutNs(RTT_NS)
            .option(QuorumAlgorithm.BALLOTS, ballots)
            .build();
    }

    /**
     * Starts the node on a host of its own, with a disk of its own, plays {@link #NEXT} and records
     * what it did after the start and after each event.
     */
    private static List<String> nextRun(final QuorumNode node, final Boot boot, final ElectionSettings settings)
    {
        final ScriptedHost host = new ScriptedHost();
        host.recordBroadcastsAsOne();
        final MutableDirectBuffer disk = ScriptedHost.newDurableState();
        final long malformedBefore = node.malformedMessages();
        final List<String> record = new ArrayList<>();
        final HostedContext ctx = host.context(SELF, CLUSTER, boot.detector(), settings, disk);
        for (int i = 0; i < OTHER_TIMERS; i++)
        {
            host.schedule(ctx, Long.MAX_VALUE / 2, OTHER_KIND);
        }
        node.onStart(ctx, boot.start(), boot.leaderId(), boot.term());
        record.add(observe("start", host, node, disk, malformedBefore));
        for (int i = 0; i < NEXT.size(); i++)
        {
            NEXT.get(i).play(host, node);
            record.add(observe("event " + i, host, node, disk, malformedBefore));
        }
        return record;
    }

    /** Everything the node did since the last observation and everything it shows: sends, announcements, timers, belief, disk. */
    private static String observe(
        final String label, final ScriptedHost host, final QuorumNode node, final MutableDirectBuffer disk, final long malformedBefore)
    {
        final StringBuilder text = new StringBuilder(label).append(": sent ").append(drain(host))
            .append(", announced ").append(host.announcements());
        host.clear();
        for (final int kind : TIMER_KINDS)
        {
            text.append(", timer ").append(kind).append(' ');
            text.append(host.hasPendingTimer(kind) ?
                host.scheduledDelayNs(kind) + "/" + host.pendingDelayNs(kind) + " #" + host.pendingTimer(kind) : "-");
        }
        return text.append(", pending ").append(host.pendingTimers())
            .append(", cancels ").append(host.cancels())
            .append(", scheduled ").append(host.lastScheduledTimerId())
            .append(", now ").append(host.nowNs())
            .append(", state ").append(node.state())
            .append(", role ").append(node.role())
            .append(", leader ").append(node.leaderId())
            .append(", term ").append(node.term())
            .append(", rest ").append(node.restSilenceNs())
            .append(", highest ").append(node.highestTermSeen())
            .append(", disk ").append(DurableVote.highestTermSeen(disk)).append('/').append(DurableVote.votedTerm(disk))
            .append('/').append(DurableVote.votedPreviousTerm(disk)).append('/').append(DurableVote.votedForId(disk))
            .append(", malformed ").append(node.malformedMessages() - malformedBefore)
            .toString();
    }

    /** Fires the timer due first, if any (ties to the lower kind). */
    private static void fireNext(final ScriptedHost host, final QuorumNode node)
    {
        int next = -1;
        for (final int kind : TIMER_KINDS)
        {
            if (host.hasPendingTimer(kind) && (next < 0 || host.pendingDelayNs(kind) < host.pendingDelayNs(next)))
            {
                next = kind;
            }
        }
        if (next >= 0)
        {
            host.fire(node, next);
        }
    }

    /** A LEAD one byte short of its layout. */
    private static void malformed(final ScriptedHost host, final QuorumNode node)
    {
        host.inbound(QuorumMessages.LEAD, QuorumMessages.LEAD_BODY_LENGTH - 1, 2);
        host.deliver(node, 2, MessageHeader.LENGTH + QuorumMessages.LEAD_BODY_LENGTH - 1);
    }
}
