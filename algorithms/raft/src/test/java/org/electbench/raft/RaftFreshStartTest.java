package org.electbench.raft;

import static org.electbench.raft.RaftMessages.HEARTBEAT;
import static org.electbench.raft.RaftMessages.HEARTBEAT_RESPONSE;
import static org.electbench.raft.RaftMessages.PRE_VOTE;
import static org.electbench.raft.RaftMessages.PRE_VOTE_RESPONSE;
import static org.electbench.raft.RaftMessages.REQUEST_VOTE;
import static org.electbench.raft.RaftMessages.VOTE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.agrona.MutableDirectBuffer;
import org.electbench.spi.ElectionNode;
import org.electbench.spi.ElectionSettings;
import org.electbench.spi.MessageHeader;
import org.electbench.spi.Start;
import org.electbench.testkit.ScriptedHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link RaftAlgorithm#nodesStartAfresh()}: a node that ran an election and is started again
 * holds what a node just made and started the same way holds, field for field, and does what it
 * does, step for step. Node 3 of five, T = 50 ms, HBT = 10 ms; every context draws from the
 * host's one seed, so the two draw the same timeouts.
 */
class RaftFreshStartTest
{
    private static final long MS = 1_000_000L;
    private static final long T_NS = 50 * MS;
    private static final long HBT_NS = 10 * MS;
    private static final int NODES = 5;
    private static final int SELF = 3;
    private static final ElectionSettings SETTINGS = ElectionSettings.builder()
        .heartbeatIntervalNs(HBT_NS)
        .detectionTimeoutNs(T_NS)
        .build();
    /** Fields that may differ: the life's context and disk (each run has its own), and the count that runs on. */
    private static final Set<String> PER_RUN_FIELDS = Set.of("ctx", "durableState", "malformedMessages");
    /**
     * The quorum's fields a node writes before it reads them, so a start leaves them as they were: when
     * each peer was heard, set for every id as the node comes to lead (RaftQuorumTest), and its sort's scratch.
     */
    private static final Set<String> WRITTEN_BEFORE_READ_FIELDS = Set.of("heardNs", "heardScratch");
    private static final int[] TIMER_KINDS = {RaftNode.ELECTION_TIMER, RaftNode.HEARTBEAT_TIMER, RaftNode.QUORUM_TIMER};

    /** Where the earlier run leaves the node. */
    enum Dirt
    {
        /** Mid-round, one grant besides its own tallied. */
        CAMPAIGNING,
        /** Leader of term 2, peers heard, its timers armed. */
        LEADING,
        /** Deposed, following node 4 of term 3, whose stale heartbeat of term 2 marked it behind. */
        FOLLOWING_A_LEADER_BEHIND
    }

    /** How the next run starts it. */
    enum Restart
    {
        COLD,
        SETTLED_FOLLOWER,
        SETTLED_LEADER
    }

    static Stream<Arguments> cases()
    {
        final List<Arguments> cases = new ArrayList<>();
        for (final boolean preVote : new boolean[]{false, true})
        {
            for (final boolean checkQuorum : new boolean[]{false, true})
            {
                for (final Dirt dirt : Dirt.values())
                {
                    for (final Restart restart : Restart.values())
                    {
                        for (final boolean detector : new boolean[]{true, false})
                        {
                            cases.add(Arguments.of(preVote, checkQuorum, dirt, restart, detector));
                        }
                    }
                }
            }
        }
        return cases.stream();
    }

    @Test
    void raftDeclaresItsNodesStartAfresh()
    {
        assertTrue(new RaftAlgorithm().nodesStartAfresh());
    }

    @ParameterizedTest(name = "preVote={0} checkQuorum={1} {2} then {3} detector={4}")
    @MethodSource("cases")
    void aNodeStartedAgainAfterAnElectionHoldsAndDoesWhatANewNodeDoes(
        final boolean preVote, final boolean checkQuorum, final Dirt dirt, final Restart restart, final boolean detector)
    {
        final ElectionSettings settings = RaftOptions.checkQuorum(RaftOptions.preVote(SETTINGS, preVote), checkQuorum);
        final RaftNode reused = node(settings);
        dirty(reused, settings, dirt);

        final Run expected = new Run(node(settings), settings, restart, detector);
        final Run actual = new Run(reused, settings, restart, detector);
        assertSameFields(expected.node, actual.node, "RaftNode");

        expected.followUp();
        actual.followUp();
        for (int i = 0; i < Math.min(expected.log.size(), actual.log.size()); i++)
        {
            assertEquals(expected.log.get(i), actual.log.get(i), "step " + i);
        }
        assertEquals(expected.log.size(), actual.log.size(), "steps");
    }

    private static RaftNode node(final ElectionSettings settings)
    {
        return (RaftNode)new RaftAlgorithm().newNode(SELF, settings);
    }

    /** An election run on the node's own host, left where {@code dirt} says, every field it touches written. */
    private static void dirty(final RaftNode node, final ElectionSettings settings, final Dirt dirt)
    {
        final boolean preVote = RaftConfig.of(settings).preVote();
        final boolean checkQuorum = RaftConfig.of(settings).checkQuorum();
        final RaftScript ctx = new RaftScript();
        node.onStart(ctx.context(SELF, NODES, true, settings, ScriptedHost.newDurableState()), Start.SETTLED, 5, 1);
        ctx.advanceNs(HBT_NS);
        ctx.deliver(node, 5, HEARTBEAT, 1);
        ctx.fire(node, RaftNode.ELECTION_TIMER);
        if (preVote)
        {
            ctx.deliver(node, 1, PRE_VOTE_RESPONSE, 2, true);
            if (Dirt.CAMPAIGNING == dirt)
            {
                assertEquals(RaftNode.State.PRE_CANDIDATE, node.state());
                return;
            }
            ctx.deliver(node, 2, PRE_VOTE_RESPONSE, 2, true);
        }
        ctx.deliver(node, 1, VOTE, 2, true);
        if (Dirt.CAMPAIGNING == dirt)
        {
            assertEquals(RaftNode.State.CANDIDATE, node.state());
            return;
        }
        ctx.deliver(node, 4, VOTE, 2, false);
        ctx.deliver(node, 2, VOTE, 2, true);
        assertEquals(RaftNode.State.LEADER, node.state());
        ctx.fire(node, RaftNode.HEARTBEAT_TIMER);
        ctx.deliver(node, 1, HEARTBEAT_RESPONSE, 2);
        ctx.deliver(node, 4, HEARTBEAT_RESPONSE, 2);
        ctx.deliver(node, 2, PRE_VOTE, 3);
        if (checkQuorum)
        {
            ctx.fire(node, RaftNode.QUORUM_TIMER);
        }
        ctx.fire(node, RaftNode.HEARTBEAT_TIMER);
        assertEquals(RaftNode.State.LEADER, node.state());
        if (Dirt.LEADING == dirt)
        {
            return;
        }
        ctx.advanceNs(HBT_NS);
        ctx.deliver(node, 4, HEARTBEAT, 3);
        ctx.deliver(node, 4, HEARTBEAT, 2);
        ctx.deliver(node, 1, PRE_VOTE, 4);
        assertEquals(RaftNode.State.FOLLOWER, node.state());
        assertEquals(4, node.leaderId());
        assertEquals(ElectionNode.NOT_AT_REST, node.restSilenceNs(), "behind");
        assertNotEquals(0, node.campaigns());
    }

    /** One start of a node on a host of its own, and what it does from then on, one line a step. */
    private static final class Run
    {
        private final RaftNode node;
        private final RaftScript ctx = new RaftScript();
        private final MutableDirectBuffer disk = ScriptedHost.newDurableState();
        private final List<String> log = new ArrayList<>();

        Run(final RaftNode node, final ElectionSettings settings, final Restart restart, final boolean detector)
        {
            this.node = node;
            final Start start = Restart.COLD == restart ? Start.COLD : Start.SETTLED;
            final int leaderId = switch (restart)
            {
                case COLD -> ElectionNode.NO_LEADER;
                case SETTLED_FOLLOWER -> 5;
                case SETTLED_LEADER -> SELF;
            };
            node.onStart(ctx.context(SELF, NODES, detector, settings, disk), start, leaderId, Restart.COLD == restart ? 0 : 1);
            observe("start");
        }

        /** The same steps for either node; the terms it sends depend on what the node says, so a difference shows at once. */
        void followUp()
        {
            ctx.advanceNs(HBT_NS / 2);
            ctx.deliver(node, 5, HEARTBEAT, 1);
            observe("heartbeat from 5, term 1");
            ctx.deliver(node, 2, PRE_VOTE, node.term() + 1);
            observe("pre-vote from 2");
            ctx.deliver(node, 1, HEARTBEAT_RESPONSE, node.term());
            observe("heartbeat response from 1");
            fireTimers(8);
            ctx.deliver(node, 4, REQUEST_VOTE, node.term() + 1);
            observe("request-vote from 4");
            ctx.deliver(node, 4, HEARTBEAT, node.term());
            observe("heartbeat from 4");
            ctx.deliver(node, 4, HEARTBEAT, node.term() - 1);
            observe("stale heartbeat from 4");
            ctx.advanceNs(T_NS);
            ctx.deliver(node, 1, PRE_VOTE, node.term() + 1);
            observe("pre-vote from 1");
            fireTimers(8);
        }

        /** Fires the earliest pending timer, granting whatever round that starts, {@code count} times or until none is pending. */
        private void fireTimers(final int count)
        {
            for (int i = 0; i < count; i++)
            {
                int earliest = -1;
                long earliestDueNs = Long.MAX_VALUE;
                for (final int kind : TIMER_KINDS)
                {
                    final RaftScript.Timer timer = ctx.timer(kind);
                    if (null != timer && timer.dueNs() < earliestDueNs)
                    {
                        earliest = kind;
                        earliestDueNs = timer.dueNs();
                    }
                }
                if (earliest < 0)
                {
                    return;
                }
                ctx.fire(node, earliest);
                observe("fired timer " + earliest);
                if (RaftNode.State.PRE_CANDIDATE == node.state())
                {
                    ctx.deliver(node, 1, PRE_VOTE_RESPONSE, node.term() + 1, true);
                    ctx.deliver(node, 2, PRE_VOTE_RESPONSE, node.term() + 1, true);
                    observe("pre-votes from 1 and 2");
                }
                if (RaftNode.State.CANDIDATE == node.state())
                {
                    ctx.deliver(node, 1, VOTE, node.term(), true);
                    ctx.deliver(node, 2, VOTE, node.term(), true);
                    observe("votes from 1 and 2");
                }
            }
        }

        /** Records the node's belief and rest, its disk, what it sent and announced since the last step, and its timers. */
        private void observe(final String step)
        {
            final StringBuilder line = new StringBuilder(step)
                .append(" | now=").append(ctx.nowNs())
                .append(" state=").append(node.state())
                .append(" role=").append(node.role())
                .append(" leader=").append(node.leaderId())
                .append(" term=").append(node.term())
                .append(" votedFor=").append(node.votedFor())
                .append(" stateChanged=").append(node.stateChangedNs())
                .append(" rest=").append(node.restSilenceNs())
                .append(" campaigns=").append(node.campaigns())
                .append(" disk=").append(disk.getLong(RaftNode.DURABLE_TERM_OFFSET, MessageHeader.BYTE_ORDER))
                .append('/').append(disk.getInt(RaftNode.DURABLE_VOTED_FOR_OFFSET, MessageHeader.BYTE_ORDER))
                .append(" | sent=").append(ctx.sent())
                .append(" | announced=").append(ctx.announcements())
                .append(" | timers=");
            for (final int kind : TIMER_KINDS)
            {
                line.append(kind).append(':').append(ctx.timer(kind)).append(' ');
            }
            line.append("pending=").append(ctx.pendingTimers()).append(" cancels=").append(ctx.host().cancels());
            log.add(line.toString());
            ctx.clear();
        }
    }

    /**
     * Every field of the two, and of every object of this project they hold, equal: values,
     * arrays element by element; a field of a type this cannot compare fails, so a field added
     * later is checked too or the test says it is not.
     */
    private static void assertSameFields(final Object expected, final Object actual, final String path)
    {
        if (null == expected || null == actual)
        {
            assertEquals(expected, actual, path);
            return;
        }
        assertEquals(expected.getClass(), actual.getClass(), path);
        final Class<?> type = expected.getClass();
        if (type.isArray())
        {
            assertEquals(Array.getLength(expected), Array.getLength(actual), path + ".length");
            for (int i = 0; i < Array.getLength(expected); i++)
            {
                assertSameFields(Array.get(expected, i), Array.get(actual, i), path + "[" + i + "]");
            }
            return;
        }
        if (type.isEnum() || expected instanceof Number || expected instanceof Boolean ||
            expected instanceof Character || expected instanceof String)
        {
            assertEquals(expected, actual, path);
            return;
        }
        if (!type.getName().startsWith("org.electbench."))
        {
            fail(path + ": cannot compare a " + type.getName() + "; compare it or list it as per-run");
        }
        for (Class<?> c = type; null != c; c = c.getSuperclass())
        {
            for (final Field field : c.getDeclaredFields())
            {
                if (Modifier.isStatic(field.getModifiers()) || field.isSynthetic() ||
                    (RaftNode.class == c && PER_RUN_FIELDS.contains(field.getName())) ||
                    (RaftQuorum.class == c && WRITTEN_BEFORE_READ_FIELDS.contains(field.getName())))
                {
                    continue;
                }
                field.setAccessible(true);
                try
                {
                    assertSameFields(field.get(expected), field.get(actual), path + "." + field.getName());
                }
                catch (final IllegalAccessException ex)
                {
                    throw new AssertionError(path + "." + field.getName(), ex);
                }
            }
        }
    }
}
